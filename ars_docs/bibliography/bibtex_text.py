"""BibTeX values as text: ``#`` concatenation, LaTeX → Unicode, names.

Helpers of ``bibtex.py``, built on bibtexparser 2's middlewares:

* ``Concatenate`` resolves ``@string`` macros and ``a # " b" # {c}`` — the
  twelve month macros included in a concatenation, an unknown macro kept as
  its name — within the bounds of ``limits`` (field length, expansion per
  file, joins per value), measured before a value is built;
* ``Decoder`` turns LaTeX into Unicode with bibtexparser's
  ``LatexDecodingMiddleware`` (``{\\"u}`` → ü, ``\\&`` → &, ``--`` → –,
  ``$\\alpha$`` → α, protective braces removed). A bare ``%`` is text here,
  not a LaTeX comment, so it is escaped first and nothing after it is lost.
  Values without LaTeX skip the decoder (it costs ~0.5 ms a value);
* ``names`` turns bibtexparser's ``NameParts`` into CSL names; a name that is
  one brace group (``{World Health Organization}``) is a ``literal``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bibtexparser.library import Library
from bibtexparser.middlewares import LatexDecodingMiddleware, LibraryMiddleware, NameParts
from bibtexparser.model import Entry, Field

from ars_docs.bibliography.limits import (
    EXPANSION_CHARS,
    FIELD_CHARS,
    JOINS_PER_VALUE,
    field_too_long,
    named,
)
from ars_docs.bibliography.model import Name
from ars_docs.bibliography.names import name_from_parts
from ars_docs.core.errors import InputDataError
from ars_docs.core.limits import shorten
from ars_docs.works.latex import simple_latex

__all__ = ["Concatenate", "Decoder", "person_names", "wholly_braced"]

_NEEDS_LATEX = re.compile(r"[\\$~%]|--|``|''")
_BARE_PERCENT = re.compile(r"(?<!\\)%")
_SPECIAL = re.compile(r'[{}"#]')
_MONTHS = {
    "jan": "January",
    "feb": "February",
    "mar": "March",
    "apr": "April",
    "may": "May",
    "jun": "June",
    "jul": "July",
    "aug": "August",
    "sep": "September",
    "oct": "October",
    "nov": "November",
    "dec": "December",
}


def _unbraced(text: str) -> str:
    return text.replace("{", "").replace("}", "")


def wholly_braced(text: str) -> bool:
    """True when ``text`` is one ``{…}`` group from its first to its last character."""
    if not (text.startswith("{") and text.endswith("}")):
        return False
    depth = 0
    for index, char in enumerate(text):
        if char == "{" and (index == 0 or text[index - 1] != "\\"):
            depth += 1
        elif char == "}" and text[index - 1] != "\\":
            depth -= 1
            if depth == 0 and index != len(text) - 1:
                return False
    return depth == 0


def _pieces(value: str) -> list[str]:
    """The operands of a ``#`` concatenation, split outside braces and quotes.

    Only the characters that matter are visited (a regular expression finds
    them), so a long value without ``#`` costs a scan in C, not a Python loop.
    """
    pieces, depth, quoted, start = [], 0, False, 0
    for match in _SPECIAL.finditer(value):
        char, index = match.group(), match.start()
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == '"' and depth == 0:
            quoted = not quoted
        elif char == "#" and depth == 0 and not quoted:
            pieces.append(value[start:index].strip())
            start = index + 1
    pieces.append(value[start:].strip())
    return pieces


class Concatenate(LibraryMiddleware):
    """Bound every value, then resolve ``@string`` macros and ``#`` concatenations.

    Runs first in the parse stack, before any middleware copies a value. Every
    ``@string`` and field value is checked against ``limits.FIELD_CHARS`` as
    written; a value that uses macros is measured from the lengths of its
    operands *before* it is built, against ``FIELD_CHARS`` and against what is
    left of the file's ``EXPANSION_CHARS``, so a macro that doubles at each
    level is refused at the level that crosses a bound instead of being
    expanded. A field that is exactly one ``@string`` name is resolved here too
    (bibtexparser's ``ResolveStringReferencesMiddleware`` would copy the macro
    into every field that names it, outside any budget).
    """

    def __init__(self, path: str) -> None:
        super().__init__()
        self._path = path
        self._left = EXPANSION_CHARS

    def transform(self, library: Library) -> Library:
        macros = dict(_MONTHS)
        defined: set[str] = set()
        for string in library.strings:
            line, what = (string.start_line or 0) + 1, f"@string {shorten(string.key, 80)}"
            self._written(string.value, line, what)
            name = string.key.lower()
            macros[name] = self._resolve(_pieces(string.value), macros, line, what)
            defined.add(name)
        for entry in library.entries:
            line = (entry.start_line or 0) + 1
            if len(entry.key) > FIELD_CHARS:  # the key is a value too (RIS ID, CSL id are)
                raise field_too_long(self._path, line, "the key of the entry", len(entry.key))
            for field in entry.fields:
                value = field.value
                if not isinstance(value, str):
                    continue
                what = named(entry.key, field.key)
                self._written(value, line, what)
                pieces = _pieces(value) if "#" in value else [value.strip()]
                single = len(pieces) == 1 and pieces[0][:1] not in '{"'
                if len(pieces) > 1 or (single and pieces[0].lower() in defined):
                    field.value = "{" + self._resolve(pieces, macros, line, what) + "}"
        return library

    def _written(self, value: object, line: int, what: str) -> None:
        if not isinstance(value, str) or len(value) <= FIELD_CHARS:
            return
        # Counted without the braces or quotes around it, as the value will be read.
        length = len(value) - 2 * (value[:1] in '{"' and value[-1:] in '}"')
        if length > FIELD_CHARS:
            raise field_too_long(self._path, line, what, length)

    def _resolve(self, pieces: list[str], macros: dict[str, str], line: int, what: str) -> str:
        if len(pieces) - 1 > JOINS_PER_VALUE:
            raise InputDataError(
                f"{self._path}:{line}: {what} has {len(pieces) - 1:,} # joins, more than "
                f"the {JOINS_PER_VALUE:,} ars-docs expands in one value; write the value out "
                "and import again"
            )
        out = []
        for piece in pieces:
            if piece[:1] in '{"' and len(piece) > 1 and piece[-1:] in '}"':
                out.append(piece[1:-1])
            else:
                out.append(macros.get(piece.lower(), piece))
        length = sum(map(len, out))  # measured before anything is built
        if length > FIELD_CHARS:
            raise field_too_long(self._path, line, what, length, expanded=True)
        self._left -= length
        if self._left < 0:
            raise InputDataError(
                f"{self._path}:{line}: {what}: the @string macros and # joins of this file "
                f"expand to more than {EXPANSION_CHARS:,} characters in all, the most "
                "ars-docs builds for one file; check its @string definitions (a macro made "
                "of an earlier one twice doubles at each level) and import again"
            )
        return "".join(out)


class Decoder:
    """LaTeX → Unicode for the text values of one entry at a time.

    Everyday LaTeX goes through ``latex.simple_latex``; the rest through
    bibtexparser's middleware, each distinct value once per file.
    """

    def __init__(self) -> None:
        self._middleware = LatexDecodingMiddleware(keep_math_mode=False)
        self._known: dict[str, str] = {}

    def decode(self, texts: Sequence[str], library: Library) -> tuple[list[str], bool]:
        """``texts`` decoded, and False when the decoder failed (braces then only removed)."""
        out: list[str] = []
        slow: list[int] = []
        for index, text in enumerate(texts):
            found = simple_latex(text) if _NEEDS_LATEX.search(text) else _unbraced(text)
            found = found if found is not None else self._known.get(text)
            if found is None:
                slow.append(index)
            out.append(found if found is not None else _unbraced(text))
        if not slow:
            return out, True
        fields = [Field(str(i), _BARE_PERCENT.sub(r"\\%", texts[i])) for i in slow]
        done = self._middleware.transform_block(Entry("decode", "decode", fields), library)
        if not isinstance(done, Entry):
            return out, False
        for field in done.fields:
            index = int(field.key)
            out[index] = self._known[texts[index]] = str(field.value)
        return out, True


def person_names(people: object, decoder: Decoder, library: Library) -> tuple[list[Name], bool]:
    """CSL names from a split ``author``/``editor`` value, decoded; False if decoding failed."""
    if not isinstance(people, list):
        return [], True
    parts: list[NameParts] = [p for p in people if isinstance(p, NameParts)]
    texts: list[str] = []
    for person in parts:
        texts += [" ".join(person.first), " ".join(person.von), " ".join(person.last)]
        texts.append(" ".join(person.jr))
    decoded, ok = decoder.decode(texts, library)
    names: list[Name] = []
    for index, person in enumerate(parts):
        first, von, last, jr = decoded[4 * index : 4 * index + 4]
        alone = not (person.first or person.von or person.jr) and len(person.last) == 1
        if alone and wholly_braced(person.last[0]):
            names.append({"literal": " ".join(last.split())})
            continue
        if last.strip():
            names.append(name_from_parts(first, von, last, jr))
        elif first.strip():
            names.append({"literal": " ".join(first.split())})
    return names, ok
