"""The byte-preserving YAML engine: read with positions, compose, edit lines, append."""
