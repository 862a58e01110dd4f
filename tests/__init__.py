"""The test suite: one folder per room of ars_docs, support code in tests/support/."""
