"""Generated PDFs with the layouts of real articles, for the quotation checker (issue 28).

``article_pdf`` flows paragraphs into one or two columns per page, hyphenates
long words at line ends, sets ``fi`` / ``fl`` as ligature glyphs (a font
encoding with ``/fi`` and ``/fl``, as TeX output has), prints a running head
and a page number on every page and a footnote at the foot of some pages. It
returns the PDF and, for each page, the words set on it (to label where a
passage is).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

_LIGATURES = {"fi": b"\x01", "fl": b"\x02"}
_COLUMN_X = (56, 310)
_TOP = 770
_LEADING = 12


def _encode(text: str, ligatures: bool) -> bytes:
    out = bytearray()
    i = 0
    while i < len(text):
        pair = text[i : i + 2]
        if ligatures and pair in _LIGATURES:
            out += _LIGATURES[pair]
            i += 2
            continue
        ch = text[i]
        data = ch.encode("cp1252", errors="replace")
        if ch in "()\\":
            data = b"\\" + data
        out += data
        i += 1
    return bytes(out)


def _lines(words: Sequence[str], width: int, hyphenate: bool) -> list[str]:
    lines: list[str] = []
    line = ""
    queue = list(words)
    while queue:
        word = queue.pop(0)
        candidate = f"{line} {word}" if line else word
        if len(candidate) <= width:
            line = candidate
            continue
        room = width - len(line) - (2 if line else 1)
        if hyphenate and len(word) >= 7 and room >= 3 and word[:room].isalpha():
            cut = min(room, len(word) - 3)
            lines.append(f"{line} {word[:cut]}-" if line else f"{word[:cut]}-")
            queue.insert(0, word[cut:])
            line = ""
            continue
        lines.append(line)
        line = word
    if line:
        lines.append(line)
    return lines


def article_pdf(
    paragraphs: Sequence[str],
    *,
    head: str = "Journal of Generated Studies",
    first_page: int = 1,
    columns: int = 2,
    lines_per_column: int = 46,
    ligatures: bool = True,
    hyphenate: bool = True,
    footnotes: Mapping[int, str] | None = None,
) -> tuple[bytes, list[list[str]]]:
    width = 46 if columns == 2 else 92
    flowed: list[str] = []
    for paragraph in paragraphs:
        flowed.extend(_lines(paragraph.split(), width, hyphenate))
        flowed.append("")
    per_page = lines_per_column * columns
    pages_lines = [flowed[i : i + per_page] for i in range(0, len(flowed), per_page)] or [[]]
    streams: list[bytes] = []
    page_words: list[list[str]] = []
    for index, lines in enumerate(pages_lines):
        number = first_page + index
        ops = [b"BT", b"/F1 8 Tf", f"56 {_TOP + 30} Td".encode()]
        ops.append(b"(" + _encode(f"{head}  {number}" if index % 2 else head, False) + b") Tj")
        ops.append(b"ET")
        for column in range(columns):
            chunk = lines[column * lines_per_column : (column + 1) * lines_per_column]
            ops += [b"BT", b"/F1 10 Tf", f"{_LEADING} TL".encode()]
            ops.append(f"{_COLUMN_X[column]} {_TOP} Td".encode())
            for line in chunk:
                ops.append(b"(" + _encode(line, ligatures) + b") Tj T*")
            ops.append(b"ET")
        note = (footnotes or {}).get(number)
        if note:
            ops += [
                b"BT",
                b"/F1 7 Tf",
                b"56 70 Td",
                b"(" + _encode(note, ligatures) + b") Tj",
                b"ET",
            ]
        ops += [b"BT", b"/F1 8 Tf", b"290 40 Td", f"({number}) Tj".encode(), b"ET"]
        streams.append(b"\n".join(ops))
        joined = " ".join(lines).replace("- ", "")
        page_words.append(joined.split())
    return _assemble(streams), page_words


def _assemble(streams: list[bytes]) -> bytes:
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    page_ids = [4 + 2 * i for i in range(len(streams))]
    kids = " ".join(f"{n} 0 R" for n in page_ids)
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(streams)} >>".encode())
    objects.append(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding "
        b"/BaseEncoding /WinAnsiEncoding /Differences [1 /fi /fl] >> >>"
    )
    for stream in streams:
        content_id = len(objects) + 2
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
            f"/Resources << /Font << /F1 3 0 R >> >> /Contents {content_id} 0 R >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    return bytes(out)
