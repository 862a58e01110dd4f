"""Lint a corpus against its schema and the three §3.1 firm rules (spec D1).

The findings are the ones ``ars_docs.session.corpus`` makes while loading (one
implementation, one set of codes), with one difference: loading reads a
firm-rule breach conservatively and carries on, so it is a warning there;
the lint exists to stop such an entry from shipping, so here it is an error.

==========  ========  ==========================================================
code        severity  finding
==========  ========  ==========================================================
ARS101      error     source_verified_against_original: true without
                      source_acquired: true and an affirmative
                      source_verification_method (firm rule 1)
ARS102      error     source_acquired not true but description_last_audit is
                      not ``none`` (firm rule 2)
ARS103      error     a literal human_read_source / human_read_at (firm rule 3)
ARS104      error     a trust flag that is not a boolean
ARS110      error     any other schema violation
ARS111      warning   a field the schema does not define
ARS112      warning   the legacy single ``verified`` field
ARS113      warning   a Markdown file without front matter in an entry directory
==========  ========  ==========================================================

Input that cannot be read at all (missing file, malformed YAML, duplicate or
missing ``citation_key``) raises the usual ``ArsError`` instead.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Iterator

from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.session.corpus import (
    AUDITED_WITHOUT_SOURCE,
    FIRM_RULE_CODES,
    LEGACY_VERIFIED,
    LITERAL_HUMAN_READ,
    NO_FRONT_MATTER,
    SCHEMA_ERROR,
    TRUST_FLAG_NOT_BOOLEAN,
    UNKNOWN_FIELD,
    VERIFIED_WITHOUT_BASIS,
    load_corpus,
)

__all__ = [
    "AUDITED_WITHOUT_SOURCE",
    "FIRM_RULE_CODES",
    "LEGACY_VERIFIED",
    "LITERAL_HUMAN_READ",
    "NO_FRONT_MATTER",
    "SCHEMA_ERROR",
    "TRUST_FLAG_NOT_BOOLEAN",
    "UNKNOWN_FIELD",
    "VERIFIED_WITHOUT_BASIS",
    "lint_corpus",
    "lint_corpus_counted",
]


def lint_corpus(path: str | os.PathLike[str]) -> Iterator[Diagnostic]:
    """Yield every finding about the corpus at ``path``, in file order."""
    yield from _as_lint(load_corpus(path).diagnostics)


def lint_corpus_counted(path: str | os.PathLike[str]) -> tuple[int, list[Diagnostic]]:
    """(how many entries the corpus at ``path`` has, every finding about it)."""
    corpus = load_corpus(path)
    return len(corpus.entries), list(_as_lint(corpus.diagnostics))


def _as_lint(diagnostics: Iterable[Diagnostic]) -> Iterator[Diagnostic]:
    for diagnostic in diagnostics:
        if diagnostic.code in FIRM_RULE_CODES and diagnostic.severity is not Severity.ERROR:
            yield dataclasses.replace(diagnostic, severity=Severity.ERROR)
        else:
            yield diagnostic
