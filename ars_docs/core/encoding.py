"""How ars-docs reads and writes text files: UTF-8, and the byte-order mark kept.

Every file ars-docs rewrites keeps the bytes it does not change, a leading
BOM included; the BOM is defined here once, as text and as bytes.
"""

from __future__ import annotations

__all__ = ["BOM", "BOM_BYTES", "without_bom"]

BOM = "\ufeff"
BOM_BYTES = BOM.encode("utf-8")


def without_bom(text: str) -> str:
    """``text`` without one leading BOM (what a parser of the file should see)."""
    return text[1:] if text.startswith(BOM) else text
