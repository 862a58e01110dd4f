"""The literature corpus of a session, read conservatively (spec §3.1 D1).

A corpus comes from a Material Passport (a YAML/JSON mapping with a
``literature_corpus`` list), a YAML/JSON file that is a list of entries, or a
directory of entry files (``*.md`` with YAML front matter, ``*.yaml``/``*.yml``
holding one entry each, read in sorted name order).

Trust is computed, never taken on faith (ARCHITECTURE.md §4): an entry that
breaks one of the §3.1 firm rules is read in its most conservative sense and
the breach is reported as a warning diagnostic. ``ars_docs.lint.corpus``
reports the same findings with the firm rules raised to errors; the codes are
defined once, here.

Loading a 10,000-entry passport takes about a second; a second load of the
same bytes is served from the session cache (``ars_docs.session.cache``).
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ars_docs.diagnostics import Diagnostic, Severity
from ars_docs.errors import ArsIOError, InputDataError
from ars_docs.session.cache import cache_file, cache_key, module_source, read_cache, write_cache
from ars_docs.session.schema_check import (
    load_schema,
    quick_validity_check,
    schema_bytes,
    unknown_properties,
    without_closed_objects,
)
from ars_docs.session.yamlio import (
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

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

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
]

# Diagnostic codes (stable; one definition, reused by ars_docs.lint.corpus).
VERIFIED_WITHOUT_BASIS = "ARS101"
"""Firm rule 1: verified against the original without acquisition + affirmative method."""
AUDITED_WITHOUT_SOURCE = "ARS102"
"""Firm rule 2: ``source_acquired`` is not true but ``description_last_audit`` is not none."""
LITERAL_HUMAN_READ = "ARS103"
"""Firm rule 3: a literal ``human_read_source`` / ``human_read_at`` on the entry."""
TRUST_FLAG_NOT_BOOLEAN = "ARS104"
"""``source_acquired`` / ``source_verified_against_original`` is not a boolean."""
SCHEMA_ERROR = "ARS110"
"""The entry breaks literature_corpus_entry.schema.json (other than unknown fields)."""
UNKNOWN_FIELD = "ARS111"
"""A field the schema does not define (adapters add fields; a warning)."""
LEGACY_VERIFIED = "ARS112"
"""The legacy single ``verified`` field (spec §8 Risk 1)."""
NO_FRONT_MATTER = "ARS113"
"""A Markdown file in an entry directory has no YAML front matter; skipped."""

FIRM_RULE_CODES = frozenset(
    {VERIFIED_WITHOUT_BASIS, AUDITED_WITHOUT_SOURCE, LITERAL_HUMAN_READ, TRUST_FLAG_NOT_BOOLEAN}
)
"""Codes that break a §3.1 firm rule or the trust-field types: warnings when
loading (the entry is read conservatively), errors when linting."""

AFFIRMATIVE_METHODS = frozenset({"codex_audit", "manual_grep", "vision_check"})
"""``source_verification_method`` values that can back a verification claim."""

ENTRY_SCHEMA = "literature_corpus_entry.schema.json"
PASSPORT_HINT = "check the --passport option or the ARS_PASSPORT environment variable"

_CITATION_KEY_RE = re.compile(r"[A-Za-z0-9_\-:./]+\Z")
_DERIVED_FIELDS = ("human_read_source", "human_read_at")
_TRUST_FLAGS = ("source_acquired", "source_verified_against_original")
_ENTRY_SUFFIXES = (".md", ".yaml", ".yml")
# The modules whose code shapes a loaded corpus (part of the cache key).
_CODE_MODULES = ("corpus.py", "cache.py", "schema_check.py", "yamlio.py", "yaml_compose.py")
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

        Only keys with the same first letter are compared: typos rarely hit the
        first letter, and comparing every key of a 10,000-entry corpus costs
        ~20 ms per unknown key.
        """
        if not key:
            return []
        first = key[0].lower()
        same_start = [k for k in self.entries if k[:1].lower() == first]
        return difflib.get_close_matches(key, same_start, n=n, cutoff=0.6)


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
        self.schema = _entry_schema()

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

        acquired, verified, findings = _review_entry(entry, self.schema)
        found = [
            Diagnostic(path, *at(*subpath), code, severity, f"{key}: {message}")
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


Finding = tuple[KeyPath, str, Severity, str]
"""``(field path inside the entry, code, severity, message)``."""


def _review_entry(
    entry: Mapping[str, Any], schema: _EntrySchema
) -> tuple[bool, bool, list[Finding]]:
    """Read the trust flags of one entry conservatively and list what is wrong.

    Returns ``(source_acquired, source_verified_against_original, findings)``;
    the booleans are true only when the entry earns them.
    """
    findings = list(_schema_findings(entry, schema))
    acquired_raw = entry.get("source_acquired", _MISSING)
    verified_raw = entry.get("source_verified_against_original", _MISSING)
    for name, raw in zip(_TRUST_FLAGS, (acquired_raw, verified_raw), strict=True):
        if raw is not _MISSING and not isinstance(raw, bool):
            findings.append(
                (
                    (name,),
                    TRUST_FLAG_NOT_BOOLEAN,
                    Severity.WARNING,
                    f"{name} is {raw!r} ({type_name(raw)}), not true/false; read as false. "
                    f"Write {name}: true or false",
                )
            )
    acquired = acquired_raw is True
    method = entry.get("source_verification_method")
    verified = verified_raw is True and acquired and method in AFFIRMATIVE_METHODS
    if verified_raw is True and not verified:
        findings.append(
            (
                ("source_verified_against_original",),
                VERIFIED_WITHOUT_BASIS,
                Severity.WARNING,
                "source_verified_against_original: true needs source_acquired: true and "
                "source_verification_method codex_audit, manual_grep or vision_check (found "
                f"source_acquired: {_shown(acquired_raw)}, source_verification_method: "
                f"{_shown(method if method is not None else _MISSING)}); read as not verified. "
                "Acquire and check the original, or set it to false",
            )
        )
    audit = entry.get("description_last_audit", _MISSING)
    if not acquired and audit is not _MISSING and audit != "none":
        findings.append(
            (
                ("description_last_audit",),
                AUDITED_WITHOUT_SOURCE,
                Severity.WARNING,
                f"description_last_audit is {audit!r} but source_acquired is "
                f"{_shown(acquired_raw)}; without the original an audit cannot be "
                "substantive. Set description_last_audit: none or acquire the source",
            )
        )
    for name in _DERIVED_FIELDS:
        if name in entry:
            findings.append(
                (
                    (name,),
                    LITERAL_HUMAN_READ,
                    Severity.WARNING,
                    f"{name} is stored on the entry and ignored: human-read status comes only "
                    "from the human-read log (ars-docs mark-read). Remove the field",
                )
            )
    if "verified" in entry:
        findings.append(
            (
                ("verified",),
                LEGACY_VERIFIED,
                Severity.WARNING,
                f"legacy field verified: {entry['verified']!r} does not say what was checked; "
                "read as not verified against the original. Replace it with the §3.1 fields "
                "(source_acquired, source_verified_against_original, "
                "source_verification_method, ...)",
            )
        )
    return acquired, verified, findings


def _schema_findings(entry: Mapping[str, Any], schema: _EntrySchema) -> Iterator[Finding]:
    if schema.quick_strict is not None and schema.quick_strict(entry):
        return  # the common case: nothing to report
    for subpath in unknown_properties(schema.schema, entry):
        if len(subpath) == 1 and subpath[0] in ("verified", *_DERIVED_FIELDS):
            continue  # reported under their own codes
        yield (
            subpath,
            UNKNOWN_FIELD,
            Severity.WARNING,
            f"unknown field {_dotted(subpath)} (not in {ENTRY_SCHEMA}); ignored",
        )
    if schema.quick_open is not None and schema.quick_open(entry):
        return  # only unknown fields
    for error in schema.validator().iter_errors(entry):
        subpath = tuple(error.absolute_path)
        if error.validator == "additionalProperties":
            continue  # reported above, one finding per field
        if len(subpath) == 1 and subpath[0] in _TRUST_FLAGS and error.validator == "type":
            continue  # TRUST_FLAG_NOT_BOOLEAN says it with the conservative reading
        message = error.message if len(error.message) <= 160 else error.message[:157] + "..."
        expected = error.schema.get("description") if isinstance(error.schema, dict) else None
        if expected and error.validator in ("oneOf", "anyOf", "pattern", "enum", "type"):
            message += f"; expected: {expected}"
        where = _dotted(subpath) if subpath else "entry"
        yield (subpath, SCHEMA_ERROR, Severity.ERROR, f"{where}: {message} (see {ENTRY_SCHEMA})")


def _dotted(keypath: KeyPath) -> str:
    text = ""
    for part in keypath:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _shown(value: Any) -> str:
    if value is _MISSING:
        return "missing"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _value_at(data: Any, keypath: KeyPath) -> Any:
    for part in keypath:
        data = data[part]
    return data


class _EntrySchema:
    """literature_corpus_entry.schema.json, compiled once per process.

    jsonschema needs ~130 µs an entry; most entries are valid, so two quick
    compiled checks answer first (with and without the closed-object rule,
    which only yields warnings) and jsonschema explains real errors only.
    """

    def __init__(self) -> None:
        self.schema = load_schema(ENTRY_SCHEMA)
        self.quick_strict = quick_validity_check(self.schema)
        self.quick_open = quick_validity_check(without_closed_objects(self.schema))
        self._validator: Validator | None = None

    def validator(self) -> Validator:
        if self._validator is None:
            from jsonschema import Draft202012Validator

            Draft202012Validator.check_schema(self.schema)
            self._validator = Draft202012Validator(self.schema)
        return self._validator


@lru_cache(maxsize=1)
def _entry_schema() -> _EntrySchema:
    return _EntrySchema()


# --- warm-load cache ----------------------------------------------------------
