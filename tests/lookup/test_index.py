"""The offline snapshot index: build, open, answer as the registries do, and the CLI.

The test snapshots (``tests/data/snapshots/``, described in their README) hold
Crossref lines (plain), OpenAlex lines (gzip) and a Crossref public-data file.
The CLI tests (``index_cli``) run ``ars-docs lookup index build`` through
``cli.main.run`` when ``cli/groups/lookup.py`` (another module, which registers
``lookup`` and calls ``register_index``) is there, else through a parser built
the same way with ``register_index``, errors mapped to exit codes as ``run`` does.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from ars_docs.cli.common import Parser
from ars_docs.cli.groups.lookup_index import cmd_index_build, register_index
from ars_docs.cli.main import run
from ars_docs.cli.output import QUIET
from ars_docs.core.errors import ArsError
from ars_docs.files.atomic import TEMP_MARK
from ars_docs.lookup.entry.answers import Answer, Outcome
from ars_docs.lookup.entry.check import Registries
from ars_docs.lookup.entry.decide import check_entry
from ars_docs.lookup.entry.query import Query
from ars_docs.lookup.entry.verdict import Status
from ars_docs.lookup.index import dumps as index_dumps
from ars_docs.lookup.index import store as index_store
from ars_docs.lookup.index.build import build_index
from ars_docs.lookup.index.registries import IndexRegistries, SnapshotIndex, open_index
from tests.support.layout import REPO, TESTS

DATA = TESTS / "data" / "snapshots"
CROSSREF, OPENALEX, PUBLIC = (
    DATA / "crossref.jsonl",
    DATA / "openalex.jsonl.gz",
    DATA / "public-data.json.gz",
)
ALL = (CROSSREF, OPENALEX, PUBLIC)
EPOCH = "1700000000"
BUILD = "build one with `ars-docs lookup index build DUMP… -o INDEX`"
#: ``cli/groups/lookup.py`` (which registers ``lookup`` and calls ``register_index``) exists.
LOOKUP_REGISTERED = importlib.util.find_spec("ars_docs.cli.groups.lookup") is not None


@pytest.fixture
def index_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    path = tmp_path / "snapshot.idx"
    build_index(ALL, path)
    return path


@pytest.fixture
def reg(index_path: Path) -> Iterator[IndexRegistries]:
    index = open_index(index_path)
    yield IndexRegistries(index)
    index.close()


def entry(**fields: object) -> Query:
    return Query.from_entry("key", fields)


def titles(answer: Answer) -> list[tuple[str, str]]:
    return [(r.service, r.title) for r in answer.records]


# --- build ------------------------------------------------------------------------------


def test_build_reads_every_shape_and_counts_per_file(tmp_path: Path) -> None:
    report = build_index(ALL, tmp_path / "i.idx")
    per_file = {Path(i.name).name: (i.records, i.skipped) for i in report.inputs}
    assert per_file == {
        "crossref.jsonl": (9, 2),
        "openalex.jsonl.gz": (4, 0),
        "public-data.json.gz": (2, 1),
    }
    assert report.records == 15 and report.services == {"crossref": 11, "openalex": 4}
    assert report.size == (tmp_path / "i.idx").stat().st_size > 0


def test_metadata_records_inputs_hashes_and_skipped_lines(index_path: Path) -> None:
    meta = open_index(index_path).meta
    assert meta["format"] == "ars-docs-snapshot-index" and meta["format_version"] == 1
    assert meta["built_at"] == "2023-11-14T22:13:20Z"  # SOURCE_DATE_EPOCH
    inputs = {Path(i["name"]).name: i for i in meta["inputs"]}
    for path in ALL:
        assert inputs[path.name]["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
        assert inputs[path.name]["bytes"] == path.stat().st_size
    assert meta["records"] == {"crossref": 11, "openalex": 4}
    assert meta["skipped"]["count"] == 3
    first = meta["skipped"]["first"]
    assert first[0].endswith("crossref.jsonl:6: not JSON (Invalid control character at, column 57)")
    assert first[1].endswith("crossref.jsonl:11: neither a Crossref work (no DOI) nor an OpenAlex "
                             "work (no id starting https://openalex.org/)")  # fmt: skip
    assert first[2].endswith(
        "public-data.json.gz:1: item 3: neither a Crossref work (no DOI) nor an OpenAlex work "
        "(no id starting https://openalex.org/)"
    )


def test_same_inputs_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    monkeypatch.chdir(tmp_path)
    build_index(ALL, "a.idx")
    build_index(ALL, "b.idx")
    assert Path("a.idx").read_bytes() == Path("b.idx").read_bytes()


def test_skipped_lines_keep_the_first_20_and_count_all(tmp_path: Path) -> None:
    lines = [json.dumps({"DOI": "10.5555/ok.1", "title": ["Fine"], "type": "journal-article"})]
    lines += ['{"DOI": broken'] * 23
    lines += [json.dumps({"DOI": "10.5555/ok.2", "title": ["Also fine"]})]
    dump = tmp_path / "d.jsonl"
    dump.write_bytes("\n".join(lines).encode() + b"\n\xff\xfe not utf-8\n" + b"[" * 5000 + b"\n")
    report = build_index([dump], tmp_path / "i.idx")
    (item,) = report.inputs
    assert (item.records, item.skipped) == (2, 25)
    assert (
        len(item.skipped_shown) == 20
        and item.skipped_shown[0] == f"{dump}:2: not JSON (Expecting value, column 9)"
    )
    meta = open_index(tmp_path / "i.idx").meta
    assert meta["skipped"]["count"] == 25 and len(meta["skipped"]["first"]) == 20


def test_non_utf8_deep_and_long_lines_are_skipped_not_fatal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index_dumps, "MAX_LINE", 3000)
    good = json.dumps({"DOI": "10.5555/ok.1", "title": ["Fine"]})
    dump = tmp_path / "d.jsonl"
    dump.write_bytes(
        good.encode() + b"\n\xff\xfe\n" + b"[" * 2000 + b"\n" + b'{"x": "' + b"y" * 4000 + b'"}\n'
    )
    (item,) = build_index([dump], tmp_path / "i.idx").inputs
    reasons = [line.split(": ", 1)[1] for line in item.skipped_shown]
    assert reasons == ["not UTF-8 text", "nested too deeply to be read", "longer than 0 MiB"]
    assert item.records == 1


def test_a_later_line_of_the_same_work_replaces_the_earlier(tmp_path: Path) -> None:
    old = {"DOI": "10.5555/X.1", "title": ["Original wording"], "ISBN": ["0-306-40615-2"]}
    new = {"DOI": "10.5555/x.1", "title": ["Corrected wording"], "ISBN": ["978-1-4028-9462-6"]}
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text(json.dumps(old) + "\n")
    second.write_text(json.dumps(new) + "\n")
    report = build_index([first, second], tmp_path / "i.idx")
    assert (report.records, report.replaced) == (1, 1)
    with open_index(tmp_path / "i.idx") as index:
        reg = IndexRegistries(index)
        assert titles(reg.crossref_work("10.5555/x.1")) == [("crossref", "Corrected wording")]
        assert reg.crossref_isbn("0306406152").outcome is Outcome.ABSENT
        assert reg.crossref_isbn("9781402894626").outcome is Outcome.FOUND
        assert reg.search_openalex(entry(title="Original wording")).outcome is Outcome.ABSENT
        assert reg.search_openalex(entry(title="Corrected wording")).outcome is Outcome.FOUND


# --- answers by identifier --------------------------------------------------------------


def test_doi_gives_every_record_crossref_first_each_keeping_its_service(
    reg: IndexRegistries,
) -> None:
    answer = reg.crossref_work("10.5555/SNAP.0002")
    assert (answer.service, answer.outcome, answer.asked) == (
        "snapshot", Outcome.FOUND, "doi 10.5555/SNAP.0002"
    )  # fmt: skip
    crossref, openalex = answer.records
    assert (crossref.service, openalex.service) == ("crossref", "openalex")
    assert [n.kind for n in crossref.notices] == ["retraction"] and crossref.carries_updates
    assert crossref.notices[0].source == "retraction-watch"
    assert openalex.retracted is True and crossref.retracted is None


def test_a_notice_record_keeps_what_it_updates(reg: IndexRegistries) -> None:
    (notice,) = reg.crossref_work("10.5555/snap.0003").records
    assert [(n.kind, n.doi, n.date) for n in notice.notice_for] == [
        ("retraction", "10.5555/snap.0002", "2021-06-02")
    ]


@pytest.mark.parametrize(
    "ident", ["W5000000010", "w5000000010", "https://openalex.org/W5000000010",
              "pmid:99000001", "pmcid:PMC9900001"],
)  # fmt: skip
def test_openalex_work_by_every_form(reg: IndexRegistries, ident: str) -> None:
    answer = reg.openalex_work(ident)
    assert titles(answer) == [("openalex", "Hospital audit habits and reference errors")]


def test_openalex_work_by_doi_is_openalex_records_only(reg: IndexRegistries) -> None:
    assert titles(reg.openalex_work("doi:10.5555/snap.0002")) == [
        ("openalex", "Ten fabricated findings about citation accuracy")
    ]
    assert reg.openalex_work("doi:10.5555/snap.0005").outcome is Outcome.ABSENT


@pytest.mark.parametrize(
    ("field", "value"), [("pmid", "99000001"), ("pmcid", "PMC9900001"), ("pmcid", "9900001")]
)
def test_europepmc_by_pmid_and_pmcid(reg: IndexRegistries, field: str, value: str) -> None:
    assert reg.europepmc(field, value).records[0].ids["pmid"] == "99000001"


def test_europepmc_by_doi(reg: IndexRegistries) -> None:
    assert len(reg.europepmc("doi", "10.5555/snap.0001").records) == 2


def test_arxiv_ids_from_the_arxiv_doi_and_from_an_openalex_location(reg: IndexRegistries) -> None:
    by_doi = reg.arxiv("2101.00001")
    assert titles(by_doi) == [("crossref", "Synthetic retrieval for citation checking")]
    assert by_doi.records[0].ids["arxiv"] == "2101.00001"
    by_location = reg.arxiv("2302.00002")
    assert titles(by_location) == [("openalex", "Large language models invent references")]
    versioned = reg.arxiv("2302.00002", "v1")
    assert versioned.outcome is Outcome.FOUND and "v1 not checked" in versioned.detail


@pytest.mark.parametrize(
    ("ident", "doi"),
    [("ARXIV:2302.00002", None), ("DOI:10.5555/SNAP.0001", "10.5555/snap.0001"),
     ("PMID:99000001", None)],
)  # fmt: skip
def test_semantic_scholar_paper_by_identifier(
    reg: IndexRegistries, ident: str, doi: str | None
) -> None:
    answer = reg.semantic_scholar_paper(ident)
    assert answer.outcome is Outcome.FOUND and answer.asked == ident
    assert answer.records[0].ids.get("doi") == doi


def test_semantic_scholar_paper_by_an_unknown_scheme_fails(reg: IndexRegistries) -> None:
    answer = reg.semantic_scholar_paper("CorpusId:123")
    assert (answer.outcome, answer.detail) == (Outcome.FAILED, "not available offline")
    assert reg.semantic_scholar_paper("ARXIV:2401.99999").proof is False


@pytest.mark.parametrize("isbn", ["3-16-148410-0", "9783161484100", "978-3-16-148411-7"])
def test_isbn_either_form_finds_the_book_before_its_chapters(
    reg: IndexRegistries, isbn: str
) -> None:
    answer = reg.crossref_isbn(isbn)
    assert answer.records[0].title == "Handbook of Synthetic Bibliometrics"
    assert answer.records[0].kind == "book"


def test_chapters_share_the_print_isbn(reg: IndexRegistries) -> None:
    assert [r.kind for r in reg.crossref_isbn("9783161484100").records] == ["book", "chapter"]


ABSENT_QUESTIONS: list[tuple[str, Callable[[IndexRegistries], Answer]]] = [
    ("crossref_work", lambda r: r.crossref_work("10.5555/nowhere")),
    ("openalex_work", lambda r: r.openalex_work("W1")),
    ("openalex_doi", lambda r: r.openalex_work("doi:10.5555/nowhere")),
    ("arxiv", lambda r: r.arxiv("2401.99999")),
    ("europepmc", lambda r: r.europepmc("pmid", "1")),
    ("isbn", lambda r: r.crossref_isbn("0306406152")),
    ("s2_paper", lambda r: r.semantic_scholar_paper("DOI:10.5555/nowhere")),
    ("search_crossref", lambda r: r.search_crossref(entry(title="Zymurgy of quasars"))),
    ("search_openalex", lambda r: r.search_openalex(entry(title="Zymurgy of quasars"))),
    ("search_s2", lambda r: r.search_semantic_scholar(entry(title="Zymurgy of quasars"))),
]


@pytest.mark.parametrize(("name", "ask"), ABSENT_QUESTIONS, ids=[n for n, _ in ABSENT_QUESTIONS])
def test_an_absence_is_never_proof(
    reg: IndexRegistries, name: str, ask: Callable[[IndexRegistries], Answer]
) -> None:
    answer = ask(reg)
    assert (answer.service, answer.outcome, answer.proof) == ("snapshot", Outcome.ABSENT, False)
    assert "a snapshot cannot show that a work does not exist" in answer.detail
    assert "snapshot.idx (built 2023-11-14T22:13:20Z)" in answer.detail


def test_what_only_the_doi_system_knows_fails_offline(reg: IndexRegistries) -> None:
    registries: Registries = reg  # mypy checks that the protocol is implemented
    assert registries.offline is True
    for answer in (reg.doi_handle("10.5555/x"), reg.doi_metadata("10.5555/x")):
        assert (answer.outcome, answer.detail, answer.proof) == (
            Outcome.FAILED, "not available offline", False
        )  # fmt: skip
    assert reg.offline is True


# --- search -----------------------------------------------------------------------------


def test_search_folds_diacritics_and_transliterations(reg: IndexRegistries) -> None:
    query = entry(title="Uber die Qualitat der Lehre", authors=[{"family": "Mueller"}])
    for ask in (reg.search_crossref, reg.search_openalex, reg.search_semantic_scholar):
        (record,) = ask(query).records
        assert record.ids["doi"] == "10.5555/snap.0004" and record.score and record.score > 0


def test_search_finds_a_japanese_title_by_its_characters(reg: IndexRegistries) -> None:
    answer = reg.search_openalex(entry(title="高等教育における質保証"))
    assert answer.records[0].ids["doi"] == "10.5555/snap.0008"


def test_crossref_search_needs_the_author_openalex_search_does_not(reg: IndexRegistries) -> None:
    query = entry(title="Quality cultures in small colleges", authors=[{"family": "Someone"}])
    assert reg.search_crossref(query).outcome is Outcome.ABSENT
    found = reg.search_openalex(query)
    assert {r.service for r in found.records} == {"crossref", "openalex"}
    scores = [r.score or 0 for r in found.records]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0


def test_a_misspelt_title_is_found_by_the_loose_search_only(reg: IndexRegistries) -> None:
    query = entry(title="Quality culturs in small colleges", authors=[{"family": "Lindqvist"}])
    assert reg.search_crossref(query).outcome is Outcome.ABSENT
    assert reg.search_openalex(query).outcome is Outcome.ABSENT
    loose = reg.search_semantic_scholar(query)
    assert loose.asked == 'match "Quality culturs in small colleges"'
    assert loose.records[0].ids["doi"] == "10.5555/snap.0001"


def test_editors_count_as_names(reg: IndexRegistries) -> None:
    query = entry(title="Handbook of synthetic bibliometrics", authors=[{"family": "Whitfield"}])
    assert reg.search_crossref(query).records[0].kind == "book"


# --- lookup's verdicts from the snapshot ------------------------------------------------


def test_check_entry_finds_a_retracted_work_by_doi_and_by_search(reg: IndexRegistries) -> None:
    fields = {"title": "Ten fabricated findings about citation accuracy",
              "authors": [{"family": "Mendel", "given": "Cara"}], "year": 2019}  # fmt: skip
    for extra in ({"doi": "10.5555/snap.0002"}, {}):
        verdict = check_entry(entry(**fields, **extra), reg)
        assert verdict.status is Status.FOUND
        assert verdict.retraction.status == "retracted"


def test_check_entry_not_in_the_snapshot_is_not_found_by_snapshot_never_proven(
    reg: IndexRegistries,
) -> None:
    verdict = check_entry(
        entry(title="A study nobody wrote", authors=[{"family": "Nobody"}], doi="10.5555/none"),
        reg,
    )
    assert verdict.status is Status.NOT_FOUND and verdict.proof_kind == "snapshot"
    assert all(not a.proof for a in verdict.answers)


# --- open, read-only, threads -----------------------------------------------------------


def test_the_index_is_never_written_by_reading(index_path: Path, reg: IndexRegistries) -> None:
    before = index_path.read_bytes(), index_path.stat().st_mtime_ns
    reg.crossref_work("10.5555/snap.0001")
    reg.search_semantic_scholar(entry(title="Quality cultures"))
    assert (index_path.read_bytes(), index_path.stat().st_mtime_ns) == before


def test_threads_get_the_same_answers_as_one(reg: IndexRegistries) -> None:
    questions: list[Callable[[], Answer]] = [lambda: reg.crossref_work("10.5555/snap.0002"),
                 lambda: reg.search_semantic_scholar(entry(title="Quality culturs")),
                 lambda: reg.crossref_isbn("3161484100")] * 30  # fmt: skip
    expected = [q() for q in questions]
    got: list[Answer | None] = [None] * len(questions)

    def work(start: int) -> None:
        for i in range(start, len(questions), 8):
            got[i] = questions[i]()

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == expected


def test_an_index_replaced_mid_run_gives_failures_not_absences(
    index_path: Path, reg: IndexRegistries
) -> None:
    build_index([CROSSREF], index_path)  # renamed over the open one: a new file
    with reg.index._connection():  # the one open connection is busy: another is needed
        answer = reg.crossref_work("10.5555/snap.0001")
    assert answer.outcome is Outcome.FAILED and "was replaced while lookup ran" in answer.detail


@pytest.mark.parametrize(
    "damage",
    ['{"s":"crossref","t":"not a list"}', '{"s":"crossref","t":["T"],"a":5}',
     '{"s":"crossref","t":["T"],"y":"2020"}', '{"s":"crossref","t":["T"],"n":[[1]]}',
     '{"t":["T"]}', "[1,2]", '{"s":"crossref"', "[" * 100000],
)  # fmt: skip
def test_a_damaged_row_is_a_failure_never_a_crash_or_a_wrong_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    path = tmp_path / "damaged.idx"
    build_index(ALL, path)
    db = sqlite3.connect(path)
    db.execute(
        "UPDATE works SET record = ? WHERE id IN "
        "(SELECT work FROM ids WHERE kind = 'doi' AND value = '10.5555/snap.0001')",
        (damage,),
    )
    db.commit()
    db.close()
    index = open_index(path)
    try:
        answer = IndexRegistries(index).crossref_work("10.5555/snap.0001")
    finally:
        index.close()
    assert answer.outcome is Outcome.FAILED, answer
    assert "damaged index record" in answer.detail and str(path) in answer.detail


def endless(index_path: Path) -> SnapshotIndex:
    """The real index with ``ids`` replaced by a view over an endless query, opened past
    ``open_index``'s schema check (which refuses it): only the query bound can stop it."""
    db = sqlite3.connect(index_path)
    db.execute("DROP TABLE ids")
    db.execute(
        "CREATE VIEW ids(kind, value, work) AS WITH RECURSIVE r(n) AS "
        "(SELECT 1 UNION ALL SELECT n + 1 FROM r) "
        "SELECT 'doi', '10.5555/snap.0001', 1 FROM r WHERE n < 0"
    )
    db.commit()
    db.close()
    first = index_store._connect(index_path)
    return SnapshotIndex(index_path, {}, first, index_store._identity(index_path))


