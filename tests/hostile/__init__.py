"""Hostile input across rooms: huge, malformed and adversarial files and environments."""
