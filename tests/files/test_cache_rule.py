"""One cache root and one trust rule for every cache (issue 33).

Each of the four caches — parsed passports (``session.cache.store``), retrieval
responses (``retrieval.net.cache``), lookup responses (``lookup.cache``, SQLite)
and the text of originals (``quotes.text``) — is given a planted entry that
would change an answer: a corpus entry raised to verified, an HTTP body, a page
holding a made-up sentence. Inside the rule (this user's private folders, a
private regular file of this user, a matching hash) the cache is trusted, and
the plant is served: that is the documented boundary, and it shows the plant
works. Every way out of the rule must stop it: a folder others can write, a
folder or file of another user, a file others can write, a hash that does not
match, a symbolic link in place of the file. The tests run as root (here and in
CI), so "another user" is a real ``chown``; and the rule is checked for a
non-root user's situation too (this user's files in a folder of uid 1000 that
everyone can write).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ars_docs.files.cache import read_checked, read_entry, write_entry
from ars_docs.lookup.batch.cache import FILE_NAME, SqliteResponseCache
from ars_docs.quotes.text import load_original
from ars_docs.retrieval.net.cache import ResponseCache
from ars_docs.retrieval.types import RawResponse
from ars_docs.session.cache import codec as cache_codec
from ars_docs.session.corpus import Corpus, load_corpus
from tests.support.quote_pdfs import article_pdf
from tests.support.scholarly_world import ScholarlyWorld
from tests.support.sessions import CliResult, entry, passport_text

OTHER_UID = 1000
AS_ROOT = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0,
    reason="giving a file to another user (chown) needs root; CI runs the tests as root",
)
MADE_UP = "trust is the currency of sentences nobody ever wrote down"
URL = "https://registry.example/works/10.1000/x"
GENUINE = RawResponse(200, {"content-type": "application/json"}, b'{"retracted": true}')
FORGED = RawResponse(200, {"content-type": "application/json"}, b'{"retracted": false}')
PARAGRAPHS = [
    "Institutional trust is a fragile good, earned in drops and lost in buckets by "
    "officials who do not explain their decisions to the public they serve.",
    *(
        f"Paragraph {i} covers the administrative history of the region and the archival "
        f"evidence of survey number {i}."
        for i in range(30)
    ),
]


class Harness:
    """One cache: make its genuine entry, plant a forged one, ask what it serves."""

    name = ""
    replaces_bad_files = True
    """A file cache replaces an untrusted file with a fresh entry; SQLite stays off."""
    subfolders: tuple[str, ...] = ()

    def __init__(self, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.tmp = tmp
        self.root = tmp / "cache"
        monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(self.root))
        monkeypatch.delenv("ARS_DOCS_NO_CACHE", raising=False)

    def fill(self) -> None:
        """The genuine entry, through the cache's own code (also: what a miss rebuilds)."""
        raise NotImplementedError

    def entry(self) -> Path:
        raise NotImplementedError

    def forged_content(self) -> bytes:
        raise NotImplementedError

    def plant(self, path: Path) -> None:
        """A forged entry at ``path``, well formed and with a matching hash."""
        assert write_entry(path, self.forged_content())

    def served(self) -> str:
        """``forged``, ``genuine`` or ``fresh`` (nothing served: computed again)."""
        raise NotImplementedError


