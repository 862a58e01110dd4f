"""ars-docs: the deterministic runtime of the ARS citation trust chain.

Public API (see the README): ``finalize``, ``gate`` and ``render`` work on text;
``load_corpus`` / ``load_read_log`` read a passport and its human-read log.
"""

__version__ = "0.1.0"

from .api import (
    Citation,
    FinalizeResult,
    GateResult,
    RenderResult,
    finalize,
    gate,
    render,
)
from .corpus import Corpus, CorpusEntry, corpus_from_data, load_corpus
from .diagnostics import Diagnostic, Severity
from .errors import (
    ArsError,
    ArsIOError,
    ExitCode,
    InputDataError,
    InputMissingError,
    OutputError,
    UsageError,
)
from .handoff import (
    DispatchResult,
    HandoffError,
    compile_metadata,
    dispatch,
    finalize_stage,
    terminal_gate_stage,
    validate_payload,
)
from .human_read import MarkOutcome, MarkReadError, list_read, mark_read, unmark_read
from .markers import Marker, format_marker, parse_comment
from .provenance import Status, TrustFacts, classify
from .readlog import ReadLog, ReadMark, load_read_log, read_log_path

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
    "GateResult",
    "HandoffError",
    "InputDataError",
    "InputMissingError",
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
    "list_read",
    "load_corpus",
    "load_read_log",
    "mark_read",
    "parse_comment",
    "read_log_path",
    "render",
    "terminal_gate_stage",
    "unmark_read",
    "validate_payload",
]