def test_a_question_past_its_time_is_a_failure(index_path: Path) -> None:
    good = open_index(index_path)
    good.query_seconds = 0.5  # a real question takes milliseconds: well inside
    assert good.by_id("doi", "10.5555/snap.0001")
    good.close()
    index = endless(index_path)
    index.query_seconds = 0.5
    started = time.monotonic()
    with pytest.raises(sqlite3.OperationalError, match=r"a question ran past 0.5 s"):
        index.by_id("doi", "10.5555/snap.0001")
    assert time.monotonic() - started < 3
    answer = IndexRegistries(index).crossref_work("10.5555/snap.0001")
    assert answer.outcome is Outcome.FAILED and "ran past 0.5 s" in answer.detail
    index.close()


def test_closing_the_index_stops_a_running_question(index_path: Path) -> None:
    index = endless(index_path)  # the default bound (30 s) would not end it in time
    failures: list[BaseException] = []

    def ask() -> None:
        try:
            index.by_id("doi", "10.5555/snap.0001")
        except BaseException as exc:
            failures.append(exc)

    asker = threading.Thread(target=ask)
    asker.start()
    time.sleep(0.3)
    started = time.monotonic()
    index.close()  # what lookup does on Ctrl-C or SIGTERM
    asker.join(5)
    assert not asker.is_alive()
    assert time.monotonic() - started < 3
    assert [type(f) for f in failures] == [sqlite3.OperationalError], failures
    assert "stopped during a question" in str(failures[0])


