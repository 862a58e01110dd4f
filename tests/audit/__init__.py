"""Tests of ars_docs.audit: artifacts, the auditor run, the audit gate, the evaluation set."""
