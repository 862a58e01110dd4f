"""Marker and warning text as a reader sees it: the one fold the gate matches by (issue 33).

A reader cannot see default-ignorable and other format characters (soft
hyphen, zero-width space and joiners, word joiner, BOM, variation selectors,
bidi controls, tag characters) and cannot tell look-alikes apart (fullwidth
forms, other square-bracket forms, Cyrillic and Greek letters shaped like
Latin ones). So ``[UNVER\\u00adIFIED CITATION``, ``［UNVERIFIED CITATION`` and
``[UNVERIFIED СITATION`` (a Cyrillic ``С``) show the warning, and
``＜!--ref:k ok--＞`` shows marker text, although no plain pattern matches them.

The fold, for the characters of the words the gate matches only (``[``,
``<``, ``!``, ``-``, ``:``, ``=`` and the letters of ``UNVERIFIED CITATION``,
``ref``, ``cite``):

* invisible characters are dropped: Default_Ignorable_Code_Point (Unicode's
  DerivedCoreProperties: the Cf characters, variation selectors and the
  other default ignorables) and the remaining format characters (Cf) except
  the prepended concatenation marks, which are drawn;
* blank look-alikes (the Hangul fillers, U+2800 BRAILLE PATTERN BLANK) count
  as white space: browsers draw them as a gap;
* a look-alike becomes the character it looks like: by NFKC when NFKC makes
  it that character (fullwidth and small forms, mathematical letters, circled
  letters, Roman numerals …, read from ``unicodedata``), else by the
  ``_CONFUSABLES`` table below, written for these characters from the
  prototypes of UTS #39 ``confusables.txt`` (Cyrillic, Greek, Armenian,
  Cherokee, Lisu, Coptic … letters; ``l``, ``1`` and ``|`` for ``I``, ``0``
  for ``O``) plus the square-bracket forms (``⟦ ⁅ 【 〔 「`` …) that read as a
  bracket around a warning. Not folded: en and em dashes (visibly longer than
  a hyphen, and everywhere in prose), multi-character confusables (``cl`` for
  ``d``), accented letters (a diacritic is visible), and the display order of
  text reordered by bidi controls (the controls are dropped, the letters stay
  in memory order).

The patterns are compiled to match the *raw* text (each character by the
class of its look-alikes, invisible characters allowed between any two), so
every offset stays the draft's. ``fold`` is the same fold as a function, for
tests and for saying what a match is disguised with (``disguise``).

This is the one place of the draft pipeline that folds text; the other folds
in the package (quotations, lookup, retrieval) serve other matches.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cached_property, lru_cache

from ars_docs.document.text import Document

#: Default_Ignorable_Code_Point (DerivedCoreProperties.txt), as ranges.
_DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x200B, 0x200F),  # zero-width space, ZWNJ, ZWJ, LRM, RLM
    (0x202A, 0x202E),  # bidi embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, bidi isolates …
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # zero-width no-break space (BOM)
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol format controls
    (0xE0000, 0xE0FFF),  # tag characters, variation selectors supplement
)
#: Format characters (Cf) that are not default-ignorable and not drawn either:
#: interlinear annotation marks and Egyptian hieroglyph format controls. (The
#: prepended concatenation marks U+0600–0605, U+06DD, U+070F … are drawn: kept.)
_OTHER_FORMAT = ((0xFFF9, 0xFFFB), (0x13430, 0x1343F))
#: Default ignorables that browsers draw as a blank, and a blank that is not
#: white space to Unicode: they separate words the way a space does.
_BLANKS = (0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800)

#: Look-alikes that NFKC does not fold, by the character they look like (UTS #39
#: confusables prototypes for these characters; the brackets are ours).
_CONFUSABLES: dict[str, str] = {
    "[": "⟦⁅〚⦋⦍⦏⎡⎣⌈⌊⸢⸤【〔〖〘❲⦗⟬「『",
    "<": "‹˂ᐸᚲ",
    "!": "ǃⵑ",
    "-": "‐‑‒⁃−˗۔➖Ⲻ﹘",
    ":": "ː˸։׃܃܄ःઃ᛬᠃᠉⁚∶ꓽ꞉︰",
    "=": "᐀⹀゠꓿",
    "A": "ΑАᎪᗅꓮ",
    "a": "аɑα⍺",
    "C": "СϹᏟꓚⲤ",
    "c": "сϲᴄⲥꮯ",
    "D": "Ꭰᗞᗪꓓ",
    "d": "ԁᏧᑯꓒ",
    "E": "ΕЕᎬⴹꓰ",
    "e": "еҽꬲ",
    "F": "ϜᖴꓝꞘ",
    "f": "ẝꞙք",
    "I": "l1|ΙІӀǀⲒⵏꓲᛁ∣׀",
    "i": "іıɩιꙇӏɪꭵᎥ",
    "N": "ΝⲚꓠ",
    "n": "ոռ",
    "O": "0ΟОՕⲞⵔꓳ〇०০੦୦௦౦೦൦๐໐၀",
    "o": "οоօσᴏⲟ",
    "R": "ᎡᏒᖇꓣƦ",
    "r": "гᴦⲅꭇꭈꮁ",
    "T": "ΤТᎢ⊤⟙ꓔⲦ",
    "U": "Սሀᑌꓴ∪⋃",
    "u": "սʋυᴜꞟꭎꭒ",
    "V": "ѴᏙᐯⴸꓦ٧۷",
    "v": "νѵᴠ∨⋁ꮩ",
}
#: The characters the gate's words are made of (both cases of each letter).
_TARGETS = (
    frozenset("[<!-:=") | frozenset("UNVERIFIEDCITATIONREF") | frozenset("unverifiedcitationref")
)
#: Blocks holding every character whose NFKC form is one of ``_TARGETS`` or a
#: character of ``_CONFUSABLES`` (tests/document/test_visible_text.py checks the whole code
#: space); reading only these keeps the import cheap.
_NFKC_BLOCKS = (
    (0x00AA, 0x00BA),
    (0x02B0, 0x02E4),
    (0x1D2C, 0x1DBF),
    (0x1FBE, 0x1FBE),
    (0x2070, 0x209C),
    (0x2100, 0x2189),
    (0x2460, 0x24FF),
    (0x2C7C, 0x2C7D),
    (0xA7F2, 0xA7F4),
    (0xAB5C, 0xAB5F),
    (0xFE10, 0xFE6B),
    (0xFF01, 0xFF65),
    (0x10780, 0x107BA),
    (0x1D400, 0x1D7FF),
    (0x1F12B, 0x1F149),
    (0x1FBF0, 0x1FBF9),
)


#: Characters Latin-1 holds: a text with no fold character beyond them is read with
#: the small pattern set (compiling the full one costs ~25 ms, most of a start-up).
_LATIN_1 = 0x100
_ASTRAL = 0x10000
_ASTRAL_RANGE = f"{re.escape(chr(_ASTRAL))}-{re.escape(chr(0x10FFFF))}"


def _ranges(ranges: tuple[tuple[int, int], ...], limit: int | None) -> str:
    parts: list[str] = []
    for lo, hi in ranges:
        if limit is not None:
            if lo >= limit:
                continue
            hi = min(hi, limit - 1)
        parts.append(
            re.escape(chr(lo)) if lo == hi else f"{re.escape(chr(lo))}-{re.escape(chr(hi))}"
        )
    return "".join(parts)


_INVISIBLE_SET = frozenset(
    code for lo, hi in _DEFAULT_IGNORABLE + _OTHER_FORMAT for code in range(lo, hi + 1)
)


@lru_cache(maxsize=1)
def _folds() -> dict[str, str]:
    """Each look-alike character and the character of ``_TARGETS`` it folds to
    (built on first use: reading the NFKC blocks costs ~2 ms)."""
    folds: dict[str, str] = {}
    for target, chars in _CONFUSABLES.items():
        for char in chars:
            folds[char] = target
    for lo, hi in _NFKC_BLOCKS:
        for code in range(lo, hi + 1):
            char = chr(code)
            if char in folds:
                continue
            form = unicodedata.normalize("NFKC", char)
            if form == char or len(form) != 1:
                continue
            if form in _TARGETS:
                folds[char] = form
            elif form in folds:
                folds[char] = folds[form]  # e.g. U+FF62 HALFWIDTH LEFT CORNER BRACKET
    return folds


class _Builder:
    """Regex sources for the fold, with every class cut to ``limit`` (``None``: all)."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.classes: dict[str, str] = {}
        for char, target in _folds().items():
            if limit is None or ord(char) < limit:
                self.classes[target] = self.classes.get(target, "") + char
        invisible = _ranges(_DEFAULT_IGNORABLE + _OTHER_FORMAT, limit)
        blanks = "".join(re.escape(chr(c)) for c in _BLANKS if limit is None or c < limit)
        self.gap = f"[{invisible}]*"
        self.space = f"{self.gap}[\\s{blanks}][\\s{blanks}{invisible}]*"
        self.optional_space = f"[\\s{blanks}{invisible}]*"

    def char(self, char: str) -> str:
        members = {char, char.lower(), char.upper()}
        for variant in tuple(members):
            members.update(self.classes.get(variant, ""))
        plain = "".join(re.escape(m) for m in sorted(members) if ord(m) < _ASTRAL)
        astral = "".join(re.escape(m) for m in sorted(members) if ord(m) >= _ASTRAL)
        if not astral:
            return f"[{plain}]"
        # sre tries a class's characters beyond the BMP one by one after its bitmap:
        # the lookahead keeps that walk to the (rare) characters beyond the BMP.
        return f"(?:[{plain}]|(?=[{_ASTRAL_RANGE}])[{astral}])"

    def word(self, word: str) -> str:
        """``word`` in any letter case, each character by its look-alikes, invisible
        characters between characters; a space stands for white space."""
        parts: list[str] = []
        for index, char in enumerate(word):
            if char == " ":
                parts.append(self.space)
                continue
            if index and word[index - 1] != " ":
                parts.append(self.gap)
            parts.append(self.char(char))
        return "".join(parts)


