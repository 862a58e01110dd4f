"""Hostile bibliographies (issue 38 items 1, 8, 9): bounded, refused in one line, nothing written.

Each crafted file is given to ``corpus import`` and to ``lookup --bibliography``
(both read through ``bibliography.read``) as a real process under a memory and
CPU limit. A refused file ends with exit 65 and one line naming the file, the
entry or ``@string`` and the field; the passport, the caches (switched on for
these runs) and the rest of the folder are byte for byte what they were, and
no registry is asked. Every bound of ``bibliography.limits`` is tried at its
edge: the largest value it allows is read, one character (or join) more is
refused.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ars_docs.bibliography.limits import EXPANSION_CHARS, FIELD_CHARS, JOINS_PER_VALUE
from ars_docs.core.paths import READ_LIMITS
from tests.support.hostile import MB, Run, ars, make_session
from tests.support.scholarly_world import ScholarlyWorld

MEMORY = 1024 * MB  # RLIMIT_AS: a bomb that escapes its bound fails, not the machine
CPU = 60
AUTHOR = "author = {Smith, Jane}, year = 2020"


@pytest.fixture
def world() -> ScholarlyWorld:
    with ScholarlyWorld() as running:
        yield running


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (session folder, home, cache) and its bytes."""
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def run(tmp_path: Path, world: ScholarlyWorld, command: str, name: str) -> Run:
    """``command`` (``import`` or ``lookup``) on the bibliography ``name`` of the session."""
    session = tmp_path / "session"
    argv = (
        ("corpus", "import", name, "--passport", "passport.yaml")
        if command == "import"
        else ("lookup", "--bibliography", name, "--config", "ars-docs.toml")
    )
    return ars(
        session, *argv, timeout=60, memory_limit=MEMORY, cpu_limit=CPU,
        env={"ARS_DOCS_NO_CACHE": ""},
    )  # fmt: skip


def session_with(tmp_path: Path, world: ScholarlyWorld, name: str, text: str) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    session = make_session(tmp_path)
    world.write_config(session / "ars-docs.toml")
    (session / name).write_text(text, encoding="utf-8")
    return session


def refused(
    tmp_path: Path, world: ScholarlyWorld, command: str, name: str, text: str, message: str
) -> Run:
    """Run ``command`` on ``text``: exit 65, one line containing ``message``, nothing changed."""
    session_with(tmp_path, world, name, text)
    before, asked = snapshot(tmp_path), world.count()
    done = run(tmp_path, world, command, name)
    assert done.code == 65, done.err
    line = done.one_line_error()
    assert line.startswith(f"ars-docs: error: {name}:"), line
    assert message in line, line
    assert snapshot(tmp_path) == before
    assert world.count() == asked
    done.within_bomb_bounds()
    return done


def accepted(tmp_path: Path, world: ScholarlyWorld, command: str, name: str, text: str) -> Run:
    session_with(tmp_path, world, name, text)
    done = run(tmp_path, world, command, name)
    assert done.code in (0, 1), done.err  # lookup: 1 when an entry is not found
    assert "error:" not in done.err, done.err
    return done


COMMANDS = ["import", "lookup"]


def string_bomb(levels: int) -> str:
    """Each macro is the one before it twice: ``m{levels}`` asks for 2^levels × 10."""
    lines = ['@string{m0 = "0123456789"}']
    lines += [f"@string{{m{i} = m{i - 1} # m{i - 1}}}" for i in range(1, levels + 1)]
    lines.append(f"@article{{k, title = m{levels}, {AUTHOR}}}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_the_string_bomb_is_refused_at_the_level_that_crosses_the_field_cap(
    tmp_path: Path, world: ScholarlyWorld, command: str
) -> None:
    # 2^39 × 10 characters asked for; m17 is the first macro over 1 Mi characters.
    done = refused(
        tmp_path, world, command, "bomb.bib", string_bomb(39),
        "bomb.bib:18: @string m17 would be 1,310,720 characters long once its @string "
        "macros and # joins are expanded, more than the 1,048,576 characters",
    )  # fmt: skip
    assert done.peak_bytes < 200 * MB


