"""A lookup run over a passport: the services set up (``setup``, ``online``,
``fetch``, ``cache``), the entries checked and their records written back
(``run``, ``keep``), progress and the report (``progress``, ``report``), and
``acknowledge-retraction`` (``acknowledge``)."""
