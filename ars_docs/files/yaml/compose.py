"""Compose a YAML event stream into plain values with positions.

The part of ``yamlio`` that builds values: it reads the event stream of libyaml
(``ruamel.yaml.clib``; the pure-Python parser when the C extension is missing),
resolves plain scalars by the YAML 1.2 core schema (timestamps stay text), and
records the 1-based position of every mapping member and sequence item.
Duplicate keys are an error; anchors, aliases and ``<<`` merge keys are
supported. ``yamlio.parse_yaml`` is the entry point; nothing else calls this.

Cost is bounded by the file's size (``ars_docs.core.limits``): collections nest at
most ``MAX_NESTING`` deep, and every value counts its size *as expanded*, so
aliases that would add more than ``ALIAS_BUDGET`` values beyond twice what the
file writes out (a "billion laughs" bomb) are refused at the alias, before
anything downstream walks the shared structure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from ars_docs.core.errors import InputDataError
from ars_docs.core.limits import ALIAS_BUDGET, MAX_NESTING, shorten
from ars_docs.files.yaml.read import KeyPath, Position, YamlDocument, location

__all__ = ["compose", "event_source"]

_NO_POSITION: Position = (0, 0)


def compose(text: str, path: str, line_offset: int) -> YamlDocument:
    """Build the one document of ``text``; ruamel's ``YAMLError`` passes through."""
    return _Composer(path, line_offset).compose(event_source(text))


def event_source(text: str) -> Callable[[], Any]:
    """A callable returning the next parse event, from libyaml when available."""
    try:
        from ruamel.yaml.cyaml import CParser  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover - depends on the platform
        return _pure_event_source(text)
    get_event: Callable[[], Any] = CParser(text).get_event
    return get_event


def _pure_event_source(text: str) -> Callable[[], Any]:
    from ruamel.yaml import YAML

    events: Iterator[Any] = iter(YAML(typ="safe", pure=True).parse(text))
    return events.__next__


# --- scalar resolution (YAML 1.2 core schema + timestamps kept as text) -----

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"

_WORDS: dict[str, Any] = {
    "": None,
    "~": None,
    "null": None,
    "Null": None,
    "NULL": None,
    "true": True,
    "True": True,
    "TRUE": True,
    "false": False,
    "False": False,
    "FALSE": False,
}
_INT_RE = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT_RE = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_SPECIAL_FLOATS = {
    ".inf": float("inf"),
    ".Inf": float("inf"),
    ".INF": float("inf"),
    "+.inf": float("inf"),
    "+.Inf": float("inf"),
    "+.INF": float("inf"),
    "-.inf": float("-inf"),
    "-.Inf": float("-inf"),
    "-.INF": float("-inf"),
    ".nan": float("nan"),
    ".NaN": float("nan"),
    ".NAN": float("nan"),
}
_TIMESTAMP_RE = re.compile(
    r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})"
    r"(?:(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(\.[0-9]*)?"
    r"(?:[ \t]*(Z|z|[-+][0-9]{1,2}(?::?[0-9]{2})?))?)?\Z"
)
_NUMERIC_START = frozenset("-+.0123456789")


def _timestamp_text(match: re.Match[str]) -> str:
    year, month, day, hour, minute, second, fraction, zone = match.groups()
    text = f"{year}-{int(month):02d}-{int(day):02d}"
    if hour is None:
        return text
    text += f"T{int(hour):02d}:{minute}:{second}{fraction or ''}"
    if zone is None:
        return text
    if zone in ("Z", "z"):
        return text + "Z"
    sign, digits = zone[0], zone[1:].replace(":", "")
    hours, minutes = (digits[:-2], digits[-2:]) if len(digits) > 2 else (digits, "00")
    return f"{text}{sign}{int(hours):02d}:{minutes}"


def _resolve_plain(value: str) -> Any:
    """Type of an untagged plain scalar (YAML 1.2 core schema)."""
    if value in _WORDS:
        return _WORDS[value]
    if value[0] not in _NUMERIC_START:
        return value
    if _INT_RE.match(value):
        return int(value)
    if value.startswith(("0o", "0x")):
        try:
            return int(value[2:], 8 if value[1] == "o" else 16)
        except ValueError:
            return value
    if _FLOAT_RE.match(value):
        return float(value)
    if value in _SPECIAL_FLOATS:
        return _SPECIAL_FLOATS[value]
    stamp = _TIMESTAMP_RE.match(value)
    return _timestamp_text(stamp) if stamp else value


