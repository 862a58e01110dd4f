"""Tests of ars_docs.retrieval: the channels, the HTTP layer, the identity judge."""
