"""The session trust report (issue 26): one HTML page, or its JSON data model.

``model`` gathers what ars-docs knows about a session — each draft's
citations as finalize resolves them and whether the strict gate would pass
(the public ``document.api``), every corpus entry's evidence chain (passport,
read log, retrieval attempt log, lookup record) and the ``audit_artifact[]``
ledger — into plain data; ``page`` renders that data as one self-contained
HTML file from ``templates/report/``. ``docs/report.md`` documents both.
"""
