"""The session domain: the passport's corpus and its rules, the read log and the
human-read writer (§3.6), the trust view that joins them with the provenance
matrix, verify and lookup records, and the parsed-file cache (``cache/``).
Files on disk (YAML, locks, atomic writes) are ``files/``; the clock is ``core/``."""
