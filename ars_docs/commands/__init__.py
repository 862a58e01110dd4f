"""The commands layer: one function per command, the one place pipelines are assembled.

Every door — the CLI, a batch, the library's ``ars_docs.finalize`` / ``gate`` /
``render``, ``dispatch``, the report's verdict, the pre-commit hooks — asks
these functions, so a draft gets one verdict wherever it is asked
(tests/commands/test_doors.py runs a table of drafts through every door):

* ``policy`` — what a final document requires (``GatePolicy``), read from the
  session's ``ars-docs.toml`` ``[gate]`` table and the caller's options;
* ``pipelines`` — every pipeline (finalize, the strict gate, render, inspect),
  built from the policy: the draft room's passes plus the checks of the rooms
  above it (quotations, existence);
* ``drafts`` — the text-level commands the public API exports;
* ``finalize``, ``render``, ``dispatch``, ``report``, ``verify`` — the
  commands on files: plain arguments in, a result object out; the CLI only
  parses arguments and prints results;
* ``batch`` — what a batch of drafts decides before its first draft runs;
* ``audit``, ``lints`` — the audit flow (spec 004) and every ``lint`` target;
* ``record/`` — the session's own record: events, snapshot, drift log, read
  marks, corpus import, the Scope Report;
* ``evidence/`` — lookup, retrieve, quotes: evidence about the cited works.
"""
