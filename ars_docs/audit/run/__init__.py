"""``audit run``: the wrapper around the external auditor (spec §4); ``main.run_audit``.

Imports ``audit.model`` only.
"""
