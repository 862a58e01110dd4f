"""The §3.7 invariant rows over an artifact set (``catalogue`` lists them).

Imports ``audit.model`` only; ``audit.gate`` and ``lint`` build on it.
"""
