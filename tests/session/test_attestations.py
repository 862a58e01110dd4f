"""The attestations log beside the read log (issue 40): its reader and its writer."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ars_docs.core.errors import ArsIOError
from ars_docs.session.attest.log import append_attestations
from ars_docs.session.attest.records import (
    CONFIRMED,
    YES_NO_TERMINAL,
    attestations_beside,
    attestations_path,
    load_attestations,
    read_record,
    shown,
    verify_record,
)

AT = "2026-12-01T10:00:00Z"


def test_the_log_is_named_after_the_passport_and_found_from_the_read_log(tmp_path: Path) -> None:
    assert attestations_path(tmp_path / "ch3.yaml") == tmp_path / "ch3_attestations.jsonl"
    log = tmp_path / "ch3_human_read_log.yaml"
    assert attestations_beside(log) == tmp_path / "ch3_attestations.jsonl"
    assert attestations_beside(tmp_path / "elsewhere.yaml") is None
    assert attestations_beside("<memory>") is None


def test_an_append_keeps_every_earlier_byte(tmp_path: Path) -> None:
    path = tmp_path / "p_attestations.jsonl"
    # Earlier lines as another program (or a person) may have left them: CRLF,
    # non-ASCII, and a last line without its newline.
    earlier = (
        json.dumps(read_record("müller_2015", AT, CONFIRMED, AT), ensure_ascii=False) + "\r\n"
        + "# a note someone added\n"
        + json.dumps(read_record("ji_2023", AT, YES_NO_TERMINAL, AT))
    ).encode("utf-8")  # fmt: skip
    path.write_bytes(earlier)
    append_attestations(path, [verify_record("ji_2023", "manual_grep", "r1", CONFIRMED, AT)])
    after = path.read_bytes()
    assert after.startswith(earlier + b"\n")
    assert after.count(b"\n") == 4 and after.endswith(b"}\n")
    found = load_attestations(path)
    assert found.read("müller_2015", AT) == CONFIRMED
    assert found.read("ji_2023", AT) == YES_NO_TERMINAL
    assert found.verification("ji_2023", "manual_grep", "r1") == CONFIRMED
    assert found.verification("ji_2023", "manual_grep", "r2") is None


def test_the_latest_record_wins(tmp_path: Path) -> None:
    path = tmp_path / "p_attestations.jsonl"
    append_attestations(path, [read_record("k", AT, YES_NO_TERMINAL, AT)])
    append_attestations(path, [read_record("k", AT, CONFIRMED, AT)])
    assert load_attestations(path).read("k", AT) == CONFIRMED


@pytest.mark.parametrize(
    "line",
    [
        b"not json",
        b"[1, 2]",
        json.dumps({**read_record("k", AT, CONFIRMED, AT), "v": 2}).encode(),
        json.dumps({**read_record("k", AT, CONFIRMED, AT), "how": "trust me"}).encode(),
        json.dumps({**read_record("k", AT, CONFIRMED, AT), "citation_key": 7}).encode(),
        json.dumps({**read_record("k", AT, CONFIRMED, AT), "record": "verify"}).encode(),
        b"\xff\xfe",
    ],
)
def test_a_line_that_cannot_be_read_never_makes_a_mark_look_confirmed(
    tmp_path: Path, line: bytes
) -> None:
    path = tmp_path / "p_attestations.jsonl"
    path.write_bytes(line + b"\n")
    found = load_attestations(path)
    assert found.read("k", AT) is None and found.verifications == {}
    assert shown(found.read("k", AT)) == "how it was made is not recorded"


def test_a_fifo_as_the_log_is_refused_not_waited_on(tmp_path: Path) -> None:
    path = tmp_path / "p_attestations.jsonl"
    os.mkfifo(path)
    with pytest.raises(ArsIOError) as caught:
        load_attestations(path)
    assert caught.value.exit_code == 74 and str(path) in caught.value.message


def test_no_file_no_records(tmp_path: Path) -> None:
    assert load_attestations(tmp_path / "absent.jsonl").reads == {}
    assert load_attestations(None).read("k", AT) is None
