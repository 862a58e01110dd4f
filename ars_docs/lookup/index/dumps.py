"""Reading registry dumps for the snapshot index: every work in a file, or why not.

A dump is JSON lines (gzip or not: told by its first bytes, not its name), one
work a line, in any of the shapes the registries publish — a Crossref work
(``/works/{doi}``'s ``message``, or the whole answer), a Crossref work list or
public-data-file object (``{"items": [...]}``), an OpenAlex work (``id``
``https://openalex.org/…``) or an OpenAlex result page. A ``.json``/``.json.gz``
file is read as one JSON document (Crossref's public data files are). The
registries' own parsers (``registries/crossref.py``, ``openalex.py``) read each
work; this module only finds the works and says where and why a line was not one.

A damaged line is skipped (``Skip``) and the build goes on; a file whose first
line is not JSON at all is not a dump and stops the build (``InputDataError``).
So does a file that is mostly not works, since each line costs time whatever it
holds: more than ``MAX_NOT_WORKS`` blank or skipped lines beyond the number of
works read so far, or gzip data that inflates past ``MAX_INFLATION`` times its
compressed size once more than ``INFLATION_FREE`` bytes are out (2 MB of gzipped
newlines are 2 GB of empty lines: nine minutes of CPU before these bounds).
The SHA-256 is of the file's bytes as stored (compressed ones for ``.gz``).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import stat
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from ars_docs.core.errors import ArsIOError, InputDataError, InputMissingError
from ars_docs.core.limits import shorten
from ars_docs.lookup.entry.record import WorkRecord
from ars_docs.lookup.registries import crossref, openalex

__all__ = ["INFLATION_FREE", "MAX_INFLATION", "MAX_LINE", "MAX_NOT_WORKS", "Dump", "Parsed",
           "Skip", "describe"]  # fmt: skip

#: Longest line read (bytes); a longer one is skipped, never held in memory whole.
MAX_LINE = 32 * 2**20
#: Largest ``.json`` document (one API page of works) read whole; JSON lines have no limit.
MAX_DOCUMENT = 256 * 2**20
#: Blank or skipped lines a dump may hold beyond the works read so far (a real dump has
#: next to none; a file of empty or broken lines is refused after this many).
MAX_NOT_WORKS = 100_000
#: Most uncompressed bytes per compressed byte of a gzipped dump (JSON of works
#: inflates 5-35 times; a gzip of one repeated byte, 1,000 times) ...
MAX_INFLATION = 100
#: ... counted once this many uncompressed bytes are out (a small file may inflate more).
INFLATION_FREE = 16 * 2**20
_OPENALEX = "https://openalex.org/"
_HINT = "give Crossref or OpenAlex works, one JSON object per line (see docs/lookup-index.md)"


@dataclass(frozen=True)
class Parsed:
    record: WorkRecord
    raw: Mapping[str, Any]
    line: int


@dataclass(frozen=True)
class Skip:
    line: int
    reason: str


class _Counting(io.RawIOBase):
    """Hashes and counts the bytes of the file as they are read."""

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        self.sha = hashlib.sha256()
        self.count = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._raw.read(len(buffer))
        buffer[: len(data)] = data
        self.sha.update(data)
        self.count += len(data)
        return len(data)


class Dump:
    """One input file; iterate it for ``Parsed`` works and ``Skip``ped lines."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = str(path)
        try:
            if path.is_dir():
                raise InputDataError(
                    f"{path} is a folder, not a dump file; name the files in it "
                    f"(e.g. {path}/*.jsonl.gz)"
                )
            found = path.stat()
            if not stat.S_ISREG(found.st_mode):
                raise InputDataError(
                    f"{path} is not a regular file (a pipe or a device?); save the dump to a "
                    "file and name that"
                )
            self.size = found.st_size
        except FileNotFoundError:
            raise InputMissingError(f"{path}: no such file; check the path of the dump") from None
        except PermissionError as exc:
            raise ArsIOError(f"cannot read {path}: {exc.strerror}; check its permissions") from exc
        except OSError as exc:
            raise ArsIOError(f"cannot read {path}: {exc.strerror or exc}") from exc
        self.sha256 = ""
        self.position = 0
        self.line = 0
        self._counter: _Counting | None = None
        self._gzipped = False

    @property
    def whole_document(self) -> bool:
        return self.path.name.lower().removesuffix(".gz").endswith(".json")

    def __iter__(self) -> Iterator[Parsed | Skip]:
        try:
            with open(self.path, "rb") as handle:
                self._counter = _Counting(handle)
                buffered = io.BufferedReader(self._counter, 1 << 20)
                self._gzipped = gzipped = buffered.peek(2)[:2] == b"\x1f\x8b"
                stream: io.BufferedIOBase = gzip.GzipFile(fileobj=buffered) if gzipped else buffered
                if self.whole_document:
                    yield from self._document(stream)
                else:
                    yield from self._lines(stream)
                while buffered.read(1 << 20):  # the hash covers every byte of the file
                    pass
                self.sha256 = self._counter.sha.hexdigest()
                self.position = self._counter.count
        except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
            raise InputDataError(
                f"{self.name}:{self.line + 1}: damaged gzip data ({exc}); check or "
                "download the file again"
            ) from None
        except PermissionError as exc:
            raise ArsIOError(
                f"cannot read {self.name}: {exc.strerror}; check its permissions"
            ) from exc
        except OSError as exc:
            raise ArsIOError(f"cannot read {self.name}: {exc.strerror or exc}") from exc

    def _lines(self, stream: io.BufferedIOBase) -> Iterator[Parsed | Skip]:
        first = True
        works = not_works = inflated = 0
        while True:
            raw = stream.readline(MAX_LINE + 1)
            if not raw:
                return
            self.line += 1
            self._progress()
            inflated += len(raw)
            self._inflation(inflated)
            if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                while (rest := stream.readline(1 << 20)) and not rest.endswith(b"\n"):
                    inflated += len(rest)
                    self._inflation(inflated)
                not_works = self._not_a_work(not_works, works)
                yield Skip(self.line, f"longer than {MAX_LINE // 2**20} MiB")
                first = False
                continue
            if not raw.strip():
                not_works = self._not_a_work(not_works, works)
                continue
            value = _json(raw)
            if first and (isinstance(value, _Bad) or not isinstance(value, (dict, list))):
                why = value.reason if isinstance(value, _Bad) else "not an object"
                raise InputDataError(f"{self.name}:{self.line}: not JSON lines ({why}); {_HINT}")
            first = False
            if isinstance(value, _Bad):
                not_works = self._not_a_work(not_works, works)
                yield Skip(self.line, value.reason)
                continue
            for item in _works(value, self.line):
                if isinstance(item, Skip):
                    not_works = self._not_a_work(not_works, works)
                else:
                    works += 1
                yield item

    def _not_a_work(self, not_works: int, works: int) -> int:
        """Count one more blank or skipped line; refuse the file past ``MAX_NOT_WORKS``."""
        if not_works + 1 - works > MAX_NOT_WORKS:
            raise InputDataError(
                f"{self.name}:{self.line}: more than {MAX_NOT_WORKS:,} blank or unreadable "
                f"lines beyond the works read so far; this is not a registry dump "
                f"(nothing was written); {_HINT}"
            )
        return not_works + 1

    def _inflation(self, inflated: int) -> None:
        """Refuse gzip data that inflates past ``MAX_INFLATION`` (module docstring)."""
        if (
            self._gzipped
            and inflated > INFLATION_FREE
            and self._counter is not None
            and inflated > MAX_INFLATION * self._counter.count
        ):
            raise InputDataError(
                f"{self.name}:{self.line}: the gzip data inflates more than {MAX_INFLATION} "
                f"times ({inflated // 2**20} MiB out of {self._counter.count // 2**10} KiB "
                f"read); a registry dump inflates far less (nothing was written); {_HINT}"
            )

    def _document(self, stream: io.BufferedIOBase) -> Iterator[Parsed | Skip]:
        text = stream.read(MAX_DOCUMENT + 1)
        if len(text) > MAX_DOCUMENT:
            raise InputDataError(
                f"{self.name}: a .json document over {MAX_DOCUMENT // 2**20} MiB (uncompressed); "
                "write the works one per line (.jsonl), as the registries' dumps are"
            )
        self.line = 1
        self._progress()
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputDataError(
                f"{self.name}:{exc.lineno}:{exc.colno}: not a JSON document ({exc.msg}); a "
                f".json dump holds one object with items[]; name JSON lines .jsonl"
            ) from None
        except (UnicodeDecodeError, RecursionError) as exc:
            raise InputDataError(f"{self.name}: not a JSON document ({exc}); {_HINT}") from None
        yield from _works(value, 1)

    def _progress(self) -> None:
        if self._counter is not None:
            self.position = self._counter.count