class Patterns:
    """The gate's words as a reader sees them, compiled for one character range.

    Each pattern is compiled on first use: every character class costs sre
    compile time (the full set's ~180 classes, ~25 ms), and a command uses some.
    """

    def __init__(self, limit: int | None) -> None:
        self._build = _Builder(limit)
        #: The full set (``False``: the Latin-1 set, see ``patterns``).
        self.full = limit is None

    @cached_property
    def warning_head(self) -> re.Pattern[str]:
        """``[UNVERIFIED``: where a warning starts (always on one line)."""
        return re.compile(self._build.word("[UNVERIFIED"))

    @cached_property
    def warning_text(self) -> re.Pattern[str]:
        """``[UNVERIFIED CITATION``: the head of every warning finalize writes."""
        return re.compile(self._build.word("[UNVERIFIED CITATION"))

    @cached_property
    def marker_text(self) -> re.Pattern[str]:
        """``<!--ref:`` (white space allowed around ``ref``) shown as text."""
        b, space = self._build, self._build.optional_space
        return re.compile(f"{b.word('<!--')}{space}{b.word('ref')}{space}{b.char(':')}")

    @cached_property
    def shown_marker(self) -> re.Pattern[str]:
        """Marker text a reader is shown: ``<!--`` then ``ref`` or ``cite`` (with
        ``warning_text``, what ``shown`` finds)."""
        b = self._build
        words = f"(?:{b.word('ref')}|{b.word('cite')})"
        return re.compile(f"{b.word('<!--')}{b.optional_space}{words}")

    @cached_property
    def markerish(self) -> re.Pattern[str]:
        """Inside a comment: ``ref:``, ``cite=``, ``citation:`` … a reader (or a tool
        that normalises text) may take for a marker's."""
        b = self._build
        # "cite" and "citation" share "cit": one set of classes for it.
        words = f"(?:{b.word('cit')}{b.gap}(?:{b.word('ation')}|{b.word('e')})|{b.word('ref')})"
        ends = f"(?:{b.char(':')}|{b.char('=')})"
        return re.compile(rf"\b{words}{b.optional_space}{ends}")

    @cached_property
    def brackets(self) -> re.Pattern[str] | None:
        """The characters beyond ASCII that fold to ``[`` (a warning may start
        there); ``None`` in the Latin-1 set, which has none."""
        odd = sorted(c for c in self._build.classes.get("[", "") if not c.isascii())
        return re.compile("[" + "".join(re.escape(c) for c in odd) + "]") if odd else None


