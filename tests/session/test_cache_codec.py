"""The session cache's MessagePack format (issue 27): typed, versioned, never trusted blindly.

Every damaged, old or foreign cache file must be a miss: the passport is parsed
again, the answer is the parsed one, and the file is rewritten.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
from pathlib import Path
from typing import Any

import msgspec
import pytest

from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.files import cache as cache_files
from ars_docs.session import corpus as corpus_module
from ars_docs.session.cache import codec as cache_codec
from ars_docs.session.cache import msgpack as cache_msgpack
from ars_docs.session.corpus import Corpus, CorpusEntry, load_corpus
from ars_docs.session.readlog import ReadLog, ReadMark, load_read_log
from tests.support.sessions import read_log_text

PASSPORT = """\
session_id: sess-1
literature_corpus:
  - citation_key: mueller2024
    title: "Über Vertrauen: eine Studie"
    authors: [{family: Müller, given: Jürgen}, {literal: 王小明}]
    year: 2024
    source_pointer: sources/mueller2024.pdf
    source_acquired: true
    source_acquisition_date: 2026-04-30
    source_acquisition_path: sources/mueller2024.pdf
    source_verified_against_original: true
    source_verification_method: codex_audit
    description_source: original_pdf
    description_last_audit: round-2
  - citation_key: wang2023a
    title: 关于信任的研究
    year: "2023a"
    source_pointer: sources/wang.bib
    source_acquired: false
    source_verified_against_original: true
    tags: [trust, 信任]
"""


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(folder))
    monkeypatch.delenv("ARS_DOCS_NO_CACHE", raising=False)
    return folder


@pytest.fixture
def passport(tmp_path: Path) -> Path:
    path = tmp_path / "passport.yaml"
    path.write_bytes(PASSPORT.replace("\n", "\r\n").encode("utf-8"))
    return path


def _parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count the YAML parses of ``load_corpus`` (a cache hit parses nothing)."""
    calls: list[str] = []
    real = corpus_module.parse_yaml

    def counting(text: str, name: str) -> Any:
        calls.append(name)
        return real(text, name)

    monkeypatch.setattr(corpus_module, "parse_yaml", counting)
    return calls


def _split(cache_file: Path) -> tuple[bytes, bytes]:
    """(header lines: format version and key, body) of a cache file, below its hash line."""
    raw = cache_file.read_bytes()
    assert raw.startswith(b"sha256 ")
    raw = raw[raw.index(b"\n") + 1 :]
    version_end = raw.index(b"\n") + 1
    key_end = raw.index(b"\n", version_end) + 1
    return raw[:key_end], raw[key_end:]


def _plant(cache_file: Path, content: bytes) -> bytes:
    """Write ``content`` as a cache file with a matching hash (past the hash check, the
    codec and the header must refuse it on their own); returns the file's bytes."""
    assert cache_files.write_entry(cache_file, content)
    return cache_file.read_bytes()


def _forged(corpus: Corpus) -> Corpus:
    """The same corpus with every entry's trust flags raised (what an attacker would plant)."""
    entries = {
        key: dataclasses.replace(entry, source_acquired=True, source_verified_against_original=True)
        for key, entry in corpus.entries.items()
    }
    return Corpus(corpus.path, corpus.session_id, entries, [])


