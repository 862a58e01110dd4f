"""The literature corpus of a session, read conservatively (spec §3.1 D1).

A corpus comes from a Material Passport (a YAML/JSON mapping with a
``literature_corpus`` list), a YAML/JSON file that is a list of entries, or a
directory of entry files (``*.md`` with YAML front matter, ``*.yaml``/``*.yml``
holding one entry each, read in sorted name order).

Trust is computed, never taken on faith (ARCHITECTURE.md §4): an entry that
breaks one of the §3.1 firm rules is read in its most conservative sense and
the breach is reported as a warning diagnostic. ``ars_docs.session.lint``
reports the same findings with the firm rules raised to errors; the codes are
defined once, here.

Loading a 10,000-entry passport takes about a second; a second load of the
same bytes is served from the session cache (``ars_docs.session.cache.store``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ars_docs.core.codes import (
    AUDITED_WITHOUT_SOURCE,
    LEGACY_VERIFIED,
    LITERAL_HUMAN_READ,
    NO_FRONT_MATTER,
    TRUST_FLAG_NOT_BOOLEAN,
    VERIFIED_WITHOUT_BASIS,
)
from ars_docs.core.codes import PASSPORT_SCHEMA_ERROR as SCHEMA_ERROR
from ars_docs.core.codes import PASSPORT_UNKNOWN_FIELD as UNKNOWN_FIELD
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.errors import ArsIOError, InputDataError
from ars_docs.files.schema_check import schema_bytes
from ars_docs.files.yaml.read import (
    KeyPath,
    Position,
    YamlDocument,
    decode_utf8,
    location,
    parse_yaml,
    plain_values,
    read_bytes,
    type_name,
)
from ars_docs.session.cache.store import (
    cache_file,
    cache_key,
    module_source,
    read_cache,
    write_cache,
)
from ars_docs.session.corpus_rules import (
    AFFIRMATIVE_METHODS,
    ENTRY_SCHEMA,
    FIRM_RULE_CODES,
    entry_schema,
    review_entry,
)

if TYPE_CHECKING:
    pass

    from ars_docs.session.fuzzy import KeyIndex

__all__ = [
    "AFFIRMATIVE_METHODS",
    "AUDITED_WITHOUT_SOURCE",
    "FIRM_RULE_CODES",
    "LEGACY_VERIFIED",
    "LITERAL_HUMAN_READ",
    "NO_FRONT_MATTER",
    "SCHEMA_ERROR",
    "TRUST_FLAG_NOT_BOOLEAN",
    "UNKNOWN_FIELD",
    "VERIFIED_WITHOUT_BASIS",
    "Corpus",
    "CorpusEntry",
    "corpus_from_data",
    "load_corpus",
    "parsed_passport",
]

PASSPORT_HINT = "check the --passport option or the ARS_PASSPORT environment variable"

_CITATION_KEY_RE = re.compile(r"[A-Za-z0-9_\-:./]+\Z")
_ENTRY_SUFFIXES = (".md", ".yaml", ".yml")
# The modules whose code shapes a loaded corpus (part of the cache key).
_CODE_MODULES = (
    "corpus.py",
    "corpus_rules.py",
    "cache.py",
    "cache_codec.py",
    "cache_msgpack.py",
    "schema_check.py",
    "yamlio.py",
    "yaml_compose.py",
)
_MISSING = object()


@dataclass(frozen=True, slots=True)
class CorpusEntry:
    """One ``literature_corpus[]`` entry with its trust flags read conservatively."""

    citation_key: str
    title: str
    data: Mapping[str, Any] = field(hash=False)
    """The entry as loaded: plain values, dates as ISO 8601 strings. Read-only."""
    source_acquired: bool
    """True only for a literal boolean ``source_acquired: true``."""
    source_verified_against_original: bool
    """True only when verified, acquired and backed by an affirmative method."""
    path: str
    """The file the entry came from."""
    line: int
    """1-based line where the entry starts (0 for in-memory data)."""
    col: int
    """1-based column where the entry starts (0 for in-memory data)."""


@dataclass(slots=True, eq=False)
class Corpus:
    """All entries of one corpus, keyed by ``citation_key`` in file order."""

    path: str
    session_id: str | None = None
    entries: dict[str, CorpusEntry] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: How each key's original is held when a person recorded it on paper or as an
    #: image-only scan (``session.holdings``: "original held on paper at …"). Set by
    #: ``commands.session_inputs.load_trust`` from the sidecar; not part of the cache.
    held: dict[str, str] = field(default_factory=dict)
    _key_index: KeyIndex | None = field(default=None, init=False, repr=False)

    def get(self, key: str) -> CorpusEntry | None:
        return self.entries.get(key)

    def __contains__(self, key: object) -> bool:
        return key in self.entries

    def __len__(self) -> int:
        return len(self.entries)

    def keys(self) -> list[str]:
        return list(self.entries)

    def closest_keys(self, key: str, n: int = 3) -> list[str]:
        """Up to ``n`` citation keys that look like ``key`` (for "did you mean").

        The index (``session.fuzzy``) is built on first use and kept; a corpus
        is not changed after loading.
        """
        from ars_docs.session.fuzzy import KeyIndex

        if self._key_index is None or len(self._key_index.keys) != len(self.entries):
            self._key_index = KeyIndex(list(self.entries))
        return self._key_index.closest(key, n=n)


def entry_to_edit(passport: str | os.PathLike[str], key: str) -> tuple[Corpus, CorpusEntry]:
    """The corpus, freshly parsed, and its entry ``key``: for a command about to edit it.

    A missing passport exits 66; a key not in the corpus exits 65 with the closest keys.
    """
    from ars_docs.core.errors import InputDataError, InputMissingError

    path = Path(passport)
    if not path.exists():
        raise InputMissingError(f"passport not found: {path}; check --passport / $ARS_PASSPORT")
    corpus = load_corpus(path, use_cache=False)
    entry = corpus.get(key)
    if entry is None:
        close = corpus.closest_keys(key)
        hint = f" (closest keys: {', '.join(close)})" if close else ""
        raise InputDataError(
            f"{corpus.path}: citation_key '{key}' not in literature_corpus[]{hint}; "
            "nothing was written"
        )
    return corpus, entry


def load_corpus(path: str | os.PathLike[str], *, use_cache: bool = True) -> Corpus:
    """Load a passport file, an entry-list file or a directory of entry files.

    Raises ``InputMissingError`` (missing path), ``ArsIOError`` (unreadable)
    or ``InputDataError`` (malformed YAML, wrong shape, missing/duplicate
    ``citation_key``). Everything else is reported in ``Corpus.diagnostics``.
    Set ``ARS_DOCS_NO_CACHE=1`` (or ``use_cache=False``) to bypass the cache.
    """
    name = os.fspath(path)
    if os.path.isdir(name):
        sources = _directory_sources(name)
    else:
        sources = [(name, read_bytes(name, what="passport", hint=PASSPORT_HINT))]
    cache = cache_file("corpus", name) if use_cache else None
    key = ""
    if cache is not None:
        code = module_source(*_CODE_MODULES)
        key = cache_key(name, sources, depends_on=(*code, schema_bytes(ENTRY_SCHEMA)))
        cached = read_cache(cache, key, Corpus)
        if cached is not None:
            return cached
    if os.path.isdir(name):
        corpus = _from_directory(name, sources)
    else:
        document = parse_yaml(decode_utf8(sources[0][1], name), name)
        corpus = _from_document(document)
    if cache is not None:
        write_cache(cache, key, corpus)
    return corpus


def parsed_passport(path: str | os.PathLike[str]) -> tuple[Corpus, bytes, YamlDocument]:
    """A one-file passport's corpus with the bytes and the YAML document it came from,
    parsed once, for a caller that edits the file next (``verify``): the editor can
    reuse the document when the bytes it reads under the lock are the same."""
    name = os.fspath(path)
    raw = read_bytes(name, what="passport", hint=PASSPORT_HINT)
    document = parse_yaml(decode_utf8(raw, name), name)
    return _from_document(document), raw, document


def corpus_from_data(data: Any, *, path: str = "<memory>") -> Corpus:
    """Build a corpus from in-memory data: a mapping with ``literature_corpus`` or a list."""
    return _from_document(YamlDocument(path, plain_values(data)))


# --- shape of the source ----------------------------------------------------


def _from_document(document: YamlDocument) -> Corpus:
    root = document.data
    corpus = Corpus(document.path)
    builder = _Builder(corpus)
    if isinstance(root, dict):
        corpus.session_id = _session_id(root.get("session_id"))
        if "literature_corpus" not in root:
            raise InputDataError(
                f"{location(document.path, document.position())}: the top level is a mapping "
                "without `literature_corpus`; a passport needs `literature_corpus:` holding a "
                "list of entries (or give a file whose top level is that list)"
            )
        items = root["literature_corpus"]
        if not isinstance(items, list):
            raise InputDataError(
                f"{location(document.path, document.position('literature_corpus'))}: "
                f"`literature_corpus` is {type_name(items)}, not a list; make it a list of "
                "entries (`- citation_key: ...`)"
            )
        for index in range(len(items)):
            builder.add(document, ("literature_corpus", index), f"literature_corpus[{index}]")
    elif isinstance(root, list):
        for index in range(len(root)):
            builder.add(document, (index,), f"entry [{index}]")
    else:
        raise InputDataError(
            f"{location(document.path, document.position())}: the top level is "
            f"{type_name(root)}; a corpus file must be a mapping with `literature_corpus:` "
            "or a list of entries"
        )
    return corpus


def _from_directory(folder: str, sources: list[tuple[str, bytes]]) -> Corpus:
    corpus = Corpus(folder)
    builder = _Builder(corpus)
    for name, raw in sources:
        text = decode_utf8(raw, name)
        if name.endswith(".md"):
            found = _front_matter(text)
            if found is None:
                corpus.diagnostics.append(
                    Diagnostic(
                        name,
                        1,
                        1,
                        NO_FRONT_MATTER,
                        Severity.WARNING,
                        "no YAML front matter between `---` lines; file skipped (add front "
                        "matter if it is a corpus entry)",
                    )
                )
                continue
            document = parse_yaml(found, name, line_offset=1)
        else:
            document = parse_yaml(text, name)
        if not isinstance(document.data, dict):
            start = (2, 1) if name.endswith(".md") else (1, 1)
            raise InputDataError(
                f"{location(name, document.position() if document.positions else start)}: "
                f"the entry is {type_name(document.data)}, not a mapping; an entry file holds "
                "one mapping of fields"
            )
        builder.add(document, (), "entry")
    return corpus


def _directory_sources(folder: str) -> list[tuple[str, bytes]]:
    try:
        names = sorted(os.listdir(folder))
    except OSError as exc:
        raise ArsIOError(
            f"{folder}: cannot list the corpus directory: {exc.strerror or exc}; check its "
            "permissions"
        ) from exc
    sources = []
    for name in names:
        full = os.path.join(folder, name)
        if name.startswith(".") or not name.endswith(_ENTRY_SUFFIXES) or os.path.isdir(full):
            continue
        sources.append((full, read_bytes(full, what="corpus entry file", hint=PASSPORT_HINT)))
    return sources


def _front_matter(text: str) -> str | None:
    """The YAML between an opening ``---`` line and the next ``---``/``...`` line."""
    # Split on "\n" only: str.splitlines also breaks at characters YAML keeps.
    lines = text.split("\n")
    if lines[0].rstrip() != "---":
        return None
    for index in range(1, len(lines)):
        if lines[index].rstrip() in ("---", "..."):
            return "\n".join(lines[1:index]) + "\n"
    return None


def _session_id(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


# --- one entry ----------------------------------------------------------------


class _Builder:
    """Adds entries to a corpus, checking keys and reading trust conservatively."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.schema = entry_schema()

    def add(self, document: YamlDocument, keypath: KeyPath, label: str) -> None:
        path = document.path
        entry = _value_at(document.data, keypath)
        where = location(path, document.position(*keypath))
        if not isinstance(entry, dict):
            raise InputDataError(
                f"{where}: {label} is {type_name(entry)}, not a mapping; each entry must be "
                "a mapping of fields"
            )
        key = entry.get("citation_key", _MISSING)
        if key is _MISSING:
            raise InputDataError(
                f"{where}: {label} has no citation_key; add `citation_key: <slug>` (the name "
                "drafts cite as <!--ref:slug-->)"
            )
        key_where = location(path, document.position(*keypath, "citation_key"))
        if not isinstance(key, str):
            raise InputDataError(
                f"{key_where}: {label} has citation_key {key!r} ({type_name(key)}), not a "
                f'string; quote it: citation_key: "{key}"'
            )
        if not _CITATION_KEY_RE.match(key):
            raise InputDataError(
                f"{key_where}: citation_key {key!r} may only use letters, digits and "
                "_ - : . /; rename it"
            )
        first = self.corpus.entries.get(key)
        if first is not None:
            raise InputDataError(
                f"{where}: duplicate citation_key {key!r} (first at "
                f"{location(first.path, (first.line, first.col))}); give each entry a unique "
                "citation_key"
            )
        line, col = document.position(*keypath)

        def at(*subpath: str | int) -> Position:
            return document.position(*keypath, *subpath)

        acquired, verified, findings = review_entry(entry, self.schema)
        found = [
            Diagnostic(path, *at(*subpath), code, severity, f"{key}: {message}", slug=key)
            for subpath, code, severity, message in findings
        ]
        found.sort(key=lambda diagnostic: (diagnostic.line, diagnostic.col))
        self.corpus.diagnostics.extend(found)
        title = entry.get("title", "")
        self.corpus.entries[key] = CorpusEntry(
            citation_key=key,
            title=title if isinstance(title, str) else str(title),
            data=entry,
            source_acquired=acquired,
            source_verified_against_original=verified,
            path=path,
            line=line,
            col=col,
        )


def _value_at(data: Any, keypath: KeyPath) -> Any:
    for part in keypath:
        data = data[part]
    return data
