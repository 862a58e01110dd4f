"""The passport's ``audit_artifact[]`` ledger (Schema 9) and ``next_verified_at_ms`` (§5.4 D3)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ars_docs.audit.model.ledger import format_ms, load_audit_ledger, next_verified_at_ms, parse_ms
from ars_docs.core.clock import Clock
from ars_docs.core.errors import InputDataError, InputMissingError
from ars_docs.session.corpus import load_corpus
from tests.support.layout import FIXTURES

SPEC_PASSPORT = FIXTURES / "audit" / "spec_examples" / "s3_1_passport_entry.yaml"


def entry(verified_at: str) -> dict[str, object]:
    return {"verdict": {"verified_at": verified_at}}


NOW = datetime(2026, 4, 30, 15, 0, 0, 123456, tzinfo=timezone.utc)


def test_empty_ledger_gives_now_in_milliseconds() -> None:
    assert next_verified_at_ms([], NOW) == "2026-04-30T15:00:00.123Z"


def test_clock_behind_the_latest_entry_gives_latest_plus_one_ms() -> None:
    ledger = [entry("2026-04-30T16:00:00.999Z"), entry("2026-04-30T14:00:00.000Z")]
    assert next_verified_at_ms(ledger, NOW) == "2026-04-30T16:00:01.000Z"


def test_clock_ahead_gives_now() -> None:
    assert (
        next_verified_at_ms([entry("2026-04-30T14:00:00.000Z")], NOW) == "2026-04-30T15:00:00.123Z"
    )


def test_two_appends_in_the_same_millisecond_stay_strictly_increasing() -> None:
    ledger: list[dict[str, object]] = []
    stamps = []
    for _ in range(3):
        stamp = next_verified_at_ms(ledger, NOW)
        stamps.append(stamp)
        ledger.append(entry(stamp))
    assert stamps == [
        "2026-04-30T15:00:00.123Z",
        "2026-04-30T15:00:00.124Z",
        "2026-04-30T15:00:00.125Z",
    ]


def test_source_date_epoch_clock_is_honoured() -> None:
    clock = Clock.from_env({"SOURCE_DATE_EPOCH": "1777561200"})
    first = next_verified_at_ms([], clock.now())
    assert first == "2026-04-30T15:00:00.000Z"
    assert next_verified_at_ms([entry(first)], clock.now()) == "2026-04-30T15:00:00.001Z"


@pytest.mark.parametrize("bad", [None, "2026-04-30T15:00:00Z", "2026-02-30T15:00:00.000Z", 5])
def test_an_unreadable_verified_at_refuses_to_hand_out_a_value(bad: object) -> None:
    with pytest.raises(
        InputDataError, match=r"audit_artifact\[1\]\.verdict\.verified_at"
    ) as caught:
        next_verified_at_ms(
            [entry("2026-04-30T14:00:00.000Z"), {"verdict": {"verified_at": bad}}], NOW
        )
    assert caught.value.exit_code == 65


def test_format_and_parse_round_trip() -> None:
    assert parse_ms(format_ms(NOW)) == NOW.replace(microsecond=123000)
    assert format_ms(datetime(2026, 1, 2, 3, 4, 5)) == "2026-01-02T03:04:05.000Z"


def test_corpus_loader_accepts_a_passport_with_an_audit_ledger(tmp_path: Path) -> None:
    text = SPEC_PASSPORT.read_text(encoding="utf-8")
    passport = tmp_path / "passport.yaml"
    passport.write_text("session_id: s\nliterature_corpus: []\n" + text, encoding="utf-8")
    assert len(load_corpus(passport, use_cache=False)) == 0
    assert load_audit_ledger(passport).valid


def test_a_passport_without_the_field_has_an_empty_ledger(tmp_path: Path) -> None:
    passport = tmp_path / "passport.yaml"
    passport.write_text("literature_corpus: []\n", encoding="utf-8")
    assert load_audit_ledger(passport).entries == []


def test_a_proposal_shaped_entry_in_the_passport_is_an_error(tmp_path: Path) -> None:
    text = SPEC_PASSPORT.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if "verified_" not in line]
    passport = tmp_path / "passport.yaml"
    passport.write_text("\n".join(lines) + "\n", encoding="utf-8")
    [loaded] = load_audit_ledger(passport).entries
    assert {e.row for e in loaded.errors} == {"E3"}


def test_field_that_is_not_a_list_is_bad_input(tmp_path: Path) -> None:
    passport = tmp_path / "passport.yaml"
    passport.write_text("audit_artifact:\n  stage: 2\n", encoding="utf-8")
    with pytest.raises(
        InputDataError, match=r"passport\.yaml:1:1: `audit_artifact` is a mapping, not a list"
    ):
        load_audit_ledger(passport)


def test_missing_passport_is_input_missing(tmp_path: Path) -> None:
    with pytest.raises(InputMissingError) as caught:
        load_audit_ledger(tmp_path / "nope.yaml")
    assert caught.value.exit_code == 66


@given(
    stamps=st.lists(st.integers(min_value=0, max_value=10**6), max_size=8),
    now_ms=st.integers(min_value=0, max_value=10**6),
    appends=st.integers(min_value=1, max_value=4),
)
def test_every_append_post_dates_the_whole_ledger(
    stamps: list[int], now_ms: int, appends: int
) -> None:
    base = datetime(2026, 4, 30, tzinfo=timezone.utc)
    ledger = [entry(format_ms(base + timedelta(milliseconds=ms))) for ms in stamps]
    now = base + timedelta(milliseconds=now_ms)
    for _ in range(appends):
        new = next_verified_at_ms(ledger, now)
        moment = parse_ms(new)
        assert moment is not None and moment >= now
        assert all(moment > parse_ms(e["verdict"]["verified_at"]) for e in ledger)  # type: ignore[index, operator]
        ledger.append(entry(new))


def test_spec_example_ledger_lints_clean() -> None:
    from ars_docs.audit.rows.lint import lint_audit_artifacts

    found = list(lint_audit_artifacts("persisted", SPEC_PASSPORT, check_files=False))
    assert found == []
