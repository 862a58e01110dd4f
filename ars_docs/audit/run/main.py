"""``ars-docs audit run``: the audit wrapper of spec §4, in the order of §4.4.

1. preflight (auditor version; the request was checked by ``run.request``);
2. SHA snapshot of the bundle and its manifest, before the prompt (F-060);
3. a fresh ``run_id`` (F1), reserved by creating ``<run_id>.manifest.txt``
   exclusively, so two runs in one second never share a stem;
4. the prompt, rendered from the snapshot;
5. ``<run_id>.jsonl``, ``.stdout`` and ``.stderr`` created empty (F-059), then
   the auditor streams into them (``run.stream``);
6. the bundle re-hashed: a change is ``AUDIT_FAILED`` (§4.6 row 70 c);
7. the verdict parsed from the stream (``parse_verdict``: the probe and the
   parse are one in-process call) unless the run already failed;
8. the three files checked against their schemas (the wrapper-side lint of
   §3.7; a failure is a bug: exit 70, nothing kept), then sidecar → verdict
   → proposal, each atomic, the proposal last (E8).

Exit codes (§4.6): 0 clean; 64 before anything is written; 70 the audit
failed although the auditor exited 0 (unparseable stream, mutated bundle), or
the auditor exited 64 / 73 (codes that mean "nothing written" here); 73 a
file of the run could not be written (everything of the run is removed); 75
the auditor exited 75, the ``--timeout`` expired, or SIGINT / SIGTERM
interrupted the run; any other auditor exit code is preserved. Every non-zero
code except 64 and 73 comes with the complete ``AUDIT_FAILED`` set. An
interruption before the auditor starts removes what the run had created and
leaves no proposal. The wrapper never touches the passport (E1).

Timing is real time even under ``SOURCE_DATE_EPOCH``: the sidecar's
timestamps are evidence that the auditor ran (§3.4 rule 5).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ars_docs.audit.model.verdict import FAILED
from ars_docs.audit.run.artifacts import (
    RunPaths,
    build_proposal,
    build_sidecar,
    new_run_id,
    reserve_run,
    runner_facts,
    self_check,
    thread_id_of,
    write_contract,
)
from ars_docs.audit.run.bundle import Snapshot, mutated, render_prompt, snapshot
from ars_docs.audit.run.request import RunRequest, auditor_version, find_auditor
from ars_docs.audit.run.stream import Interrupts, StreamResult, run_auditor
from ars_docs.core.errors import ArsError, ExitCode, OutputError

__all__ = [
    "GENERATED_BY",
    "AuditInternalError",
    "AuditInterrupted",
    "RunOutcome",
    "new_run_id",
    "run_audit",
]

GENERATED_BY = "ars-docs audit run"
_REASON_LIMIT = 300
_RESERVED = (int(ExitCode.USAGE), int(ExitCode.CANT_CREATE))


class AuditInterrupted(ArsError):
    """SIGINT / SIGTERM before the auditor started: nothing of the run is kept."""

    exit_code = ExitCode.TEMP_FAIL


class AuditInternalError(ArsError):
    """The wrapper's own output failed its schemas (a bug): nothing is written."""

    exit_code = ExitCode.SOFTWARE


@dataclass(slots=True)
class RunOutcome:
    exit_code: int
    run_id: str | None = None
    status: str | None = None
    finding_counts: dict[str, int] = field(default_factory=dict)
    failure_reason: str | None = None
    auditor_exit: int | None = None
    events: int = 0
    files: dict[str, str] = field(default_factory=dict)
    """Repository-relative paths of the four contract files."""


Phase = Callable[[str], None]


