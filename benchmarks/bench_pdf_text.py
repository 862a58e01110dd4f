"""What reading only the visible text of a PDF costs (issue 33): ``pdf_text`` against pypdf.

Run: ``python benchmarks/bench_pdf_text.py [--repeat N]``

``content.pdf_text`` follows each page's content stream through pypdf's operator
visitors (``judge/ink.py``) to leave out text drawn invisibly; pypdf's own
``extract_text`` is what it cost before. Three generated documents, each read
whole (as the quotation check reads an original):

* **article**: ~220 pages of two-column running text (``tests/support/quote_pdfs.py``),
  one ``Tj`` per line;
* **typeset**: 60 pages set as TeX does it, a ``TJ`` array of kerned pieces
  per line, and a figure of 1,500 filled rectangles and a clip on every page;
* **scans**: 60 pages that are each an image with an invisible OCR layer (the
  one case read twice: the visible pass finds nothing, the OCR text is kept).

Prints the best CPU time of ``--repeat`` runs for each and the ratio. No goal
is enforced; the figures are quoted in docs/quotes.md.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ars_docs.retrieval.judge.content import pdf_text
from tests.support.quote_pdfs import article_pdf, custom_pdf, text_ops


def _article() -> bytes:
    paragraphs = [
        f"Paragraph {i} discusses the administrative history of the region, the reforms of "
        f"the period and the archival evidence collected in the survey number {i}."
        for i in range(4000)
    ]
    return article_pdf(paragraphs)[0]


def _typeset_page(number: int) -> bytes:
    ops = [b"q 0 0 595 842 re W n", b"BT /F1 10 Tf 12 TL 56 780 Td"]
    for line in range(60):
        words = [f"word{number}x{line}y{k}" for k in range(9)]
        pieces = b" ".join(
            b"(" + w[:3].encode() + b")-15(" + w[3:].encode() + b")-333" for w in words
        )
        ops.append(b"[" + pieces + b"] TJ T*")
    ops.append(b"ET")
    for k in range(1500):
        ops.append(b"%d %d 3 3 re f" % (300 + k % 50 * 5, 100 + k // 50 * 5))
    ops.append(b"Q")
    return b"\n".join(ops)


def _typeset() -> bytes:
    return custom_pdf([_typeset_page(n) for n in range(60)])


def _scans() -> bytes:
    lines = [f"Scanned line {k} of the page with its OCR words" for k in range(50)]
    page = b"q 595 0 0 842 0 0 cm /Im1 Do Q\nq 3 Tr\n" + text_ops(lines) + b"\nQ"
    return custom_pdf([page] * 60)


def _plain(body: bytes) -> int:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(body), strict=False)
    return sum(len(page.extract_text() or "") for page in reader.pages)


def _visible(body: bytes) -> int:
    return len(pdf_text(body, 100_000).text)


def _best(run: Callable[[bytes], int], body: bytes, repeat: int) -> tuple[float, int]:
    best = float("inf")
    size = 0
    for _ in range(repeat):
        start = time.process_time()
        size = run(body)
        best = min(best, time.process_time() - start)
    return best, size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per measurement (best is shown)"
    )
    args = parser.parse_args()
    for name, make in (("article", _article), ("typeset", _typeset), ("scans", _scans)):
        body = make()
        plain, plain_chars = _best(_plain, body, args.repeat)
        visible, visible_chars = _best(_visible, body, args.repeat)
        print(
            f"{name:8} {len(body) // 1024:6} KiB: pypdf extract_text {plain:.2f} s CPU "
            f"({plain_chars} chars), visible text {visible:.2f} s ({visible_chars} chars): "
            f"x{visible / plain:.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
