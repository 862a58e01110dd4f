"""``ars-docs corpus import``: appending bibliographies to every passport shape, in place."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ars_docs.bibliography import passport as passport_module
from ars_docs.files.yaml import append as yaml_append
from ars_docs.session.corpus import SCHEMA_ERROR, UNKNOWN_FIELD, load_corpus
from tests.support.layout import TESTS

DATA = TESTS / "data" / "bibliographies"
CRLF_BIB = DATA / "windows_crlf.bib"  # two entries, both usable
BIBLATEX = DATA / "biblatex_mixed.bib"
ZOTERO = DATA / "zotero_export.json"
RIS = DATA / "endnote_bom_crlf.ris"

OLD_ENTRY = (
    "  # the first source\r\n"
    "  - citation_key: old2000   # hand-written\r\n"
    "    title: 'An old source'\r\n"
    "    authors: [{family: Old, given: O.}]\r\n"
    "    year: 2000\r\n"
    "    source_pointer: shelf\r\n"
)
HEAD = "# Session passport\r\nsession_id: s1  # the session\r\nliterature_corpus:\r\n"
TAIL = "\r\n# notes after the list stay where they are\r\nnotes: |\r\n  keep me\r\n"


def schema_clean(passport: Path) -> list[str]:
    """Keys of the passport, asserting no schema finding (ARS110/ARS111) on any entry."""
    corpus = load_corpus(passport, use_cache=False)
    assert not [d for d in corpus.diagnostics if d.code in (SCHEMA_ERROR, UNKNOWN_FIELD)]
    return corpus.keys()


@pytest.fixture
def passport(tmp_path: Path) -> Path:
    path = tmp_path / "passport.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + (HEAD + OLD_ENTRY + TAIL).encode())
    return path


def test_yaml_passport_keeps_every_byte_outside_the_new_entries(cli, passport: Path) -> None:
    before = passport.read_bytes()
    result = cli("corpus", "import", CRLF_BIB, "--passport", passport)
    assert result.code == 0, result.err
    after = passport.read_bytes()
    head = before[: before.index(b"shelf\r\n") + len(b"shelf\r\n")]
    tail = before[len(head) :]
    assert after.startswith(head) and after.endswith(tail)
    added = after[len(head) : len(after) - len(tail)].decode()
    assert added.startswith("  - citation_key: crlf2019\r\n    title: ")
    assert added.count("\r\n") == added.count("\n")  # the file's newline throughout
    assert '\n    authors:\r\n      - family: "O\'Neil"\r\n        given: Cathy\r\n' in added
    assert schema_clean(passport) == ["old2000", "crlf2019", "crlfbook2018"]
    assert result.out.splitlines()[-1] == (
        "imported 2, already present 0, skipped 0 (conflicts 0, duplicates 0, unusable 0); "
        f"wrote {passport}"
    )


def test_a_second_import_changes_nothing(cli, passport: Path) -> None:
    assert cli("corpus", "import", BIBLATEX, "--passport", passport).code == 1  # 2 unusable
    written = passport.read_bytes()
    again = cli("corpus", "import", BIBLATEX, "--passport", passport)
    assert again.code == 1
    assert passport.read_bytes() == written
    assert again.out.splitlines()[-1] == (
        "imported 0, already present 12, skipped 2 (conflicts 0, duplicates 0, unusable 2); "
        f"{passport} unchanged"
    )
    assert len(schema_clean(passport)) == 13


@pytest.mark.parametrize(
    ("text", "expected_start"),
    [
        ("literature_corpus:\n- citation_key: a\n  title: A\n", "- citation_key: crlf2019\n"),
        ("literature_corpus: []  # none yet\n", "literature_corpus: # none yet\n  - citation"),
        ("session_id: s\n", "session_id: s\nliterature_corpus:\n  - citation_key: crlf2019"),
        ("# a list passport\n- citation_key: a\n  title: A\n", "- citation_key: crlf2019\n"),
        ("", "literature_corpus:\n  - citation_key: crlf2019\n"),
    ],
    ids=["dash-at-column-0", "empty-flow-list", "no-list-yet", "bare-list", "empty-file"],
)
def test_list_layouts(cli, tmp_path: Path, text: str, expected_start: str) -> None:
    path = tmp_path / "passport.yaml"
    entry = "  authors: [{family: A}]\n  year: 2001\n  source_pointer: p\n"
    path.write_text(text + (entry if "citation_key: a" in text else ""), encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    assert cli("corpus", "import", CRLF_BIB, "--passport", path).code == 0
    after = path.read_text(encoding="utf-8")
    if "citation_key: a" in text:
        assert after.startswith(before)
        assert after[len(before) :].startswith(expected_start)
    else:
        assert after.startswith(expected_start)
    assert schema_clean(path)[-2:] == ["crlf2019", "crlfbook2018"]


def test_json_passports_keep_their_indentation(cli, tmp_path: Path) -> None:
    mapping = tmp_path / "passport.json"
    old = {"citation_key": "a", "title": "Ä", "authors": [{"family": "A"}], "year": 1,
           "source_pointer": "p"}  # fmt: skip
    data = {"session_id": "s", "literature_corpus": [old]}
    mapping.write_text(json.dumps(data, indent=4, ensure_ascii=False) + "\n", encoding="utf-8")
    assert cli("corpus", "import", CRLF_BIB, "--passport", mapping).code == 0
    text = mapping.read_text(encoding="utf-8")
    assert text.startswith('{\n    "session_id": "s",\n    "literature_corpus": [\n        {')
    assert text.endswith("}\n") and '"Å' in text  # non-ASCII kept as written
    assert json.loads(text)["literature_corpus"][0] == old
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps([old], indent=2))
    assert cli("corpus", "import", CRLF_BIB, "--passport", listed).code == 0
    assert [e["citation_key"] for e in json.loads(listed.read_text())] == [
        "a",
        "crlf2019",
        "crlfbook2018",
    ]
    assert not listed.read_text().endswith("\n")
    assert schema_clean(listed) == ["a", "crlf2019", "crlfbook2018"]


def test_a_folder_passport_gets_one_new_file_per_entry(cli, tmp_path: Path) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "old.yaml").write_text(
        "citation_key: old\ntitle: Old\nauthors: [{family: O}]\nyear: 1\nsource_pointer: p\n"
    )
    (folder / "crlf2019.yaml").write_text(
        "citation_key: taken\ntitle: T\nauthors: [{family: T}]\nyear: 2\nsource_pointer: p\n"
    )
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    result = cli("corpus", "import", CRLF_BIB, "--passport", folder)
    assert result.code == 0, result.err
    assert sorted(path.name for path in folder.iterdir()) == [
        "crlf2019.yaml", "crlf2019_2.yaml", "crlfbook2018.yaml", "old.yaml",
    ]  # fmt: skip
    assert {name: (folder / name).read_bytes() for name in before} == before
    assert (folder / "crlf2019_2.yaml").read_text().startswith("citation_key: crlf2019\n")
    assert sorted(schema_clean(folder)) == ["crlf2019", "crlfbook2018", "old", "taken"]
    assert result.out.splitlines()[-1].endswith(f"wrote 2 new entry file(s) in {folder}")
    assert cli("corpus", "import", CRLF_BIB, "--passport", folder).code == 0
    assert len(list(folder.iterdir())) == 4  # already present: nothing new


def test_keys_with_slashes_become_file_names_in_a_folder(cli, tmp_path: Path) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    ris = tmp_path / "r.ris"
    ris.write_text("TY  - JOUR\nID  - doi:10.1/x\nAU  - A, B\nTI  - T\nPY  - 2000\nER  - \n")
    assert cli("corpus", "import", ris, "--passport", folder).code == 0
    assert [path.name for path in folder.iterdir()] == ["doi_10.1_x.yaml"]
    assert schema_clean(folder) == ["doi:10.1/x"]


@pytest.mark.parametrize("name", ["new.yaml", "new.json"])
def test_a_missing_passport_is_created(cli, tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    result = cli("corpus", "import", CRLF_BIB, "--passport", path)
    assert result.code == 0, result.err
    assert result.out.rstrip().endswith(f"wrote {path} (a new passport)")
    assert schema_clean(path) == ["crlf2019", "crlfbook2018"]
    if name.endswith(".json"):
        assert list(json.loads(path.read_text())) == ["literature_corpus"]
    else:
        assert path.read_text().startswith("literature_corpus:\n  - citation_key: crlf2019\n")


def test_dry_run_writes_nothing(cli, passport: Path, tmp_path: Path) -> None:
    before = passport.read_bytes()
    result = cli("corpus", "import", CRLF_BIB, "--passport", passport, "--dry-run")
    assert result.code == 0
    assert passport.read_bytes() == before
    assert result.out.splitlines()[-1].endswith(f"; would write {passport}")
    new = tmp_path / "none.yaml"
    assert cli("corpus", "import", CRLF_BIB, "--passport", new, "--dry-run").code == 0
    assert not new.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["passport.yaml"]


def test_the_passport_is_parsed_a_constant_number_of_times(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def counting(module: object) -> None:
        original = module.parse_yaml  # type: ignore[attr-defined]

        def parse(text: str, *args: object, **kwargs: object) -> object:
            calls.append(len(text))
            return original(text, *args, **kwargs)

        monkeypatch.setattr(module, "parse_yaml", parse)

    counting(passport_module)
    counting(yaml_append)
    counts = []
    for size in (1, 300):
        calls.clear()
        ris = tmp_path / f"r{size}.ris"
        ris.write_text(
            "".join(
                f"TY  - JOUR\nID  - k{i}\nAU  - A, B\nTI  - Title {i}\nPY  - 2000\nER  - \n"
                for i in range(size)
            )
        )
        path = tmp_path / f"p{size}.yaml"
        path.write_text("literature_corpus:\n")
        assert cli("corpus", "import", ris, "--passport", path).code == 0
        counts.append(len(calls))
    assert counts[0] == counts[1] == 2  # the passport before, the result after


def test_ten_thousand_entries_import_in_seconds(cli, tmp_path: Path) -> None:
    items = [
        {"id": f"k{i}", "type": "article-journal", "title": f"Title number {i}",
         "author": [{"family": "Müller", "given": "H."}, {"literal": "ACME"}],
         "issued": {"date-parts": [[2000 + i % 20]]}, "DOI": f"10.1000/{i}"}
        for i in range(10_000)
    ]  # fmt: skip
    export = tmp_path / "big.json"
    export.write_text(json.dumps(items))
    path = tmp_path / "passport.yaml"
    path.write_text("# big\nliterature_corpus:\n")
    assert cli("corpus", "import", export, "--passport", path, "-q").code == 0
    assert len(load_corpus(path, use_cache=False)) == 10_000


# -- the CLI as a real process --------------------------------------------------------------


def run_cli(
    *args: str | Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ars_docs", *map(str, args)],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        check=False,
    )


def test_subprocess_import_with_the_environment_passport(tmp_path: Path) -> None:
    path = tmp_path / "passport.yaml"
    done = run_cli("corpus", "import", ZOTERO, "--format", "json", env={"ARS_PASSPORT": str(path)})
    assert done.returncode == 1, done.stderr  # two items are unusable
    report = json.loads(done.stdout)
    assert list(report) == ["summary", "entries", "next", "diagnostics"]  # docs/json.md
    assert report["summary"]["imported"] == 6
    assert report["summary"]["written"] == [str(path)]
    assert schema_clean(path)[0] == "smith2024"


def test_subprocess_errors_are_one_line_without_traceback(tmp_path: Path) -> None:
    path = tmp_path / "passport.yaml"
    missing = run_cli("corpus", "import", tmp_path / "nope.bib", "--passport", path)
    assert missing.returncode == 66
    assert missing.stderr == (
        f"ars-docs: error: {tmp_path / 'nope.bib'}: bibliography not found; check the file name\n"
    )
    bad = tmp_path / "bad.json"
    bad.write_text("[\n  {,}\n]\n")
    broken = run_cli("corpus", "import", bad, "--passport", path)
    assert broken.returncode == 65
    assert broken.stderr.startswith(f"ars-docs: error: {bad}:2:4: not valid JSON")
    assert "Traceback" not in broken.stderr and broken.stderr.count("\n") == 1
    assert not path.exists()
