"""What pandoc shows as code: the real pandoc binary, many drafts in one process.

The strict gate exempts markdown code (its markers, warning text and
citation-shaped prose are not checked). A draft must not pass if a reader
downstream shows such "code" as prose. This module asks the real pandoc
(the ``pypandoc_binary`` test extra) how it reads each draft: one ``pandoc
lua`` process reads every draft with each reader separately (``pandoc.read``),
so a case is never joined to the next one (an unclosed fence would run on
into it) and the suite pays for one process start, not thousands.

Drafts carry *probes*: words ``zqwN`` and markers ``<!--ref:zqmN-->`` with a
number unique in the draft. ``pandoc_kinds`` says, for each probe, in which
kinds of pandoc node it appears; ``ars_kinds`` says what ars-docs' reading
calls the place where it is in the source.
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

#: Readers a user plausibly feeds a draft to: pandoc's own markdown, and the
#: CommonMark family with pandoc's extensions and GitHub's.
READERS = ("markdown", "commonmark_x", "gfm")
PROBE = re.compile(r"zq[wm]\d+")

_SCRIPT = """
local cases = pandoc.json.decode(io.read("a"), false)
local readers = {%s}
local out = {}
for i, texts in ipairs(cases) do
  local row = {}
  for j, reader in ipairs(readers) do
    local ok, doc = pcall(pandoc.read, texts[j], reader)
    if ok then
      row[j] = pandoc.write(doc, "json")
    else
      row[j] = pandoc.json.encode({error = tostring(doc)})
    end
  end
  out[i] = "[" .. table.concat(row, ",") .. "]"
end
io.write("[" .. table.concat(out, ",\\n") .. "]")
"""


class PandocMissing(RuntimeError):
    """The pandoc binary of the test extra is not installed."""


@lru_cache(maxsize=1)
def pandoc_path() -> str:
    try:
        import pypandoc
    except ImportError as exc:  # the test extra is not installed
        raise PandocMissing("pypandoc_binary is not installed (pip install -e '.[test]')") from exc
    path = str(pypandoc.get_pandoc_path())
    if not Path(path).exists():
        raise PandocMissing(f"pandoc not found at {path}")
    return path


def pandoc_version() -> str:
    result = subprocess.run(
        [pandoc_path(), "--version"], capture_output=True, text=True, check=True
    )
    return result.stdout.splitlines()[0]


def read_all(texts: Sequence[str], readers: Sequence[str] = READERS) -> list[list[Any]]:
    """Each text's pandoc AST (JSON, parsed) under each reader, from one pandoc process."""
    if not texts:
        return []
    script = _SCRIPT % ", ".join(json.dumps(r) for r in readers)
    # The pandoc command line turns tabs into spaces (tab stop 4) before its markdown
    # reader runs (``--tab-stop``); ``pandoc.read`` does not, so do it here. The
    # CommonMark readers read tabs themselves, the same either way.
    rows_in = [[t.expandtabs(4) if r == "markdown" else t for r in readers] for t in texts]
    with tempfile.TemporaryDirectory(prefix="ars-pandoc-") as folder:
        lua = Path(folder) / "read.lua"
        lua.write_text(script, encoding="utf-8")
        result = subprocess.run(
            [pandoc_path(), "lua", str(lua)],
            input=json.dumps(rows_in).encode("utf-8"),
            capture_output=True,
            check=False,
        )
    if result.returncode != 0:
        raise RuntimeError(f"pandoc lua failed: {result.stderr.decode('utf-8', 'replace')}")
    rows: list[list[Any]] = json.loads(result.stdout)
    return rows


def _strings(node: Any, kind: str) -> Iterator[tuple[str, str]]:
    """``(kind, string)`` for every string in a pandoc JSON node, by the node that holds it."""
    if isinstance(node, str):
        yield kind, node
        return
    if isinstance(node, list):
        for item in node:
            yield from _strings(item, kind)
        return
    if not isinstance(node, dict):
        return
    tag = node.get("t")
    content = node.get("c")
    if tag in ("Code", "CodeBlock"):
        attr, text = content
        yield from _strings(attr, "attr")
        yield "code", text
    elif tag in ("RawInline", "RawBlock"):
        fmt, text = content
        yield ("raw-html" if fmt in ("html", "html5", "html4") else "raw-other"), text
    elif tag == "Math":
        yield "math", content[1]
    elif tag == "Str":
        yield kind, content
    elif tag in ("Link", "Image"):
        attr, inlines, target = content
        yield from _strings(attr, "attr")
        yield from _strings(inlines, kind)
        yield from _strings(target, "attr")
    elif tag in ("Header", "Div", "Span", "Table", "Figure"):
        yield from _strings(content[0] if tag != "Header" else content[1], "attr")
        yield from _strings(content[1:] if tag != "Header" else content[2:], kind)
    elif content is not None:
        yield from _strings(content, kind)


