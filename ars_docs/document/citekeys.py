"""Pandoc and LaTeX citations in markdown prose, read as pandoc reads them (issue 36).

``[@larson2014]``, ``[see @a, p. 4; -@b]``, narrative ``@key`` (and ``@key [p. 33]``)
and, in markdown, ``\\cite{key}`` and its relatives are citations that pandoc or
LaTeX render from a bibliography. Each key of such a citation is a marker source:
``document.passes.extract`` turns every key that no marker right after the
citation already names into a marker of its own (an empty span at the
citation's end, where finalize inserts the status comment), so the matrix,
the gate, the checklist and every door treat it like ``<!--ref:KEY-->``.

The grammar is pandoc's (its manual, "Citation syntax", checked against
pandoc 2.17's own reading by ``tests/document/test_pandoc_citations.py``):

- a key is ``@`` then a letter, digit or ``_``, then more of those with single
  runs of ``:.#$%&-+?<>~/`` inside (the key ends in a letter, digit or ``_``:
  ``@key.`` cites ``key``), or ``@{…}`` (braced, no space or brace inside);
- the ``@`` follows the start of the text or a character that is neither a
  letter, a digit nor ``.`` (``foo@bar.com`` is an address; pandoc reads a ``.``
  as part of the word before it), and no escaping backslash (``\\@``);
- a bracketed group is ``[`` then ``;``-separated citations, each with an
  optional prefix, an optional ``-`` (suppress author), the key and a suffix
  (locator), then ``]``; a bracket that is not such a group still holds the
  narrative citations inside it, which pandoc reads the same way;
- a narrative citation may take a bracketed suffix right after it
  (``@key [p. 33]``), which belongs to the citation;
- ``@label.``, ``@label)`` or ``(@label)`` starting a line, before a space, is an
  example-list item, not a citation.

The LaTeX forms are ``\\cite``, ``\\citep``, ``\\citet``, ``\\parencite``,
``\\textcite``, ``\\autocite``, ``\\footcite`` and the rest of ``LATEX_COMMANDS``,
with an optional ``*``, up to two ``[…]`` arguments and comma-separated keys.

Code spans, comments, HTML tags, autolinks, link destinations, bare URLs and
inline math are blanked first (``parse.prose.mask``), so nothing there is a
citation. The scan is linear: a region without ``@`` or ``\\`` is skipped
before any regular expression runs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ars_docs.document.parse.prose import mask

#: The syntaxes a citation can have (``Marker.syntax``; ``marker`` for ``<!--ref:-->``).
PANDOC = "pandoc"
LATEX = "latex"

#: LaTeX citation commands read in markdown (natbib, biblatex; pandoc's list).
LATEX_COMMANDS = (
    *("cite", "citep", "citet", "citealp", "citealt", "citeauthor", "citeyear"),
    *("citeyearpar", "citetitle", "parencite", "textcite", "autocite", "footcite"),
    *("footcitetext", "smartcite", "supercite", "Cite", "Citep", "Citet", "Citealp"),
    *("Citealt", "Citeauthor", "Parencite", "Textcite", "Autocite", "Footcite"),
    *("Smartcite", "nocite", "fullcite"),
)

_KEY_RE = re.compile(
    r"@(?:(?P<plain>\w+(?:[:.#$%&\-+?<>~/]\w+)*)|\{(?P<braced>[^{}\s]+)\})",
)
_LATEX_RE = re.compile(
    r"\\(?:" + "|".join(sorted(LATEX_COMMANDS, key=len, reverse=True)) + r")\*?"
    r"(?:[ \t]*\[[^\[\]\n]{0,300}\]){0,2}[ \t]*\{(?P<keys>[^{}\n]{1,2000})\}"
)
#: An example-list item's label at a line's start (after quote and list markers):
#: ``(@good)``, ``@good.``, ``@good)``; its ``@`` is the ``at`` group.
_EXAMPLE_RE = re.compile(
    r"^[ \t>]*(?:[-*+][ \t]+|\d{1,9}[.)][ \t]+)*(?:\((?P<paren>@)[\w\-]+\)|(?P<at>@)[\w\-]+[.)])"
    r"(?=[ \t]|$)",
    re.MULTILINE,
)
#: How far before a key the ``[`` of its group may be (a citation's prefix is short).
PREFIX_REACH = 300
#: A narrative citation's suffix: ``@key [p. 33]`` (spaces, at most one line break).
_SUFFIX_RE = re.compile(r"[ \t]*(?:\r\n|\r|\n)?[ \t]*\[(?P<inner>[^\[\]\n]{0,300})\]")


#: A link's destination as written (``mask`` blanks comments first, and a comment
#: inside a destination, ``[](x<!--c-->[@k])``, would leave the rest readable).
_DESTINATION_RE = re.compile(r"\]\([^()\s]{0,2000}(?:\s+\"[^\"\n]{0,500}\")?\)")


def _without_destinations(masked: str, raw: str) -> str:
    pieces: list[str] = []
    cursor = 0
    for match in _DESTINATION_RE.finditer(raw):
        pieces.append(masked[cursor : match.start() + 1])
        pieces.append(" " * (match.end() - match.start() - 1))
        cursor = match.end()
    pieces.append(masked[cursor:])
    return "".join(pieces)


@dataclass(frozen=True, slots=True)
class CiteKey:
    """One key of a citation: its name and where ``@key`` (or the LaTeX key) is."""

    key: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Citation:
    """A pandoc or LaTeX citation: ``[start, end)`` and its keys in order."""

    start: int
    end: int
    keys: tuple[CiteKey, ...]
    syntax: str


def find_citations(text: str, regions: Iterable[tuple[int, int]]) -> list[Citation]:
    """Every pandoc and LaTeX citation in the prose ``regions`` of ``text``, in order."""
    found: list[Citation] = []
    for start, end in regions:
        region = text[start:end]
        if "@" not in region and not ("\\" in region and ("cite" in region or "Cite" in region)):
            continue  # the cheap pre-check: most paragraphs cite nothing this way
        masked, _ = mask(text, start, end, emphasis=False)
        if "](" in region:
            masked = _without_destinations(masked, region)
        found.extend(_in_region(masked, region, start))
    found.sort(key=lambda c: c.start)
    return found


def _in_region(masked: str, raw: str, base: int) -> list[Citation]:
    """The citations of one region: ``masked`` (``parse.prose.mask``) to find them,
    ``raw`` (the same text unmasked) to see a link's destination after a bracket."""
    out: list[Citation] = []
    if "\\" in masked and ("cite" in masked or "Cite" in masked):
        out.extend(_latex(masked, base))
    if "@" not in masked:
        return out
    examples = {
        m.start("paren") if m.group("paren") else m.start("at")
        for m in _EXAMPLE_RE.finditer(masked)
    }
    keys: list[tuple[int, int, str]] = []
    for match in _KEY_RE.finditer(masked):
        at = match.start()
        if at in examples:
            continue
        if at > 0 and (masked[at - 1].isalnum() or masked[at - 1] == "."):
            continue  # an address (foo@bar.com); pandoc reads a "." as part of a word
        if _escaped(masked, at):
            continue
        name = match.group("plain") or match.group("braced")
        keys.append((at, match.end(), name))
    if not keys:
        return out
    out.extend(_grouped(masked, raw, base, keys))
    return out