def _short_tag(tag: str) -> str:
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix) :] if tag.startswith(prefix) else tag


def _resolve_tagged(tag: str, value: str) -> Any:
    """Value of a scalar with an explicit tag; ``ValueError`` if it does not fit."""
    if tag == _STR:
        return value
    if tag == _TIMESTAMP:
        stamp = _TIMESTAMP_RE.match(value)
        if stamp is None:
            raise ValueError("not a timestamp")
        return _timestamp_text(stamp)
    resolved = _resolve_plain(value) if value else None
    if tag == _NULL and resolved is None:
        return None
    if tag == _BOOL and isinstance(resolved, bool):
        return resolved
    if tag == _INT and isinstance(resolved, int) and not isinstance(resolved, bool):
        return resolved
    if tag == _FLOAT and isinstance(resolved, (int, float)) and not isinstance(resolved, bool):
        return float(resolved)
    kinds = {_INT: "an integer", _FLOAT: "a number", _BOOL: "true or false", _NULL: "null"}
    if tag in kinds:
        raise ValueError(f"not {kinds[tag]}")
    raise ValueError("unsupported tag")


# --- composing values from events ------------------------------------------


class _Merge:
    """Sentinel key for ``<<`` merge keys."""


_MERGE_KEY = _Merge()
_NO_KEY = object()


class _Frame:
    """An open mapping or sequence while its events are read."""

    __slots__ = ("anchor", "key", "key_pos", "keypath", "merges", "size", "value")

    def __init__(self, value: dict[str, Any] | list[Any], keypath: KeyPath, anchor: Any) -> None:
        self.value = value
        self.keypath = keypath
        self.anchor = anchor
        self.key: Any = _NO_KEY
        self.key_pos: Position = _NO_POSITION
        self.merges: list[tuple[dict[str, Any], Position]] = []
        self.size = 1
        """Values in this collection as expanded (aliases count their whole target)."""