@pytest.fixture(params=["json", "msgpack"])
def body(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """Both bodies: JSON rows below ``SMALL`` entries, msgspec MessagePack from there on."""
    if request.param == "msgpack":
        monkeypatch.setattr(cache_codec, "SMALL", 0)
        return b"M"
    return b"J"


def test_round_trip_builds_the_corpus_types(passport: Path, cache_dir: Path, body: bytes) -> None:
    cold = load_corpus(passport)
    assert cold.diagnostics, "the second entry breaks a firm rule on purpose"
    [cache_file] = cache_dir.glob("corpus-*.cache")
    header, stored = _split(cache_file)
    assert header.startswith(b"ars-docs cache v4\n") and stored[:1] == body
    warm = load_corpus(passport)
    assert warm is not cold
    assert warm.entries == cold.entries
    assert list(warm.entries) == list(cold.entries)  # file order kept
    assert warm.diagnostics == cold.diagnostics
    assert (warm.path, warm.session_id) == (cold.path, cold.session_id)
    assert all(type(entry) is CorpusEntry for entry in warm.entries.values())
    assert all(type(d) is Diagnostic and type(d.severity) is Severity for d in warm.diagnostics)
    assert warm.entries["wang2023a"].source_verified_against_original is False
    assert warm.closest_keys("mueller2025") == ["mueller2024"]  # the key index is rebuilt


def test_read_log_round_trip(tmp_path: Path, cache_dir: Path, body: bytes) -> None:
    log = tmp_path / "p_human_read_log.yaml"
    log.write_text(read_log_text("a2020", "b2020"), encoding="utf-8")
    cold = load_read_log(log)
    warm = load_read_log(log)
    assert warm.marks == cold.marks
    assert all(type(mark) is ReadMark for mark in warm.marks)
    assert type(warm.marks[0].locators) is tuple
    assert warm.human_read("a2020") == cold.human_read("a2020")
    assert (warm.session_id, warm.created_at, warm.missing) == (
        cold.session_id,
        cold.created_at,
        cold.missing,
    )


def _body_variants(corpus: Corpus, kind: bytes) -> dict[str, bytes]:
    entry = next(iter(corpus.entries.values()))
    fields = [getattr(entry, f.name) for f in dataclasses.fields(entry)]
    as_int = list(fields)
    as_int[4] = 1  # source_verified_against_original: an int is not a boolean
    if kind == b"M":
        good = b"M" + cache_msgpack.encode(corpus)
        pack = msgspec.msgpack.encode
    else:
        good = cache_codec.encode(corpus)
        assert good[:1] == b"J"

        def pack(value: Any) -> bytes:
            return json.dumps(value, default=str).encode()

    return {
        "empty": b"",
        "no body": kind,
        "truncated": good[: len(good) // 2],
        "trailing bytes": good + b"\x00",
        "a mapping, not the record": kind + pack({"path": corpus.path}),
        "an extra field": kind + pack([corpus.path, None, [], [], "extra"]),
        "an int for a boolean": kind + pack([corpus.path, None, [as_int], []]),
        "a MessagePack extension": kind + msgspec.msgpack.encode(msgspec.msgpack.Ext(1, b"x")),
        "the old tagged JSON": json.dumps({"c": "Corpus", "f": {}}).encode(),
        "a pickle": pickle.dumps(corpus),
        "an unknown body kind": b"P" + pickle.dumps(corpus),
    }


@pytest.mark.parametrize(
    "variant",
    [
        "empty",
        "truncated",
        "trailing bytes",
        "a mapping, not the record",
        "an extra field",
        "an int for a boolean",
        "a MessagePack extension",
        "the old tagged JSON",
        "a pickle",
        "no body",
        "an unknown body kind",
    ],
)
@pytest.mark.parametrize("kind", [b"J", b"M"], ids=["json", "msgpack"])
def test_a_damaged_body_is_a_miss_and_is_rewritten(
    passport: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch, variant: str, kind: bytes
) -> None:
    first = load_corpus(passport)
    [cache_file] = cache_dir.glob("corpus-*.cache")
    header, _ = _split(cache_file)
    planted = _plant(cache_file, header + _body_variants(first, kind)[variant])
    parses = _parses(monkeypatch)
    again = load_corpus(passport)
    assert parses == [str(passport)]
    assert again.entries == first.entries
    assert again.diagnostics == first.diagnostics
    assert cache_file.read_bytes() != planted
    assert load_corpus(passport).entries == first.entries
    assert parses == [str(passport)]  # the rewritten file serves again


@pytest.mark.parametrize(
    "header",
    [
        b"ars-docs cache v2 (json)\n",
        b"ars-docs cache v3 (msgpack)\n",
        b"ars-docs cache v3\n",
        b"",
        b"\x80\x04\x95",
    ],
)
def test_another_format_version_is_a_miss(
    passport: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch, header: bytes
) -> None:
    first = load_corpus(passport)
    [cache_file] = cache_dir.glob("corpus-*.cache")
    version_and_key, body = _split(cache_file)
    key_line = version_and_key.split(b"\n")[1] + b"\n"
    _plant(cache_file, header + key_line + cache_codec.encode(_forged(first)))
    parses = _parses(monkeypatch)
    assert load_corpus(passport).entries == first.entries
    assert parses == [str(passport)]
    assert _split(cache_file) == (version_and_key, body)


def test_a_well_formed_forgery_is_served_only_from_a_file_of_this_user(
    passport: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trust boundary is the owner: a file this user wrote is believed, others never."""
    first = load_corpus(passport)
    [cache_file] = cache_dir.glob("corpus-*.cache")
    header, _ = _split(cache_file)
    forged = header + cache_codec.encode(_forged(first))

    _plant(cache_file, forged)
    cache_file.chmod(0o620)  # group may write: not trusted
    assert load_corpus(passport).entries["wang2023a"].source_acquired is False
    assert (cache_file.stat().st_mode & 0o022) == 0  # rewritten privately

    _plant(cache_file, forged)  # as this user, private, hash right: the boundary (documented)
    assert load_corpus(passport).entries["wang2023a"].source_acquired is True


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="chown needs root")
def test_a_cache_file_of_another_user_is_never_read(
    passport: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load_corpus(passport)
    [cache_file] = cache_dir.glob("corpus-*.cache")
    header, _ = _split(cache_file)
    _plant(cache_file, header + cache_codec.encode(_forged(first)))
    os.chown(cache_file, 65534, 65534)
    parses = _parses(monkeypatch)
    again = load_corpus(passport)
    assert parses == [str(passport)]
    assert again.entries["wang2023a"].source_acquired is False
    assert cache_file.stat().st_uid == os.getuid()  # replaced by this user's file


def test_a_symlinked_cache_file_is_not_followed(
    passport: Path, cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load_corpus(passport)
    [cache_file] = cache_dir.glob("corpus-*.cache")
    header, _ = _split(cache_file)
    elsewhere = tmp_path / "elsewhere.cache"
    _plant(elsewhere, header + cache_codec.encode(_forged(first)))
    cache_file.unlink()
    cache_file.symlink_to(elsewhere)
    parses = _parses(monkeypatch)
    assert load_corpus(passport).entries["wang2023a"].source_acquired is False
    assert parses == [str(passport)]


def test_a_planted_pickle_runs_nothing(passport: Path, cache_dir: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    first = load_corpus(passport)
    [cache_file] = cache_dir.glob("corpus-*.cache")
    header, _ = _split(cache_file)

    class Payload:
        def __reduce__(self) -> tuple[Any, ...]:
            return (Path.touch, (marker,))

    _plant(cache_file, header + pickle.dumps(Payload()))
    assert load_corpus(passport).entries == first.entries
    assert not marker.exists()


def test_the_codec_refuses_other_types() -> None:
    with pytest.raises(TypeError, match="cannot store"):
        cache_codec.encode({"a": 1})
    with pytest.raises(cache_codec.CacheFormatError):
        cache_codec.decode(cache_codec.encode(ReadLog("x")), dict)
    with pytest.raises(cache_codec.CacheFormatError):  # a read log is not a corpus
        cache_codec.decode(cache_codec.encode(ReadLog("x")), Corpus)
    with pytest.raises(cache_codec.CacheFormatError):
        cache_codec.decode(b"M" + cache_msgpack.encode(ReadLog("x")), Corpus)


def test_small_values_do_not_import_msgspec(tmp_path: Path) -> None:
    """Below SMALL entries the start-up of a command does not pay for msgspec."""
    import subprocess
    import sys

    passport = tmp_path / "p.yaml"
    passport.write_text(PASSPORT, encoding="utf-8")
    code = (
        "import sys\n"
        "from ars_docs.session.corpus import load_corpus\n"
        f"load_corpus({str(passport)!r}); load_corpus({str(passport)!r})\n"
        "print('msgspec' in sys.modules)\n"
    )
    env = {**os.environ, "ARS_DOCS_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("ARS_DOCS_NO_CACHE", None)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == "False"
    assert list((tmp_path / "cache").glob("corpus-*.cache"))
