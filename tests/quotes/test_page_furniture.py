"""Regression tests for two extraction artefacts the first held-out run found
(issue 28): a footnote number printed straight after a word, and a running head
carrying the page number read into a quotation that crosses a page break."""

from __future__ import annotations

from pathlib import Path

from ars_docs.quotes.find import Locator
from ars_docs.quotes.match import SourceIndex, match_quote
from ars_docs.quotes.text import load_original, strip_furniture
from tests.support.quote_pdfs import article_pdf

NO_CACHE = {"ARS_DOCS_NO_CACHE": "1"}

_WORDS = [
    "harbour",
    "ledger",
    "tariff",
    "cooper",
    "shingle",
    "marsh",
    "beacon",
    "orchard",
    "tithe",
    "parish",
    "granary",
    "wharf",
    "ferry",
    "tannery",
    "quarry",
    "meadow",
    "spinney",
    "causeway",
    "smithy",
    "chandler",
]


def _paragraphs(count: int) -> list[str]:
    out = []
    for n in range(count):
        # Every word unique, so each run of words occurs once in the source.
        at = [n * 40 + k for k in range(40)]
        words = [_WORDS[i % len(_WORDS)] + _WORDS[i // len(_WORDS)] for i in at]
        out.append(" ".join(words) + ".")
    return out


def _index(tmp_path: Path, paragraphs: list[str], **layout: object) -> SourceIndex:
    pdf, _ = article_pdf(paragraphs, **layout)  # type: ignore[arg-type]
    path = tmp_path / "source.pdf"
    path.write_bytes(pdf)
    original = load_original(path, NO_CACHE)
    assert original.problem == ""
    return SourceIndex(original)


def test_running_head_with_page_number_is_not_read_into_a_quotation(tmp_path: Path) -> None:
    # Three pages: the head reads "Review of Tests" on pages 1 and 3 and
    # "Review of Tests  1204" on page 2 only - too rare to recur by itself.
    paragraphs = _paragraphs(3)
    index = _index(
        tmp_path,
        paragraphs,
        head="Review of Tests",
        first_page=1203,
        columns=2,
        lines_per_column=8,
        hyphenate=False,
    )
    assert index.original.numbers == (1203, 1204, 1205)
    assert not any("Review" in page for page in index.original.pages)
    assert "1204" not in " ".join(index.original.pages)
    # Every run of 14 words of the flowed text, including those crossing a page
    # break, is found exactly; the ones across a break report both pages.
    words = " ".join(paragraphs).split()
    crossing = 0
    for start in range(0, len(words) - 14, 5):
        quote = " ".join(words[start : start + 14])
        match = match_quote(index, quote)
        assert match.verdict == "exact", (quote, match)
        crossing += match.first_page != match.last_page
    assert crossing >= 2
    # A locator is checked against the printed numbers.
    quote = " ".join(words[60:70])
    match = match_quote(index, quote, Locator("p", 1203, 1204, "pp. 1203-1204"))
    assert match.page_ok is True


def test_furniture_rules_on_extracted_lines() -> None:
    pages = [
        "Annals of Anything\nbody line one of the article\nmore body text here\n7",
        "Annals of Anything  8\nbody text continues\nthe year was 1766 when\n8",
        "Annals of Anything\nnothing here repeats and\nthe rest of the sentence\n9",
    ]
    kept, numbers = strip_furniture(pages)
    assert numbers == [7, 8, 9]
    assert [page.split("\n")[0] for page in kept] == ["", "", ""]
    # A body line that merely ends in a number (not the page's) stays.
    assert "the year was 1766 when" in kept[1]
    # Different heads on odd pages and a number-only foot: the head that carries the
    # page's own number goes, a body line that ends in another number stays.
    pages = [
        "Odd Title\ntext a b c\nmore words 12\n41",
        "Even Title 42\ntext d e f\nwords 3\n42",
    ]
    kept, numbers = strip_furniture(pages)
    assert numbers == [41, 42]
    assert "Even Title" not in kept[1]
    assert "words 3" in kept[1] and "more words 12" in kept[0]
    # Running text that starts or ends with the page's own number is not a head.
    pages = [
        "Odd Title\ntext a b c\nthe crowd of\n41",
        "42 men were taken and\ntext d e f\nthe total was 42\n42",
    ]
    kept, numbers = strip_furniture(pages)
    assert numbers == [41, 42]
    assert "42 men were taken and" in kept[1] and "the total was 42" in kept[1]


def test_note_number_glued_to_a_word_is_a_mark_but_quoted_digits_count(
    tmp_path: Path,
) -> None:
    paragraphs = [
        "The crowds gathered at Upton, at Ledbury1 and along the Leadon, where the "
        "millers were accused of hoarding flour against a dearer spring.",
        "Cases of COVID19 rose in the district during 2021 while the clinics at "
        "Ward7 closed for the winter and the staff moved to the hospital.",
    ]
    index = _index(tmp_path, paragraphs, columns=1, lines_per_column=40)
    match = match_quote(index, "at Upton, at Ledbury and along the Leadon, where the millers")
    assert match.verdict == "exact", match
    assert match.devices == ()
    # The quotation that includes the digits is compared with them.
    assert match_quote(index, "Cases of COVID19 rose in the district").verdict == "exact"
    changed = match_quote(index, "Cases of COVID20 rose in the district during 2021")
    assert changed.verdict == "altered"
    assert changed.diff == ("-COVID19", "+COVID20")
    year = match_quote(index, "Cases of COVID19 rose in the district during 2022")
    assert year.verdict == "altered" and year.diff == ("-2021", "+2022")
    # A word changed next to a note mark: the diff names only the changed word.
    near = match_quote(index, "at Upton, at Ledbury and along the Severn, where the millers")
    assert near.verdict == "altered"
    assert near.diff == ("-Leadon", "+Severn")
    # A quotation with a different number glued on is not the note-marked word.
    other = match_quote(index, "clinics at Ward8 closed for the winter and the staff")
    assert other.verdict == "altered" and other.diff == ("-Ward7", "+Ward8")


def test_a_plain_text_original_is_read_as_text(tmp_path: Path) -> None:
    """A ``.txt`` original is text, not an HTML page (only HTML is parsed as HTML)."""
    from ars_docs.quotes.text import _extract

    text = "Trust is earned in drops and lost in buckets.\n"
    original = _extract(text.encode("utf-8"), tmp_path / "note.txt")
    assert original.kind == "text" and original.pages == (text,)
    page = _extract(b"<html><body><main><p>Hi there</p></main></body></html>", tmp_path / "a")
    assert page.kind == "html"
