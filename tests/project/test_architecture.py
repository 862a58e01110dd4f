"""The layout's rules (docs/architecture.md), checked on the code itself.

* Rooms, bottom to top (``ORDER``): a module imports only its own room and the
  rooms below it; nothing imports ``cli/``; ``document/`` imports no session
  writer. Function-level imports count too.
* The lazy boundary: ``finalize``, ``render`` and ``lint corpus`` on inputs that
  pass the quick checks never import the retrieval stack, the reports, the
  handoff, the audit package, httpx, pypdf or jsonschema.
* The CLI assembles no pipeline; only the commands layer builds one.
* The CLI's dispatch tables say exactly what the command groups register.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ars_docs.cli import main as cli_main
from ars_docs.cli.groups.draft import RENDER_TARGETS
from ars_docs.cli.groups.read import READ_SCOPE_LEVELS
from ars_docs.document import api
from ars_docs.session import readlog
from tests.support.layout import REPO
from tests.support.sessions import Session, read_log_text

PACKAGE = REPO / "ars_docs"

SESSION_WRITERS = (
    "ars_docs.files.atomic",
    "ars_docs.files.locking",
    "ars_docs.files.yaml.lines",
    "ars_docs.files.yaml.append",
    "ars_docs.session.human_read",
    "ars_docs.session.attest.log",
    "ars_docs.session.holdings",
    "ars_docs.session.json_edit",
    "ars_docs.session.passport_edit",
)

#: The rooms, bottom to top: each may import the core, itself and any room below it.
ORDER = (
    "core",
    "files",
    "works",
    "session",
    "document",
    "bibliography",
    "retrieval",
    "lookup",
    "quotes",
    "audit",
    "reports",
    "commands",
    "cli",
)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module an ``import`` statement in ``path`` names (relative ones resolved)."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(source: str, package: str) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def under(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


ALL_MODULES = sorted(PACKAGE.rglob("*.py"))


def test_the_package_has_the_documented_rooms() -> None:
    rooms = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert rooms == set(ORDER)
    loose = {p.stem for p in PACKAGE.glob("*.py")}
    assert loose == {"__init__", "__main__"}  # everything else lives in a room


@pytest.mark.parametrize(
    "path", [p for p in ALL_MODULES if p.relative_to(PACKAGE).parts[0] == "document"], ids=str
)
def test_the_document_room_writes_no_session_file(path: Path) -> None:
    bad = sorted(name for name in imports_of(path) if under(name, SESSION_WRITERS))
    assert bad == [], f"{module_name(path)} imports {bad}"


@pytest.mark.parametrize(
    "path", [p for p in ALL_MODULES if "cli" not in p.relative_to(PACKAGE).parts[:1]], ids=str
)
def test_nothing_imports_the_cli(path: Path) -> None:
    if path.name == "__main__.py":
        return  # `python -m ars_docs` is the CLI's other entry point
    bad = sorted(name for name in imports_of(path) if under(name, ("ars_docs.cli",)))
    assert bad == [], f"{module_name(path)} imports {bad}"


#: The package's ``__init__`` (the lazy public API) and ``__main__`` reach every room.
TOP_EXCEPTIONS = {"ars_docs", "ars_docs.__main__"}
#: Modules keeping a moved name importable for one release; each reaches up only in
#: its deprecation ``__getattr__`` (``test_deprecated_aliases_warn_and_point_up``).
DEPRECATION_SHIMS = {"ars_docs.document.api": {"ars_docs.commands"}}


def room_of(name: str) -> str:
    parts = name.split(".")
    if len(parts) > 1 and (PACKAGE / parts[1]).is_dir():
        return parts[1]
    return "core"


def allowed(room: str, target: str) -> bool:
    return ORDER.index(room_of(target)) <= ORDER.index(room)


@pytest.mark.parametrize("path", ALL_MODULES, ids=str)
def test_rooms_import_only_downwards(path: Path) -> None:
    name = module_name(path)
    if name in TOP_EXCEPTIONS:
        return
    room = room_of(name)
    shim = DEPRECATION_SHIMS.get(name, set())
    bad = sorted(
        target
        for target in imports_of(path)
        if target.startswith("ars_docs.")
        and not allowed(room, target)
        and not under(target, tuple(shim))
    )
    assert bad == [], f"{name} ({room}/) imports {bad}"


def test_the_import_checker_sees_function_level_and_relative_imports() -> None:
    # The rule would be toothless if a lazy import inside a function slipped past it.
    source = "def f():\n    from ars_docs.reports import scope\n    from ..cli import main\n"
    names = imports_in(source, "ars_docs.document")
    assert "ars_docs.reports.scope" in names and "ars_docs.cli.main" in names
    assert not allowed("document", "ars_docs.reports.scope")
    assert allowed("reports", "ars_docs.document.api")


def test_the_leaves_everyone_reads_import_only_the_core() -> None:
    for leaf in ("session/provenance.py", "document/text.py", "core/encoding.py"):
        targets = imports_of(PACKAGE / leaf)
        assert all(room_of(t) == "core" for t in targets if t.startswith("ars_docs.")), leaf


def test_deprecated_aliases_warn_and_point_up() -> None:
    import warnings

    from ars_docs.commands import drafts, pipelines

    for name, home in (("gate", drafts), ("finalize_pipeline", pipelines)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            moved = getattr(api, name)
        assert moved is getattr(home, name)
        assert [w.category for w in caught] == [DeprecationWarning]
        assert f"moved to {home.__name__}.{name}" in str(caught[0].message)
    with pytest.raises(AttributeError):
        api.no_such_name  # noqa: B018


#: What only the commands layer may import: the passes, the pipeline machinery and the
#: runners (the CLI is a door: it parses, calls a command and prints; it may name the
#: result types, e.g. ``Offender``).
PIPELINE_MODULES = (
    "ars_docs.document.passes",
    "ars_docs.quotes.passes",
    "ars_docs.commands.pipelines",
)
PIPELINE_NAMES = {
    "ars_docs.document.pipeline.Pipeline",
    "ars_docs.document.pipeline.DocState",
    "ars_docs.document.pipeline.Options",
}


@pytest.mark.parametrize(
    "path", [p for p in ALL_MODULES if p.relative_to(PACKAGE).parts[0] == "cli"], ids=str
)
def test_the_cli_assembles_no_pipeline(path: Path) -> None:
    names = imports_of(path)
    bad = sorted(n for n in names if under(n, PIPELINE_MODULES))
    bad += sorted(
        n for n in names if n in PIPELINE_NAMES or n.startswith("ars_docs.document.api.run_")
    )
    assert bad == [], f"{module_name(path)} imports {bad}"


def test_pipelines_are_built_only_in_the_commands_layer() -> None:
    builders = {"Pipeline(", "QuotationPass("}
    for path in ALL_MODULES:
        rel = path.relative_to(PACKAGE).parts
        if rel[0] == "commands" or rel[:2] == ("document", "pipeline.py"):
            continue
        source = path.read_text(encoding="utf-8")
        if rel[:2] == ("quotes", "passes.py"):
            source = source.replace("class QuotationPass:", "")
        found = sorted(b for b in builders if b in source)
        assert found == [], f"{module_name(path)} builds {found}"


#: ``audit/``'s sub-room → the sub-rooms it may import (besides itself). ``model`` is
#: the artifacts everything shares; ``run`` (the wrapper) and ``gate`` never meet.
AUDIT_ALLOWED = {
    "model": set(),
    "rows": {"model"},
    "run": {"model"},
    "gate": {"model", "rows"},
    # the evaluation fixtures (spec §7) check runs the gate would decide on
    "evalset": {"model", "rows", "gate"},
    "prompts": set(),
}
AUDIT = PACKAGE / "audit"


def test_audit_has_its_sub_rooms_and_nothing_on_the_floor() -> None:
    rooms = {p.name for p in AUDIT.iterdir() if (p / "__init__.py").exists()}
    assert rooms == set(AUDIT_ALLOWED)
    assert {p.name for p in AUDIT.glob("*.py")} == {"__init__.py"}
    assert (AUDIT / "gate" / "inventory.json").is_file()  # package data, beside its reader


@pytest.mark.parametrize("path", sorted(AUDIT.rglob("*.py")), ids=str)
def test_audit_sub_rooms_import_only_downwards(path: Path) -> None:
    name = module_name(path)
    parts = name.split(".")
    sub = parts[2] if len(parts) > 2 else None  # None: ``ars_docs.audit`` itself
    bad = []
    for target in imports_of(path):
        if not under(target, ("ars_docs.audit",)):
            continue
        target_parts = target.split(".")
        target_sub = target_parts[2] if len(target_parts) > 2 else None
        if sub is None or target_sub is None:
            bad.append(target)  # the room's __init__ imports nothing, nothing imports it
        elif target_sub != sub and target_sub not in AUDIT_ALLOWED[sub]:
            bad.append(target)
    assert sorted(bad) == [], f"{name} (audit/{sub}/) imports {sorted(bad)}"


# -- the lazy boundary ---------------------------------------------------------------------

HEAVY = (
    "httpx",
    "pypdf",
    "jsonschema",
    "ars_docs.retrieval",
    "ars_docs.reports",
    "ars_docs.reports.handoff",
    "ars_docs.audit",
    "ars_docs.session.human_read",
    "ars_docs.session.attest.log",
    "ars_docs.session.holdings",
)

PROBE = textwrap.dedent(
    """
    import json, sys
    from ars_docs.cli.main import run
    code = run(sys.argv[1:])
    print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
    """
)


def loaded_by(*argv: str) -> tuple[int, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=False
    )
    last = done.stdout.strip().splitlines()[-1]
    payload = json.loads(last)
    return payload["code"], payload["modules"]


@pytest.mark.parametrize(
    "argv",
    [
        ["finalize", "{draft}", "--passport", "{passport}"],
        ["finalize", "{draft}", "--passport", "{passport}", "--check"],
        ["render", "{clean}", "--strict", "--passport", "{passport}", "-o", "{out}"],
        ["render", "{clean}", "--to", "html", "-o", "{out}.html"],
        ["lint", "corpus", "{passport}"],
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_core_commands_do_not_load_the_rest_of_the_product(
    session: Session, argv: list[str]
) -> None:
    session.read_log.write_text(read_log_text("ok2020", "low2020"), encoding="utf-8")
    session.write("draft.md", "# A\n\nClaim <!--ref:ok2020--> and <!--ref:high2020-->.\n")
    session.write("clean.md", "# A\n\nClaim (Doe, 2020) <!--ref:ok2020 ok-->.\n")
    values = {
        "draft": str(session.draft),
        "passport": str(session.passport),
        "clean": str(session.root / "clean.md"),
        "out": str(session.root / "final.md"),
    }
    code, modules = loaded_by(*(a.format(**values) for a in argv))
    assert code in (0, 1)
    heavy = sorted(m for m in modules if under(m, HEAVY))
    assert heavy == []


def test_the_probe_would_notice_a_heavy_import(session: Session) -> None:
    # A corrupt read log is explained by jsonschema: the probe must see that import.
    session.read_log.write_text(
        "session_id: 7\nhuman_read: []\n",
        encoding="utf-8",
    )
    session.write("draft.md", "Claim <!--ref:ok2020-->.\n")
    code, modules = loaded_by("finalize", str(session.draft), "--passport", str(session.passport))
    assert code == 65
    assert "jsonschema" in modules


# -- dispatch tables -------------------------------------------------------------------------


def test_dispatch_tables_match_what_the_groups_register() -> None:
    parser = cli_main.build_parser(["--help"])  # every group
    sub = next(a for a in parser._actions if a.dest == "command")
    registered = set(sub.choices)  # type: ignore[union-attr]
    assert registered == set(cli_main.COMMANDS) | {"lint"}
    lint = sub.choices["lint"]  # type: ignore[index]
    targets = next(a for a in lint._actions if a.dest == "lint_target")
    assert set(targets.choices) == set(cli_main.LINT_TARGETS)  # type: ignore[arg-type]
    for command, group in cli_main.COMMANDS.items():
        only = cli_main.build_parser([command])
        names = next(a for a in only._actions if a.dest == "command").choices
        assert command in names, (command, group)  # type: ignore[operator]
    for target in cli_main.LINT_TARGETS:
        only = cli_main.build_parser(["lint", target])
        lint_only = next(a for a in only._actions if a.dest == "command").choices["lint"]  # type: ignore[index]
        assert target in next(a for a in lint_only._actions if a.dest == "lint_target").choices


def test_cli_copies_of_constants_match_their_source() -> None:
    assert RENDER_TARGETS == api.RENDER_TARGETS
    assert READ_SCOPE_LEVELS == readlog.READ_SCOPE_LEVELS