class CorpusCache(Harness):
    name = "corpus"

    def __init__(self, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(tmp, monkeypatch)
        self.passport = tmp / "passport.yaml"
        self.passport.write_text(
            passport_text(entry("doe2020", acquired=False, verified=False)), encoding="utf-8"
        )

    def fill(self) -> None:
        load_corpus(self.passport)

    def entry(self) -> Path:
        [found] = self.root.glob("corpus-*.cache")
        return found

    def forged_content(self) -> bytes:
        content = read_entry(self.entry())
        assert content is not None
        version_end = content.index(b"\n") + 1
        head = content[: content.index(b"\n", version_end) + 1]  # format version, key
        corpus = cache_codec.decode(content[len(head) :], Corpus)
        raised = dataclasses.replace(
            corpus.entries["doe2020"], source_acquired=True, source_verified_against_original=True
        )
        forged = Corpus(corpus.path, corpus.session_id, {"doe2020": raised})
        return head + cache_codec.encode(forged)

    def served(self) -> str:
        # A miss parses the passport again, which gives the genuine answer and rewrites.
        verified = load_corpus(self.passport).entries["doe2020"].source_verified_against_original
        return "forged" if verified else "genuine"


class RetrievalCache(Harness):
    name = "retrieval"
    subfolders = ("retrieval",)

    key = ResponseCache.key(URL, {})

    def store(self, *, writable: bool = True) -> ResponseCache:
        return ResponseCache(
            self.root, max_age=1e9, wall=lambda: 1.0, writable=writable, sub=("retrieval",)
        )

    def fill(self) -> None:
        self.store().put(self.key, URL, GENUINE)  # what a run stores after a miss

    def entry(self) -> Path:
        return self.root / "retrieval" / self.key[:2] / f"{self.key}.http"

    def forged_content(self) -> bytes:
        content = read_entry(self.entry())
        assert content is not None
        return content.partition(b"\n")[0] + b"\n" + FORGED.body

    def served(self) -> str:
        found = self.store().get(self.key)
        return "fresh" if found is None else "forged" if found == FORGED else "genuine"


class LookupCache(Harness):
    name = "lookup"
    replaces_bad_files = False
    key = "lookup-request-key"

    def store(self, path: Path | None = None, *, writable: bool = True) -> SqliteResponseCache:
        return SqliteResponseCache(
            path or self.entry(), max_age=1e9, wall=lambda: 1.0, writable=writable
        )

    def fill(self) -> None:
        store = self.store()
        store.put(self.key, URL, GENUINE)
        store.close()

    def entry(self) -> Path:
        return self.root / FILE_NAME

    def plant(self, path: Path) -> None:
        # The cache's own writer, so the row and its hash are what this version writes.
        store = self.store(path)
        store.put(self.key, URL, FORGED)
        store.close()
        assert path.exists()

    def served(self) -> str:
        store = self.store()
        found = store.get(self.key)
        store.close()
        return "fresh" if found is None else "forged" if found == FORGED else "genuine"


class QuoteCache(Harness):
    name = "quotes"
    subfolders = ("quotes",)

    def __init__(self, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(tmp, monkeypatch)
        self.pdf = tmp / "smith2024.pdf"
        self.pdf.write_bytes(article_pdf(PARAGRAPHS, first_page=1)[0])

    def fill(self) -> None:
        load_original(self.pdf)

    def entry(self) -> Path:
        return self.root / "quotes" / f"{hashlib.sha256(self.pdf.read_bytes()).hexdigest()}.json"

    def forged_content(self) -> bytes:
        content = read_entry(self.entry())
        assert content is not None
        data = json.loads(content)
        data["pages"][0] += f"\n{MADE_UP}."
        return json.dumps(data).encode()

    def served(self) -> str:
        text = " ".join(load_original(self.pdf).pages)
        return "forged" if MADE_UP in text else "genuine"


HARNESSES = {h.name: h for h in (CorpusCache, RetrievalCache, LookupCache, QuoteCache)}


@pytest.fixture(params=sorted(HARNESSES))
def cache(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Harness]:
    harness = HARNESSES[request.param](tmp_path, monkeypatch)
    harness.fill()
    assert harness.entry().is_file()
    assert harness.served() == "genuine"
    yield harness


def warnings_in(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("ars-docs: warning: cache")]


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes (to prove nothing was written)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_inside_the_rule_a_planted_entry_is_served(cache: Harness) -> None:
    """The boundary, documented: this user's private, hash-checked file is believed."""
    cache.plant(cache.entry())
    assert cache.served() == "forged"


def test_a_root_others_can_write_is_not_used(
    cache: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    cache.plant(cache.entry())
    capsys.readouterr()
    cache.root.chmod(0o777)
    before = snapshot(cache.root)
    assert cache.served() != "forged"
    assert cache.served() != "forged"  # asked twice, told once
    told = warnings_in(capsys.readouterr().err)
    assert told == [
        f"ars-docs: warning: cache folder {cache.root} can be written by group and others "
        f"(mode 0777): that cache is not used (nothing is read or written there); chmod go-w "
        f"{cache.root}, or choose a cache folder only you can write to (ARS_DOCS_CACHE_DIR, "
        "or cache_dir for retrieve and lookup)"
    ]
    assert snapshot(cache.root) == before  # nothing read back into it or written


def test_a_root_only_its_group_can_write_is_not_used(
    cache: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    cache.plant(cache.entry())
    cache.root.chmod(0o770)
    assert cache.served() != "forged"
    [told] = warnings_in(capsys.readouterr().err)
    assert "can be written by its group (mode 0770)" in told


def test_a_shared_root_like_tmp_gets_no_chmod_advice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sticky folder everyone writes to (what /tmp is) is shared on purpose: the
    advice is another folder, not a chmod of it."""
    cache = CorpusCache(tmp_path, monkeypatch)
    cache.root.mkdir(mode=0o700)
    cache.root.chmod(0o1777)
    cache.fill()
    assert list(cache.root.iterdir()) == []  # nothing written there
    [told] = warnings_in(capsys.readouterr().err)
    assert told == (
        f"ars-docs: warning: cache folder {cache.root} can be written by group and others "
        "(mode 1777): that cache is not used (nothing is read or written there); choose a "
        "cache folder only you can write to (ARS_DOCS_CACHE_DIR, or cache_dir for retrieve "
        "and lookup)"
    )


@AS_ROOT
def test_a_root_of_another_user_is_not_used(
    cache: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    cache.plant(cache.entry())
    os.chown(cache.root, OTHER_UID, OTHER_UID)  # private to that user, still not ours
    assert cache.root.stat().st_mode & 0o777 == 0o700
    assert cache.served() != "forged"
    [told] = warnings_in(capsys.readouterr().err)
    assert f"cache folder {cache.root} belongs to another user (uid {OTHER_UID}; you are" in told
    assert "choose a cache folder of your own" in told


@AS_ROOT
def test_own_files_in_a_shared_folder_of_another_user_are_not_used(cache: Harness) -> None:
    """A non-root user's situation: the files are this user's and private, the folder
    belongs to uid 1000 and anyone may write to it, so anyone may have swapped them."""
    cache.plant(cache.entry())
    assert cache.entry().stat().st_uid == os.getuid()
    os.chown(cache.root, OTHER_UID, OTHER_UID)
    cache.root.chmod(0o777)
    assert cache.served() != "forged"


@pytest.mark.parametrize("name", ["quotes", "retrieval"])
def test_a_sub_folder_others_can_write_is_not_used(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every folder from the root down to the file keeps the rule, not just the root."""
    cache = HARNESSES[name](tmp_path, monkeypatch)
    cache.fill()
    cache.plant(cache.entry())
    folders = dict.fromkeys([cache.entry().parent, *(cache.root / s for s in cache.subfolders)])
    for folder in folders:
        folder.chmod(0o777)
        assert cache.served() != "forged", folder
        assert f"cache folder {folder} can be written" in capsys.readouterr().err
        folder.chmod(0o700)
    assert cache.served() == "forged"  # all private again: the plant is back inside the rule


def test_a_sub_folder_that_is_a_link_is_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = QuoteCache(tmp_path, monkeypatch)
    cache.fill()
    elsewhere = tmp_path / "elsewhere"
    forged = cache.forged_content()
    (cache.root / "quotes").rename(elsewhere)
    assert write_entry(elsewhere / cache.entry().name, forged)  # ours, private, hash right
    (cache.root / "quotes").symlink_to(elsewhere)
    assert cache.served() == "genuine"
    assert f"cache folder {cache.root / 'quotes'} is a symbolic link" in capsys.readouterr().err


@AS_ROOT
def test_an_entry_of_another_user_is_not_trusted(
    cache: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    cache.plant(cache.entry())
    os.chown(cache.entry(), OTHER_UID, OTHER_UID)
    assert cache.served() != "forged"
    [told] = warnings_in(capsys.readouterr().err)
    assert f"cache file {cache.entry()} belongs to another user (uid {OTHER_UID})" in told
    _rebuilt_or_left(cache)


def test_an_entry_others_can_write_is_not_trusted(
    cache: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    cache.plant(cache.entry())
    cache.entry().chmod(0o666)
    assert cache.served() != "forged"
    [told] = warnings_in(capsys.readouterr().err)
    assert f"cache file {cache.entry()} can be written by group and others (mode 0666)" in told
    _rebuilt_or_left(cache)


def _rebuilt_or_left(cache: Harness) -> None:
    """A file cache replaces the untrusted file with this user's fresh entry; the SQLite
    cache stays off and leaves the file as it is."""
    before = cache.entry().read_bytes()
    info = cache.entry().stat()
    cache.fill()
    kept = cache.entry().stat()
    if cache.replaces_bad_files:
        after = cache.entry().lstat()
        assert after.st_uid == os.getuid() and after.st_mode & 0o777 == 0o600
        assert cache.served() == "genuine"
    else:
        assert cache.entry().read_bytes() == before
        assert (kept.st_ino, kept.st_mtime_ns, kept.st_uid) == (
            info.st_ino,
            info.st_mtime_ns,
            info.st_uid,
        )
        assert cache.served() == "fresh"


def test_an_entry_that_does_not_match_its_hash_is_rebuilt(
    cache: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    if isinstance(cache, LookupCache):
        # Rows carry the hash: edit a field under the stored hash, as a hand-edit would.
        with sqlite3.connect(cache.entry()) as db:
            db.execute("UPDATE responses SET body = ?", (FORGED.body,))
        db.close()
    else:
        hash_line = cache.entry().read_bytes().split(b"\n", 1)[0]
        cache.entry().write_bytes(hash_line + b"\n" + cache.forged_content())
    assert cache.served() != "forged"
    assert warnings_in(capsys.readouterr().err) == []  # damage is a plain miss
    cache.fill()
    assert cache.served() == "genuine"


def test_a_truncated_entry_is_rebuilt(cache: Harness) -> None:
    if isinstance(cache, LookupCache):
        with sqlite3.connect(cache.entry()) as db:
            db.execute("UPDATE responses SET body = substr(body, 1, 5)")
        db.close()
    else:
        cache.plant(cache.entry())
        cache.entry().write_bytes(cache.entry().read_bytes()[:-7])  # the forged one, cut
    assert cache.served() != "forged"
    cache.fill()
    assert cache.served() == "genuine"


def test_a_lookup_row_whose_status_was_edited_is_not_served(tmp_path: Path) -> None:
    """The row's hash covers every field, not just the body: a 404 made a 200 is a miss."""
    store = SqliteResponseCache(tmp_path / FILE_NAME, max_age=1e9, wall=lambda: 1.0, writable=True)
    store.put("k", URL, RawResponse(404, {}, b"not found"))
    store.close()
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        db.execute("UPDATE responses SET status = 200")
    db.close()
    again = SqliteResponseCache(tmp_path / FILE_NAME, max_age=1e9, wall=lambda: 1.0, writable=True)
    assert again.get("k") is None


def test_a_symlink_in_place_of_an_entry_is_not_followed(
    cache: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = cache.tmp / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    place = cache.entry()
    target = elsewhere / place.name
    cache.plant(target)  # a private file of this user with a matching hash: only the link
    planted = target.read_bytes()
    place.unlink()
    place.symlink_to(target)
    assert cache.served() != "forged"
    [told] = warnings_in(capsys.readouterr().err)
    assert f"cache file {place} is a symbolic link" in told
    cache.fill()
    assert target.read_bytes() == planted  # never written through the link
    if cache.replaces_bad_files:
        assert not place.is_symlink() and cache.served() == "genuine"
    else:
        assert place.is_symlink() and cache.served() == "fresh"


def test_an_entry_filed_under_another_name_is_a_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each entry names what it answers (the request key, the original's hash): an
    answer copied to another entry's name is not served for it."""
    responses = RetrievalCache(tmp_path, monkeypatch)
    responses.fill()
    other = ResponseCache.key(URL + "?page=2", {})
    where = responses.root / "retrieval" / other[:2]
    where.mkdir(mode=0o700)
    (where / f"{other}.http").write_bytes(responses.entry().read_bytes())
    (where / f"{other}.http").chmod(0o600)
    assert read_entry(where / f"{other}.http") is not None  # its hash is fine
    assert responses.store().get(other) is None

    quotes = QuoteCache(tmp_path, monkeypatch)
    quotes.fill()
    second = tmp_path / "second.pdf"
    second.write_bytes(article_pdf(PARAGRAPHS[1:], first_page=7)[0])
    misfiled = quotes.root / "quotes" / f"{hashlib.sha256(second.read_bytes()).hexdigest()}.json"
    assert write_entry(misfiled, quotes.forged_content())
    assert MADE_UP not in " ".join(load_original(second).pages)


def test_a_large_entry_is_checked_bit_for_bit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A single flipped bit deep inside a multi-megabyte entry is caught, and what the
    decoder was handed is never used."""
    path = tmp_path / "big.cache"
    content = os.urandom(3 << 20)
    assert write_entry(path, content)
    seen: list[int] = []

    def use(found: memoryview) -> int:
        seen.append(len(found))
        return len(found)

    assert read_checked(path, use) == len(content)
    raw = bytearray(path.read_bytes())
    raw[-1000] ^= 0x01  # one flipped bit, far from the start
    path.write_bytes(bytes(raw))
    assert read_checked(path, use) is None
    assert read_entry(path) is None
    assert seen == [len(content)]  # the damaged content never reached the decoder

    # The corpus cache of a large passport (its cache over 1 MiB) the same way.
    cache = CorpusCache(tmp_path, monkeypatch)
    long_title = "A title that runs on " * 300
    cache.passport.write_text(
        passport_text(
            *(entry(f"k{i}", acquired=False, verified=False) for i in range(300))
        ).replace("Title of", long_title),
        encoding="utf-8",
    )
    cache.fill()
    [stored] = cache.root.glob("corpus-*.cache")
    assert stored.stat().st_size > 1 << 20
    flipped = bytearray(stored.read_bytes())
    flipped[-500] ^= 0x01
    stored.write_bytes(bytes(flipped))
    assert read_checked(stored, bytes) is None
    assert len(load_corpus(cache.passport).entries) == 300  # a miss: parsed and rewritten
    assert read_checked(stored, bytes) is not None


@pytest.mark.parametrize("name", ["-wal", "-shm"])
def test_a_foreign_sqlite_side_file_turns_the_lookup_cache_off(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SQLite reads its write-ahead log too: a planted one is a planted answer."""
    cache = LookupCache(tmp_path, monkeypatch)
    cache.fill()
    side = cache.entry().with_name(FILE_NAME + name)
    side.write_bytes(b"")
    side.chmod(0o666)
    assert cache.served() == "fresh"
    assert f"cache file {side} can be written by group and others" in capsys.readouterr().err


def test_a_dry_run_in_a_shared_folder_makes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    reader = ResponseCache(shared, max_age=1e9, wall=lambda: 1.0, writable=False)
    assert reader.get(ResponseCache.key(URL, {})) is None
    lookup = SqliteResponseCache(shared / FILE_NAME, max_age=1e9, wall=lambda: 1.0, writable=False)
    assert lookup.get("k") is None
    assert list(shared.iterdir()) == []
    assert len(warnings_in(capsys.readouterr().err)) == 1  # one folder, told once


def test_a_missing_root_that_cannot_be_made_is_quiet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cache only saves time: a root that cannot be made (a file in the way of its
    parent) is no cache, without a warning, and the answer is computed."""
    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(tmp_path / "file" / "cache"))
    passport = tmp_path / "passport.yaml"
    passport.write_text(passport_text(entry("doe2020", acquired=False, verified=False)), "utf-8")
    assert "doe2020" in load_corpus(passport).entries
    assert capsys.readouterr().err == ""


# -- the quotation the issue names: a planted page must not let a made-up quotation pass --


def _quote_session(tmp_path: Path, cli: Callable[..., CliResult]) -> tuple[Path, Path]:
    pdf, _ = article_pdf(PARAGRAPHS, first_page=1)
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "smith2024.pdf").write_bytes(pdf)
    passport = tmp_path / "passport.yaml"
    passport.write_text(
        passport_text(
            entry(
                "smith2024",
                acquired=True,
                verified=True,
                source_acquisition_path="sources/smith2024.pdf",
            )
        ),
        encoding="utf-8",
    )
    assert cli("mark-read", "--yes", "smith2024", "--passport", passport).code == 0
    draft = tmp_path / "draft.md"
    draft.write_text(
        f"# Trust\n\nSmith (2024) writes that “{MADE_UP}” <!--ref:smith2024-->.\n",
        encoding="utf-8",
    )
    finalized = cli("finalize", draft, "--passport", passport)
    assert finalized.code == 0, finalized.err
    assert "ARS051" in finalized.out + finalized.err  # the quotation is not in the original
    return draft, passport


def _render(cli: Callable[..., CliResult], draft: Path, passport: Path) -> CliResult:
    return cli("render", draft, "--strict", "--passport", passport, "--format", "json")


@pytest.mark.parametrize(
    "escape", ["shared root", "shared quotes folder", "foreign file", "hash", "symlink"]
)
def test_a_planted_page_does_not_let_a_made_up_quotation_pass(
    escape: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Callable[..., CliResult]
) -> None:
    if escape == "foreign file" and os.geteuid() != 0:
        pytest.skip("giving a file to another user (chown) needs root; CI runs as root")
    root = tmp_path / "cache"
    monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(root))
    draft, passport = _quote_session(tmp_path, cli)
    original = draft.read_bytes()
    first = _render(cli, draft, passport)  # refuses, and caches the original's pages
    assert first.code == 1
    assert [o["reason"] for o in json.loads(first.out)["offenders"]] == ["quotation-not-found"]
    [cached] = (root / "quotes").glob("*.json")
    content = read_entry(cached)
    assert content is not None
    data = json.loads(content)
    data["pages"][0] += f"\n{MADE_UP}."
    forged = json.dumps(data).encode()

    # Control: the same plant inside the rule (private, ours, hash right) is believed.
    assert write_entry(cached, forged)
    believed = _render(cli, draft, passport)
    assert believed.code == 0, believed.err
    (tmp_path / "draft_final.md").unlink()

    if escape == "shared root":
        root.chmod(0o777)
    elif escape == "shared quotes folder":
        (root / "quotes").chmod(0o777)
    elif escape == "foreign file":
        os.chown(cached, OTHER_UID, OTHER_UID)
    elif escape == "hash":
        # A hand-edit under the old hash, and a draft quoting the edited words.
        cached.write_bytes(cached.read_bytes().replace(b"nobody ever wrote", b"nobody ever said"))
        draft.write_text(original.decode().replace("wrote", "said"), encoding="utf-8")
        original = draft.read_bytes()
    else:
        elsewhere = tmp_path / "elsewhere.json"
        cached.rename(elsewhere)
        cached.symlink_to(elsewhere)
    refused = _render(cli, draft, passport)
    assert refused.code == 1, refused.err
    offenders = json.loads(refused.out)["offenders"]
    assert [o["reason"] for o in offenders] == ["quotation-not-found"]
    assert not (tmp_path / "draft_final.md").exists()
    assert draft.read_bytes() == original
    told = warnings_in(refused.err)
    assert len(told) == (0 if escape == "hash" else 1), refused.err


# -- the lookup command: a shared root (or cache_dir) means the network answers, told once --


@pytest.mark.parametrize("where", ["cache root", "cache_dir"])
def test_lookup_in_a_shared_cache_folder_asks_the_network(
    where: str,
    lookup_world: ScholarlyWorld,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    cli: Callable[..., CliResult],
) -> None:
    from tests.support.lookup import HARVEY, lookup_json, passport
    from tests.support.lookup import entry as lookup_entry

    folder = tmp_path / "shared-cache"
    if where == "cache_dir":
        lookup_world.write_config(tmp_path / "ars-docs.toml", cache_dir=str(folder))
    else:
        monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(folder))
    path = passport(
        tmp_path / "passport.yaml",
        lookup_entry("hs", "Quality culture", ["Harvey"], 2008, doi=HARVEY["DOI"]),
    )
    done, _ = lookup_json(cli, path)
    assert done.code in (0, 1), done.err
    assert (folder / FILE_NAME).is_file() and warnings_in(done.err) == []
    lookup_world.reset_log()
    _, warm = lookup_json(cli, path, "--all")
    assert lookup_world.count() == 0 and warm["summary"]["answers_from_cache"] > 0

    folder.chmod(0o777)
    stored = (folder / FILE_NAME).read_bytes()
    again, report = lookup_json(cli, path, "--all")
    assert report["summary"]["answers_from_cache"] == 0
    assert report["summary"]["requests"] == lookup_world.count() > 0
    assert warnings_in(again.err) == [
        f"ars-docs: warning: cache folder {folder} can be written by group and others "
        f"(mode 0777): that cache is not used (nothing is read or written there); chmod go-w "
        f"{folder}, or choose a cache folder only you can write to (ARS_DOCS_CACHE_DIR, or "
        "cache_dir for retrieve and lookup)"
    ]
    assert (folder / FILE_NAME).read_bytes() == stored


# -- the retrieve command: the rule starts at the cache root, above retrieval/ --


def test_retrieve_with_a_shared_cache_root_asks_the_network(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Callable[..., CliResult]
) -> None:
    from tests.support.retrieval import (
        PAYWALLED,
        World,
        sample_config,
        sample_passport,
        sample_world,
    )

    for name in list(os.environ):
        if name.startswith("ARS_RETRIEVAL_") or name.lower().endswith("_proxy"):
            monkeypatch.delenv(name)
    root = tmp_path / "cache"
    monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(root))
    with World() as world:
        sample_world(world)
        passport = tmp_path / "passport.yaml"
        passport.write_text(sample_passport().replace("{base}", world.base), encoding="utf-8")
        (tmp_path / "ars-docs.toml").write_text(sample_config(world), encoding="utf-8")
        cold = cli("retrieve", "--passport", passport, PAYWALLED)
        asked = len(world.seen)
        assert cold.code == 1 and asked > 0 and list((root / "retrieval").rglob("*.http"))
        warm = cli("retrieve", "--passport", passport, PAYWALLED)
        assert len(world.seen) - asked < asked  # cached answers served a rerun
        assert warnings_in(cold.err + warm.err) == []

        root.chmod(0o777)  # retrieval/ below it is still private: the root must be checked
        before = snapshot(root)
        sent = len(world.seen)
        shared = cli("retrieve", "--passport", passport, PAYWALLED)
        assert shared.code == 1
        assert len(world.seen) - sent == asked  # every answer asked of the network again
    [told] = warnings_in(shared.err)
    assert told.startswith(f"ars-docs: warning: cache folder {root} can be written by group")
    assert snapshot(root) == before
