"""Standard output and error that cannot hold every character (issue 29 §6).

Passport titles, file names, read-log locations (``§2``) and messages carry
any Unicode character, but the streams Python opens follow the environment:
``PYTHONIOENCODING=ascii``, a Latin-1 terminal, or a file name with bytes that
are not UTF-8 (kept as lone surrogates) would end a command with a
``UnicodeEncodeError`` traceback halfway through its report.

``escape_unencodable`` switches both streams to the ``ars-docs-escape`` error
handler: a character the stream's encoding cannot hold is written as a JSON
escape (``\\u00a7``; characters beyond U+FFFF as a surrogate pair), so text
output stays readable and ``--format json`` output stays valid JSON that
decodes to the same strings. Characters the encoding can hold are untouched,
so a UTF-8 stream writes exactly what it wrote before. Documents written to
standard output (``render -o -``) go to the binary buffer as UTF-8 and are not
affected.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import sys

__all__ = ["ERRORS", "escape_unencodable"]

ERRORS = "ars-docs-escape"
"""Name of the codec error handler registered by this module."""


def _json_escape(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    pieces = []
    for char in error.object[error.start : error.end]:
        code = ord(char)
        if code > 0xFFFF:  # UTF-16 surrogate pair, as JSON writes it
            code -= 0x10000
            pieces.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            pieces.append(f"\\u{code:04x}")
    return "".join(pieces), error.end


codecs.register_error(ERRORS, _json_escape)


def escape_unencodable() -> None:
    """Make ``sys.stdout`` and ``sys.stderr`` escape what their encoding cannot hold."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors != ERRORS:
            # A closed or detached stream has nothing left to protect.
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors=ERRORS)
