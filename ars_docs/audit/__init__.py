"""The ARS v3.6.7 Step 6 audit: artifacts, wrapper and gate (spec §3, §4, §5).

An external codex audit leaves four files per run (§4.3): ``<run_id>.jsonl``
(the event stream, Layer 2), ``<run_id>.meta.json`` (the sidecar, Layer 3),
``<run_id>.verdict.yaml`` (the parsed verdict) and
``<run_id>.audit_artifact_entry.json`` (the proposal entry). The orchestrator
later appends a *persisted* copy of the entry to the passport's
``audit_artifact[]`` ledger (§4.9). The room has six sub-rooms; arrows point
down only (``AUDIT_ALLOWED`` in ``tests/project/test_architecture.py``)::

    evalset/ ──▶ gate/ ──▶ rows/ ──▶ model/
                 run/  ─────────────▶ model/
    prompts/  (alone)

- ``model/`` the artifacts themselves, shared by everything above: ``schemas``
  (the four shipped JSON Schemas, ``validate_*``) and ``schema_errors``,
  ``files`` (JSON / YAML with line numbers), ``jsonl`` (Layer 2, row A7),
  ``sidecar``, ``verdict`` (status rules, the writer, the failure shape),
  ``parse_verdict`` (the last agent_message → verdict), ``manifest`` (§3.6),
  ``ledger`` (the one ledger type: the persisted ``audit_artifact[]``, its
  validation and append, ``next_verified_at_ms``, millisecond timestamps)
- ``rows/`` the §3.7 row catalogue (``catalogue``: ``ROWS``, ``Report``) over an
  ``artifact_set`` (an entry with its three files): ``local`` (A, B8),
  ``cross`` (B1-B6, B9, C1, C2, C4), ``names`` (B7, F2, F3), ``ledger`` (C3,
  D1-D4, B10), ``persisted`` (all of them, for the lint and the gate's merge)
- ``run/`` ``audit run``, the wrapper (§4): ``main`` over ``request``,
  ``config``, ``bundle``, ``stream``, ``artifacts``
- ``gate/`` ``audit gate`` (§5): ``main`` (``make_context`` + ``run_gate``),
  ``path_a`` / ``path_b``, ``checks`` (§5.2), ``verdict``, ``decision``,
  ``proposals``, ``state``,
  ``message``, ``inventory`` (§5.6, the packaged ``inventory.json``) and
  ``ack`` (``audit ack``)

- ``evalset/`` the pattern-evaluation fixtures (spec 004 §7)
- ``prompts/`` the prompt-protection lint of the agent prompts

``ars_docs.audit.rows.lint`` runs the rows over a proposal, a passport,
a JSONL stream or a verdict file.
"""
