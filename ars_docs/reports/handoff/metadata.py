"""compilation_metadata: a static parse of a compiled report (§4 Step 3e).

Definitions (documented in docs/reference.md, dispatch):

* **word count** — whitespace-separated words of prose, counted in the text
  a reader sees: paragraphs, headings, list items, quotes, table cells, link
  text and image alt text. Markers, visible ``[UNVERIFIED CITATION …]``
  prefixes, code (fenced, indented, spans), raw HTML and front matter do not
  count. A "word" must contain a letter or digit, so a lone dash or pipe is
  not one; a hyphenated word is one word; text without spaces (e.g. CJK) is
  one word per whitespace-separated run.
* **section count** — headings (ATX and setext), at any level.
* **citation count** — distinct well-formed citation keys cited.
* **placeholder count** — two-layer marker occurrences (``<!--ref:…-->``),
  malformed ones included.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it.token import Token

from ars_docs.document.markers import PREFIX_IN_TEXT_RE
from ars_docs.document.passes.extract import extract
from ars_docs.document.pipeline import DocState, Options
from ars_docs.document.text import Document

_WORDISH = re.compile(r"\w")


@dataclass(frozen=True, slots=True)
class CompilationMetadata:
    word_count: int
    section_count: int
    citation_count: int
    placeholder_count: int

    def to_dict(self) -> dict[str, int]:
        return {
            "word_count": self.word_count,
            "section_count": self.section_count,
            "citation_count": self.citation_count,
            "placeholder_count": self.placeholder_count,
        }


def compile_metadata_of(doc: Document) -> CompilationMetadata:
    state = DocState(doc, options=Options(keep_children=True))
    extract(state)  # one parse serves the markers and the word count
    words = 0
    sections = 0
    for token in state.tokens:
        if token.type == "heading_open":
            sections += 1
        elif token.type == "inline":
            words += count_words("".join(_prose(token.children or [])))
    slugs = {m.slug for m in state.markers if m.slug is not None}
    return CompilationMetadata(words, sections, len(slugs), len(state.markers))


def count_words(text: str) -> int:
    text = PREFIX_IN_TEXT_RE.sub(" ", text)
    return sum(1 for word in text.split() if _WORDISH.search(word))


def _prose(children: list[Token]) -> list[str]:
    """Visible prose; code, raw HTML and markers act as word separators."""
    parts: list[str] = []
    for child in children:
        if child.type in ("text", "text_special"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak", "code_inline", "html_inline"):
            parts.append(" ")
        if child.children:  # image alt text
            parts.append(" " + "".join(_prose(child.children)) + " ")
    return parts