@lru_cache(maxsize=1)
def _latin() -> Patterns:
    return Patterns(_LATIN_1)


@lru_cache(maxsize=1)
def _full() -> Patterns:
    return Patterns(None)


@lru_cache(maxsize=1)
def _beyond_latin() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """Fold characters beyond Latin-1 in the BMP; any character beyond the BMP;
    fold characters beyond the BMP (whole blocks: a superset, one range test per
    block instead of one test per letter). Three searches, each one cheap test
    per character, instead of one search that walks the astral letters."""
    bmp = "".join(re.escape(c) for c in sorted(_folds()) if _LATIN_1 <= ord(c) < _ASTRAL)
    bmp += "".join(re.escape(chr(c)) for c in _BLANKS if c >= _LATIN_1)
    invisible = _DEFAULT_IGNORABLE + _OTHER_FORMAT
    bmp += _ranges(
        tuple((max(lo, _LATIN_1), hi) for lo, hi in invisible if hi >= _LATIN_1), _ASTRAL
    )
    astral = tuple(r for r in invisible + _NFKC_BLOCKS if r[0] >= _ASTRAL)
    return (
        re.compile(f"[{bmp}]"),
        re.compile(f"[{_ASTRAL_RANGE}]"),
        re.compile(f"[{_ranges(astral, None)}]"),
    )


