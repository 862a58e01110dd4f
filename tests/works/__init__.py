"""Tests of ars_docs.works: identifiers and the text fold."""
