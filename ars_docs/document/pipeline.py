"""Pass protocol, Pipeline and DocState (the one object passes read and write).

A pass is a callable ``(state: DocState) -> None`` in its own module under
``ars_docs.document.passes``. A pipeline is an ordered list of ``(name, pass)`` pairs
owned by an instance, never a global registry; library users can copy one
and insert, remove or replace passes by name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from markdown_it.token import Token

from ars_docs.core.clock import Clock
from ars_docs.core.diagnostics import Diagnostic
from ars_docs.core.perf import gc_paused
from ars_docs.document.detect.candidate import CitationText
from ars_docs.document.markers import Marker
from ars_docs.document.parse.codeagree import Disputed
from ars_docs.document.parse.mdparse import Occurrence, Reading
from ars_docs.document.parse.prose import Waiver
from ars_docs.document.text import Document, Edit
from ars_docs.session.provenance import Status
from ars_docs.session.trust import TrustView


class Pass(Protocol):
    def __call__(self, state: DocState) -> None: ...


@dataclass(frozen=True, slots=True)
class Resolution:
    """The status ars-docs computed for one marker and the text it writes."""

    marker: Marker
    status: Status
    replacement: str | None  # None: the marker is left as it is (malformed)

    @property
    def changed(self) -> bool:
        return self.replacement is not None and self.replacement != self.marker.text


@dataclass(frozen=True, slots=True)
class Offender:
    """One reason the terminal gate refuses the draft."""

    line: int
    col: int
    reason: str
    slug: str
    detail: str = ""


@dataclass
class Options:
    """Knobs the passes read. ``passport`` is the path shown in suggested commands."""

    passport: str | None = None
    strict: bool = True
    #: Keep the token stream, inline children included, in ``DocState.tokens`` (the
    #: gate and metadata read the visible text; finalize does not, and stays lean).
    keep_children: bool = False
    #: Keep the token stream without the inline children: what the gate, recheck and
    #: strip read, at a fraction of the memory. With ``strict`` the gate's check for
    #: hidden marker text is computed while parsing (``gate.hidden_noter``).
    keep_tokens: bool = False
    #: The caller accepts a draft with no citation marker at all (the gate refuses one).
    allow_no_citations: bool = False
    #: The caller accepts ``ok`` markers at the draft's word when there is no passport.
    trust_draft_statuses: bool = False
    #: Every cited entry needs a current lookup record (``passes.existence``); a session
    #: opts out only explicitly (``commands.policy``).
    require_lookup: bool = True
    #: How old that record may be, in days.
    lookup_max_age_days: int = 30


@dataclass
class DocState:
    """Everything a pipeline run reads and produces."""

    document: Document
    trust: TrustView | None = None
    options: Options = field(default_factory=Options)
    clock: Clock = field(default_factory=Clock)
    tokens: list[Token] = field(default_factory=list)
    markers: list[Marker] = field(default_factory=list)
    orphan_warnings: list[Occurrence] = field(default_factory=list)
    #: Character ranges of prose blocks (set by extract; read by the unmarked pass).
    prose: list[tuple[int, int]] = field(default_factory=list)
    #: Line ranges (``token.map``) of the outermost block quotes (set by extract; read by
    #: the quotation check, so that it need not parse the draft again).
    block_quotes: list[tuple[int, int]] = field(default_factory=list)
    #: The draft's reading with its code ranges (set by extract for the gate and
    #: the preview; finalize reads it only when needed, see ``extract.draft_code``).
    reading: Reading | None = None
    #: Where every occurrence extract found starts (markers, warnings), in order.
    occurrence_starts: list[int] = field(default_factory=list)
    #: Marker-like and warning texts in markdown code (``mdhooks.CODE_MARKS``).
    code_marks: int = 0
    #: The front matter's range, when the draft has metadata (``document.parse.frontmatter``).
    front_matter: tuple[int, int] | None = None
    #: Places CommonMark shows as code and some reader does not, read as text (set by
    #: extract; the gate says so where it refuses something there: issue 33).
    disputed: list[Disputed] = field(default_factory=list)
    #: What render --strict will refuse that no other finalize diagnostic names,
    #: at draft lines (set by ``passes.foresee``; listed by the checklist).
    foreseen: list[Offender] = field(default_factory=list)
    #: Finalize's forecast: every refusal render --strict will give on the finalized
    #: draft, at draft lines (``passes.forecast``; checks that run after the checklist,
    #: the quotations and the existence check, add their own).
    forecast: list[Offender] = field(default_factory=list)
    #: Citation-shaped texts not covered by a marker: unmarked or waived (§1 of issue 10).
    citation_texts: list[CitationText] = field(default_factory=list)
    #: Every ``<!--not-a-citation-->`` waiver in prose (render strips them).
    waivers: list[Waiver] = field(default_factory=list)
    resolutions: list[Resolution] = field(default_factory=list)
    offenders: list[Offender] = field(default_factory=list)
    gate_ran: bool = False
    edits: list[Edit] = field(default_factory=list)
    #: The strict output's strip edits, computed once (recheck scans that output first).
    strict_edits: list[Edit] | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    artifacts: dict[str, str] = field(default_factory=dict)

    @property
    def refused(self) -> bool:
        return self.gate_ran and bool(self.offenders)


class Pipeline:
    """An ordered, named list of passes."""

    def __init__(self, passes: Iterable[tuple[str, Pass]]) -> None:
        self.passes: list[tuple[str, Pass]] = list(passes)

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.passes]

    def run(self, state: DocState) -> DocState:
        # The passes allocate hundreds of thousands of short-lived objects on a
        # large draft; cyclic collections in between find nothing to free.
        with gc_paused():
            for _, step in self.passes:
                step(state)
        return state

    def copy(self) -> Pipeline:
        return Pipeline(self.passes)

    def _index(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise KeyError(f"no pass named {name!r}; passes are {self.names}") from None

    def insert_before(self, name: str, new_name: str, step: Pass) -> None:
        self.passes.insert(self._index(name), (new_name, step))

    def insert_after(self, name: str, new_name: str, step: Pass) -> None:
        self.passes.insert(self._index(name) + 1, (new_name, step))

    def remove(self, name: str) -> None:
        del self.passes[self._index(name)]

    def replace(self, name: str, step: Pass) -> None:
        self.passes[self._index(name)] = (name, step)
