"""The session cache never executes a planted file and trusts only the user's own
private files (issue 16)."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

from tests.support.hostile import ars, make_session

FINALIZE = ("finalize", "draft.md", "--passport", "passport.yaml", "-o", "-")
CACHE_ON = {"ARS_DOCS_NO_CACHE": ""}


class Payload:
    """Unpickling this runs ``touch MARKER``: what an attacker would plant."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, (f"touch '{self.marker}'",))


def cache_dir(session: Path) -> Path:
    return session.parent / "home" / "cache"


def test_a_planted_pickle_is_never_executed(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    marker = tmp_path / "executed"
    folder = cache_dir(session)
    folder.mkdir(parents=True, mode=0o700)
    run = ars(session, *FINALIZE, env=CACHE_ON)  # writes the real cache files
    assert run.code == 0, run.err
    expected = run.out
    planted = pickle.dumps(Payload(marker))
    names = [p.name for p in folder.glob("*-*.cache")]
    assert sorted(n.split("-")[0] for n in names) == ["corpus", "readlog"], names
    for name in names:  # overwrite every cache file, and plant the old names too
        (folder / name).write_bytes(planted)
        for old in (".pickle", ".json"):
            (folder / name.replace(".cache", old)).write_bytes(planted)
        os.chmod(folder / name, 0o600)
    run = ars(session, *FINALIZE, env=CACHE_ON)
    assert run.code == 0, run.err
    assert run.out == expected
    assert not marker.exists(), "the planted pickle was executed"


def forge(folder: Path) -> Path:
    """Turn high2020 into 'verified' inside the cached corpus, in the cache's own format."""
    import dataclasses

    from ars_docs.files import cache as cache_files
    from ars_docs.session.cache import codec as cache_codec
    from ars_docs.session.corpus import Corpus

    [corpus_file] = folder.glob("corpus-*.cache")
    raw = corpus_file.read_bytes()
    raw = raw[raw.index(b"\n") + 1 :]  # below the hash line
    key_end = raw.index(b"\n", raw.index(b"\n") + 1) + 1  # format version line, key line
    corpus = cache_codec.decode(raw[key_end:], Corpus)
    entry = dataclasses.replace(
        corpus.entries["high2020"], source_acquired=True, source_verified_against_original=True
    )
    forged = Corpus(corpus.path, corpus.session_id, {**corpus.entries, "high2020": entry}, [])
    # Sealed with a matching hash, as the cache writes it: only the owner rule can stop it.
    assert cache_files.write_entry(corpus_file, raw[:key_end] + cache_codec.encode(forged))
    return corpus_file


def test_a_cache_file_others_can_write_is_not_trusted(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    folder = cache_dir(session)
    folder.mkdir(parents=True, mode=0o700)
    honest = ars(session, *FINALIZE, env=CACHE_ON)
    assert b"[UNVERIFIED CITATION" in honest.out
    corpus = forge(folder)
    corpus.chmod(0o600)
    # Inside the boundary: the user's own private file is served as is (documented).
    assert b"[UNVERIFIED CITATION" not in ars(session, *FINALIZE, env=CACHE_ON).out
    corpus.chmod(0o666)  # anyone could have written it
    assert ars(session, *FINALIZE, env=CACHE_ON).out == honest.out


def test_a_shared_cache_folder_is_not_used(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    folder = cache_dir(session)
    folder.mkdir(parents=True, mode=0o700)
    honest = ars(session, *FINALIZE, env=CACHE_ON)
    forge(folder).chmod(0o600)
    folder.chmod(0o777)  # a shared folder: any file in it may be planted
    run = ars(session, *FINALIZE, env=CACHE_ON)
    assert run.out == honest.out
    assert [p.name for p in folder.iterdir() if p.name.startswith("corpus-")] != []


def test_codec_refuses_types_it_does_not_know() -> None:
    import pytest

    from ars_docs.session.cache.codec import CacheFormatError, decode, encode
    from ars_docs.session.corpus import Corpus
    from ars_docs.session.readlog import ReadLog

    for planted in (
        b'{"c": "Popen", "f": {"args": ["touch", "x"]}}',
        b'{"c": "Corpus", "f": {"path": "p"}}',
        b'{"e": "ExitCode", "v": 1}',
        b'{"x": 1}',
        b"[" * 100_000,
    ):
        with pytest.raises(CacheFormatError):
            decode(planted, Corpus)
    back = decode(encode(ReadLog("x")), ReadLog)  # what it was given, it builds
    assert isinstance(back, ReadLog) and back.path == "x"
