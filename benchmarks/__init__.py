"""Benchmark scripts (run as ``python benchmarks/<script>.py``); numbers in README.md."""
