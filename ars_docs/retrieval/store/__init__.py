"""The store: files saved under the sources folder and the append-only attempt log
(§3.5)."""
