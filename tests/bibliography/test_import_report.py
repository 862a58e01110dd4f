"""``corpus import``: the duplicate rules and the report (text capped, summary last; JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.layout import TESTS

DATA = TESTS / "data" / "bibliographies"
CRLF_BIB = DATA / "windows_crlf.bib"
BIBLATEX = DATA / "biblatex_mixed.bib"
RIS = DATA / "endnote_bom_crlf.ris"


def passport_with(tmp_path: Path, *entries: str) -> Path:
    path = tmp_path / "passport.yaml"
    path.write_text("# p\nliterature_corpus:\n" + "".join(entries), encoding="utf-8")
    return path


def entry(key: str, title: str, family: str, year: object, **extra: object) -> str:
    lines = [
        f"  - citation_key: {key}",
        f"    title: {json.dumps(title, ensure_ascii=False)}",
        f"    authors: [{{family: {json.dumps(family, ensure_ascii=False)}}}]",
        f"    year: {year}",
        "    source_pointer: shelf",
        *(f"    {name}: {json.dumps(value)}" for name, value in extra.items()),
    ]
    return "\n".join(lines) + "\n"


def outcomes(cli: Any, *argv: object) -> tuple[int, dict[str, dict[str, Any]]]:
    result = cli("corpus", "import", *argv, "--format", "json")
    report = json.loads(result.out)
    return result.code, {f"{e['key']}@{e['line']}": e for e in report["entries"]}


# -- duplicates -------------------------------------------------------------------------------


def test_same_key_same_work_is_already_present(cli, tmp_path: Path) -> None:
    # Written by hand: other case, punctuation and an integer-as-string year still match.
    hand = entry("crlf2019", "Weapons of Math Destruction.", "O'Neil", '"2019"')
    hand = hand.replace('[{family: "O\'Neil"}]', '[{family: "O\'Neil"}, {family: Astrom}]')
    path = passport_with(tmp_path, hand)
    before = path.read_bytes()
    code, found = outcomes(cli, CRLF_BIB, "--passport", path)
    assert code == 0
    assert found["crlf2019@2"]["outcome"] == "already_present"
    assert found["crlf2019@2"]["detail"] == f"the same entry is at {path}:3"
    assert found["crlfbook2018@10"]["outcome"] == "imported"
    assert path.read_bytes().startswith(before)


def test_same_key_other_work_is_a_conflict(cli, tmp_path: Path) -> None:
    path = passport_with(tmp_path, entry("crlf2019", "Something else", "O'Neil", 2018))
    code, found = outcomes(cli, CRLF_BIB, "--passport", path)
    assert code == 1
    conflict = found["crlf2019@2"]
    assert conflict["outcome"] == "conflict"
    assert conflict["detail"].startswith(
        f"{path}:3 has key 'crlf2019' with another title, authors, year; rename the key"
    )
    assert found["crlfbook2018@10"]["outcome"] == "imported"  # the rest is still imported
    assert path.read_text().count("citation_key: crlf2019") == 1


@pytest.mark.parametrize(
    ("extra", "key", "expected"),
    [
        ({"doi": "https://doi.org/10.1000/crlf.1"}, "crlf2019@2", "same DOI 10.1000/crlf.1 as"),
        ({"arxiv_id": "arXiv:1706.03762v2"}, "vaswani2017@21", "same arXiv id 1706.03762 as"),
        ({"pmid": 30685456}, "garcia2019@1", "same PubMed id 30685456 as"),
    ],
)
def test_same_identifier_under_another_key_is_a_duplicate(
    cli, tmp_path: Path, extra: dict[str, Any], key: str, expected: str
) -> None:
    path = passport_with(tmp_path, entry("mine", "My own title", "Me", 2000, **extra))
    source = {"crlf2019@2": CRLF_BIB, "vaswani2017@21": BIBLATEX, "garcia2019@1": RIS}[key]
    code, found = outcomes(cli, source, "--passport", path)
    assert code == 1
    assert found[key]["outcome"] == "duplicate"
    assert found[key]["detail"] == f"{expected} 'mine' ({path}:3)"
    assert key.split("@")[0] not in path.read_text()


def test_duplicate_of_an_entry_imported_earlier_in_the_run(cli, tmp_path: Path) -> None:
    other = tmp_path / "other.bib"
    other.write_text(
        "@article{copy2019, author={Else, Someone}, title={A reprint},\n"
        "  year={2020}, doi={10.1000/CRLF.1}}\n"
    )
    path = tmp_path / "passport.yaml"
    code, found = outcomes(cli, CRLF_BIB, other, "--passport", path)
    assert code == 1
    assert found["copy2019@1"]["outcome"] == "duplicate"
    assert found["copy2019@1"]["detail"] == f"same DOI 10.1000/crlf.1 as 'crlf2019' ({CRLF_BIB}:2)"


def test_same_key_twice_in_one_file_skips_the_second(cli, tmp_path: Path) -> None:
    ris = tmp_path / "twice.ris"
    record = "TY  - JOUR\nID  - k1\nAU  - A, B\nTI  - {title}\nPY  - 2000\nER  - \n"
    ris.write_text(record.format(title="First") + record.format(title="Second"))
    code, found = outcomes(cli, ris, "--passport", tmp_path / "p.yaml")
    assert code == 1
    assert found["k1@1"]["outcome"] == "imported"
    assert found["k1@7"]["outcome"] == "duplicate"
    assert found["k1@7"]["detail"] == "key 'k1' appears again in this file (first at line 1)"


def test_the_same_entry_in_two_files_is_already_present(cli, tmp_path: Path) -> None:
    copy = tmp_path / "copy.bib"
    copy.write_bytes(CRLF_BIB.read_bytes())
    result = cli(
        "corpus", "import", CRLF_BIB, copy, "--passport", tmp_path / "p.yaml", "--format", "json"
    )
    assert result.code == 0
    found = [(e["file"], e["outcome"]) for e in json.loads(result.out)["entries"]]
    assert found == [
        (str(CRLF_BIB), "imported"), (str(CRLF_BIB), "imported"),
        (str(copy), "already_present"), (str(copy), "already_present"),
    ]  # fmt: skip


def test_near_duplicates_are_imported_and_reported(cli, tmp_path: Path) -> None:
    path = passport_with(tmp_path, entry("mine", "Weapons of math destruction", "Other", 2019))
    code, found = outcomes(cli, CRLF_BIB, "--passport", path)
    assert code == 0
    assert found["crlf2019@2"]["outcome"] == "imported"
    assert found["crlf2019@2"]["warnings"] == [
        f"near-duplicate of 'mine' ({path}:3): same title and year; imported anyway"
    ]


def test_generated_keys_step_past_other_works_and_stay_idempotent(cli, tmp_path: Path) -> None:
    path = passport_with(tmp_path, entry("nguyen2015chapter", "Not this one", "Nguyen", 2015))
    code, found = outcomes(cli, RIS, "--passport", path)
    assert code == 1  # one record has no title
    assert found["nguyen2015chapterb@20"]["outcome"] == "imported"
    written = path.read_bytes()
    code, again = outcomes(cli, RIS, "--passport", path)
    assert again["nguyen2015chapterb@20"]["outcome"] == "already_present"
    assert path.read_bytes() == written


# -- the report -------------------------------------------------------------------------------


def test_json_report_shape(cli, tmp_path: Path) -> None:
    result = cli(
        "corpus", "import", BIBLATEX, "--passport", tmp_path / "p.yaml", "--format", "json"
    )
    report = json.loads(result.out)
    assert next(iter(report)) == "summary"
    summary = report["summary"]
    assert (summary["imported"], summary["skipped"], summary["unusable"]) == (12, 2, 2)
    assert summary["written"] == [str(tmp_path / "p.yaml")] and summary["would_write"] == []
    first = report["entries"][0]
    assert {k: first[k] for k in ("key", "original_key", "line", "outcome")} == {
        "key": "Muller2020", "original_key": "Müller2020", "line": 10, "outcome": "imported",
    }  # fmt: skip
    assert set(first) >= {"key", "original_key", "line", "outcome", "detail"}
    unusable = [e for e in report["entries"] if e["outcome"] == "unusable"]
    assert [(e["key"], e["line"]) for e in unusable] == [("notitle2020", 93), ("noauthor2020", 98)]


def many_unusable(tmp_path: Path, count: int) -> Path:
    bib = tmp_path / "many.bib"
    bib.write_text("".join(f"@article{{k{i}, year={{2000}}}}\n" for i in range(count)))
    return bib


def test_text_report_is_capped_and_the_summary_comes_last(cli, tmp_path: Path) -> None:
    bib = many_unusable(tmp_path, 25)
    path = tmp_path / "p.yaml"
    normal = cli("corpus", "import", bib, "--passport", path)
    lines = normal.out.splitlines()
    assert normal.code == 1
    assert lines[0] == "skipped (25):"
    assert lines[21] == "  … and 5 more (--verbose)"
    assert lines[-1] == (
        "imported 0, already present 0, skipped 25 (conflicts 0, duplicates 0, unusable 25); "
        f"{path} unchanged"
    )
    verbose = cli("corpus", "import", bib, "--passport", path, "-v").out.splitlines()
    assert len(verbose) == 27 and verbose[25].startswith(f"  {bib}:25: unusable k24: no title")
    quiet = cli("corpus", "import", bib, "--passport", path, "-q").out.splitlines()
    assert quiet == [lines[-1]]
    assert not path.exists()
