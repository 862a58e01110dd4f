"""``render`` on a draft file: the terminal gate (``strict``) or a preview (§3.3 Step 3).

With ``strict`` this is the gate: a refused draft writes nothing; a passed one
becomes ``<stem>_final.md`` (or ``.html``) with its markers stripped. Without
it, a preview (``<stem>_preview.md``) that never refuses. The draft itself is
never overwritten. The gate's verdict is the one every door gives
(``commands.pipelines.strict_checks`` under the session's ``GatePolicy``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ars_docs.commands import drafts
from ars_docs.commands.outputs import refuse_outputs_over_inputs, same_file, write_output
from ars_docs.commands.policy import GatePolicy, load_policy
from ars_docs.commands.session_inputs import STDIO, Trust, load_trust, read_draft
from ars_docs.core.errors import ExitCode, InputDataError, UsageError
from ars_docs.document.api import RenderResult
from ars_docs.session.corpus import Corpus

if TYPE_CHECKING:
    from ars_docs.commands.references import ReferenceList, ReferenceRequest
    from ars_docs.session.readlog import ReadLog

__all__ = ["RenderRun", "default_render_path", "read_css", "render_file"]


@dataclass(frozen=True)
class RenderRun:
    """What one render of a file did."""

    draft: str
    """The draft as shown in messages (``<stdin>`` for standard input)."""
    text: str
    """The draft's text (refusal reports quote it)."""
    result: RenderResult
    strict: bool
    policy: GatePolicy
    passport: str | None
    corpus: Corpus | None
    written: str | None
    """Where the output went (``-``: standard output), ``None`` if refused or ``check``."""
    references: ReferenceList | None = None
    """The reference list appended (``--references``), ``None`` if not asked or refused."""

    @property
    def passed(self) -> bool:
        return self.result.passed

    @property
    def exit_code(self) -> ExitCode:
        """1 when the strict gate refused the draft (a preview always passes)."""
        return ExitCode.OK if self.passed else ExitCode.CHECK_FAILED


def default_render_path(draft: str, *, strict: bool, to: str) -> str:
    """``<stem>_final.md`` for the gate, ``<stem>_preview.md`` for a preview (``.html``)."""
    path = Path(draft)
    kind = "final" if strict else "preview"
    return str(path.with_name(f"{path.stem}_{kind}.{'html' if to == 'html' else 'md'}"))


def render_file(
    draft: str,
    *,
    passport: str | None,
    strict: bool = False,
    output: str | None = None,
    to: str = "markdown",
    allow_html: bool = False,
    allow_no_citations: bool = False,
    trust_draft_statuses: bool = False,
    check: bool = False,
    fragment: bool = False,
    css: str | None = None,
    require_lookup: bool | None = None,
    trust: Trust | None = None,
    references: ReferenceRequest | None = None,
) -> RenderRun:
    """Render one draft file (``-``: standard input, output to standard output).

    ``css`` is a stylesheet's text (``read_css``); ``trust`` the loaded corpus and
    read log when a batch loaded them once; ``references`` appends the reference
    list of the works the gate accepted (``commands.references``).
    """
    if check and not strict:
        raise UsageError("--check runs the strict gate: give --strict too")
    style = None
    if references is not None:
        from ars_docs.commands.references import check_request

        style = check_request(references, passport=passport)
    doc = read_draft(draft)
    if passport:
        corpus, read_log = trust if trust is not None else load_trust(passport)
    else:
        corpus, read_log = None, None
    policy = load_policy(
        passport,
        require_lookup=require_lookup,
        allow_no_citations=allow_no_citations,
        trust_draft_statuses=trust_draft_statuses,
    )
    if output is None:
        output = STDIO if draft == STDIO else default_render_path(draft, strict=strict, to=to)
    if not check:
        refuse_outputs_over_inputs([("-o", output)], passport=passport)
    if output != STDIO and draft != STDIO and same_file(output, draft):
        raise UsageError(
            f"output {output} is the draft itself; rendering strips the markers, so write "
            "the final document elsewhere (-o OUT)"
        )
    result = drafts.render(
        doc.text,
        corpus,
        read_log,
        strict=strict,
        to=to,
        allow_html=allow_html,
        path=doc.path,
        passport=passport,
        policy=policy,
    )
    text = result.output
    listed: ReferenceList | None = None
    if text is not None and references is not None and style is not None and corpus is not None:
        from ars_docs.commands import references as refs

        refused = [] if strict else _refused_keys(doc.text, corpus, read_log, doc.path, policy)
        if result.gate is not None:
            refused += [o.slug for o in result.gate.offenders]
        listed = refs.build(refs.accepted_keys(result.cited, refused), corpus, references, style)
        text = refs.placed(text, listed, to=to, newline=doc.newline())
    if text is not None and to == "html" and not fragment:
        from ars_docs.document.renderers.html_document import document_title, html_document

        fallback = Path(draft).stem if draft != STDIO else "Document"
        title = document_title(doc.text, fallback)
        if not strict:
            title = f"Preview: {title}"
        text = html_document(text, title, _stylesheet(strict, css))
    written: str | None = None
    if text is not None and not check:
        write_output(output, text)
        written = output
    return RenderRun(doc.path, doc.text, result, strict, policy, passport, corpus, written, listed)


def _refused_keys(
    text: str, corpus: Corpus, read_log: ReadLog | None, path: str, policy: GatePolicy
) -> list[str | None]:
    """The keys the gate would refuse in a preview (which itself never refuses)."""
    verdict = drafts.gate(text, corpus, read_log, path=path, policy=policy)
    return [o.slug for o in verdict.offenders]


def _stylesheet(strict: bool, css: str | None) -> str | None:
    """The preview's own styles, then the user's ``--css``."""
    parts = []
    if not strict:
        from ars_docs.document.renderers.preview_html import preview_css

        parts.append(preview_css())
    if css:
        parts.append(css)
    return "\n".join(parts) or None


def read_css(path: str, *, to: str, fragment: bool) -> str:
    """Read ``--css`` up front: a bad stylesheet must fail before anything is written."""
    if to != "html" or fragment:
        raise UsageError(
            "--css styles a complete HTML document: give --to html (without --fragment)"
        )
    from ars_docs.core.paths import read_regular
    from ars_docs.document.renderers.html_document import check_css

    # The path policy (a FIFO or device named as --css is refused, never waited on).
    raw = read_regular(Path(path), what="stylesheet", hint="check the --css path")
    try:
        css = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputDataError(f"{path}: cannot read the stylesheet as UTF-8 text: {exc}") from exc
    problem = check_css(css, path)
    if problem:
        raise InputDataError(problem)
    return css
