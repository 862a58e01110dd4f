"""Tests of ars_docs.bibliography: BibTeX, CSL-JSON and RIS import."""
