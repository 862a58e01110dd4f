"""Issue 33: markdown code is exempt only where every reader shows it as code.

Differential tests against the real pandoc (the ``pypandoc_binary`` test
extra; ``tests/support/pandoc_reader.py`` runs one ``pandoc lua`` process for all
cases of a test). ``tests/data/code_readers.txt`` holds one labelled case per
divergence class: for each, the listed pandoc readers must still show the
probes as something other than code (else the case no longer tests
anything), and ars-docs must read them as text, recording the class. A seeded
batch of generated drafts must show no probe that ars-docs exempts and a
reader shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from ars_docs.document.parse.mdparse import read
from ars_docs.document.text import Document
from tests.support.code_cases import tuning_cases
from tests.support.layout import TESTS
from tests.support.pandoc_reader import (
    READERS,
    PandocMissing,
    ars_kinds,
    divergence,
    pandoc_kinds,
    pandoc_path,
    read_all,
)

FIXTURES = TESTS / "data" / "code_readers.txt"


@dataclass(frozen=True)
class Labelled:
    kind: str
    readers: tuple[str, ...]
    title: str
    text: str


def load_cases(path: Path = FIXTURES) -> list[Labelled]:
    """The labelled cases: ``KIND | READERS | title``, ``.``, the draft, ``.``."""
    lines = path.read_text("utf-8").split("\n")
    cases: list[Labelled] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip() or line.startswith("#"):
            index += 1
            continue
        kind, readers, title = (part.strip() for part in line.split("|", 2))
        assert lines[index + 1] == ".", f"{path}:{index + 2}: expected '.' after the header"
        end = lines.index(".", index + 2)
        text = "\n".join(lines[index + 2 : end]) + "\n"
        cases.append(Labelled(kind, tuple(readers.split(",")), title, text))
        index = end + 1
    return cases


@pytest.fixture(scope="module")
def pandoc() -> str:
    try:
        return pandoc_path()
    except PandocMissing as exc:
        pytest.skip(f"pandoc is needed for the differential tests: {exc}")


CASES = load_cases()


def test_the_labelled_set_covers_every_class() -> None:
    kinds = {case.kind for case in CASES}
    assert kinds >= {
        "unclosed-fence",
        "fence-info",
        "raw-fence",
        "fence-after-text",
        "container-after-text",
        "indented-after-text",
        "pandoc-continuation",
        "raw-span",
        "span-across-block",
        "inside-pre",
        "after-tag-line",
        "after-unmatched-run",
    }
    assert all(set(case.readers) <= set(READERS) for case in CASES)


def test_labelled_cases_still_diverge_and_are_read_as_text(pandoc: str) -> None:
    rows = read_all([case.text for case in CASES])
    problems: list[str] = []
    for case, row in zip(CASES, rows, strict=True):
        ars = ars_kinds(case.text)
        assert len(ars) == 2, f"{case.title}: the case must hold a probe word and marker"
        shown = dict(zip(READERS, (pandoc_kinds(ast) for ast in row), strict=True))
        for reader in case.readers:
            for probe in ars:
                kinds = shown[reader].get(probe, set())
                if not kinds - {"code", "attr"}:
                    problems.append(f"{case.title}: {reader} now shows {probe} as {kinds}")
        exempt = {probe: kind for probe, kind in ars.items() if kind in ("code", "meta")}
        if exempt:
            problems.append(f"{case.title}: ars-docs exempts {exempt}")
        found = {place.problem.kind for place in read(Document(case.text)).disputed}
        if case.kind != "-" and case.kind not in found:
            problems.append(f"{case.title}: ars-docs records {found or 'nothing'}")
    assert problems == []


def test_generated_drafts_show_nothing_ars_docs_exempts(pandoc: str) -> None:
    # Seed 33 is the benchmark's default; 300 cases keep the test at a second or two.
    cases = tuning_cases(33, 300)
    rows = read_all([case.text for case in cases])
    dangerous: list[str] = []
    for case, row in zip(cases, rows, strict=True):
        ars = ars_kinds(case.text)
        for reader, ast in zip(READERS, row, strict=True):
            shown = pandoc_kinds(ast)
            for probe, kind in ars.items():
                if divergence(kind, shown.get(probe, set())) == "exempt-but-shown":
                    dangerous.append(f"{reader} {probe} ({case.params}):\n{case.text}")
    assert dangerous == []


def test_code_every_reader_agrees_on_stays_code(pandoc: str) -> None:
    # The other side of the rule: ars-docs must not stop exempting what all readers
    # show as code (a marker shown literally in documentation).
    texts = [
        "Para.\n\n```\n<!--ref:zqm1--> zqw1\n```\n",
        "Para.\n\n~~~ python\n<!--ref:zqm2--> zqw2\n~~~\n",
        "Para.\n```\n<!--ref:zqm3--> zqw3\n```\n",
        "Para.\n\n    <!--ref:zqm4--> zqw4\n",
        "See `<!--ref:zqm5--> zqw5` here.\n",
        "Text.[^1]\n\n[^1]: A note.\n\n        <!--ref:zqm6--> zqw6\n",
        "- an item\n\n      <!--ref:zqm7--> zqw7\n",
        "# Heading\n    <!--ref:zqm8--> zqw8\n",
    ]
    rows = read_all(texts)
    for text, row in zip(texts, rows, strict=True):
        for ast in row:
            assert all(kinds <= {"code"} for kinds in pandoc_kinds(ast).values()), text
        assert set(ars_kinds(text).values()) == {"code"}, text
        assert read(Document(text)).disputed == [], text


def _with_sources(text: str) -> str:
    # The probe markers cite works of the standard passport: odd ones are verified.
    for n in range(100):
        key = "ok2020" if n % 2 else "high2020"
        text = text.replace(f"<!--ref:zqm{n}-->", f"<!--ref:{key}-->")
    return text


@pytest.mark.parametrize("case", CASES, ids=[case.title for case in CASES])
def test_finalize_edits_only_markers_and_is_idempotent_there(case: Labelled) -> None:
    from ruamel.yaml import YAML

    from ars_docs.commands import drafts as api
    from tests.support.sessions import read_log_text, standard_passport

    corpus = YAML(typ="safe").load(standard_passport())
    log = YAML(typ="safe").load(read_log_text("ok2020"))
    text = _with_sources(case.text)
    once = api.finalize(text, corpus, log)
    assert api.finalize(once.text, corpus, log).text == once.text
    # Outside the markers (and the warnings finalize writes before them) nothing moved.
    assert _unmarked(once.text) == _unmarked(text)
    assert any(c.status != "ok" for c in once.citations) == ("high2020" in text)


def _unmarked(text: str) -> str:
    """``text`` without its markers and the warnings finalize writes before them."""
    import re

    text = re.sub(r"(?:<!-- -->)?\[UNVERIFIED CITATION — [A-Z -]+\](?=<!--ref:)", "", text)
    return re.sub(r"<!--ref:[^>]*-->", "", text)


@pytest.mark.parametrize("case", CASES, ids=[case.title for case in CASES])
def test_a_citation_there_without_its_marker_is_unmarked(case: Labelled) -> None:
    # The citation detector masks code spans on its own: it must not blank what the
    # reading calls text either (issue 33).
    import re

    from ruamel.yaml import YAML

    from ars_docs.commands import drafts as api
    from tests.support.sessions import standard_passport

    corpus = YAML(typ="safe").load(standard_passport())
    text = re.sub(r" ?<!--ref:zqm\d+-->", "", case.text)
    result = api.finalize(text, corpus, None)
    assert [c.excerpt for c in result.citation_texts if not c.waived] == ["Jones (2023)"]