def patterns(text: str) -> Patterns:
    """The patterns to scan ``text`` with (``of`` chooses once per draft).

    The small set is chosen only when ``text`` holds no fold character beyond
    Latin-1, and then both sets find the same matches in ``text`` and in any
    part of it; the full set is compiled on first need.
    """
    if text.isascii():
        return _latin()
    try:
        text.encode("latin-1")  # a copy, but no per-character test
    except UnicodeEncodeError:
        pass
    else:
        return _latin()  # no character beyond Latin-1 at all
    bmp, beyond_bmp, astral = _beyond_latin()
    if bmp.search(text) or (beyond_bmp.search(text) and astral.search(text)):
        return _full()
    return _latin()


def shown(found_by: Patterns, text: str, pos: int = 0) -> list[re.Match[str]]:
    """Marker or warning text in ``text`` from ``pos``, in order (the two never
    overlap: they start with look-alikes of different characters). Two scans,
    so that no pattern holding both is compiled (each class costs compile time)."""
    found = [*found_by.shown_marker.finditer(text, pos), *found_by.warning_text.finditer(text, pos)]
    return sorted(found, key=lambda match: match.start())


def of(doc: Document) -> Patterns:
    """``patterns(doc.text)``, chosen once per document."""
    chosen = doc.fold_patterns
    if not isinstance(chosen, Patterns):
        chosen = doc.fold_patterns = patterns(doc.text)
    return chosen


def full_patterns() -> Patterns:
    """The full set (for text whose characters are not known in advance)."""
    return _full()


#: The plain spellings (ASCII letters in any case, white space): a match that is
#: none of these is disguised.
_PLAIN = re.compile(
    r"\\?\[UNVERIFIED(?:\s+CITATION)?|<!--\s*(?:ref|cite)(?:\s*:)?"
    r"|(?:citation|cite|ref)\s*[:=]",
    re.IGNORECASE,
)


@lru_cache(maxsize=1)
def _fold_table() -> dict[int, str | None]:
    table: dict[int, str | None] = dict.fromkeys(_INVISIBLE_SET - set(_BLANKS))
    table.update(dict.fromkeys(_BLANKS, " "))
    table.update({ord(char): target for char, target in _folds().items()})
    return table


def fold(text: str) -> str:
    """``text`` with invisible characters dropped, blanks made spaces and
    look-alikes of the gate's characters replaced by what they look like.

    For matching, not for display: ``l`` and ``1`` become ``I``.
    """
    return text.translate(_fold_table())


#: What the gate meets most: the matches finalize's own text makes (no regex needed).
_CANONICAL = frozenset({"[UNVERIFIED CITATION", "[UNVERIFIED", "<!--ref", "<!--ref:", "ref:"})


def disguised(matched: str) -> bool:
    """Whether a match of ``Patterns`` is written other than plainly."""
    return matched not in _CANONICAL and _PLAIN.fullmatch(matched) is None


def disguise(text: str) -> str | None:
    """The first character of ``text`` the fold changes, named, or ``None``.

    ``"U+00AD SOFT HYPHEN (invisible)"``, ``"U+0421 CYRILLIC CAPITAL LETTER
    ES (looks like 'C')"``. Meant for a match: plain text holds look-alikes such
    as ``l`` everywhere.
    """
    folds = _folds()
    for char in text:
        code = ord(char)
        if code in _BLANKS:
            what = "drawn as a blank"
        elif code in _INVISIBLE_SET:
            what = "invisible"
        elif (target := folds.get(char)) is not None and target.lower() != char.lower():
            what = f"looks like {target!r}"
        else:
            continue
        return f"U+{code:04X} {unicodedata.name(char, '')}".rstrip() + f" ({what})"
    return None


def relevant(text: str) -> bool:
    """Whether ``text`` (a decoded character reference, say) holds a character the
    fold reads: invisible, a blank, or a look-alike of the gate's characters."""
    return any(
        (code := ord(char)) in _INVISIBLE_SET or code in _BLANKS or char in _folds()
        for char in text
    )
