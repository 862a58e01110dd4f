"""Tests of ars_docs.quotes: finding and checking quotations."""
