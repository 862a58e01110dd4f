"""Firm-rule lints: each yields diagnostics; the CLI decides the exit code."""
