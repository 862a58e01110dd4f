"""Tests of ars_docs.core."""
