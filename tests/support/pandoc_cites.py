"""The citation keys pandoc itself reads in a markdown draft, for the pandoc-citation tests.

``pandoc -f markdown -t json`` gives the AST: every ``Cite`` element's
``citationId`` in document order. pandoc keeps ``\\cite{…}`` in markdown as raw
TeX (a ``RawInline "tex"``), which LaTeX reads as a citation, so those are read
by pandoc's own LaTeX reader (``-f latex``). The binary is the ``pypandoc_binary``
test extra's, else a ``pandoc`` on ``PATH`` (Debian's, as ``.ci/run`` installs it).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data" / "pandoc_citations.txt"


@lru_cache(maxsize=1)
def pandoc_binaries() -> tuple[str, ...]:
    """Every pandoc to ask (the wheel's and the system's: versions differ), maybe none."""
    found: list[str] = []
    try:
        import pypandoc

        found.append(str(pypandoc.get_pandoc_path()))
    except (ImportError, OSError):
        pass
    system = shutil.which("pandoc")
    if system is not None and Path(system).resolve() not in {Path(f).resolve() for f in found}:
        found.append(system)
    return tuple(found)


def pandoc_binary() -> str | None:
    """The first pandoc to ask, or ``None`` when there is none."""
    binaries = pandoc_binaries()
    return binaries[0] if binaries else None


def labelled_cases() -> list[tuple[list[str], str]]:
    """``(keys, draft)`` of every case in ``tests/data/pandoc_citations.txt``."""
    cases: list[tuple[list[str], list[str]]] = []
    for line in DATA.read_text("utf-8").split("\n"):
        if line.startswith("## "):
            label = line[3:].strip()
            cases.append(([] if label == "-" else label.split(), []))
        elif cases:
            cases[-1][1].append(line)
    return [(keys, "\n".join(body).replace("\\r\\n", "\r\n")) for keys, body in cases]


def pandoc_keys(text: str, binary: str | None = None) -> list[str]:
    """The keys pandoc (``binary``, else the first) cites in the markdown ``text``, in order."""
    binary = binary or pandoc_binary()
    assert binary is not None
    ast = _json(binary, "markdown", text)
    found: list[str] = []
    _walk(ast["blocks"], found, binary)
    return found


def _json(binary: str, reader: str, text: str) -> Any:
    done = subprocess.run(
        [binary, "-f", reader, "-t", "json"],
        input=text.encode("utf-8"),
        capture_output=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def _walk(node: Any, found: list[str], binary: str) -> None:
    if isinstance(node, dict):
        if node.get("t") == "Cite":
            found.extend(c["citationId"] for c in node["c"][0])
            return
        if node.get("t") == "RawInline" and node["c"][0] in ("tex", "latex"):
            latex = _json(binary, "latex", node["c"][1])
            # \nocite goes to the metadata; every other command into the blocks.
            _walk([latex["meta"], latex["blocks"]], found, binary)
            return
        for value in node.values():
            _walk(value, found, binary)
    elif isinstance(node, list):
        for value in node:
            _walk(value, found, binary)
