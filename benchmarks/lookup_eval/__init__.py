"""The lookup evaluation's labelled sets, their builder and label checks."""