def run_audit(request: RunRequest, *, phase: Phase, dry_run: bool = False) -> RunOutcome:
    """Run one audit; returns the outcome (``ArsError`` for 64 / 73 / an early interruption)."""
    if dry_run:
        # Found, never run: the command may come from an ars-docs.toml in the working
        # directory, and a dry run executes nothing it names (not even `--version`).
        where = find_auditor(request.codex)
        phase(
            f"preflight: auditor {' '.join(request.codex)} found at {where} (not run), git present"
        )
        return RunOutcome(int(ExitCode.OK))
    version = auditor_version(request.codex)
    phase(f"preflight: auditor {' '.join(request.codex)} {version}, git present")
    with Interrupts() as interrupts:
        return _run(request, version, interrupts, phase)


def _run(request: RunRequest, version: str, interrupts: Interrupts, phase: Phase) -> RunOutcome:
    shot = snapshot(request)
    runner = runner_facts(request.root, _hostname(), os.getcwd())
    out = request.root / request.output_dir
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create --output-dir {out}: {exc.strerror or exc}") from None
    paths = reserve_run(out, request.root, request.output_dir, shot.manifest.text)
    created = [paths.absolute("manifest")]
    phase(f"run_id {paths.run_id}: {len(shot.files)} files, manifest {shot.manifest.sha[:12]}…")
    try:
        prompt = render_prompt(request, shot).encode("utf-8")
        if interrupts.signum is not None:
            raise AuditInterrupted(
                f"interrupted by {signal.Signals(interrupts.signum).name} before the auditor "
                "started; nothing of the run was kept"
            )
        with contextlib.ExitStack() as stack:
            handles = {}
            for kind in ("jsonl", "stdout", "stderr"):  # created empty first (F-059)
                target = paths.absolute(kind)
                handles[kind] = stack.enter_context(open(target, "xb"))
                created.append(target)
            # Nameless (unlinked at once) and in the output folder, so a full
            # disk there is reported as this run's write failure.
            prompt_file = stack.enter_context(tempfile.TemporaryFile(dir=out))
            prompt_file.write(prompt)
            prompt_file.seek(0)
            phase(f"auditor running; stream → {paths.relative('jsonl')}")
            started = datetime.now(timezone.utc)
            result = run_auditor(
                [*request.codex, *_codex_args(request)],
                prompt_file,
                handles["jsonl"],
                handles["stdout"],
                handles["stderr"],
                timeout=request.timeout,
                interrupts=interrupts,
                cwd=os.getcwd(),
            )
            ended = datetime.now(timezone.utc)
    except OSError as exc:
        _remove(created)
        raise OutputError(
            f"cannot write the run's files ({exc.strerror or exc}); nothing of the run was kept"
        ) from None
    except BaseException:
        _remove(created)
        raise
    if result.write_error:
        _remove(created)
        raise OutputError(
            f"writing the auditor's output into {out} failed ({result.write_error}); the JSONL "
            "cannot be trusted, so every file of the run was removed"
        )
    seconds = (ended - started).total_seconds()
    phase(f"auditor exited {result.exit_code} after {seconds:.1f} s; {result.lines} events")
    verdict, exit_code = _verdict(request, paths, shot, result)
    sidecar = build_sidecar(
        paths=paths,
        request=request,
        shot=shot,
        version=version,
        runner=runner,
        started=started,
        ended=ended,
        exit_code=result.exit_code,
        thread_id=thread_id_of(paths.absolute("jsonl")),
    )
    proposal = build_proposal(paths=paths, request=request, shot=shot, verdict=verdict)
    from ars_docs.audit.model.verdict import render_verdict

    problem = self_check(sidecar, verdict, proposal)
    if problem is not None:
        _remove(created)
        raise AuditInternalError(
            f"internal error: audit run built an invalid {problem}; nothing of run "
            f"{paths.run_id} was kept; please report this"
        )
    try:
        write_contract(paths, sidecar, render_verdict(verdict), proposal)
    except OutputError:
        _remove(created)
        raise
    phase(f"verdict {verdict['verdict_status']}; wrote sidecar, verdict, proposal")
    return RunOutcome(
        exit_code=exit_code,
        run_id=paths.run_id,
        status=verdict["verdict_status"],
        finding_counts=dict(verdict["finding_counts"]),
        failure_reason=verdict.get("failure_reason"),
        auditor_exit=result.exit_code,
        events=result.lines,
        files={k: paths.relative(k) for k in ("jsonl", "sidecar", "verdict", "proposal")},
    )