@dataclass
class Refusal:
    code: int
    message: str


def refusal(path: Path | str) -> Refusal:
    with pytest.raises(ArsError) as caught:
        open_index(path)
    return Refusal(int(caught.value.exit_code), caught.value.message)


def test_open_refuses_what_is_not_an_index(tmp_path: Path) -> None:
    assert refusal(tmp_path / "none.idx") == Refusal(
        66, f"{tmp_path / 'none.idx'}: no such snapshot index; build one with "
        "`ars-docs lookup index build DUMP… -o INDEX`"
    )  # fmt: skip
    (tmp_path / "text.idx").write_text("hello\n")
    assert refusal(tmp_path / "text.idx").code == 65
    assert "text.idx is not an ars-docs snapshot index" in refusal(tmp_path / "text.idx").message
    other = sqlite3.connect(tmp_path / "other.db")
    other.execute("CREATE TABLE t(x)")
    other.commit()
    other.close()
    assert refusal(tmp_path / "other.db") == Refusal(
        65, f"{tmp_path / 'other.db'} is an SQLite file but not an ars-docs snapshot index; "
        "build one with `ars-docs lookup index build DUMP… -o INDEX`"
    )  # fmt: skip
    assert refusal(tmp_path).code == 65 and "is a folder" in refusal(tmp_path).message
    assert refusal("-").code == 64


