"""Benchmark ``ars_docs.document.api.finalize`` and the passport loader on generated inputs.

One run generates, deterministically (seeded ``random``), in a temporary
directory (or ``--keep DIR``):

* ``document.md``: a ~5 MB markdown draft with ~30,000 citation markers
  (headings, paragraphs, lists, block quotes, tables, fenced / indented code
  with fake markers inside, inline code, non-marker comments, front matter,
  non-ASCII text; bare, ``ok``, ``LOW-WARN`` and prefixed markers, a few slugs
  not in the corpus and a few malformed markers);
* ``passport.yaml``: a 10,000-entry Material Passport with comments and varied
  trust fields (firm-rule breaches included) so that every status occurs;
* ``passport_human_read_log.yaml``: a read log marking about a thousand keys;
* ``draft_pandoc.md`` + ``bibliography.json``: the same draft with markers as
  pandoc citations (``[@slug]``) and a CSL-JSON bibliography made from the
  loaded passport.

It then prints five measurements with their targets (see benchmarks/README.md):

1. finalize time / markdown-it-py bare parse time of the same draft (<= 1.5)
2. pandoc --citeproc time / finalize time, i.e. the speed-up (>= 10)
3. finalize peak Python-heap memory (tracemalloc) / draft size in bytes (<= 20)
4. cold passport load (<= 3 s)
5. warm passport load from the content-hash cache (<= 0.2 s)

It is a measurement, not a test: it exits 0 whatever the numbers are, unless
``--strict`` is given (exit 1 when a target is missed). It exits 2 when a
sanity check shows that finalize did not do the expected work (then the
timings would not mean anything). Run it as::

    PYTHONPATH=. python benchmarks/bench_finalize.py
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

MB = 1_000_000
DEFAULT_SEED = 20261129

# --- targets -------------------------------------------------------------------

TARGET_PARSE_RATIO = 1.5  # finalize time / markdown-it-py parse time, at most
TARGET_PANDOC_SPEEDUP = 10.0  # pandoc --citeproc time / finalize time, at least
TARGET_MEMORY_RATIO = 20.0  # finalize tracemalloc peak / draft bytes, at most
TARGET_COLD_LOAD = 3.0  # seconds, at most
TARGET_WARM_LOAD = 0.2  # seconds, at most


class SanityError(Exception):
    """The benchmark did not measure what it claims to (exit 2)."""


# --- vocabulary -------------------------------------------------------------------


def _split(text: str) -> tuple[str, ...]:
    return tuple(text.split())


FAMILIES = _split(
    "Smith Müller García Nguyen Kowalski Øberg Chen Ishikawa O'Neil Dubois Rossi Petrov "
    "Haddad Björk Núñez Zhang Kim Okafor Fernández Sato Harvey Stensaker Biggs Newton Walters "
    "Wilder Bender Gebru Lewis Piwowar Greenhalgh Peacock Habermas Brennan Shah Jørgensen "
    "Lindqvist Novák Dvořák Żukowski Schröder Lefèvre Moreau Costa Oliveira Tanaka Watanabe "
    "Park Lee Ahmed Khan Mensah Adeyemi Kovacs Horváth Nieminen Virtanen Andersson Berg"
)
GIVEN = _split(
    "Anna Bjørn Chloé David Emily Farid Grace Hiroshi Ines Jürgen John Katarzyna Lee Maria "
    "Nikolai Olga Patrick Qing Rafael Sofia Tomás Ursula Viktor Wei Xavier Yuki Zoë"
)
INSTITUTIONS = ("OECD", "UNESCO", "ENQA", "European Commission", "World Bank", "Eurydice")
VENUES = (
    "Higher Education",
    "Quality in Higher Education",
    "European Journal of Education",
    "Assessment & Evaluation in Higher Education",
    "Studies in Higher Education",
    "Scientific Reports",
    "ACM Computing Surveys",
    "Proceedings of FAccT",
    "Zeitschrift für Hochschulentwicklung",
    "Revue française de pédagogie",
)
WORDS = _split(
    "quality assurance culture teaching learning evaluation institution trust evidence "
    "accreditation review standards outcomes students academics policy practice framework "
    "monitoring audit feedback curriculum design assessment alignment governance autonomy "
    "accountability improvement enhancement reform agency data indicators performance "
    "ranking reputation legitimacy compliance peer expert panel report finding claim source "
    "citation reference model language generation retrieval hallucination verification "
    "original description bibliography survey analysis sample interview case comparative "
    "national regional sector discipline faculty department programme course module "
    "workload incentive norm value habit routine procedure document template checklist "
    "the of and in to a that is for on with as by this which are be from at an not it "
    "has have was were their these those more less often rarely broadly narrowly early late"
)
FOREIGN_WORDS = _split(
    "Öffentlichkeit Lehrqualität naïve façade rôle Qualitätskultur über señal coöperation "
    "São-Paulo Kraków α-level β-weights résumé déjà-vu Zürich"
)
CJK_SENTENCES = (
    "引用必须可以追溯到原始文献",
    "质量文化不仅是程序问题，也是信任问题",
    "大型语言模型生成的参考文献常常无法核实",
    "品質保証は教育の設計と切り離せない",
    "원문을 확인하지 않은 인용은 위험하다",
)
CLAIM_VERBS = ("argue", "show", "report", "suggest", "find", "note", "observe", "claim")


def _ascii_slug(text: str) -> str:
    flat = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", flat.lower()) or "anon"


# --- passport ------------------------------------------------------------------


@dataclass
class Entry:
    key: str
    category: str
    authors: list[dict[str, str]]
    year: int | str
    title: str
    venue: str


# (category, weight): how an entry's trust fields look; see _trust_lines.
CATEGORIES = (
    ("verified", 46),  # acquired + verified + affirmative method -> ok / LOW-WARN
    ("acquired", 20),  # acquired, not verified -> MED-WARN
    ("verified_method_none", 3),  # firm rule 1 broken -> MED-WARN
    ("not_acquired", 23),  # -> HIGH-WARN
    ("claims_verified_not_acquired", 2),  # firm rule 1 broken -> HIGH-WARN
    ("legacy_verified", 2),  # legacy `verified:` field -> HIGH-WARN
    ("flag_not_boolean", 1),  # source_acquired: "yes" -> read as false -> HIGH-WARN
    ("literal_human_read", 1),  # verified + literal human_read_source (ignored)
    ("audited_without_source", 2),  # firm rule 2 broken -> HIGH-WARN
)


def make_entries(rng: random.Random, count: int) -> list[Entry]:
    names = [c for c, _ in CATEGORIES]
    weights = [w for _, w in CATEGORIES]
    used: set[str] = set()
    entries = []
    for index in range(count):
        year: int | str = rng.randint(1960, 2026)
        if rng.random() < 0.04:
            authors = [{"literal": rng.choice(INSTITUTIONS)}]
        else:
            authors = [
                {"family": rng.choice(FAMILIES), "given": rng.choice(GIVEN)}
                for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4)))
            ]
            if len(authors) > 3 and rng.random() < 0.5:
                authors = [*authors[:1], {"literal": "et al."}]
        first = authors[0].get("family") or authors[0]["literal"]
        if rng.random() < 0.01:
            key = f"zotero:{rng.getrandbits(40):010X}"
        else:
            key = f"{_ascii_slug(first)}_{year}"
            if len(authors) == 2 and "family" in authors[1]:
                key = f"{_ascii_slug(first)}_{_ascii_slug(authors[1]['family'])}_{year}"
        base, suffix = key, 0
        while key in used:
            suffix += 1
            key = f"{base}{_letters(suffix)}"
        used.add(key)
        if rng.random() < 0.02:
            year = f"{year}{rng.choice('ab')}"
        words = [rng.choice(WORDS) for _ in range(rng.randint(3, 10))]
        if rng.random() < 0.1:
            words.insert(rng.randrange(len(words)), rng.choice(FOREIGN_WORDS))
        title = " ".join(words).capitalize()
        if rng.random() < 0.3:
            title += ": " + " ".join(rng.choice(WORDS) for _ in range(4))
        category = rng.choices(names, weights)[0] if index >= len(names) else names[index]
        entries.append(Entry(key, category, authors, year, title, rng.choice(VENUES)))
    return entries


def _letters(n: int) -> str:
    out = ""
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(97 + rem) + out
    return out


_PLAIN_SAFE = re.compile(r"[A-Za-z][A-Za-z0-9 ,.'()&_:/\-]*\Z")


def _scalar(value: str) -> str:
    """A YAML scalar: plain when unambiguous, else JSON (valid YAML double-quoted)."""
    if _PLAIN_SAFE.match(value) and ": " not in value and value.lower() not in ("yes", "no"):
        return value
    return json.dumps(value, ensure_ascii=False)


def _flow_name(name: dict[str, str]) -> str:
    parts = ", ".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in name.items())
    return "{" + parts + "}"


def passport_yaml(rng: random.Random, entries: list[Entry]) -> str:
    out = [
        "# Material Passport generated by benchmarks/bench_finalize.py (synthetic data).\n",
        "# Trust fields vary on purpose so that every cell of the provenance matrix occurs.\n",
        "session_id: bench-2026-11\n",
        "pipeline_mode: academic-paper\n",
        "literature_corpus:\n",
    ]
    for index, entry in enumerate(entries):
        if index % 250 == 0:
            out.append(f"  # --- entries {index + 1}-{min(index + 250, len(entries))} ---\n")
        out.append(f"  - citation_key: {_scalar(entry.key)}\n")
        out.append(f"    title: {_scalar(entry.title)}\n")
        style = rng.random()
        if style < 0.45:
            out.append(f"    authors: [{', '.join(_flow_name(a) for a in entry.authors)}]\n")
        elif style < 0.85:
            out.append("    authors:\n")
            out.extend(f"      - {_flow_name(a)}\n" for a in entry.authors)
        else:
            out.append("    authors:\n")
            for author in entry.authors:
                lead = "      - "
                for k, v in author.items():
                    out.append(f"{lead}{k}: {_scalar(v)}\n")
                    lead = "        "
        year = entry.year
        out.append(f"    year: {year}\n" if isinstance(year, int) else f'    year: "{year}"\n')
        out.append(f"    venue: {_scalar(entry.venue)}\n")
        if rng.random() < 0.6:
            out.append(f"    doi: 10.{rng.randint(1000, 9999)}/{rng.getrandbits(32):08x}\n")
        elif rng.random() < 0.3:
            out.append(f'    arxiv_id: "{rng.randint(1501, 2412)}.{rng.randint(10000, 99999)}"\n')
        if rng.random() < 0.1:
            out.append(f"    tags: [{rng.choice(WORDS)}, {rng.choice(WORDS)}]\n")
        if rng.random() < 0.05:
            abstract = " ".join(rng.choice(WORDS) for _ in range(40)).capitalize() + "."
            out.append(f"    abstract: >-\n      {abstract}\n")
        out.extend(_trust_lines(rng, entry))
    return "".join(out)


def _trust_lines(rng: random.Random, entry: Entry) -> list[str]:
    pdf = f"sources/{entry.key.replace(':', '_')}.pdf"
    date = f"2026-{rng.randint(1, 10):02d}-{rng.randint(1, 28):02d}"
    method = rng.choice(("codex_audit", "manual_grep", "vision_check"))
    audit = f"round_{rng.randint(1, 4)}"
    cat = entry.category
    acquired = [
        f"    source_pointer: {pdf}\n",
        "    source_acquired: true\n",
        f"    source_acquisition_date: {date}\n"
        if rng.random() < 0.8
        else f'    source_acquisition_date: "{date}T{rng.randint(8, 18)}:00:00Z"\n',
        f"    source_acquisition_path: {pdf}\n",
    ]
    missing = [f"    source_pointer: bibliography_v2.md#{entry.key.replace(':', '_')}\n"]
    if cat == "verified":
        return [
            *acquired,
            "    source_verified_against_original: true\n",
            f"    source_verification_method: {method}\n",
            "    description_source: original_pdf\n",
            f"    description_last_audit: {audit}\n",
        ]
    if cat == "literal_human_read":
        return [
            *acquired,
            "    source_verified_against_original: true\n",
            f"    source_verification_method: {method}\n",
            "    description_source: original_pdf\n",
            f"    description_last_audit: {audit}\n",
            "    # An adapter wrote this literal field; only the read log counts.\n",
            "    human_read_source: true\n",
        ]
    if cat == "acquired":
        return [
            *acquired,
            "    source_verified_against_original: false\n",
            "    source_verification_method: none\n",
            f"    description_source: bibliography_v{rng.randint(1, 3)}\n",
            f"    description_last_audit: {audit}\n",
        ]
    if cat == "verified_method_none":
        return [
            *acquired,
            "    # verified with method none: firm rule 1 broken, read as not verified.\n",
            "    source_verified_against_original: true\n",
            "    source_verification_method: none\n",
            "    description_source: bibliography_v2\n",
            f"    description_last_audit: {audit}\n",
        ]
    if cat == "not_acquired":
        return [
            *missing,
            "    source_acquired: false\n",
            "    source_acquisition_date: null\n" if rng.random() < 0.3 else "",
            "    source_verified_against_original: false\n",
            "    source_verification_method: none\n",
            "    description_source: bibliography_v2\n",
            "    description_last_audit: none\n",
        ]
    if cat == "claims_verified_not_acquired":
        return [
            *missing,
            "    source_acquired: false\n",
            "    source_verified_against_original: true  # without a source: not verified\n",
            f"    source_verification_method: {method}\n",
            "    description_source: bibliography_v2\n",
            "    description_last_audit: none\n",
        ]
    if cat == "legacy_verified":
        return [
            *missing,
            "    # Legacy single field (before the split): counts as not verified.\n",
            f"    verified: {date}\n",
            "    description_source: secondary_summary\n",
        ]
    if cat == "flag_not_boolean":
        return [
            *missing,
            '    source_acquired: "yes"  # a string, not a boolean: read as false\n',
            "    source_verified_against_original: false\n",
            "    source_verification_method: none\n",
            "    description_source: bibliography_v1\n",
            "    description_last_audit: none\n",
        ]
    if cat == "audited_without_source":
        return [
            *missing,
            "    source_acquired: false\n",
            "    source_verified_against_original: false\n",
            "    source_verification_method: none\n",
            "    description_source: bibliography_v2\n",
            f"    description_last_audit: {audit}  # firm rule 2: no source, no audit\n",
        ]
    raise AssertionError(cat)


def read_log_yaml(rng: random.Random, entries: list[Entry], marks: int) -> str:
    verified = [e.key for e in entries if e.category in ("verified", "literal_human_read")]
    others = [e.key for e in entries if e.category not in ("verified", "literal_human_read")]
    chosen = rng.sample(verified, min(len(verified), marks))
    extra = rng.sample(others, min(len(others), max(1, marks // 20)))
    out = [
        "# Human-read log generated by benchmarks/bench_finalize.py (synthetic data).\n",
        "session_id: bench-2026-11\n",
        "created_at: 2026-11-20T09:00:00Z\n",
        "human_read:\n",
    ]
    minute = 0

    def mark(key: str, level: str | None, rescinded: bool = False) -> None:
        nonlocal minute
        minute += 1
        stamp = f"2026-11-{20 + minute // 1440:02d}T{minute // 60 % 24:02d}:{minute % 60:02d}:00Z"
        out.append(f"  - citation_key: {_scalar(key)}\n")
        out.append(f"    marked_at: {stamp}\n" if minute % 3 else f'    marked_at: "{stamp}"\n')
        if level == "full_text":
            out.append("    read_scope: {level: full_text, locators: [], note: null}\n")
        elif level is not None:
            out.append(
                f'    read_scope: {{level: {level}, locators: ["§{rng.randint(1, 9)}"], '
                'note: "partial read"}\n'
            )
        if rescinded:
            out.append(f"    rescinded_at: {stamp}  # marked by mistake\n")

    for index, key in enumerate(chosen):
        roll = rng.random()
        if roll < 0.80:
            mark(key, "full_text")
        elif roll < 0.85:
            mark(key, None)  # the original format: no read_scope means the full text
        elif roll < 0.93:
            mark(key, rng.choice(("sections", "abstract_only", "toc_only", "unknown")))
        elif roll < 0.97:
            mark(key, "full_text", rescinded=True)
        else:
            mark(key, "full_text", rescinded=True)
            mark(key, "full_text")  # re-marked after rescinding: active again
        if index % 200 == 0:
            out.append(f"  # --- batch {index // 200 + 1} ---\n")
    for key in extra:  # read, but the source is not verified: no effect on the status
        mark(key, "full_text")
    return "".join(out)


def csl_json(corpus: Any) -> list[dict[str, Any]]:
    """A CSL-JSON bibliography built from the loaded corpus (for pandoc)."""
    items = []
    for key, entry in corpus.entries.items():
        data = entry.data
        item: dict[str, Any] = {"id": key, "type": "article-journal", "title": entry.title}
        authors = [dict(a) for a in data.get("authors", []) if isinstance(a, dict)]
        if authors:
            item["author"] = authors
        year = re.match(r"\d{1,4}", str(data.get("year", "")))
        if year:
            item["issued"] = {"date-parts": [[int(year.group())]]}
        for src, dst in (("venue", "container-title"), ("doi", "DOI")):
            if isinstance(data.get(src), str):
                item[dst] = data[src]
        items.append(item)
    return items


# --- draft ---------------------------------------------------------------------

MARKER_FORMS = (  # (form, weight): what the draft already shows for a marker
    ("bare", 64),
    ("ok", 12),
    ("low", 10),
    ("high", 6),
    ("med", 5),
    ("nic", 1),
    ("lenient", 2),
)
PREFIXES = {
    "high": "[UNVERIFIED CITATION — NO ORIGINAL]",
    "med": "[UNVERIFIED CITATION — AI HAS NOT CROSS-CHECKED]",
    "nic": "[UNVERIFIED CITATION — NOT IN CORPUS]",
}
MALFORMED = (
    "<!--ref:newton 2000-->",
    "<!--ref:-->",
    "<!--ref:bad#slug-->",
    "<!--ref:smith_2020 verified-->",
)
_PANDOC_MARKER_RE = re.compile(
    r"(?:\[UNVERIFIED CITATION[^\]\n]*\][ \t]*)?"
    r"<!--[ \t]*ref[ \t]*:[ \t]*([A-Za-z0-9_\-:./]+)(?:[ \t]+(?:ok|low-warn))?[ \t]*-->",
    re.IGNORECASE,
)


@dataclass
class DraftWriter:
    rng: random.Random
    entries: list[Entry]
    size_bytes: int
    citations: int
    parts: list[str] = field(default_factory=list)
    nbytes: int = 0
    markers: int = 0  # markers finalize must find (prose only)
    fake: int = 0  # marker-like text in code / front matter (must not be found)
    malformed: int = 0
    missing: int = 0

    def __post_init__(self) -> None:
        rng = self.rng
        keys = list(range(len(self.entries)))
        rng.shuffle(keys)
        # Zipf-like popularity: a few works are cited very often, most a few times.
        self._pool = [self.entries[i] for i in keys]
        self._cum = []
        total = 0.0
        for rank in range(len(self._pool)):
            total += 1.0 / (rank + 1) ** 0.6
            self._cum.append(total)
        self._missing_keys = [
            "smith2024",
            "doe_2019_typo",
            "anon_n.d.",
            f"{self._pool[0].key}x",
            f"{self._pool[1].key.upper()}",
            "wikipedia:quality",
            "chatgpt_2023",
            "lee_kim_2031",
        ]
        self._forms = [f for f, _ in MARKER_FORMS]
        self._form_weights = [w for _, w in MARKER_FORMS]

    # -- bookkeeping --

    def emit(self, text: str) -> None:
        self.parts.append(text)
        self.nbytes += len(text.encode("utf-8"))

    def behind(self) -> float:
        """How many markers the draft is short of the target density so far."""
        return self.citations * self.nbytes / self.size_bytes - self.markers

    def want_cite(self) -> bool:
        return self.behind() > self.rng.uniform(-2.0, 2.0)

    # -- citations --

    def _entry(self) -> Entry:
        x = self.rng.random() * self._cum[-1]
        lo, hi = 0, len(self._cum) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if self._cum[mid] < x:
                lo = mid + 1
            else:
                hi = mid
        return self._pool[lo]

    def marker(self, entry: Entry) -> str:
        rng = self.rng
        self.markers += 1
        slug = entry.key
        # A few malformed markers and slugs not in the corpus, at fixed intervals.
        if self.markers % max(10, self.citations // 10) == 7:
            self.malformed += 1
            return rng.choice(MALFORMED)
        if self.markers % max(10, self.citations // 60) == 3:
            self.missing += 1
            slug = rng.choice(self._missing_keys)
        form = rng.choices(self._forms, self._form_weights)[0]
        if form == "bare":
            return f"<!--ref:{slug}-->"
        if form == "ok":
            return f"<!--ref:{slug} ok-->"
        if form == "low":
            return f"<!--ref:{slug} LOW-WARN-->"
        if form == "lenient":
            return rng.choice((f"<!-- ref: {slug} -->", f"<!--ref:{slug} low-warn-->"))
        return f"{PREFIXES[form]}<!--ref:{slug}-->"

    def citation(self, cjk: bool = False) -> str:
        """A citation token: author-year text plus its marker (kept on one line)."""
        rng = self.rng
        entry = self._entry()
        names = [a.get("family") or a["literal"] for a in entry.authors]
        if len(names) == 1 or names[1] == "et al.":
            who = names[0] if len(names) == 1 else f"{names[0]} et al."
        elif len(names) == 2:
            who = f"{names[0]} & {names[1]}"
        else:
            who = f"{names[0]} et al."
        if cjk:
            return f"（{who}, {entry.year}）{self.marker(entry)}"
        roll = rng.random()
        if roll < 0.55:
            return f"({who}, {entry.year}){self.marker(entry)}"
        if roll < 0.85:
            return f"({who}, {entry.year}) {self.marker(entry)}"
        if roll < 0.95:
            other = self._entry()
            return (
                f"({who}, {entry.year}{self.marker(entry)}; "
                f"{other.authors[0].get('family') or other.authors[0]['literal']}, "
                f"{other.year}{self.marker(other)})"
            )
        return f"{who} ({entry.year}) {self.marker(entry)}"

    # -- prose --

    def words(self, n: int) -> list[str]:
        rng = self.rng
        out = []
        for _ in range(n):
            roll = rng.random()
            if roll < 0.03:
                out.append(rng.choice(FOREIGN_WORDS))
            elif roll < 0.04:
                out.append(f"*{rng.choice(WORDS)}*")
            elif roll < 0.045:
                out.append(f"**{rng.choice(WORDS)}**")
            elif roll < 0.048:
                out.append(f"[{rng.choice(WORDS)}](https://example.org/{rng.choice(WORDS)})")
            elif roll < 0.050:
                out.append("—")
            else:
                out.append(rng.choice(WORDS))
        return out

    def sentence(self, allow_cite: bool = True) -> list[str]:
        rng = self.rng
        tokens = self.words(rng.randint(6, 18))
        tokens[0] = tokens[0][:1].upper() + tokens[0][1:]
        roll = rng.random()
        if roll < 0.004:
            tokens.append(f"`{self.fake_marker()}`")  # inline code is not prose
        elif roll < 0.006:
            tokens.append("<!-- TODO: tighten this sentence -->")
        elif roll < 0.0065:
            tokens.append("[UNVERIFIED CITATION — NO ORIGINAL]")  # orphan warning text
        if allow_cite and self.want_cite():
            if rng.random() < 0.15:
                tokens[0] = tokens[0].lower()
                return [
                    self.citation(),
                    rng.choice(CLAIM_VERBS),
                    "that",
                    *tokens[:-1],
                    tokens[-1] + ".",
                ]
            tokens.append(self.citation())
        tokens[-1] += "."
        return tokens

    def fake_marker(self) -> str:
        self.fake += 1
        return f"<!--ref:fake_{self.rng.randrange(10**6)}-->"

    def wrap(self, tokens: list[str], prefix: str = "", width: int = 96) -> str:
        lines: list[str] = []
        line = ""
        for token in tokens:
            if line and len(line) + 1 + len(token) > width:
                lines.append(prefix + line)
                line = token
            else:
                line = f"{line} {token}" if line else token
        if line:
            lines.append(prefix + line)
        return "\n".join(lines) + "\n"

    # -- blocks --

    def paragraph(self) -> None:
        tokens: list[str] = []
        for _ in range(self.rng.randint(2, 6)):
            tokens.extend(self.sentence())
        self.emit(self.wrap(tokens) + "\n")

    def cjk_paragraph(self) -> None:
        rng = self.rng
        parts = []
        for _ in range(rng.randint(2, 4)):
            text = rng.choice(CJK_SENTENCES)
            if self.want_cite():
                text += self.citation(cjk=True)
            parts.append(text + "。")
        self.emit("".join(parts) + "\n\n")

    def bullet_list(self, ordered: bool = False) -> None:
        rng = self.rng
        lines = []
        for index in range(rng.randint(2, 6)):
            lead = f"{index + 1}. " if ordered else "- "
            lines.append(lead + " ".join(self.sentence()))
            if not ordered and rng.random() < 0.2:
                lines.append("  - " + " ".join(self.sentence()))
        self.emit("\n".join(lines) + "\n\n")

    def block_quote(self) -> None:
        tokens: list[str] = []
        for _ in range(self.rng.randint(1, 3)):
            tokens.extend(self.sentence())
        self.emit(self.wrap(tokens, prefix="> ") + "\n")

    def table(self) -> None:
        rng = self.rng
        rows = ["| Channel | Share | Source |", "|---|---:|---|"]
        for _ in range(rng.randint(2, 6)):
            label = " ".join(self.words(rng.randint(1, 3))).capitalize()
            source = self.citation() if self.want_cite() else "—"
            rows.append(f"| {label} | {rng.randint(1, 60)} % | {source} |")
        self.emit("\n".join(rows) + "\n\n")

    def code_block(self) -> None:
        rng = self.rng
        fence = rng.choice(("```", "~~~"))
        lang = rng.choice(("markdown", "python", "text"))
        body = []
        for _ in range(rng.randint(1, 4)):
            if lang == "python":
                body.append(f"cite({rng.choice(WORDS)!r})  # {self.fake_marker()}")
            else:
                body.append(f"{rng.choice(FAMILIES)} (2024) {self.fake_marker()}")
        self.emit(f"{fence}{lang}\n" + "\n".join(body) + f"\n{fence}\n\n")

    def indented_code(self) -> None:
        # After a top-level paragraph, so it is code and not a list item's continuation.
        self.emit(f"For example:\n\n    Smith (2024) {self.fake_marker()}\n\n")

    def pre_block(self) -> None:
        self.emit(f"<pre>\nraw example {self.fake_marker()}\n</pre>\n\n")

    def heading(self, level: int, number: str) -> None:
        title = " ".join(self.words(self.rng.randint(2, 7))).capitalize()
        self.emit(f"{'#' * level} {number} {title}\n\n")

    def front_matter(self) -> None:
        self.emit(
            "---\n"
            'title: "Benchmark draft — generated by bench_finalize.py"\n'
            "author: ars-docs benchmark\n"
            f"# Front matter is metadata: {self.fake_marker()} is never a citation.\n"
            "---\n\n"
        )

    def build(self) -> str:
        rng = self.rng
        self.front_matter()
        blocks: list[tuple[Callable[[], None], int]] = [
            (self.paragraph, 60),
            (self.bullet_list, 8),
            (lambda: self.bullet_list(ordered=True), 4),
            (self.block_quote, 5),
            (self.table, 5),
            (self.code_block, 4),
            (self.indented_code, 1),
            (self.cjk_paragraph, 3),
            (self.pre_block, 1),
            (lambda: self.emit("---\n\n"), 1),
        ]
        fns = [fn for fn, _ in blocks]
        weights = [w for _, w in blocks]
        numbers = [0, 0, 0, 0]
        while self.nbytes < self.size_bytes:
            level = rng.choices((1, 2, 3, 4), (1, 6, 12, 10))[0]
            if level > 1 and numbers[0] == 0:
                level = 1
            numbers[level - 1] += 1
            for deeper in range(level, 4):
                numbers[deeper] = 0
            self.heading(level, ".".join(str(n) for n in numbers[:level]))
            for _ in range(rng.randint(2, 8)):
                rng.choices(fns, weights)[0]()
                if self.nbytes >= self.size_bytes:
                    break
        return "".join(self.parts)


def pandoc_draft(text: str) -> tuple[str, int]:
    """The draft with markers written as pandoc citations, and how many were converted."""
    return _PANDOC_MARKER_RE.subn(r"[@\1]", text)


# --- measurement helpers --------------------------------------------------------


def best_of(repeat: int, fn: Callable[[], Any]) -> tuple[float, list[float], Any]:
    times = []
    result = None
    for _ in range(repeat):
        result = None
        gc.collect()
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), times, result


@contextmanager
def env(**values: str | None) -> Iterator[None]:
    saved = {name: os.environ.get(name) for name in values}
    try:
        for name, value in values.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def maxrss_bytes() -> int:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss if sys.platform == "darwin" else rss * 1024  # Linux reports KiB


def fmt_s(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def fmt_times(times: list[float]) -> str:
    return ", ".join(f"{t:.3f}" for t in times)


@dataclass
class Row:
    name: str
    measured: str
    target: str
    ok: bool | None  # None: skipped

    @property
    def verdict(self) -> str:
        return "SKIP" if self.ok is None else ("PASS" if self.ok else "MISS")


def _proc_status_bytes(name: str) -> int | None:
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith(name + ":"):
                    return int(line.split()[1]) * 1024  # kB
    except (OSError, ValueError):
        pass
    return None


def rss_probe(draft: str, passport: str, read_log: str) -> None:
    """Child mode: peak RSS growth of one finalize call in a fresh process (JSON).

    On Linux the peak (VmHWM) is reset just before finalize (``clear_refs``),
    so the growth is peak RSS during finalize minus RSS before it. Elsewhere
    it is the growth of ``ru_maxrss``, which underestimates when an earlier
    peak (loading the inputs) was higher.
    """
    from ars_docs.commands.drafts import finalize
    from ars_docs.session.corpus import load_corpus
    from ars_docs.session.readlog import load_read_log

    text = Path(draft).read_text(encoding="utf-8")
    corpus = load_corpus(passport)
    log = load_read_log(read_log)
    gc.collect()
    method = "ru_maxrss"
    before = maxrss_bytes()
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as handle:
            handle.write("5")  # reset VmHWM to the current RSS
        current = _proc_status_bytes("VmRSS")
        if current is not None:
            before, method = current, "VmHWM"
    except OSError:
        pass
    result = finalize(text, corpus, log)
    after = (_proc_status_bytes("VmHWM") if method == "VmHWM" else None) or maxrss_bytes()
    print(
        json.dumps(
            {
                "before": before,
                "after": after,
                "method": method,
                "citations": len(result.citations),
            }
        )
    )


# --- main ------------------------------------------------------------------------


def check(condition: bool, message: str) -> None:
    if not condition:
        raise SanityError(message)


@dataclass
class Inputs:
    text: str
    draft: Path
    passport: Path
    read_log: Path
    entries: int
    markers: int


def generate(args: argparse.Namespace, work: Path) -> Inputs:
    """Write the inputs; only the draft text stays alive (the generator state is freed)."""
    from ars_docs.session.readlog import read_log_path

    rng = random.Random(args.seed)
    print(f"generating inputs in {work} (seed {args.seed}) ...", flush=True)
    start = time.perf_counter()
    entries = make_entries(rng, args.entries)
    passport = work / "passport.yaml"
    passport.write_text(passport_yaml(rng, entries), encoding="utf-8")
    log_path = read_log_path(passport)
    log_path.write_text(read_log_yaml(rng, entries, args.read_marks), encoding="utf-8")
    writer = DraftWriter(rng, entries, int(args.size_mb * MB), args.citations)
    text = writer.build()
    draft = work / "draft.md"
    draft.write_text(text, encoding="utf-8")
    print(
        f"  draft.md        {draft.stat().st_size / MB:.2f} MB, {text.count(chr(10)):,} lines, "
        f"{writer.markers:,} markers ({writer.missing} with slugs not in the corpus, "
        f"{writer.malformed} malformed), {writer.fake:,} fake markers in code/front matter"
    )
    print(f"  passport.yaml   {passport.stat().st_size / MB:.2f} MB, {len(entries):,} entries")
    print(f"  {log_path.name}  {log_path.stat().st_size / 1000:.0f} kB")
    print(f"  (generated in {time.perf_counter() - start:.1f} s)")
    check(
        abs(writer.markers - args.citations) <= max(50, args.citations * 0.02),
        f"generator produced {writer.markers} markers, wanted about {args.citations}",
    )
    return Inputs(text, draft, passport, log_path, len(entries), writer.markers)


def run(args: argparse.Namespace, work: Path, scratch: Path) -> list[Row]:
    from markdown_it import MarkdownIt
    from mdit_py_plugins.front_matter import front_matter_plugin

    from ars_docs.commands.drafts import finalize
    from ars_docs.session.corpus import load_corpus
    from ars_docs.session.provenance import STATUS_ORDER
    from ars_docs.session.readlog import load_read_log

    inputs = generate(args, work)
    text, draft, passport, log_path = inputs.text, inputs.draft, inputs.passport, inputs.read_log
    draft_bytes = draft.stat().st_size
    gc.collect()

    rows: list[Row] = []
    cache_root = scratch / "cache"

    # 5. passport load, cold and warm (first, in a process that has not loaded it yet).
    print("\npassport load ...", flush=True)
    cold_times = []
    for index in range(args.repeat):
        folder = cache_root / f"cold-{index}"
        with env(ARS_DOCS_CACHE_DIR=str(folder), ARS_DOCS_NO_CACHE=None):
            gc.collect()
            start = time.perf_counter()
            corpus = load_corpus(passport)
            cold_times.append(time.perf_counter() - start)
    cold = min(cold_times)
    check(len(corpus) == inputs.entries, f"loaded {len(corpus)} entries, wrote {inputs.entries}")
    check(bool(corpus.diagnostics), "the passport breaks firm rules on purpose: no diagnostics")
    warm_dir = cache_root / f"cold-{args.repeat - 1}"
    cache_files = list(warm_dir.glob("*"))
    check(len(cache_files) == 1, f"expected one cache file in {warm_dir}, found {cache_files}")
    stamp = cache_files[0].stat().st_mtime_ns
    with env(ARS_DOCS_CACHE_DIR=str(warm_dir), ARS_DOCS_NO_CACHE=None):
        warm, warm_times, warm_corpus = best_of(args.repeat, lambda: load_corpus(passport))
    check(cache_files[0].stat().st_mtime_ns == stamp, "the warm load rewrote the cache")
    check(len(warm_corpus) == inputs.entries, "the warm load returned a different corpus")
    del warm_corpus
    _, nocache_times, _ = best_of(1, lambda: load_corpus(passport, use_cache=False))
    print(f"  cold (empty cache dir, writes the cache) runs: {fmt_times(cold_times)} s")
    print(f"  cold (cache disabled, use_cache=False)   run:  {fmt_times(nocache_times)} s")
    print(f"  warm (served from the cache)            runs: {fmt_times(warm_times)} s")
    print(f"  {len(corpus.diagnostics):,} corpus diagnostics (firm-rule breaches on purpose)")
    start = time.perf_counter()
    read_log = load_read_log(log_path)
    print(
        f"  read log: {len(read_log.marks):,} marks, loaded in {time.perf_counter() - start:.2f} s"
    )

    # 2. finalize vs markdown-it-py bare parse.
    print(f"\nfinalize vs markdown-it-py parse (best of {args.repeat}) ...", flush=True)
    md = MarkdownIt("commonmark", {"html": True}).enable("table")
    front_matter_plugin(md)
    parse_times: list[float] = []
    finalize_times: list[float] = []
    result = None
    for _ in range(args.repeat):  # interleaved, so drift hits both alike
        parse_times.append(best_of(1, lambda: md.parse(text))[0])
        result = None
        elapsed, _, result = best_of(1, lambda: finalize(text, corpus, read_log))
        finalize_times.append(elapsed)
    parse_best, finalize_best = min(parse_times), min(finalize_times)
    assert result is not None
    counts = result.counts
    print(f"  markdown-it-py parse runs: {fmt_times(parse_times)} s")
    print(f"  finalize runs:             {fmt_times(finalize_times)} s")
    print(
        f"  finalize found {len(result.citations):,} citations, rewrote {result.changed:,}; "
        + ", ".join(f"{k} {v:,}" for k, v in counts.items())
    )
    check(
        len(result.citations) == inputs.markers,
        f"finalize found {len(result.citations)} citations, the draft has {inputs.markers}",
    )
    missing_status = [s.value for s in STATUS_ORDER if not counts.get(s.value)]
    check(not missing_status, f"statuses that never occurred: {missing_status}")
    check(
        not any((c.slug or "").startswith("fake_") for c in result.citations),
        "finalize reported a marker from code or front matter",
    )
    check(result.changed > 0 and result.would_change, "finalize changed nothing")
    ratio = finalize_best / parse_best
    rows.append(
        Row(
            "finalize time / markdown-it parse time",
            f"{ratio:.2f}x ({fmt_s(finalize_best)} / {fmt_s(parse_best)})",
            f"<= {TARGET_PARSE_RATIO}",
            ratio <= TARGET_PARSE_RATIO,
        )
    )

    # 3. pandoc --citeproc.
    pandoc = shutil.which("pandoc")
    if args.no_pandoc:
        print("\npandoc: skipped (--no-pandoc)")
        rows.append(Row("pandoc --citeproc time / finalize", "skipped", "", None))
    elif pandoc is None:
        print("\nskipped: pandoc not found (install it with apt-get install pandoc)")
        rows.append(Row("pandoc --citeproc time / finalize", "skipped", "", None))
    else:
        rows.append(run_pandoc(args, pandoc, work, text, corpus, finalize_best))

    # 4. memory.
    print("\nfinalize memory ...", flush=True)
    result = None
    gc.collect()
    tracemalloc.start()
    baseline = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    result = finalize(text, corpus, read_log)
    peak = tracemalloc.get_traced_memory()[1] - baseline
    tracemalloc.stop()
    check(len(result.citations) == inputs.markers, "finalize under tracemalloc differs")
    result = None
    gc.collect()
    mem_ratio = peak / draft_bytes
    str_bytes = sys.getsizeof(text)
    print(
        f"  tracemalloc peak {peak / MB:.1f} MB for a {draft_bytes / MB:.2f} MB draft "
        f"(the draft as a Python str takes {str_bytes / MB:.1f} MB)"
    )
    rss = rss_child(work, draft, passport, log_path, warm_dir)
    if rss is not None:
        print(
            f"  RSS growth in a fresh process ({rss['method']}): "
            f"{(rss['after'] - rss['before']) / MB:.1f} MB "
            f"(peak {rss['after'] / MB:.1f} MB, {rss['before'] / MB:.1f} MB before finalize)"
        )
    rows.append(
        Row(
            "finalize peak heap / draft bytes",
            f"{mem_ratio:.1f} ({peak / MB:.0f} MB / {draft_bytes / MB:.1f} MB)",
            f"<= {TARGET_MEMORY_RATIO:g}",
            mem_ratio <= TARGET_MEMORY_RATIO,
        )
    )
    rows.append(
        Row(
            f"passport load cold ({inputs.entries:,} entries)",
            fmt_s(cold),
            f"<= {TARGET_COLD_LOAD:g} s",
            cold <= TARGET_COLD_LOAD,
        )
    )
    rows.append(
        Row(
            "passport load warm (cache hit)",
            fmt_s(warm),
            f"<= {TARGET_WARM_LOAD:g} s",
            warm <= TARGET_WARM_LOAD,
        )
    )
    return rows


def run_pandoc(
    args: argparse.Namespace,
    pandoc: str,
    work: Path,
    text: str,
    corpus: Any,
    finalize_best: float,
) -> Row:
    version = subprocess.run(
        [pandoc, "--version"], capture_output=True, text=True, check=False
    ).stdout.splitlines()[:1]
    print(f"\n{version[0] if version else 'pandoc'} --citeproc ...", flush=True)
    converted, count = pandoc_draft(text)
    source = work / "draft_pandoc.md"
    source.write_text(converted, encoding="utf-8")
    bibliography = work / "bibliography.json"
    bibliography.write_text(json.dumps(csl_json(corpus), ensure_ascii=False), encoding="utf-8")
    output = work / "draft_pandoc.html"
    command = [
        pandoc,
        "--citeproc",
        "--bibliography",
        str(bibliography),
        "--from",
        "markdown",
        "--to",
        "html5",
        "--output",
        str(output),
        str(source),
    ]
    times = []
    for _ in range(args.pandoc_repeat):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            print(f"  pandoc failed (exit {done.returncode}): {done.stderr.strip()[:500]}")
            return Row("pandoc --citeproc time / finalize", "pandoc failed", "", None)
    warnings = sum(1 for line in done.stderr.splitlines() if "WARNING" in line)
    rendered = output.read_text(encoding="utf-8").count('class="citation"')
    prose = count - sum(1 for _ in re.finditer(r"\[@fake_", converted))
    print(f"  command: {' '.join(command)}")
    print(f"  runs: {fmt_times(times)} s; {count:,} markers converted ({prose:,} in prose)")
    print(f"  pandoc rendered {rendered:,} citations, printed {warnings} warnings")
    check(rendered >= 0.95 * prose, f"pandoc rendered only {rendered} of {prose} citations")
    best = min(times)
    speedup = best / finalize_best
    return Row(
        "pandoc --citeproc time / finalize",
        f"{speedup:.1f}x faster ({fmt_s(best)} / {fmt_s(finalize_best)})",
        f">= {TARGET_PANDOC_SPEEDUP:g}x",
        speedup >= TARGET_PANDOC_SPEEDUP,
    )


def rss_child(
    work: Path, draft: Path, passport: Path, log_path: Path, cache_dir: Path
) -> dict[str, Any] | None:
    child_env = dict(os.environ, ARS_DOCS_CACHE_DIR=str(cache_dir))
    child_env.pop("ARS_DOCS_NO_CACHE", None)
    child_env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), child_env.get("PYTHONPATH", "")) if p
    )
    done = subprocess.run(
        [sys.executable, __file__, "--rss-probe", str(draft), str(passport), str(log_path)],
        capture_output=True,
        text=True,
        env=child_env,
        cwd=work,
        check=False,
    )
    if done.returncode != 0:
        print(f"  (ru_maxrss probe failed: {done.stderr.strip()[-300:]})")
        return None
    data: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return data


def print_table(rows: list[Row]) -> None:
    headers = ("measurement", "measured", "target", "result")
    cells = [headers, *((r.name, r.measured, r.target, r.verdict) for r in rows)]
    widths = [max(len(c[i]) for c in cells) for i in range(4)]
    print()
    for index, cell in enumerate(cells):
        print("  ".join(value.ljust(width) for value, width in zip(cell, widths, strict=True)))
        if index == 0:
            print("  ".join("-" * width for width in widths))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Benchmark ars_docs finalize and passport loading on generated inputs.",
    )
    parser.add_argument("--size-mb", type=float, default=5.0, help="draft size (default 5)")
    parser.add_argument("--citations", type=int, default=30_000, help="markers (default 30000)")
    parser.add_argument("--entries", type=int, default=10_000, help="passport entries")
    parser.add_argument("--read-marks", type=int, default=1_000, help="keys in the read log")
    parser.add_argument("--repeat", type=int, default=5, help="best-of-N runs (default 5)")
    parser.add_argument("--pandoc-repeat", type=int, default=1, help="pandoc runs (default 1)")
    parser.add_argument("--no-pandoc", action="store_true", help="skip the pandoc comparison")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed")
    parser.add_argument("--keep", metavar="DIR", help="write and keep the inputs in DIR")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument("--rss-probe", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.pandoc_repeat < 1:
        parser.error("--repeat and --pandoc-repeat must be at least 1")
    if args.size_mb <= 0 or args.citations < 1 or args.entries < 20:
        parser.error("--size-mb must be > 0, --citations >= 1 and --entries >= 20")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.rss_probe:
        rss_probe(*args.rss_probe)
        return 0
    with tempfile.TemporaryDirectory(prefix="ars-docs-bench-") as tmp:
        scratch = Path(tmp)
        if args.keep:
            work = Path(args.keep)
            work.mkdir(parents=True, exist_ok=True)
        else:
            work = scratch / "inputs"
            work.mkdir()
        try:
            rows = run(args, work, scratch)
        except SanityError as exc:
            print(f"\nSANITY CHECK FAILED: {exc}; the timings would not be honest.", flush=True)
            return 2
    print_table(rows)
    print(f"\npython {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    if args.keep:
        print(f"inputs kept in {Path(args.keep).resolve()}")
    missed = [r.name for r in rows if r.ok is False]
    if args.strict and missed:
        print(f"--strict: {len(missed)} target(s) missed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
