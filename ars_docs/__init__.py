"""ars-docs: the deterministic runtime of the ARS citation trust chain.

Public API (see docs/reference.md, "Python API"): ``finalize``, ``gate`` and
``render`` work on text; ``load_corpus`` / ``load_read_log`` read a passport and
its human-read log.

The names are loaded on first use (PEP 562), so ``import ars_docs`` — which
every command pays for — costs almost nothing.
"""

import importlib as _importlib
import typing as _typing
from typing import Any as _Any

__version__ = "0.1.0"

# Old module names (before the 0.2 layout) import for one more release, with a warning.
from ars_docs.core import moved as _moved

_moved.install()

#: Public name → the module that defines it.
_EXPORTS = {
    "ArsError": "ars_docs.core.errors",
    "ArsIOError": "ars_docs.core.errors",
    "Citation": "ars_docs.document.api",
    "Corpus": "ars_docs.session.corpus",
    "CorpusEntry": "ars_docs.session.corpus",
    "Diagnostic": "ars_docs.core.diagnostics",
    "DispatchResult": "ars_docs.commands.dispatch",
    "ExitCode": "ars_docs.core.errors",
    "FinalizeResult": "ars_docs.document.api",
    "GatePolicy": "ars_docs.commands.policy",
    "GateResult": "ars_docs.document.api",
    "HandoffError": "ars_docs.reports.handoff.payload",
    "Inspection": "ars_docs.document.api",
    "InputDataError": "ars_docs.core.errors",
    "InputMissingError": "ars_docs.core.errors",
    "MarkOutcome": "ars_docs.session.human_read",
    "MarkReadError": "ars_docs.session.mark_checks",
    "Marker": "ars_docs.document.markers",
    "OutputError": "ars_docs.core.errors",
    "ReadLog": "ars_docs.session.readlog",
    "ReadMark": "ars_docs.session.readlog",
    "RenderResult": "ars_docs.document.api",
    "Severity": "ars_docs.core.diagnostics",
    "Status": "ars_docs.session.provenance",
    "TrustFacts": "ars_docs.session.provenance",
    "UsageError": "ars_docs.core.errors",
    "classify": "ars_docs.session.provenance",
    "compile_metadata": "ars_docs.reports.handoff.payload",
    "corpus_from_data": "ars_docs.session.corpus",
    "dispatch": "ars_docs.commands.dispatch",
    "finalize": "ars_docs.commands.drafts",
    "finalize_stage": "ars_docs.commands.dispatch",
    "format_marker": "ars_docs.document.markers",
    "gate": "ars_docs.commands.drafts",
    "inspect": "ars_docs.commands.drafts",
    "list_read": "ars_docs.session.human_read",
    "load_corpus": "ars_docs.session.corpus",
    "load_policy": "ars_docs.commands.policy",
    "load_read_log": "ars_docs.session.readlog",
    "mark_read": "ars_docs.session.human_read",
    "parse_comment": "ars_docs.document.markers",
    "read_log_path": "ars_docs.session.readlog",
    "render": "ars_docs.commands.drafts",
    "terminal_gate_stage": "ars_docs.commands.dispatch",
    "unmark_read": "ars_docs.session.human_read",
    "validate_payload": "ars_docs.reports.handoff.payload",
}

if _typing.TYPE_CHECKING:
    from ars_docs.commands.dispatch import DispatchResult as DispatchResult
    from ars_docs.commands.dispatch import dispatch as dispatch
    from ars_docs.commands.dispatch import finalize_stage as finalize_stage
    from ars_docs.commands.dispatch import terminal_gate_stage as terminal_gate_stage
    from ars_docs.commands.drafts import finalize as finalize
    from ars_docs.commands.drafts import gate as gate
    from ars_docs.commands.drafts import inspect as inspect
    from ars_docs.commands.drafts import render as render
    from ars_docs.commands.policy import GatePolicy as GatePolicy
    from ars_docs.commands.policy import load_policy as load_policy
    from ars_docs.core.diagnostics import Diagnostic as Diagnostic
    from ars_docs.core.diagnostics import Severity as Severity
    from ars_docs.core.errors import ArsError as ArsError
    from ars_docs.core.errors import ArsIOError as ArsIOError
    from ars_docs.core.errors import ExitCode as ExitCode
    from ars_docs.core.errors import InputDataError as InputDataError
    from ars_docs.core.errors import InputMissingError as InputMissingError
    from ars_docs.core.errors import OutputError as OutputError
    from ars_docs.core.errors import UsageError as UsageError
    from ars_docs.document.api import Citation as Citation
    from ars_docs.document.api import FinalizeResult as FinalizeResult
    from ars_docs.document.api import GateResult as GateResult
    from ars_docs.document.api import Inspection as Inspection
    from ars_docs.document.api import RenderResult as RenderResult
    from ars_docs.document.markers import Marker as Marker
    from ars_docs.document.markers import format_marker as format_marker
    from ars_docs.document.markers import parse_comment as parse_comment
    from ars_docs.reports.handoff.payload import HandoffError as HandoffError
    from ars_docs.reports.handoff.payload import compile_metadata as compile_metadata
    from ars_docs.reports.handoff.payload import validate_payload as validate_payload
    from ars_docs.session.corpus import Corpus as Corpus
    from ars_docs.session.corpus import CorpusEntry as CorpusEntry
    from ars_docs.session.corpus import corpus_from_data as corpus_from_data
    from ars_docs.session.corpus import load_corpus as load_corpus
    from ars_docs.session.human_read import MarkOutcome as MarkOutcome
    from ars_docs.session.human_read import list_read as list_read
    from ars_docs.session.human_read import mark_read as mark_read
    from ars_docs.session.human_read import unmark_read as unmark_read
    from ars_docs.session.mark_checks import MarkReadError as MarkReadError
    from ars_docs.session.provenance import Status as Status
    from ars_docs.session.provenance import TrustFacts as TrustFacts
    from ars_docs.session.provenance import classify as classify
    from ars_docs.session.readlog import ReadLog as ReadLog
    from ars_docs.session.readlog import ReadMark as ReadMark
    from ars_docs.session.readlog import load_read_log as load_read_log
    from ars_docs.session.readlog import read_log_path as read_log_path


def __getattr__(name: str) -> _Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ars_docs' has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})


__all__ = [
    "ArsError",
    "ArsIOError",
    "Citation",
    "Corpus",
    "CorpusEntry",
    "Diagnostic",
    "DispatchResult",
    "ExitCode",
    "FinalizeResult",
    "GatePolicy",
    "GateResult",
    "HandoffError",
    "InputDataError",
    "InputMissingError",
    "Inspection",
    "MarkOutcome",
    "MarkReadError",
    "Marker",
    "OutputError",
    "ReadLog",
    "ReadMark",
    "RenderResult",
    "Severity",
    "Status",
    "TrustFacts",
    "UsageError",
    "__version__",
    "classify",
    "compile_metadata",
    "corpus_from_data",
    "dispatch",
    "finalize",
    "finalize_stage",
    "format_marker",
    "gate",
    "inspect",
    "list_read",
    "load_corpus",
    "load_policy",
    "load_read_log",
    "mark_read",
    "parse_comment",
    "read_log_path",
    "render",
    "terminal_gate_stage",
    "unmark_read",
    "validate_payload",
]
