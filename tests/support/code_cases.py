"""Drafts generated to find where readers disagree about what is code (issue 33).

Each case is a small draft built from a *context* (what comes before: a
paragraph line, a list item, a heading, a table, a quote, nothing), a *code
construct* (fences of backticks or tildes of several lengths, indentations,
info strings and closings, indented code, code spans with odd backtick runs,
raw HTML code elements, metadata blocks …), optionally a *container* (a block
quote, a list item) and what follows. The code holds a probe line: a
citation-shaped sentence with a probe word ``zqwN`` and a probe marker
``<!--ref:zqmN-->``. ``tests/support/pandoc_reader.py`` then compares, per probe,
what ars-docs calls code with what pandoc shows as code.

``tuning_cases(seed, n)`` draws from the templates the fix was tuned on.
``heldout_cases`` (written after the fix, never looked at while tuning) lives
in ``code_cases_heldout.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    """One generated draft: a family (which construct), its parameters, its text."""

    family: str
    params: str
    text: str


def probe_line(n: int) -> str:
    return f"Jones (2023) said so zqw{n} <!--ref:zqm{n}-->"


_CONTEXTS: dict[str, str] = {
    "none": "",
    "paragraph": "Some words of a paragraph.\n",
    "paragraph+blank": "Some words of a paragraph.\n\n",
    "list item": "- an item\n",
    "list item+blank": "- an item\n\n",
    "ordered item": "1. an item\n",
    "heading": "# A heading\n",
    "setext heading": "A heading\n=========\n",
    "table": "| a | b |\n|---|---|\n| c | d |\n",
    "quote line": "> a quoted line\n",
    "html block": "<div>\n",
    "html block closed": "<div>\nx\n</div>\n",
    "thematic break": "***\n",
    "definition": "Term\n:   A definition.\n",
    "definition+blank": "Term\n\n:   A definition.\n\n",
    "footnote": "Text.[^1]\n\n[^1]: A note.\n",
    "footnote+blank": "Text.[^1]\n\n[^1]: A note.\n\n",
    "line block": "| a line\n| another\n",
    "fenced div": "::: note\n",
    "letter list": "a. an item\n\n",
    "roman list": "i. an item\n\n",
    "paren list": "(1) an item\n\n",
    "example list": "(@) an item\n\n",
    "hash list": "#. an item\n\n",
    "link ref": "[x]: http://example.org\n",
    "html comment": "<!-- a comment -->\n",
    "math block": "$$\nx\n$$\n",
}

_AFTER: dict[str, str] = {
    "eof": "",
    "blank+para": "\nAfter the code.\n",
    "para": "After the code.\n",
    "fence": "\n```\nother code\n```\n",
}


def _fence(rng: random.Random, n: int) -> tuple[str, str]:
    char = rng.choice("`~")
    length = rng.choice((3, 3, 4, 5))
    indent = rng.choice((0, 0, 0, 1, 2, 3))
    info = rng.choice(
        (
            "",
            "",
            "python",
            " python",
            "{.python}",
            "{=html}",
            "{=latex}",
            "{=markdown}",
            "py `x`",
            "py ~x",
            "{.py #id}",
            "```",
            "{=html5}",
        )
    )
    opening = " " * indent + char * length + info
    body_indent = rng.choice((0, 0, indent, 4))
    body = " " * body_indent + probe_line(n)
    closing_kind = rng.choice(
        (
            "same",
            "same",
            "longer",
            "shorter",
            "none",
            "none",
            "indented",
            "other char",
            "trailing text",
            "indent4",
        )
    )
    other = "~" if char == "`" else "`"
    closing = {
        "same": char * length,
        "longer": char * (length + 2),
        "shorter": char * (length - 1),
        "none": None,
        "indented": " " * rng.choice((1, 2, 3)) + char * length,
        "indent4": "    " + char * length,
        "other char": other * length,
        "trailing text": char * length + " x",
    }[closing_kind]
    lines = [opening, body]
    if closing is not None:
        lines.append(closing)
    params = (
        f"{char}x{length} indent={indent} info={info!r} body={body_indent} close={closing_kind}"
    )
    return "\n".join(lines) + "\n", params


def _indented(rng: random.Random, n: int) -> tuple[str, str]:
    lead = rng.choice(("    ", "\t", "  \t", "     ", "        "))
    lines = [lead + probe_line(n)]
    if rng.random() < 0.5:
        lines.append(lead + "more code")
    return "\n".join(lines) + "\n", f"lead={lead!r}"


def _span(rng: random.Random, n: int) -> tuple[str, str]:
    opening = "`" * rng.choice((1, 1, 2, 3))
    closing = rng.choice((opening, opening, "`" * (len(opening) + 1), ""))
    inner = rng.choice(("", "a`b ", "a``b ", " ` ", "\\"))
    attr = rng.choice(("", "", "{=html}", "{.py}", "{=latex}", "{=html5}"))
    split = rng.choice(("", "", "\n", "\n\n", "\n# h ", "\n: ", "\n| ", "\n- "))
    text = (
        f"Words {opening}{inner}Jones (2023){split} zqw{n} <!--ref:zqm{n}-->{closing}{attr} end.\n"
    )
    return (
        text,
        f"open={len(opening)} close={len(closing)} inner={inner!r} attr={attr!r} split={split!r}",
    )


def _html_code(rng: random.Random, n: int) -> tuple[str, str]:
    tag = rng.choice(("pre", "code", "kbd", "samp", "pre><code"))
    close = tag.split("><")[::-1]
    closing = "".join(f"</{t}>" for t in close)
    shape = rng.choice(("block", "inline", "block-md"))
    if shape == "block":
        text = f"<{tag}>\n{probe_line(n)}\n{closing}\n"
    elif shape == "block-md":
        text = f"<{tag}>\n\n`{probe_line(n)}`\n\n{closing}\n"
    else:
        text = f"Words <{tag}>{probe_line(n)}{closing} end.\n"
    return text, f"tag={tag} shape={shape}"


def _metadata(rng: random.Random, n: int) -> tuple[str, str]:
    end = rng.choice(("---", "..."))
    value = rng.choice((f"Jones (2023) zqw{n} <!--ref:zqm{n}-->", f'"zqw{n} <!--ref:zqm{n}-->"'))
    key = rng.choice(("title", "abstract", "note"))
    text = f"---\n{key}: {value}\n{end}\n"
    return text, f"end={end} key={key}"


def _html_with_markdown(rng: random.Random, n: int) -> tuple[str, str]:
    tag = rng.choice(("div", "section", "details", "span", "table"))
    inner = rng.choice((f"```\n{probe_line(n)}\n```", f"    {probe_line(n)}", f"`{probe_line(n)}`"))
    gap = rng.choice(("\n", "\n\n"))
    return f"<{tag}>{gap}{inner}{gap}</{tag}>\n", f"tag={tag} gap={gap!r} inner={inner[:4]!r}"


_CONSTRUCTS: dict[str, Callable[[random.Random, int], tuple[str, str]]] = {
    "fence": _fence,
    "indented code": _indented,
    "code span": _span,
    "html code element": _html_code,
    "metadata block": _metadata,
    "html block with markdown": _html_with_markdown,
}


def _contain(rng: random.Random, text: str) -> tuple[str, str]:
    kind = rng.choice(("top", "top", "top", "quote", "list", "ordered", "quote in list", "lazy"))
    lines = text.split("\n")
    if kind == "top":
        return text, kind
    if kind == "quote":
        return "\n".join(("> " + line) if line else ">" for line in lines[:-1]) + "\n", kind
    if kind == "lazy":  # only the first line carries the quote marker
        return "> " + text, kind
    lead, rest = ("- ", "  ") if kind == "list" else ("1. ", "   ")
    if kind == "quote in list":
        lead, rest = "- > ", "  > "
    out = [lead + lines[0]] + [(rest + line) if line else "" for line in lines[1:-1]]
    return "\n".join(out) + "\n", kind


def tuning_cases(seed: int, count: int) -> list[Case]:
    """``count`` cases drawn with ``seed`` from the tuning templates."""
    rng = random.Random(seed)
    cases: list[Case] = []
    names = list(_CONSTRUCTS)
    for index in range(count):
        construct = names[index % len(names)]
        body, params = _CONSTRUCTS[construct](rng, index)
        body, container = _contain(rng, body)
        context = rng.choice(list(_CONTEXTS))
        after = rng.choice(list(_AFTER))
        text = _CONTEXTS[context] + body + _AFTER[after]
        cases.append(
            Case(construct, f"{params} container={container} before={context} after={after}", text)
        )
    return cases
