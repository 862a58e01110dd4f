"""Tests of ars_docs.session: the passport, the read log, verify, provenance."""
