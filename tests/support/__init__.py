"""Support code the tests (and benchmarks) import as a package."""
