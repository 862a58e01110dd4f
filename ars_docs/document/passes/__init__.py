"""The passes: one per module, each a ``(state: DocState) -> None`` callable."""