def _verdict(
    request: RunRequest, paths: RunPaths, shot: Snapshot, result: StreamResult
) -> tuple[dict[str, Any], int]:
    """The verdict and the wrapper's exit code (§4.4 Step 4, §4.6)."""
    from ars_docs.audit.model.ledger import format_ms
    from ars_docs.audit.model.parse_verdict import parse_verdict_stream
    from ars_docs.audit.model.verdict import failed_verdict

    now = format_ms(datetime.now(timezone.utc))
    code = result.exit_code
    changed = mutated(request, shot)
    reason: str | None = None
    exit_code = code
    if result.interrupted is not None:
        name = signal.Signals(result.interrupted).name
        reason, exit_code = f"audit run interrupted by {name}; auditor killed", ExitCode.TEMP_FAIL
    elif result.timed_out:
        reason = f"auditor timed out after {request.timeout:g} s; its process group was killed"
        exit_code = ExitCode.TEMP_FAIL
    elif changed:
        reason = "bundle file(s) mutated during audit run: " + " ".join(changed)
    elif code != 0:
        reason = _exit_reason(code, paths.absolute("stderr"))
    if reason is None:
        outcome = parse_verdict_stream(
            paths.absolute("jsonl"),
            round_=request.round,
            target_rounds=request.target_rounds,
            generated_at=now,
        )
        verdict = dict(outcome.verdict)
        exit_code = 0 if outcome.ok else ExitCode.SOFTWARE
    else:
        verdict = failed_verdict(paths.run_id, request.round, request.target_rounds, reason, now)
    if verdict["verdict_status"] == FAILED and (exit_code == 0 or exit_code in _RESERVED):
        exit_code = ExitCode.SOFTWARE  # §4.6: exit 0 only with PASS / MINOR / MATERIAL
    verdict["generated_by"] = GENERATED_BY
    return verdict, int(exit_code)


def _exit_reason(code: int, stderr: Path) -> str:
    """``codex exit N: <last line of its standard error>`` (§4.6 synthesize_failure_reason)."""
    last = ""
    with contextlib.suppress(OSError), open(stderr, "rb") as handle:
        handle.seek(max(0, os.fstat(handle.fileno()).st_size - 4096))
        lines = [ln.strip() for ln in handle.read().decode("utf-8", "replace").splitlines()]
        last = next((ln for ln in reversed(lines) if ln), "")
    if code == ExitCode.TEMP_FAIL:
        what = "rate-limited or transient failure"
    elif code > 128:
        what = f"killed by signal {code - 128}"
    else:
        what = "auditor failed"
    reason = f"codex exit {code}: {what}" + (f" ({last})" if last else "")
    return reason if len(reason) <= _REASON_LIMIT else reason[: _REASON_LIMIT - 1] + "…"


def _codex_args(request: RunRequest) -> list[str]:
    # codex 0.125+: `exec`, the model, the effort as a TOML-quoted config
    # override, the event stream on stdout, the prompt on stdin (§4.4 Step 2b).
    return [
        "exec",
        "-m",
        request.model,
        "-c",
        f'model_reasoning_effort="{request.reasoning_effort}"',
        "--json",
        "-",
    ]


def _remove(files: list[Path]) -> None:
    for path in files:
        with contextlib.suppress(OSError):
            path.unlink()


def _hostname() -> str:
    # What `uname -n` prints (§3.4 runner.hostname).
    try:
        return os.uname().nodename or socket.gethostname() or "localhost"
    except AttributeError:  # pragma: no cover - not POSIX
        return socket.gethostname() or "localhost"
