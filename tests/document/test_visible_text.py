"""Issue 33: text a reader sees is read as the reader sees it.

Character references in attribute values are decoded (a ``srcdoc`` value is
read as the frame's own document), and warning and marker text written with
invisible characters (soft hyphen, zero-width space, word joiner, BOM …) or
look-alikes (fullwidth brackets, a Cyrillic ``С``) is refused by
``render --strict`` — and reported by ``finalize`` first — as its plain form is.
Real prose in other scripts, with ordinary uses of the same characters, still
passes, and the warnings finalize writes are still recognised and removed.
Every case runs the real CLI on files in a session folder.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ars_docs.commands import drafts as api
from ars_docs.document.parse import visible
from ars_docs.session.corpus import corpus_from_data
from ars_docs.session.readlog import read_log_from_data
from tests.support.sessions import CliResult, Session, entry, passport_text, read_log_text

CLEAN = "A (2020) <!--ref:ok2020 ok--> holds.\n\n"
WARNING = "[UNVERIFIED CITATION — NO ORIGINAL]"


def _render(session: Session, cli, text: str) -> tuple[CliResult, Path]:
    session.write("draft.md", CLEAN + text, dedent=False)
    out = session.root / "final.md"
    return cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out), out


def _refused(session: Session, cli, text: str, expected: str, detail: str) -> None:
    result, out = _render(session, cli, text)
    assert result.code == 1, result.err
    assert f"{session.draft}:{expected}" in result.err, result.err
    assert detail in result.err, result.err
    assert "nothing written" in result.err
    assert not out.exists()
    assert session.draft.read_bytes() == (CLEAN + text).encode("utf-8")  # the draft untouched


#: The issue's attribute cases: (draft text, "line:col: reason", detail).
ATTRIBUTES = {
    "alt, decimal reference": (
        '<img alt="&#91;UNVERIFIED CITATION — NO ORIGINAL]" src="x.png">\n',
        "3:11: hidden-marker -",
        "warning text in the `alt` attribute of `<img>` once character references are decoded",
    ),
    "value, decimal reference": (
        '<input value="&#91;UNVERIFIED CITATION — NO ORIGINAL]">\n',
        "3:15: hidden-marker -",
        "warning text in the `value` attribute of `<input>`",
    ),
    "srcdoc, a live comment in the frame": (
        '<iframe srcdoc="&lt;!--ref:k2 ok--&gt;"></iframe>\n',
        "3:17: hidden-marker -",
        "in the `srcdoc` attribute of `<iframe>`, a document of its own where comments are "
        "live: a comment holding 'ref:'",
    ),
    "srcdoc, warning text in the frame": (
        '<iframe srcdoc="&lt;p&gt;&amp;#91;UNVERIFIED CITATION — NO ORIGINAL]&lt;/p&gt;">'
        "</iframe>\n",
        "3:17: hidden-marker -",
        "in the `srcdoc` attribute of `<iframe>`, a document of its own where comments are "
        "live: a marker or warning written with HTML entities",
    ),
    "srcdoc in a srcdoc": (
        "<iframe srcdoc=\"&lt;iframe srcdoc='&amp;lt;!--ref:k2 ok--&amp;gt;'&gt;\"></iframe>\n",
        "3:17: hidden-marker -",
        "in the `srcdoc` attribute of `<iframe>`, a document of its own where comments are "
        "live: in the `srcdoc` attribute of `<iframe>`",
    ),
    "title, hexadecimal reference without ';'": (
        '<span title="&#x5BUNVERIFIED CITATION — NO ORIGINAL]">x</span>\n',
        "3:14: hidden-marker -",
        "warning text in the `title` attribute of `<span>`",
    ),
    "placeholder, named reference": (
        '<textarea placeholder="&lsqb;UNVERIFIED CITATION — NO ORIGINAL]"></textarea>\n',
        "3:24: hidden-marker -",
        "warning text in the `placeholder` attribute of `<textarea>`",
    ),
    "aria-label, marker text": (
        '<a href="#n" aria-label="see &lt;!--ref:k2 ok--&gt;">n</a>\n',
        "3:26: hidden-marker -",
        "marker text in the `aria-label` attribute of `<a>`",
    ),
    "data-*, unquoted value": (
        "<div data-note=&#91;UNVERIFIED&#32;CITATION>x</div>\n",
        "3:16: hidden-marker -",
        "warning text in the `data-note` attribute of `<div>`",
    ),
    "content of a meta tag, legacy name without ';'": (
        '<meta name="x" content="&lt!--ref:k2 ok-->">\n',
        "3:25: hidden-marker -",
        "marker text in the `content` attribute of `<meta>`",
    ),
}


@pytest.mark.parametrize(("text", "expected", "detail"), ATTRIBUTES.values(), ids=ATTRIBUTES)
def test_attribute_values_are_read_decoded(
    session: Session, cli, text: str, expected: str, detail: str
) -> None:
    _refused(session, cli, text, expected, detail)


#: Invisible characters the issue names (and the other kinds the fold drops).
INVISIBLE = {
    "soft hyphen": "\u00ad",
    "zero-width space": "\u200b",
    "zero-width non-joiner": "\u200c",
    "zero-width joiner": "\u200d",
    "word joiner": "\u2060",
    "BOM (zero-width no-break space)": "\ufeff",
    "variation selector 16": "\ufe0f",
    "left-to-right mark": "\u200e",
    "tag character": "\U000e0041",
    "combining grapheme joiner": "\u034f",
}


@pytest.mark.parametrize("char", INVISIBLE.values(), ids=INVISIBLE)
def test_warning_text_with_an_invisible_character_is_refused(
    session: Session, cli, char: str
) -> None:
    name = unicodedata.name(char)
    text = f"Text [UNVER{char}IFIED CITA{char}TION — NO ORIGINAL] here.\n"
    _refused(
        session,
        cli,
        text,
        "3:6: unverified-citation-text -",
        f"written with U+{ord(char):04X} {name} (invisible)",
    )


LOOKALIKES = {
    "fullwidth brackets": (
        "Text ［UNVERIFIED CITATION — NO ORIGINAL］ here.\n",
        "U+FF3B FULLWIDTH LEFT SQUARE BRACKET (looks like '[')",
    ),
    "Cyrillic С": (
        "Text [UNVERIFIED СITATION — NO ORIGINAL] here.\n",
        "U+0421 CYRILLIC CAPITAL LETTER ES (looks like 'C')",
    ),
    "Greek and Cyrillic letters": (
        "Text [UΝVЕRIFIЕD CIТAТIОN — NO ORIGINAL] here.\n",
        "U+039D GREEK CAPITAL LETTER NU (looks like 'N')",
    ),
    "white square bracket": (
        "Text ⟦UNVERIFIED CITATION — NO ORIGINAL⟧ here.\n",
        "U+27E6 MATHEMATICAL LEFT WHITE SQUARE BRACKET (looks like '[')",
    ),
    "square bracket with quill": (
        "Text ⁅UNVERIFIED CITATION — NO ORIGINAL⁆ here.\n",
        "U+2045 LEFT SQUARE BRACKET WITH QUILL (looks like '[')",
    ),
    "fullwidth letters": (
        "Text [ＵＮＶＥＲＩＦＩＥＤ CITATION — NO ORIGINAL] here.\n",
        "U+FF35 FULLWIDTH LATIN CAPITAL LETTER U (looks like 'U')",
    ),
    "a Hangul filler as the space": (
        "Text [UNVERIFIED\u3164CITATION — NO ORIGINAL] here.\n",
        "U+3164 HANGUL FILLER (drawn as a blank)",
    ),
}


@pytest.mark.parametrize(("text", "detail"), LOOKALIKES.values(), ids=LOOKALIKES)
def test_warning_text_written_with_lookalikes_is_refused(
    session: Session, cli, text: str, detail: str
) -> None:
    _refused(session, cli, text, "3:6: unverified-citation-text -", f"written with {detail}")


OTHER_PLACES = {
    "before a marker (never taken for its prefix)": (
        "Text ［UNVERIFIED CITATION — NO ORIGINAL］<!--ref:ok2020 ok--> here.\n",
        "3:6: unverified-citation-text -",
        "written with U+FF3B FULLWIDTH LEFT SQUARE BRACKET",
    ),
    "in an HTML block": (
        "<div>\nText [UNVERIFIED СITATION — NO ORIGINAL] here.\n</div>\n",
        "4:6: unverified-citation-text -",
        "written with U+0421 CYRILLIC CAPITAL LETTER ES",
    ),
    "written with an entity for the soft hyphen": (
        "Text [UNVER&shy;IFIED CITATION — NO ORIGINAL] here.\n",
        "3:1: unverified-citation-text -",
        "written with U+00AD SOFT HYPHEN (invisible)",
    ),
    "marker text in look-alikes": (
        "Text ＜!--ref:ok2020 ok--＞ here.\n",
        "3:1: unresolved-marker -",
        "marker text shown as prose (written with U+FF1C FULLWIDTH LESS-THAN SIGN",
    ),
    "marker text in an HTML block, in look-alikes": (
        "<div>\n＜!‐‐ref:ok2020 ok‐‐＞\n</div>\n",
        "4:1: hidden-marker -",
        "marker text (written with U+FF1C FULLWIDTH LESS-THAN SIGN",
    ),
    "a comment whose 'ref:' is fullwidth": (
        "Text <!--ｒｅｆ:ok2020 ok--> here.\n",
        "3:6: hidden-marker -",
        "a comment holding 'ref:', written with U+FF52 FULLWIDTH LATIN SMALL LETTER R",
    ),
    "a comment whose 'ref:' holds a soft hyphen": (
        "Text <!--re\u00adf:ok2020 ok--> here.\n",
        "3:6: hidden-marker -",
        "a comment holding 'ref:', written with U+00AD SOFT HYPHEN (invisible),",
    ),
    "a comment whose 'cite:' has a digit one for its i": (
        "Text <!-- see c1te: ok2020 --> here.\n",
        "3:6: hidden-marker -",
        "a comment holding 'ref:', written with U+0031 DIGIT ONE (looks like 'I'),",
    ),
    "a raw attribute value in look-alikes": (
        '<img alt="［UNVERIFIED CITATION — NO ORIGINAL］" src="x.png">\n',
        "3:11: hidden-marker -",
        "warning text, written with U+FF3B FULLWIDTH LEFT SQUARE BRACKET (looks like '['), in "
        "the `alt` attribute of `<img>`",
    ),
}


@pytest.mark.parametrize(("text", "expected", "detail"), OTHER_PLACES.values(), ids=OTHER_PLACES)
def test_disguised_text_is_refused_wherever_it_is_shown(
    session: Session, cli, text: str, expected: str, detail: str
) -> None:
    _refused(session, cli, text, expected, detail)


def test_front_matter_values_are_read_as_a_reader_sees_them(session: Session, cli) -> None:
    session.write(
        "draft.md",
        '---\ntitle: "Results \\u005BUNVER\\u00adIFIED CITATION — NO ORIGINAL]"\n---\n\n' + CLEAN,
        dedent=False,
    )
    out = session.root / "final.md"
    result = cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out)
    assert result.code == 1
    assert (
        f"{session.draft}:2:17: hidden-marker - (a front matter value holding warning text "
        "written with U+00AD SOFT HYPHEN (invisible) (pandoc shows it))"
    ) in result.err
    assert not out.exists()


# --- finalize says it first ---------------------------------------------------------


def _finalize(session: Session, cli, text: str) -> tuple[CliResult, str]:
    session.write("draft.md", CLEAN + text, dedent=False)
    result = cli("finalize", session.draft, "--passport", session.passport)
    checklist = (session.root / "draft_prefinalization_checklist.md").read_text(encoding="utf-8")
    return result, checklist


#: (draft text, "line:col" of the ARS011, the reason the gate will give).
FORESEEN = {
    **{
        name: (text, pos.split(": ")[0], pos.split(": ")[1].split()[0])
        for name, (text, pos, _) in ATTRIBUTES.items()
    },
    **{
        name: (text, pos.split(": ")[0], pos.split(": ")[1].split()[0])
        for name, (text, pos, _) in OTHER_PLACES.items()
        if "unverified-citation-text" not in pos  # finalize reports those as ARS002
    },
}


@pytest.mark.parametrize(("text", "pos", "reason"), FORESEEN.values(), ids=FORESEEN)
def test_finalize_reports_what_the_gate_will_refuse(
    session: Session, cli, text: str, pos: str, reason: str
) -> None:
    result, checklist = _finalize(session, cli, text)
    assert result.code == 0, result.err
    found = [line for line in result.err.splitlines() if "ARS011" in line]
    assert len(found) == 1, result.err
    assert found[0].startswith(
        f"{session.draft}:{pos}: ARS011 render --strict will refuse this ({reason}): "
    ), found[0]
    line = pos.split(":")[0]
    assert f"- **GATE-REFUSES** `{reason}` — line {line}" in checklist
    assert f"render --strict will refuse this ({reason}, ARS011)" in checklist
    assert session.draft.read_bytes() == (CLEAN + text).encode("utf-8")  # nothing to rewrite


@pytest.mark.parametrize(
    "text",
    [
        *(f"Text [UNVER{c}IFIED CITATION — NO ORIGINAL] here.\n" for c in INVISIBLE.values()),
        *(text for text, _ in LOOKALIKES.values()),
    ],
    ids=[*INVISIBLE, *LOOKALIKES],
)
def test_finalize_reports_disguised_warnings_as_orphans(session: Session, cli, text: str) -> None:
    result, checklist = _finalize(session, cli, text)
    assert result.code == 0
    assert re.search(
        rf"^{re.escape(str(session.draft))}:3:6: ARS002 '\[UNVERIFIED CITATION' text written "
        r"with U\+[0-9A-F]{4,5} .*: readers see a warning, but finalize reads only warnings "
        r"written plainly as its own; delete it",
        result.err,
        re.MULTILINE,
    ), result.err
    assert "**WARNING-TEXT** `[UNVERIFIED CITATION …]` — line 3" in checklist
    assert "written with invisible or look-alike characters (ARS002; the first: U+" in checklist
    assert session.draft.read_bytes() == (CLEAN + text).encode("utf-8")


# --- real prose is not refused --------------------------------------------------------

#: Drafts in other scripts with ordinary uses of the characters the fold reads: soft
#: hyphens in German compounds, Cyrillic and Greek capitals, fullwidth and CJK
#: brackets, a zero-width non-joiner, an emoji with a variation selector, a BOM.
PROSE = {
    "German": (
        "\ufeff# Ergebnisse\n\n"
        "Die Donau\u00addampf\u00adschiff\u00adfahrts\u00adgesellschaft wurde von Müller "
        "(2020) <!--ref:ok2020 ok--> beschrieben – mit „Anführungszeichen“ und [Anm. 1].\n"
    ),
    "French": (
        "# Résultats\n\n"
        "Selon Dupont (2020) <!--ref:ok2020 ok-->, l’effet est « net » — voir [CITATION "
        "NÉCESSAIRE ?] ci-dessous.\n"
    ),
    "Russian": (
        "# Результаты\n\n"
        "СИТУАЦИЯ описана Ивановым (2020) <!--ref:ok2020 ok-->: ТЕКСТ, СОСТАВ и [СНОСКА 1]; "
        "см. также «ЦИТАТА».\n"
    ),
    "Greek": (
        "# Αποτελέσματα\n\n"
        "ΟΙ ΕΡΕΥΝΗΤΕΣ (2020) <!--ref:ok2020 ok--> βρήκαν ότι α = 0,05 και σ² = 1 [ΠΗΓΗ].\n"
    ),
    "Chinese": (
        "# 结果\n\n"
        "王等人（2020）<!--ref:ok2020 ok-->认为：【注意】「引文」与［注1］不同！见〔附录〕。\n"
    ),
    "Japanese": (
        "# 結果\n\n佐藤（2020）<!--ref:ok2020 ok-->によると、『資料』は【重要】である。\n"
    ),
    "Persian and emoji": (
        "# Notes\n\nمی\u200cخواهم — Smith (2020) <!--ref:ok2020 ok--> liked it ❤\ufe0f.\n"
    ),
}


@pytest.mark.parametrize("text", PROSE.values(), ids=PROSE)
def test_real_prose_in_other_scripts_still_passes(session: Session, cli, text: str) -> None:
    session.write("draft.md", text, dedent=False)
    out = session.root / "final.md"
    result = cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out)
    assert result.code == 0, result.err
    assert out.read_text(encoding="utf-8") == text.replace(" <!--ref:ok2020 ok-->", "").replace(
        "<!--ref:ok2020 ok-->", ""
    )
    finalized = cli("finalize", session.draft, "--passport", session.passport)
    assert finalized.code == 0
    assert "ARS011" not in finalized.err and "ARS002" not in finalized.err
    assert session.draft.read_text(encoding="utf-8") == text


# --- finalize's own warnings: recognised, removed, idempotent --------------------------

KEY = "ivanov_2015"


def _set(session: Session, *, verified: bool) -> None:
    session.passport.write_text(
        passport_text(
            entry(KEY, acquired=verified, verified=verified),
            entry("ok2020", acquired=True, verified=True),
        ),
        encoding="utf-8",
    )
    session.read_log.write_text(read_log_text(KEY, "ok2020"), encoding="utf-8")


@pytest.mark.parametrize(
    "surround",
    [
        "СИТУАЦИЯ описана Ивановым (2015) {m}: ТЕКСТ и «ЦИТАТА».",
        "王等人（2015）{m}认为：【注意】「引文」。",
        "Die Donau\u00addampf\u00adschiff (Ivanov, 2015) {m} fuhr.",
        "Text ［UNVERIFIED CITATION — NO ORIGINAL］ stays; Ivanov (2015) {m} says.",
    ],
    ids=["Russian", "Chinese", "German soft hyphens", "a disguised warning nearby"],
)
def test_finalize_writes_and_removes_its_warning_and_is_idempotent(
    session: Session, cli, surround: str
) -> None:
    _set(session, verified=False)
    start = "# T\n\n" + surround.format(m=f"<!--ref:{KEY}-->") + "\n"
    session.write("draft.md", start, dedent=False)
    seen: list[str] = []
    for verified in (False, True, False, True):
        _set(session, verified=verified)
        assert cli("finalize", session.draft, "--passport", session.passport).code == 0
        text = session.draft.read_text(encoding="utf-8")
        again = cli("finalize", session.draft, "--passport", session.passport, "--check")
        assert again.code == 0, f"the second finalize would change the draft:\n{text}"
        expected = f"<!--ref:{KEY} ok-->" if verified else f"{WARNING}<!--ref:{KEY}-->"
        assert text == "# T\n\n" + surround.format(m=expected) + "\n"
        seen.append(text)
    assert seen[0] == seen[2] and seen[1] == seen[3]  # every change undone exactly


def test_a_disguised_warning_inside_a_plain_prefix_is_part_of_the_marker(
    session: Session, cli
) -> None:
    _set(session, verified=True)
    prefix = "[UNVERIFIED CITATION — NO ORIGINAL ［x］ ⟦UNVERIFIED CITATION⟧]"
    text = f"Ivanov (2015) {prefix}<!--ref:{KEY}--> says.\n"
    session.write("draft.md", text, dedent=False)
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 0
    assert "ARS002" not in result.err
    assert session.draft.read_text(encoding="utf-8") == f"Ivanov (2015) <!--ref:{KEY} ok--> says.\n"


# --- the fold itself -------------------------------------------------------------------

#: Prepended concatenation marks: format characters that are drawn.
_DRAWN_FORMAT = {*range(0x600, 0x606), 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD}


def test_every_format_character_is_invisible_to_the_fold() -> None:
    missing = [
        f"U+{code:04X}"
        for code in range(0x110000)
        if unicodedata.category(chr(code)) == "Cf"
        and code not in _DRAWN_FORMAT
        and visible.fold(chr(code)) != ""
    ]
    assert missing == []
    for char in "\u00ad\u034f\u180b\u200b\u2060\ufe00\ufeff\U000e0001\U000e0100":
        assert visible.fold(f"a{char}b") == "ab"
    assert visible.fold("\u0600") == "\u0600"  # a drawn format character stays


def test_the_nfkc_look_alikes_are_all_read() -> None:
    """Every character NFKC makes one of the gate's characters (or a look-alike of
    one) lies in the blocks the fold reads: reading the whole code space at import
    would cost a start-up's worth of time."""
    wanted = set(visible._TARGETS) | {c for cs in visible._CONFUSABLES.values() for c in cs}
    missed = [
        f"U+{code:04X}"
        for code in range(0x80, 0x110000)
        if (form := unicodedata.normalize("NFKC", chr(code))) != chr(code)
        and form in wanted
        and chr(code) not in wanted
        and not any(lo <= code <= hi for lo, hi in visible._NFKC_BLOCKS)
    ]
    assert missed == []
    assert visible.fold("\U0001d414\uff2e\u24cb") == "UNV"  # math bold, fullwidth, circled


