"""The pattern-evaluation fixtures (spec 004 §7): files, patterns, runs, the lint."""
