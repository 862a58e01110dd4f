"""Property tests for pandoc and LaTeX citations as markers (issue 36).

Drafts mixing pandoc citations, LaTeX citations, ``<!--ref:-->`` markers, code,
addresses, CRLF and non-ASCII text: finalize changes nothing outside what it
writes, a second finalize changes nothing, a status that changes and changes back
gives the same bytes, and the strict output keeps every citation it accepted.
"""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ars_docs.commands import drafts as api
from ars_docs.document.citekeys import find_citations
from ars_docs.document.passes.extract import extract
from ars_docs.document.pipeline import DocState
from ars_docs.document.text import Document
from ars_docs.session.corpus import corpus_from_data
from tests.document.test_finalize_golden import without_markers
from tests.document.test_properties import CORPUS, READ_LOG, SLUGS, _entry
from tests.support.sessions import looked_up

#: Every source acquired and verified: the statuses the first corpus warns about go away.
VERIFIED = corpus_from_data(
    looked_up({"literature_corpus": [_entry(k, True, True) for k in SLUGS if k != "ghost_e"]})
)

citation = st.builds(
    lambda form, a, b: form.format(a=a, b=b),
    st.sampled_from(
        [
            "[@{a}]",
            "[see @{a}, p. 3; -@{b}]",
            "@{a}",
            "@{a} [p. 33]",
            "[-@{a}]",
            "\\cite{{{a}}}",
            "\\citep[see][p.~3]{{{a}, {b}}}",
            "[@{a}]<!--ref:{a}-->",
            "@{a}<!--ref:{a} ok-->",
        ]
    ),
    st.sampled_from(SLUGS),
    st.sampled_from(SLUGS),
)
words = st.text(alphabet=st.sampled_from(list("abc xyzÄé中.,;:()-*_[]")), min_size=0, max_size=10)
noise = st.sampled_from(["mail@example.org", "`@ok_a`", "\\@ok_a", "<!--ref:ok_a-->", "$@x$"])
inline = st.lists(st.one_of(words, citation, noise), min_size=1, max_size=6).map("".join)
block = st.one_of(
    inline,
    inline.map(lambda s: "# " + s),
    inline.map(lambda s: "> " + s),
    inline.map(lambda s: "- " + s),
    st.tuples(inline, inline).map(lambda p: f"| {p[0]} | x |\n|---|---|\n| {p[1]} | y |"),
    inline.map(lambda s: "```\n" + s + "\n```"),
)
draft = st.tuples(
    st.lists(block, min_size=1, max_size=5),
    st.sampled_from(["\n", "\r\n"]),
    st.sampled_from(["\n\n", "\n"]),
).map(lambda t: t[2].join(t[0]).replace("\n", t[1]) + t[1])

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cited(text: str) -> list[str]:
    state = DocState(Document(text))
    extract(state)
    return [k.key for c in find_citations(text, state.prose) for k in c.keys]


@SETTINGS
@given(draft)
@example("@high_d [p. 33] and [@med_c; @ok_a]\r\n")
def test_finalize_writes_only_after_citations(text: str) -> None:
    result = api.finalize(text, CORPUS, READ_LOG)
    assert without_markers(result.text) == without_markers(text)
    assert cited(result.text) == cited(text)


@SETTINGS
@given(draft)
def test_finalize_is_idempotent_and_reversible(text: str) -> None:
    once = api.finalize(text, CORPUS, READ_LOG).text
    assert api.finalize(once, CORPUS, READ_LOG).text == once
    verified = api.finalize(once, VERIFIED, READ_LOG).text
    assert api.finalize(verified, VERIFIED, READ_LOG).text == verified
    assert api.finalize(verified, CORPUS, READ_LOG).text == once


@SETTINGS
@given(draft)
def test_the_strict_output_keeps_every_accepted_citation(text: str) -> None:
    finalized = api.finalize(text, VERIFIED, READ_LOG).text
    result = api.render(finalized, VERIFIED, READ_LOG, strict=True, require_lookup=False)
    if result.output is None:
        return
    assert cited(result.output) == cited(finalized)
