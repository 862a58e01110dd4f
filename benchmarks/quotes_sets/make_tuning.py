"""Write ``tuning.json``: the labelled quotation set the matcher was tuned on (issue 28).

Deterministic (a fixed seed): 24 generated articles with academic-sounding
prose and eight to nine quotations on each — exact, legitimately edited and
altered or fabricated — labelled ``legit`` or ``flagged``. The format is
described in /docs/quotes.md (section "The labelled sets"). Run:
``python benchmarks/quotes_sets/make_tuning.py`` (rewrites the file).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.support.quote_pdfs import article_pdf

SUBJECTS = [
    "the committee",
    "the archival record",
    "the financial office",
    "each municipal council",
    "the reform movement",
    "the fiduciary board",
    "the regional administration",
    "the survey of households",
    "the central bank",
    "the inspection service",
    "the first generation of officials",
    "the labour tribunal",
    "the flexible framework",
    "the official inquiry",
    "the scientific panel",
    "the local press",
]
VERBS = [
    "reshaped",
    "undermined",
    "clarified",
    "obscured",
    "financed",
    "defined",
    "restricted",
    "documented",
    "challenged",
    "reinforced",
    "postponed",
    "simplified",
    "justified",
    "questioned",
    "transformed",
    "neglected",
]
OBJECTS = [
    "the distribution of public funds",
    "the legitimacy of provincial courts",
    "the confidence of ordinary taxpayers",
    "the boundaries of administrative discretion",
    "the obligations of fiduciary trustees",
    "the architecture of social insurance",
    "the flow of migrant labour",
    "the official definition of poverty",
    "the accountability of elected mayors",
    "the financing of rural schools",
    "the reliability of statistical returns",
    "the profile of the civil service",
    "the conflict between fiscal and moral duties",
    "the certification of engineers",
]
TAILS = [
    "during the decade that followed the crisis",
    "in ways that contemporaries rarely noticed",
    "although the evidence remained fragmentary",
    "long before the national legislation",
    "whenever the budget came under pressure",
    "as the surviving correspondence shows",
    "despite repeated protests from the opposition",
    "with consequences that outlived the regime",
    "in the northern provinces more than elsewhere",
    "once the first audit was published",
]
NEGATED = [
    "It is not the case that {s} {v} {o} {t}.",
    "Contrary to earlier accounts, {s} did not simply accept {o}.",
    "We do not believe that {s} {v} {o} without external pressure.",
]
ADJECTIVES = ["decisive", "modest", "lasting", "profound", "limited", "surprising"]
REPLACE = {w: [x for x in VERBS if x != w] for w in VERBS}


def sentence(rng: random.Random) -> str:
    if rng.random() < 0.18:
        form = rng.choice(NEGATED)
    else:
        form = rng.choice(
            [
                "{S} {v} {o} {t}.",
                "In this account, {s} {v} {o}.",
                "As the sources suggest, {s} {v} {o} {t}.",
                "{S} {v} {o}, and {s2} {v2} {o2}.",
            ]
        )
    s, s2 = rng.sample(SUBJECTS, 2)
    text = form.format(
        S=s[0].upper() + s[1:],
        s=s,
        s2=s2,
        v=rng.choice(VERBS),
        v2=rng.choice(VERBS),
        o=rng.choice(OBJECTS),
        o2=rng.choice(OBJECTS),
        t=rng.choice(TAILS),
    )
    return text


def article(rng: random.Random, n: int) -> list[list[str]]:
    return [[sentence(rng) for _ in range(rng.randint(3, 5))] for _ in range(n)]


def _page_of(flat: list[tuple[str, int]], words: list[str]) -> int | None:
    key = [w.strip(".,") for w in words]
    for i in range(len(flat) - len(key) + 1):
        if [w.strip(".,") for w, _ in flat[i : i + len(key)]] == key:
            return flat[i][1]
    return None


def build(seed: int = 2026, sources: int = 24, pages: int = 3) -> dict[str, object]:
    rng = random.Random(seed)
    out_sources: list[dict[str, object]] = []
    cases: list[dict[str, object]] = []
    for n in range(sources):
        key = f"src{n:02d}"
        paras = article(rng, rng.randint(28, 44))
        paragraphs = [" ".join(p) for p in paras]
        columns = 2 if n % 4 else 1
        first_page = rng.choice([1, 17, 101, 233, 345])
        footnotes = {first_page + 1: "1 On the sources used here see the appendix of this article."}
        layout = {
            "columns": columns,
            "first_page": first_page,
            "head": f"Generated Review {n}",
            "ligatures": n % 5 != 0,
            "hyphenate": True,
            "footnotes": footnotes,
        }
        _, page_words = article_pdf(paragraphs, **_layout_args(layout))
        flat = _flat(page_words, first_page)
        title = f"Administrative Change in Region {n}"
        out_sources.append({"key": key, "title": title, "layout": layout, "paragraphs": paragraphs})
        sentences = [s for p in paras for s in p]
        picks = rng.sample(range(len(sentences)), 10)
        kinds = [
            "exact",
            "ellipsis",
            "bracket_case",
            "insertion",
            "sic_or_note",
            "block",
            "one_word",
            "negation",
            "spliced",
            "fabricated",
        ]
        if n % 2:
            kinds[5] = "cross_page"
            kinds[4] = "lowercase"
        for kind, index in zip(kinds, picks, strict=True):
            case = _case(rng, kind, sentences, index, flat)
            if case is None or (case["label"] == "flagged" and _present(case, flat)):
                continue  # a "changed" quotation the article happens to contain is no case
            case["id"] = f"t{len(cases) + 1:03d}"
            case["key"] = key
            cases.append(case)
    # A few HTML originals (no pages, no locators).
    for n in range(pages):
        key = f"web{n:02d}"
        paras = article(rng, rng.randint(10, 16))
        paragraphs = [" ".join(p) for p in paras]
        words = [(w, 0) for p in paragraphs for w in p.split()]
        out_sources.append(
            {"key": key, "kind": "html", "title": f"Web Report {n}", "paragraphs": paragraphs}
        )
        sentences = [s for p in paras for s in p]
        kinds = [
            "exact",
            "ellipsis",
            "bracket_case",
            "insertion",
            "lowercase",
            "block",
            "one_word",
            "negation",
            "spliced",
            "fabricated",
        ]
        for kind, index in zip(kinds, rng.sample(range(len(sentences)), 10), strict=True):
            case = _case(rng, kind, sentences, index, words)
            if case is None or (case["label"] == "flagged" and _present(case, words)):
                continue
            case["locator"] = None  # an HTML page has no page numbers
            case["id"] = f"t{len(cases) + 1:03d}"
            case["key"] = key
            cases.append(case)
    return {"format": 1, "set": "tuning", "sources": out_sources, "cases": cases}


def _flat(page_words: list[list[str]], first_page: int) -> list[tuple[str, int]]:
    """Every word with its page; a word hyphenated across a page break is one word."""
    flat: list[tuple[str, int]] = []
    for index, words in enumerate(page_words):
        for word in words:
            if flat and flat[-1][0].endswith("-") and flat[-1][0][:-1].isalpha():
                flat[-1] = (flat[-1][0][:-1] + word, flat[-1][1])
            else:
                flat.append((word, first_page + index))
    return flat


def _fold(text: str) -> list[str]:
    return [w.strip(".,;:").casefold() for w in text.split() if w.strip(".,;:")]


def _present(case: dict[str, object], flat: list[tuple[str, int]]) -> bool:
    quote = _fold(str(case["quote"]))
    text = [w.strip(".,;:").casefold() for w, _ in flat]
    n = len(quote)
    return any(text[i : i + n] == quote for i in range(len(text) - n + 1))


def _layout_args(layout: dict[str, object]) -> dict[str, object]:
    args = dict(layout)
    notes = args.pop("footnotes", {})
    args["footnotes"] = {int(k): v for k, v in dict(notes).items()}  # type: ignore[call-overload]
    return args


def _case(
    rng: random.Random, kind: str, sentences: list[str], index: int, flat: list[tuple[str, int]]
) -> dict[str, object] | None:
    words = sentences[index].rstrip(".").split()
    page = _page_of(flat, words)
    frag = words[: max(6, min(len(words), rng.randint(8, 16)))]
    label = "legit"
    block = False
    if kind in ("exact", "sic_or_note", "lowercase"):
        page = _page_of(flat, frag)
    if kind == "exact":
        quote = " ".join(frag)
    elif kind == "ellipsis":
        if len(words) < 10:
            return None
        cut = rng.randint(3, len(words) - 6)
        quote = (
            " ".join(words[:cut])
            + rng.choice([" […] ", " ... ", " [...] "])
            + " ".join(words[cut + rng.randint(1, 3) :])
        )
    elif kind == "bracket_case":
        rest = words[2:]
        quote = f"[{rest[0][0].upper()}]{rest[0][1:]} " + " ".join(rest[1:])
        page = _page_of(flat, rest)
    elif kind == "lowercase":
        quote = frag[0][0].lower() + " ".join(frag)[1:]
    elif kind == "insertion":
        quote = "[the authorities] " + " ".join(words[2:])
        page = _page_of(flat, words[2:])
    elif kind == "sic_or_note":
        at = rng.randint(2, len(frag) - 1)
        quote = " ".join(frag[:at]) + " [sic] " + " ".join(frag[at:]) + " [emphasis added]"
    elif kind == "block":
        block = True
        quote = " ".join(sentences[index : index + 3])
    elif kind == "cross_page":
        breaks = [i for i in range(1, len(flat)) if flat[i][1] != flat[i - 1][1]]
        if not breaks:
            return None
        b = rng.choice(breaks)
        quote = " ".join(w for w, _ in flat[b - 7 : b + 7])
        page = flat[b - 7][1]
    elif kind == "one_word":
        label = "flagged"
        swap = [i for i, w in enumerate(frag) if w in REPLACE]
        if not swap:
            frag = frag[:]
            at = rng.randint(1, len(frag) - 1)
            frag.insert(at, rng.choice(ADJECTIVES))
        else:
            frag = frag[:]
            frag[swap[0]] = rng.choice(REPLACE[frag[swap[0]]])
        quote = " ".join(frag)
    elif kind == "negation":
        label = "flagged"
        if "not" in words:
            quote = " ".join(w for w in words if w != "not")
        else:
            at = next((i + 1 for i, w in enumerate(words) if w in VERBS), 3)
            quote = " ".join([*words[: at - 1], "did", "not", *words[at - 1 :]])
    elif kind == "spliced":
        label = "flagged"
        other = sentences[(index + len(sentences) // 2) % len(sentences)].rstrip(".").split()
        quote = " ".join(words[: len(words) // 2] + other[len(other) // 2 :])
    else:  # fabricated
        label = "flagged"
        quote = sentence(random.Random(rng.random())).rstrip(".")
        quote = quote.replace("the ", "a ", 1)
    locator = f"p. {page}" if page is not None and rng.random() < 0.7 else None
    return {"quote": quote, "locator": locator, "block": block, "label": label, "kind": kind}


if __name__ == "__main__":
    target = Path(__file__).with_name("tuning.json")
    data = build()
    target.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{target}: {len(data['sources'])} sources, {len(data['cases'])} cases")  # type: ignore[arg-type]
