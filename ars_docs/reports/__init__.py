"""Session reports: the audit Scope Report (§3.2 D2), session events and
snapshots, phases, and the session drift log (§3.4 D4)."""
