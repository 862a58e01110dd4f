"""Numeric and superscript citations as pandoc writes them (issue 36): escaped brackets
``\\[2\\]``, ranges with ``--``, locators and prefixes in brackets, a number before a
colon, plural nouns and rates before a number, pandoc superscripts after a word.

Each form goes through ``ars-docs render --strict`` (the real CLI): without a marker it
is refused and named, with one it passes; each look-alike passes without a marker.
The sentences are written for this file, not taken from any labelled set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.sessions import Session
from tests.support.unmarked import HEAD, marked, render_strict, verified_session

#: A sentence holding one citation, and the citation's text as the refusal names it.
FOUND = {
    "escaped bracket": ("Dune migration speeds up in dry years \\[4\\].", "\\[4\\]"),
    "escaped range": ("Three panels reported it \\[2–6\\].", "\\[2–6\\]"),
    "escaped list": ("Both cohorts agree \\[3, 9\\].", "\\[3, 9\\]"),
    "escaped page": ("The bound is sharp \\[8, p. 112\\].", "\\[8, p. 112\\]"),
    "pandoc double-hyphen range": ("Yields fell in every trial [5--7].", "[5--7]"),
    "escaped double-hyphen list": ("The drift is known \\[1,3--5\\].", "\\[1,3--5\\]"),
    "chapter locator": ("The lemma is standard [3, Ch. 7].", "[3, Ch. 7]"),
    "German page locator": ("Die Methode ist bekannt [9, S. 212].", "[9, S. 212]"),
    "table locator": ("Values are as listed [12, see Table S4].", "[12, see Table S4]"),
    "prefix e.g.": ("Such shifts are common \\[e.g., 15\\].", "\\[e.g., 15\\]"),
    "prefix cf.": ("A gentler schedule also works [cf. 21].", "[cf. 21]"),
    "name and et al.": ("We adapt the filter of [Moreau *et al.* 17].", "[Moreau *et al.* 17]"),
    "before a colon": ("Two findings stand out in the survey [14]: both concern cost.", "[14]"),
    "plural noun": ("Farming households [6], unlike others, kept their savings.", "[6]"),
    "rate per unit": ("The station logs about 3 GB per hour [10].", "[10]"),
    "after a one-letter language name": ("All models were fitted in R [31].", "[31]"),
    "superscript after a word": ("Drought frequency has doubled in the Sahel^3^.", "^3^"),
    "superscript list after a word": ("Similar gains were seen in adults^4,5^ too.", "^4,5^"),
    "superscript range": ("Results held across sites^7--9^.", "^7--9^"),
    "superscript after a bracket": ("The Nile Basin Initiative (NBI)^11^ keeps records.", "^11^"),
    "superscript after a percent": ("About 7%^2^ of samples failed.", "^2^"),
    "superscript with a prefix": ("The protocol is described elsewhere^e.g.\\ 8^.", "^e.g.\\ 8^"),
    "superscript list after a number": ("It is estimated to be 12^6,7^ in adults.", "^6,7^"),
    "superscript on a one-letter word": ("The scripts run in R^18^ only.", "^18^"),
}

#: Citation-free sentences with bracketed or raised numbers: no marker is needed.
LEFT_ALONE = {
    "escaped index": "The kernel reads buf\\[3\\] before it writes out\\[4\\].",
    "escaped double index": "The value is kept in t\\[1\\]\\[2\\] until the next pass.",
    "escaped interval": "Scores were rescaled to \\[0, 1\\] for plotting.",
    "escaped list after a variable": "Let y be \\[7, 8, 9\\] in the example.",
    "numbered item": "The answer to item [5] was dropped.",
    "list after a plural noun": "The lists [3, 6, 9] grow by three.",
    "interval with a unit": "Each burst lasted [3, 4] minutes.",
    "link reference definition": "[2]: https://example.org/page",
    "footnote": "The wording is in the footnote[^3] below.",
    "sic": 'The sign read "fresh eggs [sic] daily".',
    "area unit": "Each quadrat covered 4 m^2^ of turf.",
    "squared letter": "A circle has area pi r^2^ in the plane.",
    "R squared": "The fit was good (R^2^ = 0.93).",
    "power of ten": "The culture held 10^8^ cells per ml.",
    "ordinal": "It was the 3^rd^ attempt that season.",
    "letter exponent": "The cost grows as 2^k^ with depth.",
    "negative exponent": "The flux was 5 W m^-2^ at noon.",
}


@pytest.fixture
def ok_session(tmp_path: Path) -> Session:
    return verified_session(tmp_path, "good")


@pytest.mark.parametrize(("sentence", "shown"), FOUND.values(), ids=list(FOUND))
def test_unmarked_numeric_citation_is_refused_and_named(
    ok_session: Session,
    cli,  # type: ignore[no-untyped-def]
    sentence: str,
    shown: str,
) -> None:
    result, out = render_strict(ok_session, cli, HEAD + sentence + "\n")
    assert result.code == 1, result.err
    assert "unmarked-citation" in result.err
    assert repr(shown) in result.err and "draft.md:3:" in result.err  # quoted as repr
    assert not out.exists()


@pytest.mark.parametrize(("sentence", "shown"), FOUND.values(), ids=list(FOUND))
def test_marked_numeric_citation_passes(
    ok_session: Session,
    cli,  # type: ignore[no-untyped-def]
    sentence: str,
    shown: str,
) -> None:
    result, out = render_strict(ok_session, cli, marked(sentence, shown) + "\n")
    assert result.code == 0, result.err
    assert out.read_text("utf-8") == sentence + "\n"


@pytest.mark.parametrize("sentence", LEFT_ALONE.values(), ids=list(LEFT_ALONE))
def test_numbers_that_cite_nothing_pass_without_a_marker(
    ok_session: Session,
    cli,  # type: ignore[no-untyped-def]
    sentence: str,
) -> None:
    result, out = render_strict(ok_session, cli, HEAD + sentence + "\n")
    assert result.code == 0, result.err
    assert "unmarked-citation" not in result.err
    assert out.exists()


def test_finalize_flags_an_escaped_citation_with_ars005(ok_session: Session, cli) -> None:  # type: ignore[no-untyped-def]
    ok_session.write(
        "draft.md", HEAD + "The flood was the largest on record \\[19\\].\n", dedent=False
    )
    result = cli("finalize", ok_session.draft, "--passport", ok_session.passport)
    assert "ARS005" in result.err + result.out
    assert repr("\\[19\\]") in result.err + result.out
