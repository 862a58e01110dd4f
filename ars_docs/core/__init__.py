"""The core every room may use: errors, diagnostics, codes, limits, paths, clock, settings."""
