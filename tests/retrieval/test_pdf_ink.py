"""The visible text of a PDF page (``retrieval.judge.ink`` through ``content.pdf_text``, issue 33).

The CLI cases are in test_gate.py; these pin the content-stream rules on real
generated PDFs: the graphics state is saved and restored, every text-showing operator
is covered, the layout of the visible text is kept, and a hostile stream never raises.
"""

from __future__ import annotations

import pytest

from ars_docs.retrieval.judge.content import pdf_text
from tests.support.quote_pdfs import custom_pdf, text_ops


def _text(*pages: bytes, form: bytes | None = None) -> str:
    result = pdf_text(custom_pdf(list(pages), form=form), 10)
    assert not result.problem, result.problem
    return " ".join(result.text.split())


def test_the_render_mode_is_restored_with_the_graphics_state() -> None:
    page = (
        text_ops(["Before the hidden part."])
        + b"\nq 3 Tr\n"
        + text_ops(["SECRET WORDS"], y=600)
        + b"\nQ\n"
        + text_ops(["After the hidden part."], y=500)
    )
    assert _text(page) == "Before the hidden part. After the hidden part."


def test_every_text_showing_operator_is_covered() -> None:
    page = (
        b"BT /F1 11 Tf 14 TL 56 780 Td (Shown one.) Tj 3 Tr "
        b"[(HIDDEN) -250 (ARRAY)] TJ (HIDDEN QUOTE) ' 1 2 (HIDDEN DOUBLE) \" "
        b"0 Tr (Shown two.) ' T* [(Shown) -300 (three.)] TJ ET"
    )
    text = _text(page)
    assert "HIDDEN" not in text and "ARRAY" not in text
    assert text.split() == ["Shown", "one.", "Shown", "two.", "Shown", "three."]


def test_mode_2_fill_and_stroke_and_clip_modes_4_to_6_are_visible() -> None:
    page = b"\n".join(
        b"q %d Tr\n" % mode + text_ops([f"Mode {mode} words"], y=780 - 20 * mode) + b"\nQ"
        for mode in (0, 1, 2, 4, 5, 6)
    )
    assert (
        _text(page)
        == "Mode 0 words Mode 1 words Mode 2 words Mode 4 words Mode 5 words Mode 6 words"
    )


def test_a_clip_that_holds_the_text_keeps_it() -> None:
    page = b"q 0 0 595 842 re W n\n" + text_ops(["Inside the page clip."]) + b"\nQ"
    assert _text(page) == "Inside the page clip."
    column = b"q 40 300 300 500 re W n\n" + text_ops(["Inside the column clip."]) + b"\nQ"
    assert _text(column) == "Inside the column clip."


def test_a_small_logo_does_not_make_invisible_text_a_scan() -> None:
    page = b"q 50 0 0 50 20 20 cm /Im1 Do Q\nq 3 Tr\n" + text_ops(["Claimed words"]) + b"\nQ"
    result = pdf_text(custom_pdf([page]), 10)
    assert result.text == "" and result.no_text and result.hidden == (0,)
    assert "drawn invisibly" in result.problem


def test_pages_are_judged_one_by_one() -> None:
    shown = text_ops(["A page a reader sees."])
    hidden = b"q 3 Tr\n" + text_ops(["Nobody sees this page."]) + b"\nQ"
    result = pdf_text(custom_pdf([shown, hidden, shown + b"\n" + hidden]), 10)
    assert [" ".join(p.split()) for p in result.pages] == [
        "A page a reader sees.",
        "",
        "A page a reader sees.",
    ]
    assert result.hidden == (1, 2)


@pytest.mark.parametrize(
    "junk",
    [
        b"/Name Tr",
        b"Tr",
        b"/F1 Tf",
        b"(a) (b) (c) (d) (e) (f) cm",
        b"1 2 re",
        b"W n W* n",
        b"/Missing Do",
        b"Do",
        b"Q Q Q",
        b"EMC EMC",
        b"/OC /Nope BDC",
        b"/OC BDC",
        b"1e999 0 0 1e999 0 0 cm",
        b"BT 0 0 0 0 0 0 Tm ET",
        b"q 1 0 0 1 0 0 cm /Im1 Do",
    ],
)
def test_a_hostile_stream_never_raises_and_keeps_visible_text(junk: bytes) -> None:
    page = junk + b"\nQ\n" + text_ops(["Visible words stay."])
    result = pdf_text(custom_pdf([page]), 10)
    assert result.problem == "" or "no visible text" in result.problem
    if not result.problem:
        assert "Visible words stay." in result.text


def test_a_giant_font_buys_no_room_off_the_page() -> None:
    page = text_ops(["Shown words."]) + b"\nBT /F1 5000 Tf 56 3000 Td (FAR ABOVE) Tj ET"
    assert _text(page) == "Shown words."
    near = text_ops(["Shown words."]) + b"\nBT /F1 40 Tf 56 860 Td (JUST ABOVE) Tj ET"
    assert _text(near) == "Shown words. JUST ABOVE"  # within a glyph's height of the edge
