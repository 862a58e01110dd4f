"""JSON Schemas shipped in ``ars_docs/schemas`` and a fast validity check for them.

jsonschema needs ~130 µs per corpus entry, which alone would blow the load
budget for a 10,000-entry passport (§3.1 corpus loading). ``quick_validity_check``
compiles a schema that only uses a small set of keywords into plain closures
that answer "valid or not" about 10x faster; callers run jsonschema only on
the entries it rejects, to get the messages. It must agree with jsonschema
exactly (a test compares them on generated data).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from ars_docs.files.yaml.read import KeyPath

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

__all__ = [
    "Check",
    "load_schema",
    "quick_validity_check",
    "schema_bytes",
    "unknown_properties",
    "validator",
    "without_closed_objects",
]


_SCHEMA_FOLDER = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "schemas"
)


def schema_bytes(name: str) -> bytes:
    """The bytes of a JSON Schema shipped in ``ars_docs/schemas`` (works from a wheel).

    Read straight from the package folder when it is on disk (every cached
    passport load needs the bytes for its key; ``importlib.resources`` alone
    costs more start-up than the read), else through ``importlib.resources``.
    """
    try:
        with open(os.path.join(_SCHEMA_FOLDER, name), "rb") as handle:
            return handle.read()
    except OSError:
        from importlib import resources

        return (resources.files("ars_docs") / "schemas" / name).read_bytes()


def schema_location(name: str) -> str:
    """Where a shipped schema is, for messages that name it (``name`` at its installed path)."""
    from importlib import resources

    return f"{name}, shipped at {resources.files('ars_docs') / 'schemas' / name}"


@cache
def validator(name: str) -> Validator:
    """A checked draft 2020-12 validator for a shipped schema, built once per name."""
    from jsonschema import Draft202012Validator

    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    checked: Validator = Draft202012Validator(schema)
    return checked


def load_schema(name: str) -> dict[str, Any]:
    """A JSON Schema shipped in ``ars_docs/schemas``, parsed."""
    schema: dict[str, Any] = json.loads(schema_bytes(name))
    return schema


# --- a fast validity check for JSON Schemas ------------------------------------
#
# jsonschema needs ~130 µs per corpus entry, which alone would blow the load
# budget for a 10,000-entry passport. ``quick_validity_check`` compiles a schema
# that only uses the keywords below into plain closures that answer "valid or
# not" about 10x faster; callers run jsonschema only on the entries it rejects,
# to get the messages. It must agree with jsonschema exactly (a test compares
# them on generated data); a schema using any other keyword is not compiled.

Check = Callable[[Any], bool]

_ANNOTATION_KEYWORDS = frozenset(
    {"$schema", "$id", "$comment", "$defs", "title", "description", "default", "examples", "format"}
)


class _UnsupportedSchema(Exception):
    """The schema uses a keyword the quick check does not implement."""


def _is_integer(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_TYPE_CHECKS: dict[str, Check] = {
    "string": lambda value: isinstance(value, str),
    "integer": _is_integer,
    "number": _is_number,
    "boolean": lambda value: isinstance(value, bool),
    "null": lambda value: value is None,
    "array": lambda value: isinstance(value, list),
    "object": lambda value: isinstance(value, dict),
}


def quick_validity_check(schema: Mapping[str, Any]) -> Check | None:
    """A fast ``is_valid`` for ``schema``, or ``None`` if it uses other keywords."""
    compiled: dict[str, Check] = {}

    def resolve(reference: str) -> Check:
        # Compiled once; the cell lets a schema refer to itself.
        if reference not in compiled:
            if not reference.startswith("#/"):
                raise _UnsupportedSchema(reference)
            cell: list[Check] = []
            compiled[reference] = lambda value: cell[0](value)
            target: Any = schema
            for part in reference[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            cell.append(build(target))
        return compiled[reference]

    def build(node: Any) -> Check:
        if node is True or node == {}:
            return lambda value: True
        if node is False:
            return lambda value: False
        if not isinstance(node, Mapping):
            raise _UnsupportedSchema(repr(node))
        found = (
            _keyword_check(keyword, argument, node, build, resolve)
            for keyword, argument in node.items()
            if keyword not in _ANNOTATION_KEYWORDS
        )
        checks = [check for check in found if check is not None]
        if len(checks) == 1:
            return checks[0]
        return _all_of(checks)

    try:
        return build(schema)
    except (_UnsupportedSchema, KeyError, TypeError, re.error):
        return None


def _keyword_check(
    keyword: str,
    argument: Any,
    node: Mapping[str, Any],
    build: Callable[[Any], Check],
    resolve: Callable[[str], Check],
) -> Check | None:
    """One keyword as a check; ``None`` when it is handled by a sibling keyword."""
    if keyword == "type":
        names = [argument] if isinstance(argument, str) else list(argument)
        tests = [_TYPE_CHECKS[name] for name in names]
        if len(tests) == 1:
            return tests[0]
        return lambda value: any(test(value) for test in tests)
    if keyword == "enum" or keyword == "const":
        options = list(argument) if keyword == "enum" else [argument]
        if not all(option is None or isinstance(option, (str, int, float)) for option in options):
            raise _UnsupportedSchema(keyword)
        return lambda value: any(_scalar_equal(value, option) for option in options)
    if keyword == "properties" or keyword == "additionalProperties":
        if keyword == "additionalProperties" and "properties" in node:
            return None  # checked together with "properties"
        members = {name: build(sub) for name, sub in node.get("properties", {}).items()}
        extra = node.get("additionalProperties", True)
        others = None if extra is True else build(extra)
        return _object_check(members, others)
    if keyword == "required":
        required: frozenset[str] = frozenset(argument)
        return lambda value: not isinstance(value, dict) or required <= value.keys()
    if keyword == "items":
        item = build(argument)
        return lambda value: not isinstance(value, list) or all(item(each) for each in value)
    if keyword in ("minItems", "maxItems", "minLength", "maxLength"):
        kind = list if keyword.endswith("Items") else str
        limit = int(argument)
        if keyword.startswith("min"):
            return lambda value: not isinstance(value, kind) or len(value) >= limit
        return lambda value: not isinstance(value, kind) or len(value) <= limit
    if keyword == "pattern":
        search = re.compile(argument).search
        return lambda value: not isinstance(value, str) or search(value) is not None
    if keyword in ("oneOf", "anyOf", "allOf"):
        subs = [build(sub) for sub in argument]
        if keyword == "anyOf":
            return lambda value: any(sub(value) for sub in subs)
        if keyword == "allOf":
            return lambda value: all(sub(value) for sub in subs)
        return lambda value: sum(1 for sub in subs if sub(value)) == 1
    if keyword == "$ref":
        return resolve(str(argument))
    if keyword in _BOUNDS:
        bound, holds = argument, _BOUNDS[keyword]
        if not _is_number(bound):
            raise _UnsupportedSchema(keyword)
        return lambda value: not _is_number(value) or holds(value, bound)
    if keyword == "not":
        negated = build(argument)
        return lambda value: not negated(value)
    if keyword == "if":
        condition = build(argument)
        then, otherwise = build(node.get("then", True)), build(node.get("else", True))
        return lambda value: then(value) if condition(value) else otherwise(value)
    if keyword in ("then", "else"):
        return None  # checked with "if"; without an "if" they are ignored
    raise _UnsupportedSchema(keyword)


_BOUNDS: dict[str, Callable[[Any, Any], bool]] = {
    "minimum": lambda value, bound: value >= bound,
    "maximum": lambda value, bound: value <= bound,
    "exclusiveMinimum": lambda value, bound: value > bound,
    "exclusiveMaximum": lambda value, bound: value < bound,
}


def _all_of(checks: list[Check]) -> Check:
    # A plain loop: ``all(<generator>)`` costs about twice as much per call, and
    # this runs for every node of every value checked.
    def check(value: Any) -> bool:
        for each in checks:  # noqa: SIM110 - a loop: all(<generator>) is ~2x slower
            if not each(value):
                return False
        return True

    return check


def _object_check(members: dict[str, Check], others: Check | None) -> Check:
    def check(value: Any) -> bool:
        if not isinstance(value, dict):
            return True
        for name, item in value.items():
            member = members.get(name, others)
            if member is not None and not member(item):
                return False
        return True

    return check


def _scalar_equal(value: Any, option: Any) -> bool:
    # JSON Schema equality: true is not 1, 1 is 1.0.
    if isinstance(value, bool) or isinstance(option, bool):
        return isinstance(value, bool) and isinstance(option, bool) and value == option
    if isinstance(value, (list, dict)):
        return False
    return bool(value == option) and (isinstance(value, str) == isinstance(option, str))


def without_closed_objects(schema: Any) -> Any:
    """A copy of ``schema`` with every ``additionalProperties: false`` removed."""
    if isinstance(schema, Mapping):
        return {
            key: without_closed_objects(value)
            for key, value in schema.items()
            if not (key == "additionalProperties" and value is False)
        }
    if isinstance(schema, list):
        return [without_closed_objects(value) for value in schema]
    return schema


def unknown_properties(schema: Mapping[str, Any], instance: Any) -> Iterator[KeyPath]:
    """Key paths of members that an ``additionalProperties: false`` rejects.

    Follows ``properties``, ``items`` and local ``$ref`` (not the ``*Of``
    combinators, where "unknown" depends on the branch).
    """

    def walk(node: Any, value: Any, keypath: KeyPath, depth: int) -> Iterator[KeyPath]:
        if not isinstance(node, Mapping) or depth > 64:
            return
        reference = node.get("$ref")
        if isinstance(reference, str) and reference.startswith("#/"):
            target: Any = schema
            for part in reference[2:].split("/"):
                target = target.get(part.replace("~1", "/").replace("~0", "~"), {})
            yield from walk(target, value, keypath, depth + 1)
        known = node.get("properties", {})
        if isinstance(value, dict):
            for key, item in value.items():
                if key in known:
                    yield from walk(known[key], item, (*keypath, key), depth + 1)
                elif node.get("additionalProperties") is False:
                    yield (*keypath, key)
        items = node.get("items")
        if isinstance(value, list) and isinstance(items, Mapping):
            for index, item in enumerate(value):
                yield from walk(items, item, (*keypath, index), depth + 1)

    return walk(schema, instance, (), 0)
