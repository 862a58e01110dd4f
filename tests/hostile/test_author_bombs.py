"""Dense author–date look-alikes stay cheap (issue 36): a 1 MB draft of nothing but
upper-case names in groups, unclosed quoted titles, group names before years, undated
items or a reprint's two years, run through ``finalize`` as a real process, within the
bomb bounds (a surname splits one way only; the patterns of capitals, quoted titles
and ``Group (year)`` are bounded, and each is tried only inside a group or just before
a year).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.hostile import ars, make_session

SIZE = 1_000_000
BOMBS = {
    "capitals in a group": "(TAN, LEE, KIM and PARK et al. 2014 x) ",
    "capitals without a year": "(ABCDEFGHIJ KLMNOPQRST UVWXYZABCD EFGHIJKLMN) ",
    "unclosed quotes in a group": '("a "b "c "d 2019 ',
    "quotes across a long group": '("' + "word " * 50 + "2019) ",
    "group names": "PRISM Climate Group Group Group Group (2004) ",
    "undated items": "(Smith n.d.; Müller o. J.; Dupont s. d.; X no date) ",
    "reprint years": "(Kant [1781] 1998; Weber 1922/2002) ",
    "disambiguated names": "(Muenchow, Bräuning, Hauenstein, Brenning, Smith, et al. 2013) ",
    # a comma list of names that never becomes a citation: on main (a surname read
    # eight ways) 35 s per 100 KB in a group and 107 s per 100 KB before ``(year)``
    "names without and": "(Muenchow, Bräuning, Hauenstein, Brenning, Smith, Meyer 2013) ",
    "names before a failed year": "Muenchow, Bräuning, Hauenstein, Brenning, Smith, et (2013) ",
    "not et al.": "(Muenchow, Bräuning, Hauenstein, Brenning, Smith, et alii 2013) ",
}


@pytest.mark.parametrize("unit", BOMBS.values(), ids=list(BOMBS))
def test_dense_author_forms_stay_within_the_bomb_bounds(tmp_path: Path, unit: str) -> None:
    session = make_session(tmp_path)
    (session / "draft.md").write_text(unit * (SIZE // len(unit)) + "\n", encoding="utf-8")
    run = ars(session, "finalize", "draft.md", "--passport", "passport.yaml", "-o", "out.md")
    assert run.code in (0, 1), run.err[-2000:]
    assert "Traceback" not in run.err
    print(f"{unit!r}: {run.seconds:.2f} s, {run.peak_bytes / 2**20:.0f} MB")
    run.within_bomb_bounds()
