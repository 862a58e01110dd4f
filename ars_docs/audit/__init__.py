"""The audit-artifact data layer of the ARS v3.6.7 Step 6 audit gate (spec §3, §4.3, §4.9, §5.4).

An external codex audit leaves four files per run (§4.3): ``<run_id>.jsonl``
(the event stream, Layer 2), ``<run_id>.meta.json`` (the sidecar, Layer 3),
``<run_id>.verdict.yaml`` (the parsed verdict) and
``<run_id>.audit_artifact_entry.json`` (the proposal entry). The orchestrator
later appends a *persisted* copy of the entry to the passport's
``audit_artifact[]`` ledger (§4.9). One module per concern:

- ``schemas``   the four shipped JSON Schemas and ``validate_*`` (all errors, with JSON paths)
- ``schema_errors``  those errors: JSON path, readable message, the row a constraint is
- ``files``     reading the JSON / YAML artifact files with line numbers
- ``jsonl``     the event stream, read line by line (Layer 2, row A7)
- ``sidecar``   sidecar facts: timing, declared bundle, primary SHAs
- ``verdict``   the verdict file: status rules, the writer, the failure shape
- ``parse_verdict``  the last agent_message → verdict (template Sections 5 and 6)
- ``manifest``  the bundle manifest and its SHA (§3.6)
- ``rows``      the §3.7 row catalogue and the report rows go into; ``rows_local`` (A, B8),
  ``rows_cross`` (B1-B6, B9, C1, C2, C4), ``rows_names`` (B7, F2, F3), ``rows_ledger``
  (C3, D1-D4, B10)
- ``artifact_set``  an entry with its three files, found under the repository root
- ``passport``  the passport's ``audit_artifact[]`` (persisted mode)
- ``ledger``    ``next_verified_at_ms`` (§5.4, D3) and the millisecond timestamps

``ars_docs.lint.audit_artifacts`` runs the rows over a proposal, a passport,
a JSONL stream or a verdict file.

The stage-transition gate (§5) on top of it:

- ``gate``          ``make_context`` + ``run_gate``: Path A, then Path B (the entry point)
- ``gate_path_a`` / ``gate_path_b``  A1-A7 with A1.5; B1-B11 with B1a / B8a-d
- ``checks``        the eleven §5.2 checks in order, first failure stops
- ``gate_verdict``  the verdict file at A5 / B7 and the entry's rows
- ``decision``      §5.3 rows, the §5.4 escalation, the exit codes
- ``proposals``     the output folder: B1 snapshot, B2 selection, ``consumed/``
- ``gate_ledger``   reading and appending ``audit_artifact[]`` under the folder lock
- ``inventory``     the §5.6 failure state inventory (``gate_inventory.json``)
- ``ack``           ``audit ack``: ship_with_known_residue
"""
