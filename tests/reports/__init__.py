"""Tests of ars_docs.reports: Scope Report, drift log, trust report, handoff."""