class _Composer:
    def __init__(self, path: str, line_offset: int) -> None:
        self.path = path
        self.line_offset = line_offset
        self.positions: dict[KeyPath, Position] = {}
        self.anchors: dict[str, Any] = {}
        self.anchor_sizes: dict[str, int] = {}
        self.written = 0
        """Values the file writes out (not through an alias)."""
        self.expanded = 0
        """Values added by aliases."""

    def fail(self, mark: Any, problem: str, todo: str) -> InputDataError:
        where = (mark.line + 1 + self.line_offset, mark.column + 1)
        return InputDataError(f"{location(self.path, where)}: {problem}; {todo}")

    def compose(self, next_event: Callable[[], Any]) -> YamlDocument:
        from ruamel.yaml import events

        scalar_event = events.ScalarEvent
        mapping_start = events.MappingStartEvent
        sequence_start = events.SequenceStartEvent
        collection_end = (events.MappingEndEvent, events.SequenceEndEvent)
        alias_event = events.AliasEvent
        document_start = events.DocumentStartEvent
        stream_end = events.StreamEndEvent
        resolve_plain = _resolve_plain
        offset = self.line_offset + 1

        stack: list[_Frame] = []
        root: Any = None
        documents = 0
        while True:
            event = next_event()
            kind = type(event)
            mark = event.start_mark
            if kind is scalar_event:
                top = stack[-1] if stack else None
                if top is not None and top.key is _NO_KEY and type(top.value) is dict:
                    # A mapping key: kept as written, never type-resolved.
                    key = event.value
                    if key == "<<" and not event.style:
                        top.key = _MERGE_KEY
                    elif key in top.value:
                        first_at = (*top.keypath, key)
                        first = self.positions.get(first_at, _NO_POSITION)
                        raise self.fail(
                            mark,
                            f"duplicate key {shorten(key)!r} (first at line {first[0]})",
                            "remove or rename one of them",
                        )
                    else:
                        top.key = key
                    top.key_pos = (mark.line + offset, mark.column + 1)
                    continue
                if event.ctag is None:
                    value = resolve_plain(event.value) if not event.style else event.value
                elif event.tag == "!":  # the non-specific tag: a string
                    value = event.value
                else:
                    try:
                        value = _resolve_tagged(event.tag, event.value)
                    except ValueError as exc:
                        raise self.fail(
                            mark,
                            f"cannot read {shorten(event.value)!r} as {_short_tag(event.tag)}: "
                            f"{exc}",
                            "remove the tag or fix the value",
                        ) from None
                # A long string counts as several values: aliasing it copies it out.
                size = 1 + len(event.value) // 256
                self.written += size
                if event.anchor is not None:
                    self.anchors[event.anchor] = value
                    self.anchor_sizes[event.anchor] = size
            elif kind is mapping_start or kind is sequence_start:
                tag = event.tag
                expected = _MAP if kind is mapping_start else _SEQ
                if tag is not None and tag != "!" and tag != expected:
                    raise self.fail(
                        mark, f"unsupported YAML tag {_short_tag(tag)}", "remove the tag"
                    )
                if len(stack) >= MAX_NESTING:
                    raise self.fail(
                        mark,
                        f"lists and mappings nest more than {MAX_NESTING} levels deep",
                        "flatten the data (ars-docs refuses deeper nesting)",
                    )
                self.written += 1
                stack.append(
                    _Frame(
                        {} if kind is mapping_start else [],
                        self.child_keypath(stack, mark),
                        event.anchor,
                    )
                )
                continue
            elif kind in collection_end:
                frame = stack.pop()
                value = frame.value
                if frame.merges:
                    self.apply_merges(frame)
                size = frame.size
                if frame.anchor is not None:
                    self.anchors[frame.anchor] = value
                    self.anchor_sizes[frame.anchor] = size
                mark = None
            elif kind is alias_event:
                if event.anchor not in self.anchors:
                    raise self.fail(
                        mark,
                        f"alias *{shorten(event.anchor)} refers to no anchor defined before it",
                        f"define &{shorten(event.anchor)} earlier in the file",
                    )
                value = self.anchors[event.anchor]
                size = self.anchor_sizes[event.anchor]
                self.expanded += size
                if self.expanded > ALIAS_BUDGET + 2 * self.written:
                    raise self.fail(
                        mark,
                        f"aliases expand to more than {ALIAS_BUDGET:,} values beyond what the "
                        "file writes out (an alias bomb?)",
                        "write the values out or use fewer aliases",
                    )
            elif kind is document_start:
                documents += 1
                if documents > 1:
                    raise self.fail(
                        mark, "more than one YAML document in the file", "keep a single document"
                    )
                continue
            elif kind is stream_end:
                break
            else:  # stream start, document end
                continue
            if not stack:
                root = value
                continue
            stack[-1].size += size
            self.attach(stack[-1], value, mark, offset)
        return YamlDocument(self.path, root, self.positions)

    def child_keypath(self, stack: list[_Frame], mark: Any) -> KeyPath:
        """Key path of a collection that starts now; records its position."""
        if not stack:
            self.positions[()] = (mark.line + self.line_offset + 1, mark.column + 1)
            return ()
        top = stack[-1]
        if type(top.value) is list:
            keypath = (*top.keypath, len(top.value))
            self.positions[keypath] = (mark.line + self.line_offset + 1, mark.column + 1)
            return keypath
        if top.key is _NO_KEY:
            raise self.fail(
                mark, "a mapping key is itself a list or mapping", "use a plain string key"
            )
        if top.key is _MERGE_KEY:
            return top.keypath
        return (*top.keypath, top.key)

    def attach(self, top: _Frame, value: Any, mark: Any, offset: int) -> None:
        container = top.value
        if type(container) is list:
            if mark is not None:
                item_at = (*top.keypath, len(container))
                self.positions[item_at] = (mark.line + offset, mark.column + 1)
            container.append(value)
            return
        key = top.key
        if key is _NO_KEY:
            line, col = top.key_pos if mark is None else (mark.line + offset, mark.column + 1)
            raise InputDataError(
                f"{self.path}:{line}:{col}: an alias is used as a mapping key; "
                "write the key out as plain text"
            )
        if key is _MERGE_KEY:
            sources = value if isinstance(value, list) else [value]
            if not all(isinstance(source, dict) for source in sources):
                line, col = top.key_pos
                raise InputDataError(
                    f"{self.path}:{line}:{col}: the merge key '<<' needs a mapping or a "
                    "list of mappings; point it at a mapping anchor"
                )
            top.merges.extend((source, top.key_pos) for source in sources)
        else:
            container[key] = value
            member_at = (*top.keypath, key)
            self.positions[member_at] = top.key_pos
        top.key = _NO_KEY

    def apply_merges(self, frame: _Frame) -> None:
        # Explicit keys win over merged ones; earlier merge sources win over later.
        target = frame.value
        assert isinstance(target, dict)
        for source, position in frame.merges:
            for key, item in source.items():
                if key not in target:
                    target[key] = item
                    member_at = (*frame.keypath, key)
                    self.positions[member_at] = position
