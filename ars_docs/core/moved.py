"""Old module names keep working for one release (issue 34), with a DeprecationWarning.

The 0.2 layout moved every module once (docs/architecture.md). A program that
imports a module by its old name — ``ars_docs.session.clock``,
``ars_docs.lint.audit_artifacts``, ``ars_docs.draft.api`` … — gets the module
from its new place under the old name, and a warning naming the new one. The
package installs ``MovedModules`` on first import; the names go in 0.3.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

__all__ = ["MOVED", "MovedModules", "install"]

#: Old packages with no new home of their own (their modules went to several rooms).
GONE_PACKAGES = frozenset({"ars_docs.lint"})

#: Module names before the 0.2 layout (issue 34) → where each module lives now. Four old
#: names are new packages now and cannot be aliases: ``ars_docs.reports.scope`` (now
#: ``….scope.report``), ``ars_docs.reports.drift`` (``….drift.log``),
#: ``ars_docs.lookup.index`` (``….index.registries``), ``ars_docs.session.cache``
#: (``….cache.store``).
MOVED: dict[str, str] = {
    "ars_docs.codes": "ars_docs.core.codes",
    "ars_docs.diagnostics": "ars_docs.core.diagnostics",
    "ars_docs.draft": "ars_docs.document",
    "ars_docs.draft.api": "ars_docs.document.api",
    "ars_docs.draft.checklist_text": "ars_docs.document.checklist_text",
    "ars_docs.draft.citation_patterns": "ars_docs.document.detect.patterns",
    "ars_docs.draft.citation_words": "ars_docs.document.detect.words",
    "ars_docs.draft.citations": "ars_docs.document.detect.citations",
    "ars_docs.draft.citations_cjk": "ars_docs.document.detect.cjk",
    "ars_docs.draft.codeagree": "ars_docs.document.parse.codeagree",
    "ars_docs.draft.coderules": "ars_docs.document.parse.coderules",
    "ars_docs.draft.document": "ars_docs.document.text",
    "ars_docs.draft.frontmatter": "ars_docs.document.parse.frontmatter",
    "ars_docs.draft.htmlread": "ars_docs.document.parse.htmlread",
    "ars_docs.draft.markers": "ars_docs.document.markers",
    "ars_docs.draft.md_escape": "ars_docs.document.md_escape",
    "ars_docs.draft.mdlocate": "ars_docs.document.parse.mdlocate",
    "ars_docs.draft.mdparse": "ars_docs.document.parse.mdparse",
    "ars_docs.draft.mdscan": "ars_docs.document.parse.mdscan",
    "ars_docs.draft.next_step": "ars_docs.document.next_step",
    "ars_docs.draft.pandocblocks": "ars_docs.document.parse.pandocblocks",
    "ars_docs.draft.passes": "ars_docs.document.passes",
    "ars_docs.draft.passes.checklist": "ars_docs.document.passes.checklist",
    "ars_docs.draft.passes.existence": "ars_docs.document.passes.existence",
    "ars_docs.draft.passes.extract": "ars_docs.document.passes.extract",
    "ars_docs.draft.passes.forecast": "ars_docs.document.passes.forecast",
    "ars_docs.draft.passes.foresee": "ars_docs.document.passes.foresee",
    "ars_docs.draft.passes.gate": "ars_docs.document.passes.gate",
    "ars_docs.draft.passes.nearmiss": "ars_docs.document.passes.nearmiss",
    "ars_docs.draft.passes.preview": "ars_docs.document.passes.preview",
    "ars_docs.draft.passes.recheck": "ars_docs.document.passes.recheck",
    "ars_docs.draft.passes.resolve": "ars_docs.document.passes.resolve",
    "ars_docs.draft.passes.settle": "ars_docs.document.passes.settle",
    "ars_docs.draft.passes.strip": "ars_docs.document.passes.strip",
    "ars_docs.draft.passes.unmarked": "ars_docs.document.passes.unmarked",
    "ars_docs.draft.pipeline": "ars_docs.document.pipeline",
    "ars_docs.draft.prose": "ars_docs.document.parse.prose",
    "ars_docs.draft.provenance": "ars_docs.session.provenance",
    "ars_docs.draft.reading": "ars_docs.document.parse.reading",
    "ars_docs.draft.refusals": "ars_docs.document.refusals",
    "ars_docs.draft.renderers": "ars_docs.document.renderers",
    "ars_docs.draft.renderers.html": "ars_docs.document.renderers.html",
    "ars_docs.draft.renderers.html_document": "ars_docs.document.renderers.html_document",
    "ars_docs.draft.renderers.preview_html": "ars_docs.document.renderers.preview_html",
    "ars_docs.draft.sentences": "ars_docs.document.parse.sentences",
    "ars_docs.draft.visible": "ars_docs.document.parse.visible",
    "ars_docs.errors": "ars_docs.core.errors",
    "ars_docs.handoff": "ars_docs.reports.handoff",
    "ars_docs.handoff.metadata": "ars_docs.reports.handoff.metadata",
    "ars_docs.handoff.payload": "ars_docs.reports.handoff.payload",
    "ars_docs.limits": "ars_docs.core.limits",
    "ars_docs.lint.audit_artifacts": "ars_docs.audit.rows.lint",
    "ars_docs.lint.audit_report": "ars_docs.reports.scope.lint",
    "ars_docs.lint.corpus": "ars_docs.session.lint",
    "ars_docs.lint.drift_log": "ars_docs.reports.drift.lint",
    "ars_docs.lint.eval_context": "ars_docs.audit.evalset.context",
    "ars_docs.lint.eval_files": "ars_docs.audit.evalset.files",
    "ars_docs.lint.eval_fixtures": "ars_docs.audit.evalset.fixtures",
    "ars_docs.lint.eval_integration": "ars_docs.audit.evalset.integration",
    "ars_docs.lint.eval_patterns": "ars_docs.audit.evalset.patterns",
    "ars_docs.lint.eval_runs": "ars_docs.audit.evalset.runs",
    "ars_docs.lint.frozen_blocks": "ars_docs.audit.prompts.frozen",
    "ars_docs.lint.pattern_protection": "ars_docs.audit.prompts.protection",
    "ars_docs.lint.prompt_blocks": "ars_docs.audit.prompts.blocks",
    "ars_docs.lookup.fold": "ars_docs.works.fold",
    "ars_docs.lookup.identifiers": "ars_docs.works.identifiers",
    "ars_docs.lookup.imports": "ars_docs.bibliography",
    "ars_docs.lookup.imports.bibtex": "ars_docs.bibliography.bibtex",
    "ars_docs.lookup.imports.bibtex_text": "ars_docs.bibliography.bibtex_text",
    "ars_docs.lookup.imports.convert": "ars_docs.bibliography.convert",
    "ars_docs.lookup.imports.csljson": "ars_docs.bibliography.csljson",
    "ars_docs.lookup.imports.keys": "ars_docs.bibliography.keys",
    "ars_docs.lookup.imports.latex": "ars_docs.works.latex",
    "ars_docs.lookup.imports.model": "ars_docs.bibliography.model",
    "ars_docs.lookup.imports.names": "ars_docs.bibliography.names",
    "ars_docs.lookup.imports.passport": "ars_docs.bibliography.passport",
    "ars_docs.lookup.imports.plan": "ars_docs.bibliography.plan",
    "ars_docs.lookup.imports.read": "ars_docs.bibliography.read",
    "ars_docs.lookup.imports.ris": "ars_docs.bibliography.ris",
    "ars_docs.lookup.imports.text": "ars_docs.bibliography.text",
    "ars_docs.lookup.imports.vocab": "ars_docs.bibliography.vocab",
    "ars_docs.lookup.index_build": "ars_docs.lookup.index.build",
    "ars_docs.lookup.index_codec": "ars_docs.lookup.index.codec",
    "ars_docs.lookup.index_dumps": "ars_docs.lookup.index.dumps",
    "ars_docs.lookup.index_output": "ars_docs.lookup.index.output",
    "ars_docs.lookup.index_schema": "ars_docs.lookup.index.schema",
    "ars_docs.lookup.index_store": "ars_docs.lookup.index.store",
    "ars_docs.paths": "ars_docs.core.paths",
    "ars_docs.perf": "ars_docs.core.perf",
    "ars_docs.report": "ars_docs.reports.trust_report",
    "ars_docs.report.drafts": "ars_docs.reports.trust_report.drafts",
    "ars_docs.report.evidence": "ars_docs.reports.trust_report.evidence",
    "ars_docs.report.model": "ars_docs.reports.trust_report.model",
    "ars_docs.report.page": "ars_docs.reports.trust_report.page",
    "ars_docs.report.statuses": "ars_docs.reports.trust_report.statuses",
    "ars_docs.report.text_view": "ars_docs.reports.trust_report.text_view",
    "ars_docs.reports.drift_artifacts": "ars_docs.reports.drift.artifacts",
    "ars_docs.reports.phases": "ars_docs.reports.drift.phases",
    "ars_docs.reports.scope_verdict": "ars_docs.reports.scope.verdict",
    "ars_docs.reports.section0": "ars_docs.reports.scope.section0",
    "ars_docs.reports.session_events": "ars_docs.reports.drift.events",
    "ars_docs.reports.session_snapshot": "ars_docs.reports.drift.snapshot",
    "ars_docs.session.atomic": "ars_docs.files.atomic",
    "ars_docs.session.cache_codec": "ars_docs.session.cache.codec",
    "ars_docs.session.cache_files": "ars_docs.files.cache",
    "ars_docs.session.cache_msgpack": "ars_docs.session.cache.msgpack",
    "ars_docs.session.clock": "ars_docs.core.clock",
    "ars_docs.session.gitcmd": "ars_docs.files.gitcmd",
    "ars_docs.session.locking": "ars_docs.files.locking",
    "ars_docs.session.schema_check": "ars_docs.files.schema_check",
    "ars_docs.session.yaml_append": "ars_docs.files.yaml.append",
    "ars_docs.session.yaml_block": "ars_docs.files.yaml.block",
    "ars_docs.session.yaml_compose": "ars_docs.files.yaml.compose",
    "ars_docs.session.yaml_lines": "ars_docs.files.yaml.lines",
    "ars_docs.session.yamlio": "ars_docs.files.yaml.read",
    "ars_docs.settings": "ars_docs.core.settings",
    "ars_docs.templating": "ars_docs.core.templating",
    # the ledger has one module (issue 34, one ledger type)
    "ars_docs.audit.model.passport": "ars_docs.audit.model.ledger",
    # lookup/ in sub-rooms (issue 34, after the move): entry/ checks one entry, batch/ runs.
    "ars_docs.lookup.acknowledge": "ars_docs.lookup.batch.acknowledge",
    "ars_docs.lookup.answers": "ars_docs.lookup.entry.answers",
    "ars_docs.lookup.cache": "ars_docs.lookup.batch.cache",
    "ars_docs.lookup.caveats": "ars_docs.lookup.entry.caveats",
    "ars_docs.lookup.check": "ars_docs.lookup.entry.check",
    "ars_docs.lookup.compare": "ars_docs.lookup.entry.compare",
    "ars_docs.lookup.decide": "ars_docs.lookup.entry.decide",
    "ars_docs.lookup.fetch": "ars_docs.lookup.batch.fetch",
    "ars_docs.lookup.keep": "ars_docs.lookup.batch.keep",
    "ars_docs.lookup.names": "ars_docs.lookup.entry.names",
    "ars_docs.lookup.online": "ars_docs.lookup.batch.online",
    "ars_docs.lookup.progress": "ars_docs.lookup.batch.progress",
    "ars_docs.lookup.query": "ars_docs.lookup.entry.query",
    "ars_docs.lookup.record": "ars_docs.lookup.entry.record",
    "ars_docs.lookup.report": "ars_docs.lookup.batch.report",
    "ars_docs.lookup.run": "ars_docs.lookup.batch.run",
    "ars_docs.lookup.setup": "ars_docs.lookup.batch.setup",
    "ars_docs.lookup.verdict": "ars_docs.lookup.entry.verdict",
    # the command groups in their sub-room (issue 34): cli/ holds the door, cli/groups/ the groups
    "ars_docs.cli.audit": "ars_docs.cli.groups.audit",
    "ars_docs.cli.batch": "ars_docs.cli.groups.batch",
    "ars_docs.cli.corpus": "ars_docs.cli.groups.corpus",
    "ars_docs.cli.dispatch": "ars_docs.cli.groups.dispatch",
    "ars_docs.cli.draft": "ars_docs.cli.groups.draft",
    "ars_docs.cli.lint": "ars_docs.cli.groups.lint",
    "ars_docs.cli.lookup": "ars_docs.cli.groups.lookup",
    "ars_docs.cli.lookup_index": "ars_docs.cli.groups.lookup_index",
    "ars_docs.cli.quotes": "ars_docs.cli.groups.quotes",
    "ars_docs.cli.read": "ars_docs.cli.groups.read",
    "ars_docs.cli.report": "ars_docs.cli.groups.report",
    "ars_docs.cli.reports": "ars_docs.cli.groups.reports",
    "ars_docs.cli.retrieve": "ars_docs.cli.groups.retrieve",
    "ars_docs.cli.session": "ars_docs.cli.groups.session",
    "ars_docs.cli.verify": "ars_docs.cli.groups.verify",
}


class MovedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old module name and loads the module from its new place."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname in GONE_PACKAGES:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        if fullname not in MOVED:
            return None
        new = MOVED[fullname]
        is_package = importlib.util.find_spec(new) is not None and bool(
            getattr(importlib.util.find_spec(new), "submodule_search_locations", None)
        )
        return importlib.machinery.ModuleSpec(fullname, self, is_package=is_package)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        if spec.name in GONE_PACKAGES:
            package = ModuleType(spec.name, "moved in 0.2: its modules are in their rooms")
            package.__path__ = []
            return package
        new = MOVED[spec.name]
        warnings.warn(
            f"{spec.name} moved to {new} (the 0.2 layout, docs/architecture.md); the old "
            "name goes in 0.3",
            DeprecationWarning,
            stacklevel=2,
        )
        module = importlib.import_module(new)
        sys.modules[spec.name] = module
        return module

    def exec_module(self, module: ModuleType) -> None:
        """The module was executed under its new name already."""


def install() -> None:
    if not any(isinstance(f, MovedModules) for f in sys.meta_path):
        # First: under an aliased old package (``ars_docs.draft`` is ``ars_docs.document``)
        # the path finder would otherwise load a second copy of a module under its old name.
        # No old name is a module that exists now (a test checks), so nothing is shadowed.
        sys.meta_path.insert(0, MovedModules())