def test_each_look_alike_folds_to_one_character() -> None:
    owners: dict[str, list[str]] = {}
    for target, chars in visible._CONFUSABLES.items():
        for char in chars:
            owners.setdefault(char, []).append(target)
    assert {c: t for c, t in owners.items() if len(t) > 1} == {}
    assert not any(c in visible._TARGETS for c in owners)  # a target is never a look-alike


_PLAIN_WARNING = re.compile(r"\[UNVERIFIED\s+CITATION", re.IGNORECASE)
_PLAIN_MARKER = re.compile(r"<!--\s*ref\s*:", re.IGNORECASE)
_ALPHABET = sorted(
    set("[UNVERIFIEDCITATION unverifiedcitation<!-ref: \n\tlI10|xÜ")
    | set(sorted(visible._folds())[::3])
    | {"\u00ad", "\u200b", "\u2060", "\ufeff", "\u3164", "\u2800", "\U000e0041", "\u0130"}
)
_WORDS = st.lists(
    st.sampled_from(["[UNVERIFIED", "CITATION", " ", "<!--", "ref", ":", "\u00ad"])
    | st.sampled_from(_ALPHABET),
    max_size=40,
).map("".join)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_WORDS)
def test_the_patterns_match_exactly_what_the_fold_makes_plain(text: str) -> None:
    found_by = visible.patterns(text)
    folded = visible.fold(text)
    assert bool(found_by.warning_text.search(text)) == bool(_PLAIN_WARNING.search(folded))
    assert bool(found_by.marker_text.search(text)) == bool(_PLAIN_MARKER.search(folded))
    full = visible.full_patterns()
    assert bool(full.warning_text.search(text)) == bool(found_by.warning_text.search(text))
    assert bool(full.shown_marker.search(text)) == bool(found_by.shown_marker.search(text))
    assert bool(full.markerish.search(text)) == bool(found_by.markerish.search(text))


