"""Content decoding that the answer cap can hold (issue 38 §2).

httpx decodes each network chunk whole before a caller sees it, so with
``Content-Encoding: gzip, gzip`` a 12 KB chunk became gigabytes before a
byte was counted. ``HttpxTransport`` reads the raw stream instead and
decodes it here, layer by layer, each layer producing at most ``PIECE``
bytes per step: the caller counts decoded bytes as they are produced and
stops at its cap, so memory stays near the cap however well the body
compresses.

Only the encodings ars-docs asks for (``ACCEPT_ENCODING``) are decoded, at
most ``MAX_ENCODINGS`` stacked; anything else is refused by name
(``EncodingRefused``) rather than handed on undecoded.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator

__all__ = ["ACCEPT_ENCODING", "MAX_ENCODINGS", "PIECE", "BodyDecoder", "EncodingRefused"]

ACCEPT_ENCODING = "gzip, deflate"
"""What every request says it can read (httpx would add br/zstd when those packages
happen to be installed; they are not decoded here)."""
MAX_ENCODINGS = 2
"""Stacked content encodings decoded (``gzip, gzip`` is legal but already unusual)."""
PIECE = 65_536
"""Bytes one layer produces per step."""

_NAMES = {"gzip": "gzip", "x-gzip": "gzip", "deflate": "deflate"}


class EncodingRefused(ValueError):
    """A ``Content-Encoding`` ars-docs does not decode, or too many of them."""


class _Layer:
    """One gzip or deflate layer, streaming and bounded per step."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._z: zlib._Decompress | None = None

    def _start(self, first: bytes) -> zlib._Decompress:
        if self.name == "gzip":
            return zlib.decompressobj(16 + zlib.MAX_WBITS)
        # "deflate" is meant as zlib-wrapped, but servers send raw deflate too: the
        # two-byte zlib header (method 8, header checksum) tells them apart.
        wrapped = len(first) >= 2 and first[0] & 0x0F == 8 and (first[0] << 8 | first[1]) % 31 == 0
        return zlib.decompressobj(zlib.MAX_WBITS if wrapped else -zlib.MAX_WBITS)

    def pieces(self, data: bytes) -> Iterator[bytes]:
        while True:
            if self._z is None:
                if not data:
                    return
                self._z = self._start(data)
            try:
                out = self._z.decompress(data, PIECE)
            except zlib.error as exc:
                raise EncodingRefused(f"the body is not valid {self.name} ({exc})") from exc
            data = self._z.unconsumed_tail
            if out:
                yield out
            if self._z.eof:
                rest = self._z.unused_data
                self._z = None
                # Another gzip member may follow (legal); anything else after the end
                # of the stream is ignored, as httpx and browsers do.
                data = rest if self.name == "gzip" and rest[:2] == b"\x1f\x8b" else b""
                continue
            if not data and len(out) < PIECE:
                return  # input used up and nothing left pending in the decompressor


class BodyDecoder:
    """Decodes a body with the ``Content-Encoding`` it came with, in bounded pieces."""

    def __init__(self, header: str | None) -> None:
        names: list[str] = []
        for part in (header or "").split(","):
            token = part.strip().lower()
            if not token or token == "identity":
                continue
            if token not in _NAMES:
                raise EncodingRefused(
                    f"Content-Encoding {token[:40]!r} is not one ars-docs decodes "
                    f"(it asks for {ACCEPT_ENCODING})"
                )
            names.append(_NAMES[token])
        if len(names) > MAX_ENCODINGS:
            raise EncodingRefused(
                f"{len(names)} stacked content encodings; at most {MAX_ENCODINGS} are decoded"
            )
        # Encodings are listed in the order they were applied: undo the last first.
        self._layers = [_Layer(name) for name in reversed(names)]

    def feed(self, data: bytes) -> Iterator[bytes]:
        """The decoded pieces of the next raw bytes (each at most ``PIECE`` bytes)."""
        yield from self._through(0, data)

    def _through(self, index: int, data: bytes) -> Iterator[bytes]:
        if index == len(self._layers):
            if data:
                yield data
            return
        for piece in self._layers[index].pieces(data):
            yield from self._through(index + 1, piece)
