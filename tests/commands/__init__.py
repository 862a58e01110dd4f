"""Tests of ars_docs.commands: every door gives one verdict."""
