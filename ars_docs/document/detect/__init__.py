"""The unmarked-citation detector: patterns, word lists, CJK narratives."""
