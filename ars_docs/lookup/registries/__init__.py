"""One module per scholarly registry: the requests it answers and its records, parsed."""
