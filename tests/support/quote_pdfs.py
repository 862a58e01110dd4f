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

from tests.support.retrieval import serialize_pdf

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
    return serialize_pdf(objects)


# -- pages whose text a reader cannot see (issue 33) ------------------------------------

#: The ways ``hidden_text_pdf`` hides text, each one a trick an adversary can use.
HIDING_TRICKS = (
    "mode3",  # 3 Tr: neither filled nor stroked
    "mode7",  # 7 Tr: only added to the clipping path
    "zero_size",  # a font size of 0
    "tiny_matrix",  # a text matrix that squashes the glyphs to a fraction of a point
    "zero_scale",  # 0 Tz: no horizontal extent
    "off_page",  # drawn beyond the crop box
    "clipped",  # outside a clipping rectangle
    "layer_off",  # in optional content that is off in the default view
    "form_mode3",  # 3 Tr set on the page, the text inside a form XObject
    "form_clipped",  # inside a form whose bounding box is off the page
)


def _escape(text: str) -> bytes:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").encode("cp1252")


def text_ops(lines: Sequence[str], *, x: float = 56, y: float = 780, size: float = 11) -> bytes:
    """A BT … ET block showing ``lines`` in Helvetica, one under the other."""
    ops = [b"BT", b"/F1 %g Tf" % size, b"14 TL", b"%g %g Td" % (x, y)]
    ops += [b"(" + _escape(line) + b") Tj T*" for line in lines]
    return b"\n".join([*ops, b"ET"])


def _hidden_ops(lines: Sequence[str], trick: str) -> tuple[bytes, bytes]:
    """(page operators, form content) hiding ``lines`` by ``trick``."""
    shown = text_ops(lines, y=400)
    if trick == "mode3":
        return b"q 3 Tr\n" + shown + b"\nQ", b""
    if trick == "mode7":
        return b"q 7 Tr\n" + shown + b"\nQ", b""
    if trick == "zero_size":
        return text_ops(lines, y=400, size=0), b""
    if trick == "tiny_matrix":
        return b"q 0.01 0 0 0.01 56 400 cm\n" + text_ops(lines, x=0, y=0) + b"\nQ", b""
    if trick == "zero_scale":
        return b"q\nBT 0 Tz ET\n" + shown + b"\nQ", b""
    if trick == "off_page":
        return text_ops(lines, x=56, y=2000), b""
    if trick == "clipped":
        return b"q 0 0 10 10 re W n\n" + shown + b"\nQ", b""
    if trick == "layer_off":
        return b"/OC /L1 BDC\n" + shown + b"\nEMC", b""
    if trick == "form_mode3":
        return b"q 3 Tr /Fm1 Do Q", shown
    if trick == "form_clipped":
        return b"q 1 0 0 1 0 5000 cm /Fm1 Do Q", shown
    raise ValueError(trick)


def hidden_text_pdf(visible: Sequence[str], hidden: Sequence[str], trick: str = "mode3") -> bytes:
    """One page that shows ``visible`` and carries ``hidden`` in its text layer, hidden
    by one of ``HIDING_TRICKS``; with ``visible`` empty the page shows no text at all."""
    ops, form = _hidden_ops(hidden, trick)
    page = (text_ops(visible) + b"\n" if visible else b"") + ops
    return custom_pdf([page], form=form or None)


def ocr_scan_pdf(lines: Sequence[str], *, stamp: Sequence[str] = ()) -> bytes:
    """A scanned page: an image over the whole page and its OCR text in render mode 3
    (as OCR tools write it); ``stamp`` adds visible lines (a download stamp)."""
    page = b"q 595 0 0 842 0 0 cm /Im1 Do Q\nq 3 Tr\n" + text_ops(lines) + b"\nQ"
    if stamp:
        page += b"\n" + text_ops(stamp, y=30, size=7)
    return custom_pdf([page])


def image_only_pdf() -> bytes:
    """A scan without a text layer: one page that is only an image."""
    return custom_pdf([b"q 595 0 0 842 0 0 cm /Im1 Do Q"])


def broken_pdf() -> bytes:
    """Starts like a PDF and breaks off in its first object (no pages, no trailer)."""
    return b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R"


def random_bytes(size: int = 4096, seed: int = 33) -> bytes:
    """Bytes that are neither a PDF, nor HTML, nor UTF-8 text (reproducible)."""
    import random

    data = bytearray(random.Random(seed).randbytes(size))
    data[0:2] = b"\xff\xfe"  # never valid UTF-8 at the start
    return bytes(data)


def custom_pdf(pages: Sequence[bytes], *, form: bytes | None = None) -> bytes:
    """A PDF of raw content streams with a Helvetica font (/F1), a grey image (/Im1),
    a form XObject (/Fm1, content ``form``) and an optional content group (/L1) that
    is off in the default view."""
    font = 3
    image = 4
    group = 5
    form_id = 6
    objects: list[bytes] = [
        b"<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [5 0 R] /D << /OFF [5 0 R] "
        b">> >> >>",
        b"",  # the page tree, once the pages are numbered
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray "
        b"/BitsPerComponent 8 /Length 4 >>\nstream\n\x80\x40\x40\x80\nendstream",
        b"<< /Type /OCG /Name (Hidden layer) >>",
    ]
    content = form or b""
    objects.append(
        b"<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << /F1 "
        b"%d 0 R >> >> /Length %d >>\nstream\n" % (font, len(content)) + content + b"\nendstream"
    )
    resources = (
        f"<< /Font << /F1 {font} 0 R >> /XObject << /Im1 {image} 0 R /Fm1 {form_id} 0 R >> "
        f"/Properties << /L1 {group} 0 R >> >>"
    )
    page_ids = []
    for stream in pages:
        page_ids.append(len(objects) + 1)
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources {resources} "
            f"/Contents {len(objects) + 2} 0 R >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    kids = " ".join(f"{n} 0 R" for n in page_ids)
    objects[1] = f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode()
    return serialize_pdf(objects, "1.5")