def test_open_refuses_another_format_version(index_path: Path) -> None:
    db = sqlite3.connect(index_path)
    db.execute("UPDATE meta SET value = '2' WHERE key = 'format_version'")
    db.commit()
    db.close()
    assert refusal(index_path) == Refusal(
        65, f"{index_path} is a snapshot index of format 2; this ars-docs reads format 1: "
        "rebuild it from its dumps with `ars-docs lookup index build`"
    )  # fmt: skip


def test_open_refuses_an_unreadable_file(index_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(index_path))

    monkeypatch.setattr(index_store, "open", denied, raising=False)
    assert refusal(index_path) == Refusal(
        74, f"cannot read {index_path}: Permission denied; check its permissions"
    )


def test_open_refuses_a_damaged_index(index_path: Path) -> None:
    data = bytearray(index_path.read_bytes())
    data[100:4096] = b"\x00" * (4096 - 100)  # the schema page
    index_path.write_bytes(bytes(data))
    found = refusal(index_path)
    assert found.code == 65 and "rebuild it" in found.message


def test_open_refuses_a_damaged_meta_value(index_path: Path) -> None:
    db = sqlite3.connect(index_path)
    db.execute("UPDATE meta SET value = '{broken' WHERE key = 'format'")
    db.commit()
    db.close()
    found = refusal(index_path)
    assert found.code == 65 and "cannot be read as a snapshot index" in found.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_pipe_is_refused_as_index_and_as_dump_without_blocking(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    found = refusal(pipe)  # would block in open() if it were read
    assert found == Refusal(65, f"{pipe} is not a regular file (a pipe or a device?); {BUILD}")
    with pytest.raises(ArsError) as caught:
        build_index([pipe], tmp_path / "out.idx")
    assert int(caught.value.exit_code) == 65
    assert caught.value.message == (
        f"{pipe} is not a regular file (a pipe or a device?); save the dump to a file and name that"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_a_json_document_too_large_to_read_whole_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index_dumps, "MAX_DOCUMENT", 1000)
    page = tmp_path / "page.json"
    page.write_text(
        json.dumps({"items": [{"DOI": f"10.1/{n}", "title": ["T"]} for n in range(99)]})
    )
    with pytest.raises(ArsError) as caught:
        build_index([page], tmp_path / "out.idx")
    assert (
        int(caught.value.exit_code) == 65
        and f"{page}: a .json document over" in caught.value.message
    )
    assert "write the works one per line (.jsonl)" in caught.value.message
    assert not (tmp_path / "out.idx").exists()


def test_snapshot_index_type(index_path: Path) -> None:
    assert isinstance(open_index(index_path), SnapshotIndex)


# --- atomic output ----------------------------------------------------------------------


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if TEMP_MARK in p.name]


