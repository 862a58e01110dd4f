"""The document pipeline (§3.3 of the trust-provenance spec).

Reading a draft, finding its markers on the markdown AST, the 4-cell matrix,
the passes (extract, resolve, checklist, gate, strip), the renderers, and the
text API (``finalize``, ``gate``, ``render``). Imports only the core modules
and the session *readers* (corpus, read log, trust view, clock) — never a
writer, a report, retrieval, audit, handoff or the CLI.
"""
