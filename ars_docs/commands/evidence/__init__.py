"""Commands that gather evidence about the cited works: ``lookup`` (the registries:
existence, identity, retraction), ``retrieve`` (the originals) and ``quotes`` (each
quotation against its original)."""
