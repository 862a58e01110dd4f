"""Commands on the session's own record: the events log, the snapshot and the drift log
(``events``), the human-read marks (``marks``), bibliography import into the corpus
(``corpus``) and the audit report's Scope Report (``scope``)."""
