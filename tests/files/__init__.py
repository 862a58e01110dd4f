"""Tests of ars_docs.files: atomic writes, caches, paths."""
