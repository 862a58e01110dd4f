"""How often do markers start a line in wrapped drafts, and does every status change undo?

Issue 25 §1: agents and editors wrap paragraphs, and a marker written after a
space (``… (Müller, 2015) <!--ref:muller_2015-->; what matters …``) lands at the
start of the next line as often as the wrap falls there. A line that starts
with ``<!--`` is an HTML block to CommonMark, so finalize writes the warning of
such a marker after an empty comment (``<!-- -->[UNVERIFIED …]<!--ref:k-->``).

This script generates seeded drafts of cited sentences (English, German,
French, Spanish words; author–year citations; markers after a space, directly
after the citation, or after the sentence's period), wraps each paragraph the
way ``textwrap`` / editors do at several widths, and prints:

1. the share of markers that start a line, per wrap width;
2. for the whole set, the result of walking every source through
   HIGH-WARN → MED-WARN → LOW-WARN → ok → LOW-WARN → MED-WARN → HIGH-WARN with
   finalize: markers finalize refused to rewrite (ARS001) at any step, drafts
   where a second finalize changed something, and drafts whose text outside
   the markers changed.

It is a measurement, not a test: it exits 0 whatever the numbers are. Run it as::

    PYTHONPATH=. python benchmarks/bench_line_start_markers.py [--drafts N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from ars_docs.commands import drafts as api  # noqa: E402
from ars_docs.session.corpus import corpus_from_data  # noqa: E402
from ars_docs.session.readlog import read_log_from_data  # noqa: E402

VOCABULARY = (
    "the energy balance has been described in detail and what matters is the flux of heat "
    "across the boundary layer while later work confirmed the estimate under other conditions "
    "die Messung zeigt dass der Effekt größer ist als erwartet und bleibt stabil "
    "les résultats montrent une tendance nette mais la variance reste élevée "
    "los datos sugieren que el efecto es robusto en todas las muestras"
)
WORDS = VOCABULARY.split()
AUTHORS = ["Müller", "Smith", "García", "Dubois", "Chen", "Okafor", "Nakamura", "Kowalski"]
MARKER = re.compile(r"<!--ref:[^>]*?-->")
WIDTHS = (72, 80, 100)
WALK = ("HIGH-WARN", "MED-WARN", "LOW-WARN", "ok", "LOW-WARN", "MED-WARN", "HIGH-WARN")


def sentence(rng: random.Random, key: str, author: str, year: int) -> str:
    words = rng.sample(WORDS, rng.randint(8, 18))
    words[0] = words[0].capitalize()
    body = " ".join(words)
    place = rng.random()
    if place < 0.45:  # "… (Author, 2015) <!--ref:k--> …"
        cut = rng.randint(3, len(words) - 2)
        return (
            " ".join(words[:cut])
            + f" ({author}, {year}) <!--ref:{key}--> "
            + " ".join(words[cut:])
            + "."
        )
    if place < 0.75:  # "Author (2015) <!--ref:k--> showed …"
        return f"{author} ({year}) <!--ref:{key}--> {body[0].lower()}{body[1:]}."
    return f"{body} ({author}, {year}). <!--ref:{key}-->"  # after the period


def draft(rng: random.Random, keys: list[str], width: int) -> str:
    paragraphs = []
    for _ in range(rng.randint(3, 6)):
        sentences = []
        for _ in range(rng.randint(2, 5)):
            index = rng.randrange(len(keys))
            sentences.append(sentence(rng, keys[index], AUTHORS[index], 2000 + index))
        # break_long_words/on_hyphens off: a wrap never splits a marker.
        text = " ".join(sentences)
        paragraphs.append(
            textwrap.fill(text, width=width, break_long_words=False, break_on_hyphens=False)
        )
    return "# Results\n\n" + "\n\n".join(paragraphs) + "\n"


def corpus_for(status: str, keys: list[str]) -> tuple[object, object]:
    acquired, verified, read = {
        "HIGH-WARN": (False, False, False),
        "MED-WARN": (True, False, False),
        "LOW-WARN": (True, True, False),
        "ok": (True, True, True),
    }[status]
    entries = [
        {
            "citation_key": key,
            "title": f"Title {key}",
            "authors": [{"family": "Author"}],
            "year": 2020,
            "source_pointer": f"s/{key}.pdf",
            "source_acquired": acquired,
            "source_verified_against_original": verified,
            "source_verification_method": "codex_audit" if verified else "none",
            "description_last_audit": "round_1" if acquired else "none",
        }
        for key in keys
    ]
    marks = [{"citation_key": k, "marked_at": "2026-01-01T00:00:00Z"} for k in keys] if read else []
    return corpus_from_data({"literature_corpus": entries}), read_log_from_data(
        {"human_read": marks}
    )


def line_start_share(text: str) -> tuple[int, int]:
    total = starting = 0
    for line in text.splitlines():
        for match in MARKER.finditer(line):
            total += 1
            if not line[: match.start()].strip(" \t>"):
                starting += 1
    return starting, total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--drafts", type=int, default=200, help="drafts per wrap width")
    parser.add_argument("--seed", type=int, default=20261201)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    keys = [f"{ascii(a.lower()).strip(chr(39))}_{2000 + i}" for i, a in enumerate(AUTHORS)]
    keys = [re.sub(r"[^a-z0-9_]", "", key) for key in keys]
    drafts: list[str] = []
    print(f"markers that start a line ({args.drafts} drafts per width, seed {args.seed}):")
    for width in WIDTHS:
        starting = total = 0
        for _ in range(args.drafts):
            text = draft(rng, keys, width)
            drafts.append(text)
            s, t = line_start_share(text)
            starting += s
            total += t
        print(f"  width {width:3}: {starting:5} of {total:5} markers ({starting / total:.1%})")
    stuck = not_idempotent = changed_outside = 0
    trust = {status: corpus_for(status, keys) for status in set(WALK)}
    for text in drafts:
        current = text
        for status in WALK:
            corpus, log = trust[status]
            result = api.finalize(current, corpus, log)  # type: ignore[arg-type]
            stuck += sum(1 for c in result.citations if c.status == "MALFORMED")
            again = api.finalize(result.text, corpus, log)  # type: ignore[arg-type]
            not_idempotent += again.text != result.text
            current = result.text
        plain = MARKER.sub("", text)
        walked = re.sub(r"(?:<!-- -->)?\[UNVERIFIED CITATION[^\]]*\]", "", MARKER.sub("", current))
        changed_outside += plain != walked
    steps = len(drafts) * len(WALK)
    print(f"status walk {' -> '.join(WALK)} over {len(drafts)} drafts ({steps} finalize runs):")
    print(f"  markers finalize refused to rewrite (ARS001): {stuck}")
    print(f"  finalize runs a second pass would change:      {not_idempotent}")
    print(f"  drafts changed outside marker spans:           {changed_outside}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
