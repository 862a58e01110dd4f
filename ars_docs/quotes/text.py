"""An acquired original's text, page by page, cached by the file's content hash.

The file is read through the path policy (``core.paths.read_regular``, at most
``READ_LIMITS["acquired original"]`` bytes; a FIFO, device or folder is a
problem, never a hang). A PDF gives the visible text of every page (pypdf,
``retrieval.judge.content``: text drawn invisibly is left out), with its
running heads and page-number lines removed: a line at the top or bottom of a
page that recurs (digits ignored) on at least a third of the pages, or that is
only a number. When a page shows its printed number there, that number is the
page a locator is checked against; otherwise the page's position in the file.
An HTML original is one page without a number.

The cache (``<cache root>/quotes/<sha256>.json``) holds the extracted pages;
extraction is the slow part of a warm run. It keeps the rule every cache
shares (``files.cache``): a planted, foreign or damaged file is
ignored and rewritten, never trusted, since a cached page decides whether a
quotation is found.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

# The retrieval modules (and pypdf) are imported only when an original is read:
# finalize runs the quotation pass on every draft and must stay light without one.

__all__ = ["ORIGINAL", "Original", "load_original"]

#: The kind of file an original is for the path policy (its size cap: ``core.paths.READ_LIMITS``).
ORIGINAL = "acquired original"
#: 5: PDF text leaves out text drawn invisibly, the original's hash is inside and the file
#: is sealed by ``files.cache`` (issue 33); older entries are not reused.
_FORMAT = 5
#: A footnote line at the foot of a page: a note number (or *, †, ‡) and text.
_FOOTNOTE = re.compile(r"^\s*(?:\d{1,3}|[*†‡])\s+\S")
_NUMBER_LINE = re.compile(r"^\s*(?:[-–—]\s*)?(\d{1,5})(?:\s*[-–—])?\s*$")
#: A line that starts or ends with a page number set off by spaces.
_NUMBERED = re.compile(r"^\s*(\d{1,5})\s+\S|\S\s+(\d{1,5})\s*$")
_EDGE_NUMBER = re.compile(r"^\s*\d{1,5}\s+|\s+\d{1,5}\s*$")
_EDGE = 2  # lines at the top and at the bottom of a page that may be furniture


@dataclass(frozen=True)
class Original:
    pages: tuple[str, ...]
    numbers: tuple[int | None, ...]
    """The printed number of each page, when the page shows one."""
    kind: str
    problem: str = ""
    notes: tuple[str, ...] = ()
    """The footnotes at the foot of each page (searched after the running text, so a
    sentence continued on the next page reads through)."""

    def page_label(self, index: int) -> int:
        number = self.numbers[index] if index < len(self.numbers) else None
        return number if number is not None else index + 1


def load_original(path: Path, environ: Mapping[str, str] = os.environ) -> Original:
    from ars_docs.core.errors import ArsError
    from ars_docs.core.paths import read_regular

    try:
        # The path policy: a FIFO, device, socket or folder is refused without blocking,
        # a file over the cap without reading past it.
        body = read_regular(path, what=ORIGINAL, hint="source_acquisition_path names no file")
    except ArsError as exc:
        return Original((), (), "", exc.message)
    from ars_docs.files.cache import cache_root, private_folder, write_entry

    digest = hashlib.sha256(body).hexdigest()
    root = cache_root(environ)
    folder = private_folder(root, "quotes") if root is not None else None
    cached = folder / f"{digest}.json" if folder is not None else None
    if cached is not None:
        hit = _read_cache(cached, digest)
        if hit is not None:
            return hit
    original = _extract(body, path)
    if cached is not None and not original.problem:
        data = {
            "format": _FORMAT,
            "original": digest,
            "kind": original.kind,
            "pages": list(original.pages),
            "numbers": list(original.numbers),
            "notes": list(original.notes),
        }
        with contextlib.suppress(ValueError):  # a lone surrogate UTF-8 cannot hold: not cached
            write_entry(cached, json.dumps(data, ensure_ascii=False).encode())  # best effort
    return original


def _read_cache(path: Path, digest: str) -> Original | None:
    from ars_docs.files.cache import read_entry

    raw = read_entry(path)  # None: missing, untrusted (told once) or damaged
    if raw is None:
        return None
    try:
        data = json.loads(raw)
        if data.get("format") != _FORMAT or data.get("original") != digest:
            return None
        pages = tuple(str(p) for p in data["pages"])
        numbers = tuple(None if n is None else int(n) for n in data["numbers"])
        notes = tuple(str(n) for n in data["notes"])
        if len(numbers) != len(pages) or len(notes) != len(pages):
            return None
        return Original(pages, numbers, str(data["kind"]), notes=notes)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def _extract(body: bytes, path: Path) -> Original:
    from ars_docs.retrieval.judge.content import pdf_text
    from ars_docs.retrieval.walk.pages import is_pdf, looks_like_html, parse_html

    if is_pdf(body):
        result = pdf_text(body, 100_000)
        if result.problem:
            return Original((), (), "pdf", f"{path}: {result.problem}")
        pages, numbers = strip_furniture(list(result.pages))
        bodies, notes = zip(*(split_footnotes(p) for p in pages), strict=True)
        return Original(tuple(bodies), tuple(numbers), "pdf", notes=tuple(notes))
    if path.suffix.lower() in (".html", ".htm") or looks_like_html(body, {}):
        # absolute: a relative passport (ARS_PASSPORT=passport.yaml) gives a relative path
        page = parse_html(body, {}, path.absolute().as_uri())
        return Original((page.main_text,), (None,), "html")
    try:
        return Original((body.decode("utf-8"),), (None,), "text")
    except UnicodeDecodeError:
        return Original(
            (),
            (),
            "",
            f"{path}: neither a PDF, an HTML page nor UTF-8 text (random or binary data?)",
        )


def strip_furniture(pages: list[str]) -> tuple[list[str], list[int | None]]:
    """Pages without running heads and page-number lines, and each page's printed number."""
    split = [p.splitlines() for p in pages]
    counts: Counter[str] = Counter()
    for lines in split:
        # Only a page's first and last line can be a running head or foot: a line of
        # running text recurs at the foot of two pages often enough in real articles.
        edge = {_edge_key(line) for line in _ends(lines)}
        counts.update(edge)
    threshold = max(2, len(pages) // 3)
    # A line ending in a hyphen continues a word on the next page: never furniture.
    furniture = {k for k, n in counts.items() if n >= threshold and k and not k.endswith("-")}
    out: list[list[str]] = []
    numbers: list[int | None] = []
    for lines in split:
        number: int | None = None
        kept = list(lines)
        nonblank = [i for i, line in enumerate(lines) if line.strip()]
        ends = {*nonblank[:_EDGE], *nonblank[-_EDGE:]}
        for index in sorted(ends):
            digits = _NUMBER_LINE.match(lines[index])
            if digits is not None:
                number = int(digits.group(1))
                kept[index] = ""
        for index in {*nonblank[:1], *nonblank[-1:]}:
            line = lines[index]
            if kept[index] and _edge_key(line) in furniture:
                found = _NUMBERED.search(line)
                if found is not None and number is None:
                    number = int(found.group(1) or found.group(2))
                kept[index] = ""
        # A page-number line may have hidden a running foot above it (and vice versa).
        rest = [i for i, line in enumerate(kept) if line.strip()]
        for index in {*rest[:1], *rest[-1:]}:
            if _edge_key(kept[index]) in furniture:
                kept[index] = ""
        out.append(kept)
        numbers.append(number)
    _drop_numbered_heads(out, numbers)
    return ["\n".join(kept) for kept in out], numbers


def _drop_numbered_heads(pages: list[list[str]], numbers: list[int | None]) -> None:
    """Remove a first or last line that carries the page's own printed number at its
    start or end ("Journal of Rural History  212"), even when its words recur on too
    few pages to count as furniture (a short article whose odd and even pages have
    different heads). The number must be the page's: read from a number-only line
    on the page, or the one its neighbours' numbers imply."""
    for at, kept in enumerate(pages):
        own = numbers[at]
        before = numbers[at - 1] if at > 0 else None
        after = numbers[at + 1] if at + 1 < len(numbers) else None
        expected: set[int] = set()
        if own is not None:
            expected.add(own)
        else:
            if before is not None:
                expected.add(before + 1)
            if after is not None:
                expected.add(after - 1)
        if not expected:
            continue
        rest = [i for i, line in enumerate(kept) if line.strip()]
        for index in {*rest[:1], *rest[-1:]}:
            found = _NUMBERED.search(kept[index])
            if found is None or not _looks_like_head(_EDGE_NUMBER.sub("", kept[index])):
                continue
            value = int(found.group(1) or found.group(2))
            if value in expected:
                numbers[at] = value
                kept[index] = ""


def _ends(lines: list[str]) -> list[str]:
    """The first and last line with text, and the ones next to a number-only line."""
    nonblank = [line for line in lines if line.strip()]
    while nonblank and _NUMBER_LINE.match(nonblank[-1]):
        nonblank.pop()
    while nonblank and _NUMBER_LINE.match(nonblank[0]):
        nonblank.pop(0)
    return [*nonblank[:1], *nonblank[-1:]]


def split_footnotes(page: str) -> tuple[str, str]:
    """The page's running text and the footnote lines at its foot (after the last
    line of running text, each starting with a note number or mark)."""
    lines = page.rstrip().splitlines()
    cut = len(lines)
    while cut > 0 and (_FOOTNOTE.match(lines[cut - 1]) or not lines[cut - 1].strip()):
        cut -= 1
    # Only lines that start with a mark open a note; a note block is at most 12 lines.
    if cut == len(lines) or len(lines) - cut > 12 or cut == 0:
        return page, ""
    return "\n".join(lines[:cut]), "\n".join(lines[cut:])


def _looks_like_head(text: str) -> bool:
    """A head's words without its number: short, starting with a capital, not ending
    mid-sentence. A line of running text that happens to start or end with the page's
    number ("212 men were taken", "the total was 42") stays: dropping it would let a
    quotation that leaves those words out pass."""
    words = text.split()
    return (
        0 < len(words) <= 10
        and words[0][0].isupper()
        and not text.rstrip().endswith(("-", ",", ";"))
    )


def _edge_key(line: str) -> str:
    """A running head's key: its words without the page number at either end (a head
    reads "Journal 212" on one page and "Journal" on the next), other digits masked."""
    return _key(_EDGE_NUMBER.sub("", line))


def _key(line: str) -> str:
    return " ".join(re.sub(r"\d+", "#", line).split()).casefold()
