"""Which quotations the finder attaches to which marker (issue 28, docs/quotes.md)."""

from __future__ import annotations

import pytest

from ars_docs.document.text import Document
from ars_docs.quotes.find import find_quotations


def found(text: str, title: str | None = None) -> list[tuple[str, str, str | None]]:
    doc = Document(text)
    return [
        (q.slug, " ".join(q.text.split()), q.locator.text if q.locator else None)
        for q in find_quotations(doc, lambda _slug: title)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the marker after the quotation owns it; the sentence before is not its sentence
        (
            'Smith <!--ref:a--> agreed. Jones said "the sky is falling fast" <!--ref:b-->.\n',
            [("b", "the sky is falling fast", None)],
        ),
        # a full stop inside the quotation does not end the sentence
        (
            "He wrote “It ended. Then it began again” (pp. 5–7) <!--ref:a-->.\n",
            [("a", "It ended. Then it began again", "pp. 5–7")],
        ),
        # apostrophes inside single quotes
        (
            "She called it ‘the world’s oldest rule of thumb’ <!--ref:a-->.\n",
            [("a", "the world’s oldest rule of thumb", None)],
        ),
        # a list item and a table cell are prose
        (
            "- Item: «le monde est grand et beau» <!--ref:a-->, § 2\n",
            [("a", "le monde est grand et beau", "§ 2")],
        ),
        (
            '| who | says |\n|---|---|\n| Smith | "cells hold quotes too" <!--ref:a--> |\n',
            [("a", "cells hold quotes too", None)],
        ),
        # CRLF and a quotation over a soft line break
        (
            "Smith wrote „die Welt ist alles,\r\nwas der Fall ist“ <!--ref:a-->, S. 11.\r\n",
            [("a", "die Welt ist alles, was der Fall ist", "S. 11")],
        ),
        # no marker in the sentence: not attached to anything
        ('A "free floating quoted sentence here". Then <!--ref:a--> cites.\n', []),
        # scare quotes and a quotation across a blank line
        ('The "so-called" reform <!--ref:a--> "was" it.\n', []),
        ('He said "one two\n\nthree four" <!--ref:a-->.\n', []),
        # code is never a quotation; neither is a fenced block
        ('Use `"a b c d"` here <!--ref:a-->.\n\n```\n"x y z w" <!--ref:a-->\n```\n', []),
        # emphasis inside a quotation is markup, not words
        (
            "He said “trust is *earned* in _small_ drops” <!--ref:a-->.\n",
            [("a", "trust is earned in small drops", None)],
        ),
        # chapter locator
        (
            'Smith <!--ref:a--> wrote "we begin with the end" (chap. 3).\n',
            [("a", "we begin with the end", "chap. 3")],
        ),
    ],
)
def test_inline_quotations(text: str, expected: list[tuple[str, str, str | None]]) -> None:
    assert found(text) == expected


def test_the_entry_title_in_quotation_marks_is_not_a_quotation() -> None:
    text = (
        'In "The Logic of Scientific Discovery" <!--ref:a--> he argues '
        '"that theories are never verified".\n'
    )
    assert found(text, "The Logic of Scientific Discovery: A Study") == [
        ("a", "that theories are never verified", None)
    ]


def test_block_quotes_with_the_marker_before_inside_or_after() -> None:
    text = (
        "Smith puts it this way <!--ref:a-->:\n\n"
        "> first block quote with several words\n\n"
        "Unrelated paragraph.\n\n"
        "> second block quote with a marker inside <!--ref:b--> (p. 9)\n\n"
        "> third block quote with the marker after it\n\n"
        "<!--ref:c-->\n\n"
        "> a block quote nobody cites at all\n"
    )
    assert found(text) == [
        ("a", "first block quote with several words", None),
        ("b", "second block quote with a marker inside", "p. 9"),
        ("c", "third block quote with the marker after it", None),
    ]


def test_note_references_in_the_original_are_not_words_of_the_quotation() -> None:
    from ars_docs.quotes.match import SourceIndex, match_quote
    from ars_docs.quotes.text import Original

    page = (
        "Trust is earned in drops.12 And it is lost in buckets\u00b3 whenever officials "
        "hide their reasons. In 1990 the reform began."
    )
    index = SourceIndex(Original((page,), (7,), "pdf"))
    assert match_quote(index, "Trust is earned in drops. And it is lost in buckets").verdict == (
        "exact"
    )
    # a year after a word is a word: "In 1990 the reform" still needs its number
    assert match_quote(index, "In 1990 the reform began").verdict == "exact"
    assert match_quote(index, "In 1991 the reform began").verdict == "altered"
