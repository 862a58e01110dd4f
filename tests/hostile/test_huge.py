"""Large drafts stay within the stated memory bound (issue 16, "huge drafts").

``core.limits.MEMORY_BOUNDS`` states the bound as a multiple of the draft size plus
a base; this runs each command in its own process on a 5 MB draft and
compares the child's peak resident memory with it. Larger drafts are measured
by ``benchmarks/bench_hostile_inputs.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ars_docs.core.limits import MEMORY_BOUND_ANY, MEMORY_BOUNDS
from tests.support.hostile import MB, ars, make_session

DRAFT_BYTES = 5_000_000


def large_draft(session: Path) -> int:
    """Prose with a marker every ~90 bytes, a heading every 20 paragraphs, some
    non-ASCII and CRLF-free Markdown; returns its size in bytes."""
    para = (
        "Results from the cohort — größer than expected <!--ref:ok2020--> and a "
        "second claim that still needs its source <!--ref:high2020-->. "
    ) * 3
    parts = ["# Large draft\n\n"]
    size = len(parts[0])
    number = 0
    while size < DRAFT_BYTES:
        number += 1
        block = f"## Section {number}\n\n" if number % 20 == 0 else para + "\n\n"
        parts.append(block)
        size += len(block.encode("utf-8"))
    text = "".join(parts)
    (session / "draft.md").write_text(text, encoding="utf-8")
    return len(text.encode("utf-8"))


# render to markdown lies between these two; the benchmark measures all three.
CASES = [
    ("finalize", ("finalize", "draft.md", "--passport", "passport.yaml", "-o", "out.md")),
    ("render-html", ("render", "draft.md", "--to", "html", "-o", "out.html")),
]


@pytest.mark.parametrize(("bound", "argv"), CASES, ids=[c[0] for c in CASES])
def test_peak_memory_is_within_the_stated_bound(
    tmp_path: Path, bound: str, argv: tuple[str, ...]
) -> None:
    session = make_session(tmp_path)
    size = large_draft(session)
    run = ars(session, *argv, timeout=300)
    assert run.code == 0, run.err
    factor, base = MEMORY_BOUNDS[bound]
    limit = factor * size + base
    assert run.peak_bytes <= limit, (
        f"{bound}: peak {run.peak_bytes / MB:.0f} MB > {factor} × {size / MB:.1f} MB + "
        f"{base / MB:.0f} MB = {limit / MB:.0f} MB"
    )
    written = session / argv[argv.index("-o") + 1]
    assert written.stat().st_size > size // 2


def test_dense_markup_is_within_the_general_bound(tmp_path: Path) -> None:
    """The worst case per byte: nothing but short inline constructs and markers
    (a token every few bytes). HTML rendering is the most expensive command."""
    session = make_session(tmp_path)
    text = "*a* _b_ `c` [d](e) <!--ref:ok2020-->\n" * 14_000
    (session / "draft.md").write_text(text, encoding="utf-8")
    run = ars(session, "render", "draft.md", "--to", "html", "-o", "out.html", timeout=300)
    assert run.code == 0, run.err
    factor, base = MEMORY_BOUND_ANY
    size = len(text.encode("utf-8"))
    assert run.peak_bytes <= factor * size + base, run.peak_bytes / MB
