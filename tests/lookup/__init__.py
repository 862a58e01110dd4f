"""Tests of ars_docs.lookup: the matcher, the registries, the snapshot index."""