def test_a_failed_build_leaves_the_old_index_and_no_temp_file(
    index_path: Path, tmp_path: Path
) -> None:
    before = index_path.read_bytes()
    bad = tmp_path / "bad.csv"
    bad.write_text("doi,title\n10.1/x,Nothing\n")
    with pytest.raises(ArsError) as caught:
        build_index([CROSSREF, bad], index_path)
    assert caught.value.exit_code == 65
    assert index_path.read_bytes() == before and leftovers(tmp_path) == []


def test_an_interrupted_build_leaves_nothing(tmp_path: Path) -> None:
    def interrupt(state: object) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_index(ALL, tmp_path / "i.idx", progress=interrupt)
    assert list(tmp_path.iterdir()) == []


def test_a_killed_builds_temp_file_is_removed_by_the_next_build(tmp_path: Path) -> None:
    stale = next(iter(_temp_names(tmp_path / "i.idx", pid=4_194_305)))  # above pid_max
    stale.write_bytes(b"half an index")
    build_index([CROSSREF], tmp_path / "i.idx")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["i.idx"]


def _temp_names(target: Path, pid: int) -> list[Path]:
    from ars_docs.files.atomic import temp_prefix

    return [target.parent / f"{temp_prefix(target.name, pid)}dead.tmp"]


