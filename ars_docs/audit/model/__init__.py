"""The audit artifacts (spec §3): schemas, files, stream, sidecar, verdict, manifest, ledger.

The bottom of ``audit/``: imports nothing from the other sub-rooms.
"""
