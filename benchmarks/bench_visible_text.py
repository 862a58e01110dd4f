"""Score the strict gate on the held-out look-alike and invisible variants (issue 33).

Each line of ``tests/data/visible_text_heldout.txt`` (``R`` must be refused,
``-`` must pass) becomes the third line of a draft that cites a verified source
on its first line; the strict gate (``api.gate``) and finalize's forecast
(``api.finalize``: an ARS001, ARS002 or ARS011 on that line or after it) are run
on it,
and precision and recall are printed per ``# [tag]`` section and in total, with
every miss. ``--root DIR`` imports ars-docs from another tree (e.g. ``git
archive REV | tar -x -C DIR``) to score an older gate on the same lines.

    PYTHONPATH=. python benchmarks/bench_visible_text.py [--root DIR]

It is a measurement: it exits 0 whatever the numbers, 66 when the set is missing.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "tests" / "data" / "visible_text_heldout.txt"
FIRST = "A (2020) <!--ref:ok2020 ok--> holds.\n\n"
_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})|\\n")


def unescape(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        code = match.group(1) or match.group(2)
        return chr(int(code, 16)) if code else "\n"

    return _ESCAPE.sub(one, text)


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, label: bool, said: bool, line: str) -> None:
        if label and said:
            self.tp += 1
        elif label:
            self.fn += 1
            self.misses.append(f"missed   {line}")
        elif said:
            self.fp += 1
            self.misses.append(f"refused  {line}")
        else:
            self.tn += 1

    def text(self) -> str:
        precision = self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0
        recall = self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0
        return (
            f"tp {self.tp:3} fp {self.fp:3} fn {self.fn:3} tn {self.tn:3}  "
            f"precision {precision:.3f} recall {recall:.3f}"
        )


def read_set(path: Path) -> list[tuple[str, bool, str]]:
    cases: list[tuple[str, bool, str]] = []
    tag = "untagged"
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.startswith("# ["):
            tag = raw[3 : raw.index("]")]
            continue
        if not raw.strip() or raw.startswith("#"):
            continue
        label, _, text = raw.partition("\t")
        if label not in ("R", "-") or not text:
            raise SystemExit(f"{path}: not LABEL<TAB>TEXT: {raw!r}")
        cases.append((tag, label == "R", text))
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", help="import ars_docs from this tree instead")
    parser.add_argument("--set", default=str(SET), help="the labelled set")
    args = parser.parse_args(argv)
    path = Path(args.set)
    if not path.is_file():
        print(f"{path}: no such file; no numbers", file=sys.stderr)
        return 66
    sys.path.insert(0, str(Path(args.root).resolve()) if args.root else str(ROOT))
    from ars_docs.commands import drafts as api
    from ars_docs.session.corpus import corpus_from_data
    from ars_docs.session.readlog import read_log_from_data

    entry = {
        "citation_key": "ok2020",
        "title": "T",
        "authors": [{"family": "A"}],
        "year": 2020,
        "source_pointer": "s/ok2020.pdf",
        "source_acquired": True,
        "source_verified_against_original": True,
        "source_verification_method": "codex_audit",
        "description_last_audit": "round_1",
    }
    corpus = corpus_from_data({"literature_corpus": [entry]})
    log = read_log_from_data(
        {"human_read": [{"citation_key": "ok2020", "marked_at": "2026-01-01T00:00:00Z"}]}
    )
    gate: dict[str, Score] = {}
    forecast: dict[str, Score] = {}
    for tag, label, text in read_set(path):
        draft = FIRST + unescape(text) + "\n"
        refused = not api.gate(draft, corpus, log, path="d.md").passed
        result = api.finalize(draft, corpus, log, path="d.md")
        # A malformed marker (ARS001) is finalize saying it too: the gate refuses it.
        reported = ("ARS001", "ARS002", "ARS011")
        said = any(d.code in reported and d.line >= 3 for d in result.diagnostics)
        gate.setdefault(tag, Score()).add(label, refused, text)
        forecast.setdefault(tag, Score()).add(label, said, text)
    import ars_docs

    print(f"{path.name}: ars_docs from {Path(ars_docs.__file__).parent}")
    for name, scores in (("render --strict", gate), ("finalize ARS001/2/11", forecast)):
        total = Score()
        print(f"\n{name}")
        for tag, score in scores.items():
            print(f"  {tag:12} {score.text()}")
            for field_name in ("tp", "fp", "fn", "tn"):
                setattr(total, field_name, getattr(total, field_name) + getattr(score, field_name))
            total.misses += score.misses
        print(f"  {'all':12} {total.text()}")
        for miss in total.misses:
            print(f"    {miss}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
