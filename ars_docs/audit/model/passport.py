"""The old name of ``ars_docs.audit.model.ledger``, kept for one release (issue 34).

docs/audit.md named ``passport.load_audit_ledger``; the ledger has one module
now. This name re-exports it with a ``DeprecationWarning`` and goes in 0.3.
"""

from __future__ import annotations

import warnings

from ars_docs.audit.model.ledger import (
    FIELD,
    AuditLedger,
    LedgerEntry,
    ledger_from_document,
    load_audit_ledger,
)

__all__ = ["FIELD", "AuditLedger", "LedgerEntry", "ledger_from_document", "load_audit_ledger"]

warnings.warn(
    "ars_docs.audit.model.passport moved to ars_docs.audit.model.ledger (the 0.2 layout, "
    "docs/architecture.md); the old name goes in 0.3",
    DeprecationWarning,
    stacklevel=2,
)
