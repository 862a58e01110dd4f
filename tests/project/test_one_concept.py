"""One definition of each concept (issue 34): identifiers and text folds live in ``works/``.

Seven DOI readers and six Unicode folds had grown in the package, and they
disagreed (retrieve missed ``https://www.doi.org/…`` that lookup found; ø was
``o`` in one fold and ``oe`` in another). This test reads every module outside
``ars_docs/works/`` and fails when one reads an identifier or folds text itself:

* a DOI, arXiv or ISBN pattern (``10\\.\\d``, ``doi\\.org``, ``arxiv\\.org/``,
  ``\\d{4}\\.\\d{4``, ``\\d{9}[\\dX]``) in a string, or a DOI resolver prefix
  stripped by hand (``"https://doi.org/"``);
* NFKD/NFD decomposition or ``unicodedata.combining`` (accent stripping), a
  ``str.maketrans`` table of special letters (ß, ø), or its own set of
  invisible characters (soft hyphen with zero-width space).

The exceptions below are listed with why; an exception that no longer trips
the rule fails too, so the list stays true.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from ars_docs.document.parse import visible
from ars_docs.works import fold, identifiers
from tests.support.layout import REPO

PACKAGE = REPO / "ars_docs"
WORKS = PACKAGE / "works"

IDENTIFIER_PATTERNS = [
    re.compile(r"10\\\.\\d"),  # a DOI's registrant prefix: 10\.\d{4,9}
    re.compile(r"doi\\\.org"),
    re.compile(r"arxiv\\\.org/", re.IGNORECASE),
    re.compile(r"\\d\{4\}\\\.\\d\{4"),  # a new-style arXiv id
    re.compile(r"\\d\{9\}\[\\dX\]|97\[89\]"),  # an ISBN
]
RESOLVER_PREFIXES = ("https://doi.org/", "http://dx.doi.org/", "doi:")
SPECIAL_LETTERS = ("ø", "ß", "ł")
INVISIBLE_PAIR = ("\u00ad", "\u200b")

ALLOWED: dict[tuple[str, str], str] = {
    ("lookup/entry/caveats.py", "identifier pattern"): (
        "not a reading of an identifier: lookup's guess whether a value it could not read "
        "was meant as one (four digits, '10.' …) for the caveat it prints; never yields an id"
    ),
}
# document/parse/visible.py is a different concept (what a reader cannot see, for marker
# and warning matching: Default_Ignorable ranges, NFKC look-alikes) and trips no rule; the
# last test checks that what works.fold drops inside words is among what it calls unseen.


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if WORKS not in p.parents)


def _strings(tree: ast.AST) -> list[str]:
    return [
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _identifier_findings(tree: ast.AST) -> list[str]:
    found = []
    for text in _strings(tree):
        if any(p.search(text) for p in IDENTIFIER_PATTERNS):
            found.append(f"identifier pattern {text[:60]!r}")
        elif text in RESOLVER_PREFIXES[:2] or ("doi.org/" in text and " " not in text):
            found.append(f"identifier pattern: a resolver prefix {text!r}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _call_name(node).split(".")[-1] in (
            "removeprefix",
            "startswith",
        ):
            for arg in node.args:
                if isinstance(arg, ast.Constant) and arg.value in RESOLVER_PREFIXES:
                    found.append(f"identifier pattern: strips {arg.value!r} by hand")
    return found


def _fold_findings(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        if name == "unicodedata.combining":
            found.append("fold: strips combining marks")
        if name == "unicodedata.normalize" and node.args:
            form = node.args[0]
            if isinstance(form, ast.Constant) and form.value in ("NFKD", "NFD"):
                found.append(f"fold: {form.value} decomposition")
        if name == "str.maketrans":
            table = ast.unparse(node)
            if any(letter in table for letter in SPECIAL_LETTERS):
                found.append("fold: its own table of special letters")
    for text in _strings(tree):
        if all(char in text for char in INVISIBLE_PAIR):
            found.append("fold: its own set of invisible characters")
    return found


def _findings() -> dict[tuple[str, str], list[str]]:
    by_module: dict[tuple[str, str], list[str]] = {}
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(PACKAGE))
        for kind, found in (
            ("identifier pattern", _identifier_findings(tree)),
            ("fold", _fold_findings(tree)),
        ):
            if found:
                by_module[(where, kind)] = found
    return by_module


def test_no_module_outside_works_reads_an_identifier_or_folds_text() -> None:
    unexpected = {key: found for key, found in _findings().items() if key not in ALLOWED}
    assert not unexpected, "\n".join(
        f"{where}: {'; '.join(found)} — use ars_docs.works.identifiers / works.fold"
        for (where, _kind), found in unexpected.items()
    )


def test_every_allowed_exception_still_needs_its_place() -> None:
    findings = _findings()
    stale = [key for key in ALLOWED if key not in findings]
    assert not stale, f"no longer needed, remove from ALLOWED: {stale}"


@pytest.mark.parametrize(
    "source",
    [
        '_DOI = re.compile(r"10\\.\\d{4,9}/\\S+")\n',
        'x = value.removeprefix("https://doi.org/")\n',
        'x = value.lower().removeprefix("doi:")\n',
        'x = _strip(value, "https://doi.org/")\n',
        'x = next(link for link in links if "doi.org/" in link)\n',
        'x = "".join(c for c in s if not unicodedata.combining(c))\n',
        'x = unicodedata.normalize("NFKD", s)\n',
        'T = str.maketrans({"ø": "oe"})\n',
        '_INVISIBLE = "[\\u00ad\\u200b]"\n',
        '_ISBN = re.compile(r"\\d{9}[\\dX]")\n',
    ],
)
def test_the_rule_sees_a_second_copy(source: str) -> None:
    tree = ast.parse(source)
    assert _identifier_findings(tree) or _fold_findings(tree)


def test_a_plain_nfkc_or_casefold_is_not_a_fold() -> None:
    """NFKC reading and ``str.casefold`` are how Python compares text, not our fold."""
    tree = ast.parse('x = unicodedata.normalize("NFKC", s).casefold()\n')
    assert not _fold_findings(tree) and not _identifier_findings(tree)


def test_the_folds_invisible_characters_are_invisible_to_a_reader() -> None:
    """works.fold drops inside words only characters document/parse/visible.py also
    treats as unseen: the two sets cannot drift apart."""
    for char in fold.INVISIBLE:
        assert visible.fold(f"a{char}b") == "ab", f"U+{ord(char):04X}"


def test_works_is_where_they_are() -> None:
    assert identifiers.normal_doi("https://www.doi.org/10.1000/abc") == "10.1000/abc"
    assert fold.fold("Bjørn") == "bjorn"