@dataclass(frozen=True)
class _Bad:
    reason: str


def _json(raw: bytes) -> Any:
    """The line's JSON value, or ``_Bad`` saying why it has none."""
    try:
        return json.loads(raw)
    except UnicodeDecodeError:
        return _Bad("not UTF-8 text")
    except json.JSONDecodeError as exc:
        return _Bad(f"not JSON ({exc.msg}, column {exc.colno})")
    except RecursionError:
        return _Bad("nested too deeply to be read")


def _works(value: Any, line: int) -> Iterator[Parsed | Skip]:
    items = _items(value)
    if items is None:
        yield _one(value, line, "")
        return
    for number, item in enumerate(items, start=1):
        yield _one(item, line, f"item {number}: ")


def _items(value: Any) -> list[Any] | None:
    """The works of a list-shaped value (``None`` when the value is one work)."""
    if isinstance(value, list):
        return value
    if not isinstance(value, Mapping):
        return None
    inner = value.get("message")
    if isinstance(inner, Mapping):
        value = inner
    if "DOI" in value or _is_openalex(value):
        return None
    for key in ("items", "results"):
        if isinstance(value.get(key), list):
            return list(value[key])
    return None


def _one(value: Any, line: int, where: str) -> Parsed | Skip:
    if isinstance(value, Mapping) and isinstance(value.get("message"), Mapping):
        value = value["message"]
    if not isinstance(value, Mapping):
        return Skip(line, f"{where}not a JSON object")
    try:
        if _is_openalex(value):
            record = openalex.parse_work(value)
        elif "DOI" in value:
            record = crossref.parse_work(value)
        else:
            return Skip(
                line,
                f"{where}neither a Crossref work (no DOI) nor an OpenAlex work "
                f"(no id starting {_OPENALEX})",
            )
    except (TypeError, ValueError, AttributeError, KeyError) as exc:
        return Skip(line, f"{where}not readable as a work ({type(exc).__name__}: {exc})")
    if record is None:
        return Skip(line, f"{where}not readable as a work")
    return Parsed(record, value, line)


def _is_openalex(value: Mapping[str, Any]) -> bool:
    ident = value.get("id")
    return isinstance(ident, str) and ident.startswith(_OPENALEX)


def describe(skip: Skip, name: str) -> str:
    """``file:line: reason`` with the reason bounded."""
    return f"{name}:{skip.line}: {shorten(skip.reason)}"