def test_disk_full_is_73_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ars_docs.lookup.index import build as index_build

    def full(*args: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(index_build, "_write", full)
    with pytest.raises(ArsError) as caught:
        build_index([CROSSREF], tmp_path / "i.idx")
    assert caught.value.exit_code == 73
    assert caught.value.message == (
        f"cannot write {tmp_path / 'i.idx'}: database or disk is full; check the free space and "
        "the folder, or choose another -o (nothing was written)"
    )
    assert list(tmp_path.iterdir()) == []


# --- the CLI ------------------------------------------------------------------------------


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def index_cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """``ars-docs lookup index …`` through a parser built with ``register_index``,
    errors turned into exit codes as ``cli.main.run`` does."""

    def invoke(*argv: str | Path) -> Run:
        words = ["lookup", "index", *map(str, argv)]
        if LOOKUP_REGISTERED:
            code = run(words)
            captured = capsys.readouterr()
            return Run(code, captured.out, captured.err)
        parser = Parser(prog="ars-docs")
        sub = parser.add_subparsers(dest="command", parser_class=Parser)
        index = sub.add_parser("lookup-index", prog="ars-docs lookup index")
        register_index(index.add_subparsers(dest="index_action", parser_class=Parser))
        try:
            args = parser.parse_args(["lookup-index", *words[2:]])
            code = int(args.handler(args))
        except ArsError as exc:
            print(exc.format(), file=sys.stderr)
            code = int(exc.exit_code)
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return invoke


def test_cli_build_reports_per_file_and_the_summary_last(
    index_cli: Callable[..., Run], tmp_path: Path
) -> None:
    result = index_cli("build", *ALL, "-o", tmp_path / "i.idx")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == f"{CROSSREF}: 9 record(s) read, 2 line(s) skipped"
    assert lines[1].startswith(f"  {CROSSREF}:6: not JSON")
    assert f"{OPENALEX}: 4 record(s) read" in lines
    assert lines[-1].startswith(f"indexed 15 works from 3 files into {tmp_path / 'i.idx'} (0.")
    assert lines[-1].endswith(" s") and " MB) in " in lines[-1]
    assert result.err == ""


def test_cli_quiet_prints_the_summary_only(index_cli: Callable[..., Run], tmp_path: Path) -> None:
    result = index_cli("build", CROSSREF, "-o", tmp_path / "i.idx", "-q")
    assert result.code == 0 and len(result.out.splitlines()) == 1
    assert result.out.startswith("indexed 9 works from 1 file into ")


def test_cli_verbose_adds_hashes_and_services(
    index_cli: Callable[..., Run], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    lines = index_cli("build", *ALL, "-o", tmp_path / "i.idx", "-v").out.splitlines()
    sha = hashlib.sha256(OPENALEX.read_bytes()).hexdigest()
    assert f"  sha256 {sha}, {OPENALEX.stat().st_size} bytes" in lines
    assert lines[-2] == "records: 11 crossref, 4 openalex; built at 2023-11-14T22:13:20Z"


def test_cli_json_is_complete_with_the_summary_first(
    index_cli: Callable[..., Run], tmp_path: Path
) -> None:
    result = index_cli("build", *ALL, "-o", tmp_path / "i.idx", "--format", "json")
    data = json.loads(result.out)
    assert next(iter(data)) == "summary"
    assert data["summary"]["records"] == 15 and data["summary"]["skipped"] == 3
    assert [i["records"] for i in data["inputs"]] == [9, 4, 2]
    assert data["inputs"][0]["skipped_lines"][0].endswith(":6: not JSON (Invalid control "
                                                          "character at, column 57)")  # fmt: skip


def test_cli_caps_skipped_lines_at_20_per_file(
    index_cli: Callable[..., Run], tmp_path: Path
) -> None:
    dump = tmp_path / "d.jsonl"
    dump.write_text('{"DOI": "10.5555/a", "title": ["A"]}\n' + "{nope\n" * 25)
    result = index_cli("build", dump, "-o", tmp_path / "i.idx")
    assert result.code == 0
    assert sum(line.startswith(f"  {dump}:") for line in result.out.splitlines()) == 20
    assert "  … and 5 more" in result.out.splitlines()


def test_cli_progress_on_standard_error_for_large_inputs(
    index_cli: Callable[..., Run], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ars_docs.cli.groups import lookup_index

    monkeypatch.setattr(lookup_index, "PROGRESS_BYTES", 0)
    result = index_cli("build", *ALL, "-o", tmp_path / "i.idx")
    assert f"index build: file 1/3 {CROSSREF}: 100 %" in result.err
    assert "index build: file 3/3" in result.err
    assert "index build" not in index_cli("build", *ALL, "-o", tmp_path / "j.idx", "-q").err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["build", str(CROSSREF)], "no output given: pass -o INDEX, the snapshot index file to "
         "write (see 'ars-docs lookup index build --help')"),
        (["build", str(CROSSREF), "-o", "-"], "-o '-' (standard input/output) is not supported "
         "here: the index is a file that is read and renamed into place; give a path"),
        (["build", "-", "-o", "x.idx"], "DUMP '-' (standard input/output) is not supported "
         "here: the index is a file that is read and renamed into place; give a path"),
        (["build", "-o", "x.idx"], "the following arguments are required: DUMP (see "
         "'ars-docs lookup"),
    ],
)  # fmt: skip
def test_cli_usage_errors_are_64(
    index_cli: Callable[..., Run], tmp_path: Path, argv: list[str], message: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    result = index_cli(*argv)
    assert result.code == 64 and result.err.startswith(f"ars-docs: error: {message}")
    assert list(tmp_path.iterdir()) == []


def test_cli_missing_input_is_66_and_nothing_is_written(
    index_cli: Callable[..., Run], tmp_path: Path
) -> None:
    result = index_cli("build", CROSSREF, tmp_path / "gone.jsonl", "-o", tmp_path / "i.idx")
    assert result.code == 66
    assert result.err == (
        f"ars-docs: error: {tmp_path / 'gone.jsonl'}: no such file; check the path of the dump\n"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("a.csv", b"doi,title\n", "{path}:1: not JSON lines (not JSON (Expecting value, "
         "column 1)); give Crossref or OpenAlex works, one JSON object per line (see "
         "docs/lookup-index.md)"),
        ("b.jsonl", b"\n\n42\n", "{path}:3: not JSON lines (not an object); give Crossref or "
         "OpenAlex works, one JSON object per line (see docs/lookup-index.md)"),
        ("c.jsonl.gz", b"\x1f\x8b\x08\x00garbage", "{path}:1: damaged gzip data"),
        ("d.json", b'{"items": [\n  {"DOI": }\n]}', "{path}:2:11: not a JSON document "
         "(Expecting value); a .json dump holds one object with items[]; name JSON lines .jsonl"),
    ],
)  # fmt: skip
def test_cli_an_input_that_is_not_a_dump_is_65(
    index_cli: Callable[..., Run], tmp_path: Path, name: str, content: bytes, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    result = index_cli("build", path, "-o", tmp_path / "i.idx")
    assert result.code == 65
    assert result.err.startswith("ars-docs: error: " + message.format(path=path))
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_cli_a_truncated_gzip_is_65(index_cli: Callable[..., Run], tmp_path: Path) -> None:
    whole = gzip.compress(CROSSREF.read_bytes() * 50, mtime=0)
    (tmp_path / "t.jsonl.gz").write_bytes(whole[: len(whole) // 2])
    result = index_cli("build", tmp_path / "t.jsonl.gz", "-o", tmp_path / "i.idx")
    assert result.code == 65 and "damaged gzip data" in result.err
    assert not (tmp_path / "i.idx").exists() and leftovers(tmp_path) == []


def test_cli_output_that_cannot_be_written_is_73(
    index_cli: Callable[..., Run], tmp_path: Path
) -> None:
    missing = tmp_path / "no" / "i.idx"
    result = index_cli("build", CROSSREF, "-o", missing)
    assert (result.code, result.err) == (
        73, f"ars-docs: error: cannot write {missing}: {missing.parent} is not an existing "
        "folder; create it or choose another path (nothing was written)\n",
    )  # fmt: skip
    result = index_cli("build", CROSSREF, "-o", tmp_path)
    assert result.code == 73 and "it is a folder; give a file name for the index" in result.err
    locked = tmp_path / "locked.idx"
    locked.write_bytes(b"old")
    locked.chmod(0o444)
    result = index_cli("build", CROSSREF, "-o", locked)
    assert result.code == 73 and "is read-only; ars-docs never replaces" in result.err
    assert locked.read_bytes() == b"old" and leftovers(tmp_path) == []


def test_cli_an_input_that_cannot_be_read_is_74(
    index_cli: Callable[..., Run], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(*args: object, **kwargs: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(index_dumps, "open", failing, raising=False)
    result = index_cli("build", CROSSREF, "-o", tmp_path / "i.idx")
    assert (result.code, result.err) == (
        74, f"ars-docs: error: cannot read {CROSSREF}: Input/output error\n"
    )  # fmt: skip
    assert list(tmp_path.iterdir()) == []


def test_cli_the_same_file_in_and_out_is_64(index_cli: Callable[..., Run], tmp_path: Path) -> None:
    dump = tmp_path / "d.jsonl"
    dump.write_bytes(CROSSREF.read_bytes())
    result = index_cli("build", dump, "-o", dump)
    assert result.code == 64 and "is both an input and the output" in result.err
    assert dump.read_bytes() == CROSSREF.read_bytes()


def test_register_index_adds_build_with_its_handler() -> None:
    parser = Parser(prog="x")
    register_index(parser.add_subparsers(dest="a", parser_class=Parser))
    args = parser.parse_args(["build", "d.jsonl", "e.jsonl.gz", "-o", "i.idx", "-q"])
    assert args.handler is cmd_index_build
    assert (args.dumps, args.output, args.format, args.verbosity) == (
        ["d.jsonl", "e.jsonl.gz"], "i.idx", "text", QUIET
    )  # fmt: skip


def test_the_example_snapshot_has_the_example_passport_but_three(tmp_path: Path) -> None:
    from ruamel.yaml import YAML

    root = REPO / "examples"
    report = build_index([root / "lookup" / "snapshot.jsonl"], tmp_path / "example.idx")
    assert (report.records, report.skipped) == (46, 0)
    entries = YAML(typ="safe").load((root / "passport.yaml").read_text(encoding="utf-8"))
    with open_index(tmp_path / "example.idx") as index:
        reg = IndexRegistries(index)
        statuses = {
            e["citation_key"]: check_entry(Query.from_entry(e["citation_key"], e), reg).status
            for e in entries["literature_corpus"]
        }
        retracted = reg.crossref_work("10.5555/ars-example.101").records
    left_out = {"greenhalgh_peacock_2005", "oecd_unesco_2005", "enqa_2015"}
    assert {k for k, s in statuses.items() if s is Status.NOT_FOUND} == left_out
    assert all(s is Status.FOUND for k, s in statuses.items() if k not in left_out)
    assert [(r.service, bool(r.notices) or r.retracted) for r in retracted] == [
        ("crossref", True),
        ("openalex", True),
    ]
