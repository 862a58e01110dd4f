"""The web walk: the five channels, the services they ask, the pages they read and
the probe that fetches and judges each candidate (§3.5)."""
