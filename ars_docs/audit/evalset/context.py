"""A fixture's upstream context agrees with its deliverables (spec §7.2 ``upstream_context/``).

The passport snippet is the "minimum passport state to make the agent
dispatchable": a YAML mapping whose ``literature_corpus[]`` holds every work
the fixture's deliverables cite, and whose ``audit_artifact[]`` is empty (the
harness starts each run from an empty ledger; an entry there would change
which path the gate takes). A ``<!--ref:key-->`` marker with no corpus entry
would be a second, unintended pattern (a 3.1 citation-existence finding) in
a fixture meant to show exactly one, so it is reported.

Upstream's snippets (``schema_version: 9``, no ``literature_corpus``:
``ars_shape.is_ars_snippet``) are accepted; only their empty ledger is checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from ars_docs.audit.evalset.ars_shape import is_ars_snippet
from ars_docs.audit.evalset.files import Checker, read_yaml
from ars_docs.audit.model.ledger import FIELD

__all__ = ["check_context"]

# Agents emit the canonical form `<!--ref:slug-->` (the slug alphabet of the
# corpus schema's citation_key); that is all a fixture deliverable contains.
_MARKER = re.compile(r"<!--ref:([A-Za-z0-9_\-:./]+)-->")


def check_context(out: Checker, snippet: Path, deliverables: Iterable[Path]) -> None:
    """Check the passport snippet and the markers of ``deliverables`` against it."""
    file = read_yaml(snippet, "passport snippet")
    data = file.data
    if not isinstance(data, Mapping):
        out.add("EVAL-CONTEXT", snippet, "the passport snippet is not a YAML mapping", 1, 1)
        return
    if is_ars_snippet(data):
        # Upstream's snippet carries no corpus (its checker does not read it): the
        # empty ledger is checked, the markers cannot be.
        if not isinstance(data.get(FIELD), list) or data[FIELD]:
            out.at(
                "EVAL-CONTEXT",
                file,
                (FIELD,) if FIELD in data else (),
                "the passport snippet must start with an empty audit_artifact: [] ledger",
            )
        return
    corpus = data.get("literature_corpus")
    if not isinstance(corpus, list):
        out.at("EVAL-CONTEXT", file, (), "the passport snippet needs literature_corpus: [...]")
        return
    if data.get(FIELD):
        out.at(
            "EVAL-CONTEXT",
            file,
            (FIELD,),
            "the passport snippet must start with an empty audit_artifact[] ledger",
        )
    keys = {e.get("citation_key") for e in corpus if isinstance(e, Mapping)}
    for path in deliverables:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            for match in _MARKER.finditer(line):
                if match.group(1) not in keys:
                    out.add(
                        "EVAL-CONTEXT",
                        path,
                        f"<!--ref:{match.group(1)}--> names no citation_key of {snippet.name}; "
                        "add the work to its literature_corpus",
                        number,
                        match.start() + 1,
                    )
