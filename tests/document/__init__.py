"""Tests of ars_docs.document: the markdown pipeline, the markers, the gate's reading."""
