"""Dense numeric and superscript look-alikes stay cheap (issue 36): a 1 MB draft of
nothing but escaped brackets, pandoc superscripts, ``[n]:`` on one long line or
unfinished locators, run through ``finalize`` as a real process, within the bomb bounds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.hostile import ars, make_session

SIZE = 1_000_000
BOMBS = {
    # one line: the link-definition test must not look back to the line's start each time
    "colons on one line": "see [1]: ",
    "escaped citations": "tool \\[1\\] ",
    "superscripts after words": "word^1^ ",
    "exponents": "x^2^ 10^6^ ",
    "unfinished locators": "see [1, Ch. 1 2 3 ",
    "escaped indices": "a\\[1\\]\\[2\\] ",
}


@pytest.mark.parametrize("unit", BOMBS.values(), ids=list(BOMBS))
def test_dense_numeric_forms_stay_within_the_bomb_bounds(tmp_path: Path, unit: str) -> None:
    session = make_session(tmp_path)
    (session / "draft.md").write_text(unit * (SIZE // len(unit)) + "\n", encoding="utf-8")
    run = ars(session, "finalize", "draft.md", "--passport", "passport.yaml", "-o", "out.md")
    assert run.code in (0, 1), run.err[-2000:]
    assert "Traceback" not in run.err
    run.within_bomb_bounds()