def pandoc_kinds(ast: Any) -> dict[str, set[str]]:
    """For each probe in a pandoc AST: the kinds of node it appears in.

    ``code`` (Code, CodeBlock), ``raw-html`` (a RawInline/RawBlock for HTML: a
    live comment, or HTML whose text a browser shows), ``raw-other`` (raw LaTeX
    and other formats, shown by those writers), ``math``, ``attr`` (attributes,
    link targets: not shown), ``meta`` (a metadata value: pandoc shows titles),
    ``text`` (running text), ``error`` (the reader failed).
    """
    found: dict[str, set[str]] = {}
    if "error" in ast:
        return {"*": {"error"}}
    for kind, string in (*_strings(ast.get("blocks", []), "text"), *_meta(ast.get("meta", {}))):
        for probe in PROBE.findall(string):
            found.setdefault(probe, set()).add(kind)
    return found


def _meta(meta: dict[str, Any]) -> Iterator[tuple[str, str]]:
    # Everything shown from metadata is "meta" (raw HTML in a title too): the gate
    # reads metadata values on their own, decoded (docs/gate.md, front matter).
    for key, value in meta.items():
        yield "meta", key
        for kind, string in _strings(value, "meta"):
            yield ("code" if kind == "code" else "meta"), string


def probes(text: str) -> dict[str, list[int]]:
    """Each probe's name and where it starts in ``text`` (the whole marker for ``zqm``)."""
    found: dict[str, list[int]] = {}
    for match in PROBE.finditer(text):
        name = match.group()
        start = match.start()
        if name.startswith("zqm") and text.startswith("<!--ref:", start - 8):
            start -= 8
        found.setdefault(name, []).append(start)
    return found


def ars_kinds(text: str) -> dict[str, str]:
    """For each probe: what ars-docs' reading calls its place in ``text``.

    ``code`` (markdown code: spans, blocks), ``meta`` (front matter), ``marker``
    (a marker comment extract finds), ``html`` (raw HTML that is not running
    text: attribute values, ``<script>`` …), ``prose`` (running text; for a
    marker probe, one extract does not find), ``error`` (the draft is refused
    as unreadable).
    """
    from ars_docs.core.errors import InputDataError
    from ars_docs.document.parse.mdparse import read
    from ars_docs.document.text import Document

    try:
        reading = read(Document(text, path="case.md"))
    except InputDataError:
        return {name: "error" for name in probes(text)}
    markers = {occ.start for occ in reading.occurrences if occ.kind != "warning"}
    found: dict[str, str] = {}
    for name, starts in probes(text).items():
        start = starts[0]
        if _inside(reading.front_matter and [reading.front_matter], start):
            found[name] = "meta"
        elif _inside(reading.markdown_code, start):
            found[name] = "code"
        elif name.startswith("zqm") and start in markers:
            found[name] = "marker"
        elif _inside(reading.code, start):
            found[name] = "html"
        else:
            found[name] = "prose"
    return found


def _inside(ranges: Sequence[tuple[int, int]] | None, offset: int) -> bool:
    return any(start <= offset < end for start, end in ranges or ())


#: Pandoc kinds that show a probe to a reader as something other than code.
SHOWN = frozenset({"text", "raw-html", "raw-other", "math", "meta"})


def divergence(ars: str, shown: set[str]) -> str | None:
    """The class of disagreement between ars-docs' kind and pandoc's kinds, or None.

    ``exempt-but-shown``: ars-docs exempts the place (markdown code or
    metadata) and the reader shows it otherwise (the dangerous direction:
    nothing would check it). ``checked-but-code``: ars-docs checks it as prose
    and the reader shows it only as code (the safe direction: ars-docs is
    stricter than needed).
    """
    if not shown:
        return None
    if ars in ("code", "meta"):
        outside = shown - {"code", "attr"} - ({"meta"} if ars == "meta" else set())
        return "exempt-but-shown" if outside else None
    if ars in ("prose", "marker") and shown <= {"code"}:
        return "checked-but-code"
    return None
