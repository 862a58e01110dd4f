"""Tests of ars_docs.cli: the command-line contract, output and exit codes."""
