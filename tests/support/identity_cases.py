"""The labelled evaluation sets of the identity decision (issue 15 §1), loaded from their files.

Synthetic documents written for ars-docs: the first page(s) of right papers
(versions of record, preprints, cover sheets, other languages and scripts,
particle names), and of documents that print the title and an author but are
*not* the work (citing papers with reference headings in many forms, a
follow-up paper by the same authors, book reviews, tables of contents, news
teasers, replies), plus scans. ``truth`` is ``same`` (must acquire, or it is
a false rejection), ``different`` (must never acquire) or ``unknown`` (cannot
be told from the file: must never acquire).

Every set is a YAML file in ``tests/data/identity/`` in one format (docs/retrieval.md,
"The labelled sets"); this module is its one loader and checker (``load_cases``). Most
documents are page text as a PDF text layer gives it; ``pdf`` documents are real PDFs read
with pypdf, ``html`` documents real pages read by the page parser (``document_of``).
Used by ``tests/retrieval/test_identity.py`` and ``benchmarks/bench_identity.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ars_docs.retrieval.judge.identity import Document, Work
from ars_docs.retrieval.walk.reading import read_document
from tests.support.layout import TESTS


@dataclass(frozen=True)
class Case:
    name: str
    truth: str
    work: Work
    pages: tuple[str, ...] = ()
    kind: str = "text"
    """``text`` (a PDF's text layer), ``pdf`` (built and read back) or ``html``."""
    requested: str | None = None
    final: str | None = None
    hops: tuple[str, ...] = ()
    tie: bool = False
    expect: tuple[str, ...] = field(default=())
    """Reason codes the decision must give (a sharper check than the level)."""
    known_miss: bool = False
    """A right document the decision is known not to confirm (a false rejection the
    benchmark reports): it must end weak or ambiguous, i.e. kept for a human."""


DATA = TESTS / "data" / "identity"
FIRST_FILE = DATA / "tuning1.yaml"
"""The 81 documents of issue 15, the first tuning set (Python in this module until issue 34)."""
TUNING_FILES = (FIRST_FILE, DATA / "tuning2.yaml", DATA / "tuning3.yaml")
"""The tuning set's files: issue 15's documents, issue 22's, and the probes added after the
held-out set's first run."""
HELDOUT_FILE = DATA / "heldout.yaml"
"""Written after the first tuning by someone who had not seen the tuning set; its first run
is recorded (``bench_identity.FIRST_HELDOUT_RUN``) and it has been used for tuning since."""
HELDOUT2_FILE = DATA / "heldout2.yaml"
"""The next held-out set, written after the fixes the first one prompted, by someone else."""


class CaseFileError(ValueError):
    """A labelled-set file that does not follow the format (names the file and the entry)."""


def load_cases(path: Path) -> list[Case]:
    """The documents of one labelled-set file (format: docs/retrieval.md, "The labelled sets")."""
    return _load(path)[1]


def load_works(path: Path) -> dict[str, Work]:
    """The works of one labelled-set file, by the names its documents use."""
    return _load(path)[0]


def _load(path: Path) -> tuple[dict[str, Work], list[Case]]:
    from ruamel.yaml import YAML

    data: Any = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("documents"), list):
        raise CaseFileError(f"{path}: needs a 'works' mapping and a 'documents' list")
    works = {name: _work(path, name, spec) for name, spec in (data.get("works") or {}).items()}
    cases = []
    for number, doc in enumerate(data["documents"], 1):
        where = f"{path}: document {number} ({doc.get('name') if isinstance(doc, dict) else doc})"
        if not isinstance(doc, dict) or doc.get("work") not in works:
            raise CaseFileError(f"{where}: 'work' must name one of the works")
        if doc.get("truth") not in ("same", "different", "unknown"):
            raise CaseFileError(f"{where}: 'truth' must be same, different or unknown")
        pages = doc.get("pages")
        if not isinstance(pages, list) or not all(isinstance(x, str) for x in pages):
            raise CaseFileError(f"{where}: 'pages' must be a list of page texts")
        kind = doc.get("kind", "text")
        if kind not in ("text", "pdf", "html"):
            raise CaseFileError(f"{where}: 'kind' must be text, pdf or html")
        cases.append(
            Case(
                str(doc.get("name") or f"{path.stem}_{number}"),
                doc["truth"],
                works[doc["work"]],
                tuple(page.rstrip("\n") for page in pages),
                kind,
                doc.get("requested"),
                doc.get("final"),
                tuple(doc.get("hops") or ()),
                bool(doc.get("tie", False)),
                tuple(doc.get("expect") or ()),
                bool(doc.get("known_miss", False)),
            )
        )
    return works, cases


def _work(path: Path, name: str, spec: object) -> Work:
    if not isinstance(spec, dict) or not spec.get("title") or not spec.get("authors"):
        raise CaseFileError(f"{path}: work {name}: needs 'title' and 'authors'")
    authors = tuple(
        (str(a.get("family") or a.get("literal") or ""), str(a.get("given") or ""))
        for a in spec["authors"]
    )
    related = spec.get("related") or {}
    return Work(
        str(spec["title"]),
        authors,
        int(spec["year"]) if spec.get("year") else None,
        str(spec["doi"]).lower() if spec.get("doi") else None,
        str(spec["arxiv_id"]) if spec.get("arxiv_id") else None,
        spec.get("type") in ("review", "review-book"),
        str(spec.get("venue") or ""),
        tuple(str(a).lower() for a in spec.get("aliases") or ()),
        tuple(sorted((str(k).lower(), str(v)) for k, v in related.items())),
        bool(spec.get("shared_title", False)),
    )


_FIRST_WORKS, FIRST_SET = _load(FIRST_FILE)
"""The 81 documents of issue 15 and their works."""
E1 = _FIRST_WORKS["E1"]
"""Harvey & Stensaker (2008), the work most of the first set's documents are about."""
NEWS = _FIRST_WORKS["NEWS"]
CASES: list[Case] = [case for path in TUNING_FILES for case in load_cases(path)]
"""The tuning set: every document the decision was tuned on."""


def heldout_cases(path: Path = HELDOUT_FILE) -> list[Case] | None:
    """A held-out set, or ``None`` when its file has not been written yet."""
    return load_cases(path) if path.is_file() else None


def document_of(case: Case) -> Document:
    """The document the decision sees, read the way the chain reads it."""
    from tests.support.retrieval import make_pdf

    if case.kind == "text":
        return Document(case.pages, None, case.requested, case.final, case.hops, case.tie)
    if case.kind == "pdf":
        body = make_pdf(*[page.splitlines() for page in case.pages])
        url = case.final or "https://repository.example/paper.pdf"
        reading = read_document(body, {}, url=url, pages=2)
    else:
        page = f"<!doctype html><html><head><title>t</title></head><body>{case.pages[0]}</body>"
        reading = read_document(
            page.encode("utf-8"),
            {"content-type": "text/html; charset=utf-8"},
            url=case.final or "https://site.example/",
            pages=2,
            requested=case.requested,
            hops=case.hops,
        )
    assert reading.document is not None, case.name
    return replace(reading.document, tie=case.tie)
