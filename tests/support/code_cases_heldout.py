"""Held-out drafts for the code-reader comparison (issue 33), written after the fix.

Unlike ``code_cases.tuning_cases`` (one construct after one context), each
draft here is a random sequence of two to six blocks from a grammar of what
research drafts hold: prose with citations, headings, nested lists, quotes,
tables, footnotes, definition lists, fenced divs, ``<details>`` blocks,
math, YAML blocks, and code of many shapes (R Markdown chunk headers,
attribute lists, nested fences of different lengths, fences in list items
and quotes, indented code under lists, spans in headings, links and tables),
joined with or without blank lines, sometimes with CRLF line ends, tabs or
trailing spaces. Probes (``zqwN``, ``<!--ref:zqmN-->``) go into random
places, code or not. Used by ``benchmarks/bench_code_readers.py --set heldout``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from tests.support.code_cases import Case

Block = Callable[[random.Random, Callable[[], str]], str]


def _sentence(rng: random.Random, probe: Callable[[], str]) -> str:
    name = rng.choice(("Okafor", "Lindqvist", "Haddad", "Moreau", "Tanaka"))
    year = rng.choice(("2019", "2021", "2016"))
    tail = probe() if rng.random() < 0.6 else "the effect holds"
    return f"{name} ({year}) reports that {tail}."


def _fence_body(rng: random.Random, probe: Callable[[], str]) -> list[str]:
    return [rng.choice(("x <- c(1, 2)", "print(x)", "SELECT 1;")), _sentence(rng, probe)]


def _fence(rng: random.Random, probe: Callable[[], str]) -> str:
    char = rng.choice("``~")
    size = rng.choice((3, 3, 4, 6))
    info = rng.choice(
        (
            "",
            "r",
            "{r}",
            "{r echo=FALSE}",
            "{r, echo = FALSE}",
            "{.python .numberLines}",
            "python title='a.py'",
            "{#lst:a .haskell}",
            "text",
            "{=html}",
            "{=tex}",
            " yaml ",
        )
    )
    lines = [char * size + info, *_fence_body(rng, probe)]
    if rng.random() < 0.25:  # a nested fence of another length inside
        inner = char * 3 if size > 3 else "~~~"
        lines += [inner, _sentence(rng, probe), inner]
    ending = rng.random()
    if ending < 0.6:
        lines.append(char * size)
    elif ending < 0.75:
        lines.append(char * (size + 1) + "  ")
    elif ending < 0.85:
        lines.append(" " * rng.choice((1, 2, 3, 4)) + char * size)
    return "\n".join(lines)


def _indented(rng: random.Random, probe: Callable[[], str]) -> str:
    lead = rng.choice(("    ", "\t", "      ", "        "))
    return "\n".join(lead + line for line in _fence_body(rng, probe))


def _prose(rng: random.Random, probe: Callable[[], str]) -> str:
    parts = [_sentence(rng, probe)]
    if rng.random() < 0.4:
        parts.append(f"The call `{_sentence(rng, probe)}` is shown.")
    if rng.random() < 0.2:
        parts.append(f"See [`{probe()}`](https://example.org) and `code`{{.r}}.")
    return " ".join(parts)


def _heading(rng: random.Random, probe: Callable[[], str]) -> str:
    text = rng.choice(("Results", f"Method `{probe()}`", "Discussion"))
    return rng.choice((f"## {text}", f"{text}\n---------"))


def _list(rng: random.Random, probe: Callable[[], str]) -> str:
    marker = rng.choice(("-", "*", "1.", "1)", "a)", "(i)", "#."))
    width = len(marker) + 1
    items = []
    for _ in range(rng.randint(1, 3)):
        item = f"{marker} {_sentence(rng, probe)}"
        if rng.random() < 0.5:
            body = rng.choice((_fence, _indented, _prose))(rng, probe)
            gap = rng.choice(("\n", "\n\n"))
            pad = " " * rng.choice((width, width, 2, 4))
            item += gap + "\n".join(pad + line if line else "" for line in body.split("\n"))
        items.append(item)
    return rng.choice(("\n", "\n\n")).join(items)


def _quote(rng: random.Random, probe: Callable[[], str]) -> str:
    body = rng.choice((_fence, _indented, _prose, _list))(rng, probe)
    lines = body.split("\n")
    if rng.random() < 0.2:  # a lazy last line
        return "\n".join("> " + line for line in lines[:-1]) + "\n" + lines[-1]
    return "\n".join(("> " + line).rstrip() for line in lines)


def _table(rng: random.Random, probe: Callable[[], str]) -> str:
    cell = rng.choice((f"`{probe()}`", "n = 12", _sentence(rng, probe)))
    return f"| Study | Note |\n|:--|--:|\n| A | {cell} |"


def _footnote(rng: random.Random, probe: Callable[[], str]) -> str:
    body = rng.choice((_fence, _indented, _prose))(rng, probe)
    pad = rng.choice(("    ", "  ", "\t"))
    text = "\n".join(pad + line if line else "" for line in body.split("\n"))
    return f"[^n{rng.randint(1, 9)}]: {_sentence(rng, probe)}\n\n{text}"


def _definition(rng: random.Random, probe: Callable[[], str]) -> str:
    body = rng.choice((_fence, _indented, _prose))(rng, probe)
    text = "\n".join("    " + line if line else "" for line in body.split("\n"))
    return f"Effect size\n:   {_sentence(rng, probe)}\n\n{text}"


def _div(rng: random.Random, probe: Callable[[], str]) -> str:
    body = rng.choice((_fence, _indented, _prose))(rng, probe)
    close = rng.choice((":::", "::::", ""))
    return f"::: {{.note}}\n{body}\n{close}".rstrip()


def _details(rng: random.Random, probe: Callable[[], str]) -> str:
    body = rng.choice((_fence, _indented, _prose))(rng, probe)
    gap = rng.choice(("\n", "\n\n"))
    return f"<details>\n<summary>Code</summary>{gap}{body}{gap}</details>"


def _math(rng: random.Random, probe: Callable[[], str]) -> str:
    return rng.choice(("$$\nd = \\frac{a}{b}\n$$", f"The value $x_{probe()}$ is small."))


def _yaml(rng: random.Random, probe: Callable[[], str]) -> str:
    return f"---\nabstract: {_sentence(rng, probe)}\n---"


BLOCKS: tuple[Block, ...] = (
    _prose,
    _prose,
    _heading,
    _fence,
    _fence,
    _indented,
    _list,
    _quote,
    _table,
    _footnote,
    _definition,
    _div,
    _details,
    _math,
    _yaml,
)


def heldout_cases(seed: int, count: int) -> list[Case]:
    """``count`` held-out drafts drawn with ``seed``."""
    rng = random.Random(seed)
    cases: list[Case] = []
    for index in range(count):
        numbers = iter(range(index * 100, index * 100 + 100))

        def probe(numbers: Iterator[int] = numbers) -> str:
            n = next(numbers)
            return f"zqw{n} <!--ref:zqm{n}-->"

        names: list[str] = []
        text = ""
        for _ in range(rng.randint(2, 6)):
            block = rng.choice(BLOCKS)
            names.append(block.__name__.strip("_"))
            piece = block(rng, probe)
            text += piece + rng.choice(("\n\n", "\n\n", "\n"))
        if rng.random() < 0.1:
            text = text.replace("\n", "\r\n")
        if rng.random() < 0.1:
            text = text.replace("\n", "  \n", 1)
        cases.append(Case("mixed", f"blocks={'+'.join(names)}", text))
    return cases
