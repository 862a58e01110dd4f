"""The session drift log (§3.4 D4): events, snapshot, phases, the log and its lint."""