def _grouped(masked: str, raw: str, base: int, keys: list[tuple[int, int, str]]) -> list[Citation]:
    """The keys read as pandoc does: bracketed groups, the rest narrative."""
    out: list[Citation] = []
    index = 0
    while index < len(keys):
        at, stop, name = keys[index]
        group = _bracket_group(masked, raw, keys, index)
        if group is not None:
            close, count = group
            chosen = keys[index : index + count]
            members = tuple(CiteKey(n, base + s, base + e) for s, e, n in chosen)
            out.append(Citation(base + masked.rfind("[", 0, at), base + close, members, PANDOC))
            index += count
            continue
        end = stop
        # Read in the unmasked text: a blanked comment between is no space to pandoc
        # (``@key<!-- -->[UNVERIFIED …]`` has no suffix).
        suffix = _SUFFIX_RE.match(raw, stop)
        if suffix is not None and "@" not in masked[suffix.start() : suffix.end()]:
            end = suffix.end()
        key = CiteKey(name, base + at, base + stop)
        out.append(Citation(base + at, base + end, (key,), PANDOC))
        index += 1
    return out


def _bracket_group(
    masked: str, raw: str, keys: list[tuple[int, int, str]], index: int
) -> tuple[int, int] | None:
    """``(end, key count)`` when ``keys[index]`` opens a bracketed citation group.

    The text from ``[`` to the first key is the first citation's prefix (no
    bracket, ``;`` or ``@`` in it), every ``;``-separated part holds exactly one
    key, and the group closes with ``]`` not followed by ``(`` or ``[`` of a
    link. Brackets inside a suffix nest (``[@a, p. 3 [n. 2]]``).
    """
    at = keys[index][0]
    # Bounded look-back, so a long line of narrative keys stays linear.
    open_at = masked.rfind("[", max(0, at - PREFIX_REACH), at)
    if open_at < 0 or _escaped(masked, open_at):
        return None
    if any(ch in masked[open_at + 1 : at] for ch in "[];@"):
        return None
    depth = 0
    count = 0
    part_has_key = False
    pos = open_at + 1
    next_key = index
    limit = min(len(masked), open_at + 4000)
    while pos < limit:
        if next_key < len(keys) and pos == keys[next_key][0]:
            if part_has_key or depth:
                return None
            part_has_key = True
            count += 1
            pos = keys[next_key][1]
            next_key += 1
            continue
        ch = masked[pos]
        if ch == "\\":
            pos += 2
            continue
        if ch == "[":
            depth += 1
        elif ch == "]":
            if depth == 0:
                if not part_has_key or raw.startswith(("(", "["), pos + 1):
                    return None
                return pos + 1, count
            depth -= 1
        elif ch == ";" and depth == 0:
            if not part_has_key:
                return None
            part_has_key = False
        pos += 1
    return None


def _latex(masked: str, base: int) -> list[Citation]:
    out: list[Citation] = []
    for match in _LATEX_RE.finditer(masked):
        if _escaped(masked, match.start()):
            continue
        keys: list[CiteKey] = []
        offset = match.start("keys")
        for part in match.group("keys").split(","):
            name = part.strip()
            if name:
                lead = len(part) - len(part.lstrip())
                keys.append(CiteKey(name, base + offset + lead, base + offset + lead + len(name)))
            offset += len(part) + 1
        if keys:
            out.append(Citation(base + match.start(), base + match.end(), tuple(keys), LATEX))
    return out


def _escaped(text: str, at: int) -> bool:
    """Whether ``text[at]`` follows an odd run of backslashes (an escape)."""
    run = at
    while run > 0 and text[run - 1] == "\\":
        run -= 1
    return (at - run) % 2 == 1