@pytest.mark.parametrize("command", COMMANDS)
def test_many_joins_in_one_value_are_refused_before_they_are_joined(
    tmp_path: Path, world: ScholarlyWorld, command: str
) -> None:
    # 200,000 joins of a 1,000-character macro: an 800 KB file asking for a 200 MB title.
    text = '@string{m = "' + "x" * 1000 + '"}\n@article{k, ' + AUTHOR + ", title = "
    refused(
        tmp_path, world, command, "joins.bib", text + " # ".join(["m"] * 200_000) + "}\n",
        "joins.bib:2: entry 'k', field title has 199,999 # joins, more than the 1,000",
    )  # fmt: skip


def joined(joins: int) -> str:
    return f"@article{{k, {AUTHOR}, title = " + " # ".join(["{a}"] * (joins + 1)) + "}\n"


def test_joins_per_value_at_the_edge(tmp_path: Path, world: ScholarlyWorld) -> None:
    accepted(tmp_path / "under", world, "import", "j.bib", joined(JOINS_PER_VALUE))
    refused(
        tmp_path / "over", world, "import", "j.bib", joined(JOINS_PER_VALUE + 1),
        "field title has 1,001 # joins, more than the 1,000 ars-docs expands in one value",
    )  # fmt: skip


def doubled(extra: str) -> str:
    half = "x" * (FIELD_CHARS // 2)
    return f'@string{{half = "{half}"}}\n@article{{k, {AUTHOR}, title = half # half{extra}}}\n'


def test_an_expanded_field_at_the_edge(tmp_path: Path, world: ScholarlyWorld) -> None:
    done = accepted(tmp_path / "under", world, "import", "d.bib", doubled(""))
    passport = (tmp_path / "under" / "session" / "passport.yaml").read_text(encoding="utf-8")
    assert "x" * FIELD_CHARS in passport
    assert done.peak_bytes < 300 * MB
    refused(
        tmp_path / "over", world, "import", "d.bib", doubled(' # {y}'),
        "d.bib:2: entry 'k', field title would be 1,048,577 characters long once",
    )  # fmt: skip


def referenced(uses: int) -> str:
    """A macro of ``FIELD_CHARS`` characters named by ``uses`` entries (in a field
    ars-docs does not import, so the accepted file stays cheap to import)."""
    lines = [f'@string{{big = "{"x" * FIELD_CHARS}"}}']
    lines += [f"@misc{{k{i}, title = {{T{i}}}, {AUTHOR}, note = big}}" for i in range(uses)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_expansion_per_file_at_the_edge(
    tmp_path: Path, world: ScholarlyWorld, command: str
) -> None:
    # The definition counts once and every use again: 1 + 15 uses fill 16 Mi exactly.
    uses = EXPANSION_CHARS // FIELD_CHARS - 1
    accepted(tmp_path / "under", world, command, "r.bib", referenced(uses))
    refused(
        tmp_path / "over", world, command, "r.bib", referenced(uses + 1),
        f"r.bib:{uses + 2}: entry 'k{uses}', field note: the @string macros and # joins of "
        "this file expand to more than 16,777,216 characters in all",
    )  # fmt: skip


def bibtex_title(length: int) -> str:
    return f"@article{{k, {AUTHOR}, title = {{{'t' * length}}}}}\n"


def csl_title(length: int) -> str:
    return (
        '[{"id": "k", "type": "article-journal", "title": "' + "t" * length + '", '
        '"author": [{"family": "Smith", "given": "Jane"}], "issued": {"date-parts": [[2020]]}}]\n'
    )


def ris_title(length: int) -> str:
    """A title of ``length`` characters: a first line, then continuation lines."""
    first, rest = "t" * 99, length - 99
    lines = ["TY  - JOUR", "ID  - k", "AU  - Smith, Jane", "PY  - 2020", f"TI  - {first}"]
    lines += ["t" * 99] * (rest // 100)  # each joined with a space: 100 characters
    if rest % 100:
        lines.append("t" * (rest % 100 - 1))
    return "\n".join([*lines, "ER  - "]) + "\n"


FORMATS: list[tuple[str, Callable[[int], str], str]] = [
    ("t.bib", bibtex_title, "entry 'k', field title is"),
    ("t.json", csl_title, "entry 'k', field title is"),
    # RIS is refused at the line that crosses the cap, before the rest is read.
    ("t.ris", ris_title, "entry 'k', field TI is at least"),
]


@pytest.mark.parametrize(("name", "make", "what"), FORMATS, ids=["bibtex", "csl-json", "ris"])
def test_field_length_at_the_edge_in_every_format(
    tmp_path: Path, world: ScholarlyWorld, name: str, make: Callable[[int], str], what: str
) -> None:
    accepted(tmp_path / "under", world, "import", name, make(FIELD_CHARS))
    passport = (tmp_path / "under" / "session" / "passport.yaml").read_text(encoding="utf-8")
    assert len(passport) > FIELD_CHARS  # the title, imported (a RIS one with its spaces)
    refused(
        tmp_path / "over", world, "import", name, make(FIELD_CHARS + 1),
        f"{name}:1: {what} 1,048,577 characters long, more than the 1,048,576 characters "
        "ars-docs reads in one bibliography field; shorten or remove that field",
    )  # fmt: skip


def keyed(length: int) -> str:
    return f"@article{{{'k' * length}, title = {{T}}, {AUTHOR}}}\n"


def test_a_bibtex_key_is_held_to_the_field_cap(tmp_path: Path, world: ScholarlyWorld) -> None:
    accepted(tmp_path / "under", world, "import", "k.bib", keyed(FIELD_CHARS))
    refused(
        tmp_path / "over", world, "import", "k.bib", keyed(FIELD_CHARS + 1),
        "k.bib:1: the key of the entry is 1,048,577 characters long, more than the 1,048,576",
    )  # fmt: skip


@pytest.mark.parametrize(("name", "make", "what"), FORMATS, ids=["bibtex", "csl-json", "ris"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_20_mb_title_is_refused_at_about_the_file_size(
    tmp_path: Path,
    world: ScholarlyWorld,
    command: str,
    name: str,
    make: Callable[[int], str],
    what: str,
) -> None:
    size = 20_000_000
    done = refused(tmp_path, world, command, name, make(size), f"{what} ")
    assert ("1,048,599" if name.endswith(".ris") else "20,000,000 characters") in done.err
    assert done.peak_bytes < 10 * size + 50 * MB  # was ~19 × the title, imported in full


def continued(records: int, lines: int) -> str:
    """RIS records whose abstract (not imported) runs over ``lines`` continuation lines."""
    record = (
        "TY  - JOUR\nAU  - Smith, Jane\nPY  - 2020\nTI  - A title\nAB  - start\n"
        + "continued abstract line\n" * lines
        + "ER  - \n"
    )
    return "".join(record.replace("TI  - A title", f"TI  - Title {i}") for i in range(records))


@pytest.mark.parametrize("command", COMMANDS)
def test_500k_ris_continuation_lines_are_read_in_linear_time(
    tmp_path: Path, world: ScholarlyWorld, command: str
) -> None:
    # 100 records × 5,000 lines (12 MB): quadratic rebuilding took minutes for this.
    done = accepted(tmp_path, world, command, "long.ris", continued(100, 5_000))
    assert done.seconds < 20, done.seconds  # loose: a shared machine; about 2 s measured


def test_one_ris_value_of_500k_lines_under_the_cap(tmp_path: Path, world: ScholarlyWorld) -> None:
    text = "TY  - JOUR\nAU  - Smith, Jane\nPY  - 2020\nTI  - T\nAB  - a\n" + "b\n" * 500_000
    done = accepted(tmp_path, world, "import", "one.ris", text + "ER  - \n")
    assert done.seconds < 20, done.seconds


@pytest.mark.parametrize("command", COMMANDS)
def test_the_whole_file_cap_still_applies(
    tmp_path: Path, world: ScholarlyWorld, command: str
) -> None:
    cap = READ_LIMITS["bibliography"]
    assert cap == 256 * 2**20
    session = session_with(tmp_path / "over", world, "big.bib", "")
    with open(session / "big.bib", "r+b") as handle:  # sparse: no disk space used
        handle.truncate(cap + 1)
    before = snapshot(tmp_path / "over")
    done = run(tmp_path / "over", world, command, "big.bib")
    assert done.code == 65, done.err
    assert "big.bib: bibliography is larger than 256 MiB" in done.one_line_error()
    assert snapshot(tmp_path / "over") == before
    # At the cap the file is read: this one then fails on its first byte, not on its size.
    session = session_with(tmp_path / "at", world, "big.bib", "")
    with open(session / "big.bib", "r+b") as handle:
        handle.write(b"\xff")
        handle.truncate(cap)
    done = run(tmp_path / "at", world, command, "big.bib")
    assert done.code == 65, done.err
    assert "big.bib:1:1: not valid UTF-8 (byte 0xff)" in done.one_line_error()