CORPUS = corpus_from_data(
    {
        "literature_corpus": [
            {
                "citation_key": k,
                "title": f"T {k}",
                "authors": [{"family": "A"}],
                "year": 2020,
                "source_pointer": f"s/{k}.pdf",
                "source_acquired": v,
                "source_verified_against_original": v,
                "source_verification_method": "codex_audit" if v else "none",
                "description_last_audit": "round_1" if v else "none",
            }
            for k, v in (("ok_a", True), ("high_d", False))
        ]
    }
)
READ_LOG = read_log_from_data(
    {"human_read": [{"citation_key": "ok_a", "marked_at": "2026-01-01T00:00:00Z"}]}
)
_PIECES = st.sampled_from(
    [
        "<!--ref:ok_a-->",
        "<!--ref:high_d-->",
        f"{WARNING}<!--ref:high_d-->",
        "［UNVERIFIED CITATION — NO ORIGINAL］",
        "[UNVER\u00adIFIED CITATION]",
        "<!--ｒｅｆ:ok_a ok-->",
        "＜!--ref:ok_a--＞",
        "`［UNVERIFIED CITATION］`",
        "\n\n",
        "\n",
        "| a | ［UNVERIFIED CITATION］ |\n|---|---|\n",
        "<div>\n［UNVERIFIED CITATION］\n</div>\n",
        "> ",
        "- ",
        " (Smith, 2020) ",
        "СИТУАЦИЯ ",
        "王等人（2020）",
        "「引文」【注】",
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, min_size=1, max_size=10).map("".join))
def test_finalize_is_idempotent_and_the_gate_reads_every_draft(text: str) -> None:
    once = api.finalize(text, CORPUS, READ_LOG, path="d.md")
    twice = api.finalize(once.text, CORPUS, READ_LOG, path="d.md")
    assert twice.text == once.text
    gated = api.gate(once.text, CORPUS, READ_LOG, path="d.md")  # never a LocateError
    shown = text.replace("`［UNVERIFIED CITATION］`", "")  # markdown code shows it literally
    if any(s in shown for s in ("［", "\u00ad", "ｒｅｆ", "＜")):
        assert not gated.passed
