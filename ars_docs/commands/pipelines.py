"""Every pipeline, built in one place from the gate policy (issue 33).

A pipeline is the draft room's ordered list of named passes
(``document.pipeline.Pipeline``); library users may copy one and edit it by name.
What the strict gate runs is ``strict_checks``: the draft room's gate, then the
checks of the rooms above it — whether every cited work was looked up
(``existence``) and whether every quotation matches its original
(``quotations``, when there is a corpus to find the originals) — then
``recheck`` of the output as a reader will read it. Finalize runs the same
checks in their finalize form (diagnostics and checklist sections) and ends
with ``forecast``, its account of what the gate will refuse.

The options a pipeline reads (the policy's ``require_lookup`` …) travel in
``DocState.options``: see ``GatePolicy.options``.
"""

from __future__ import annotations

from ars_docs.document.passes.checklist import checklist
from ars_docs.document.passes.existence import existence_finalize, existence_gate
from ars_docs.document.passes.extract import extract
from ars_docs.document.passes.forecast import forecast
from ars_docs.document.passes.foresee import foresee
from ars_docs.document.passes.gate import gate
from ars_docs.document.passes.nearmiss import near_miss
from ars_docs.document.passes.preview import preview
from ars_docs.document.passes.recheck import recheck
from ars_docs.document.passes.resolve import resolve
from ars_docs.document.passes.settle import settle
from ars_docs.document.passes.strip import strip
from ars_docs.document.passes.unmarked import unmarked
from ars_docs.document.pipeline import Pass, Pipeline
from ars_docs.session.corpus import Corpus

__all__ = [
    "finalize_pipeline",
    "gate_pipeline",
    "inspect_pipeline",
    "render_pipeline",
    "strict_checks",
]


def _quotations(
    corpus: Corpus | None, passport: str | None, *, gate: bool
) -> list[tuple[str, Pass]]:
    if corpus is None:
        return []
    # Loaded when a pipeline is built with a corpus: the quotation room is above the draft's.
    from ars_docs.quotes.passes import QuotationPass

    return [("quotations", QuotationPass(corpus, passport=passport, gate=gate))]


def strict_checks(corpus: Corpus | None, passport: str | None = None) -> list[tuple[str, Pass]]:
    """What the strict gate checks, in order: the one definition every door runs."""
    return [
        ("gate", gate),
        ("existence", existence_gate),
        *_quotations(corpus, passport, gate=True),
        ("recheck", recheck),
    ]


def _reading() -> list[tuple[str, Pass]]:
    return [("extract", extract), ("near_miss", near_miss), ("unmarked", unmarked)]


def gate_pipeline(corpus: Corpus | None, passport: str | None = None) -> Pipeline:
    return Pipeline([*_reading(), *strict_checks(corpus, passport)])


def render_pipeline(
    corpus: Corpus | None, passport: str | None = None, *, strict: bool = True
) -> Pipeline:
    if strict:
        return Pipeline([*_reading(), *strict_checks(corpus, passport), ("strip", strip)])
    return Pipeline([*_reading(), ("strip", strip), ("preview", preview)])


def finalize_pipeline(corpus: Corpus | None, passport: str | None = None) -> Pipeline:
    return Pipeline(
        [
            *_reading(),
            ("resolve", resolve),
            ("settle", settle),
            ("foresee", foresee),
            ("checklist", checklist),
            *_quotations(corpus, passport, gate=False),
            ("existence", existence_finalize),
            ("forecast", forecast),
        ]
    )


def inspect_pipeline(corpus: Corpus | None, passport: str | None = None) -> Pipeline:
    """Resolve every marker (as finalize would) and run the strict gate, on one reading."""
    return Pipeline([*_reading(), ("resolve", resolve), *strict_checks(corpus, passport)])
