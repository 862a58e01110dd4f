"""The regular expressions of the unmarked-citation detector (``document.detect.citations``).

Building blocks (a year, a surname, "et al." in several languages, page
locators) and the compiled patterns built from them. Every pattern is bounded
(no nested unbounded repetition); the scans that run over whole paragraphs
start with a literal or a character class, and rare alternatives sit behind
a first-character test, so a failed attempt costs little (issue 16, issue 24).
"""

from __future__ import annotations

import re

UP = "A-ZÀ-ÖØ-ÞĀ-ſА-ЯЁΑ-Ω"
LOW = "a-zß-öø-ÿā-ſа-яёα-ω"
#: A character that continues a (Latin, Cyrillic, Greek) word: a name cannot start after it.
WORD_BEFORE = rf"(?<![{UP}{LOW}0-9'’\-])"
YEAR = r"(?:1[5-9]\d\d|20\d\d)[a-z]?(?![\d])"
#: One work's year: ``2013``, ``2013a``, a span ``2019–2021`` / ``2019–21``.
WORK_YEAR = rf"{YEAR}(?:\s*[-–—]\s*(?:{YEAR}|\d\d(?![\d])))?"
#: A reprint's year with its original: ``2017/2021``, ``[2017] 2021`` (citeproc's
#: ``original-date``): one work.
ORIGINAL_YEAR = rf"(?:\[{YEAR}\]\s+{YEAR}|{YEAR}/{YEAR})"
# (a first-character test before the rare words keeps each failed attempt cheap)
YEAR_OR = (
    rf"(?:{ORIGINAL_YEAR}|{WORK_YEAR}|(?=[nifsevo])(?:n\.\s?d\.|no\s+date|o\.\s?J\.|s\.\s?d\.|in\s+press"
    r"|forthcoming|im\s+Druck|sous\s+presse|en\s+prensa|no\s+prelo|в\s+печати))"
)
# A surname: a capital, then letters, apostrophes or hyphens (``O'Neil``,
# ``Müller-Lyer``); lower-case particles may come first (``van der Berg``).
PARTICLE = (
    r"(?:(?=[vdlbatVDLT])(?:van|von|der|den|de|del|della|da|di|du|le|la|dos|das|do|bin|al"
    r"|ten|ter|Van|Von|De|Del|Della|Da|Di|Du|Le|La|Ten|Ter|Dos)\s+)"
)
PARTICLES = frozenset(re.findall(r"[a-z]+", PARTICLE.lower())) - {"vdlbatvdlt"}
# Its first lower-case letter is found by one reading (no lower-case letter before it), so
# a name splits one way only: ``[\w]*[a-z][\w]*`` split ``Muenchow`` eight ways, and a comma
# list of five names before a failed ``(year)`` cost seconds per kilobyte (issue 36).
SURNAME = rf"(?:[{UP}](?:[^\W{LOW}]|['’\-])*[{LOW}][\w'’\-]*)"
NAME = rf"(?:{PARTICLE}{{0,3}}{SURNAME})"
ORG = r"(?:[A-Z][A-Z&]{1,9})"  # OECD, WHO, APA: parenthetical form only (with a comma)
#: "and others" in the languages of the labelled set.
ETAL = (
    r"(?:\s+(?=[euayи])(?:et\s+(?:al\.?|coll\.|collaborateurs)|u\.\s?a\."
    r"|and\s+(?:colleagues|co-?workers|associates)|[ye]\s+(?:cols?\.|colaboradores)"
    r"|и\s+(?:др\.|соавт\.)))"
)
AND = r"(?:\s*,?\s+(?:and|&|und|et|y|e|и)\s+|\s*&\s*)"
#: Names, then "et al." (``Smith et al.``), citeproc's disambiguated ``Muenchow, Bräuning,
#: et al.``, or a list ending in "and" (``Lee, Park and Kim``).
AUTHORS = (
    rf"(?:{NAME}(?:{ETAL}|(?:\s*,\s*{NAME}){{1,5}},{ETAL}"
    rf"|(?:\s*,\s*{NAME}){{0,5}}{AND}{NAME}{ETAL}?)?)"
)
#: A surname as some bibliographies print it, in capitals: ``RASHEED``, ``TAN``, ``O'NEIL``.
UPPER_NAME = rf"(?:[{UP}]{{2,20}}(?:[-'’][{UP}]{{2,20}})?(?![{LOW}\w]))"
#: Capitalised authors in a group: ``TAN et al.``, ``RASHEED and RANGWALA``, ``TRB``; such
#: an item counts only when it fills its place in the group (``_groups`` checks).
UPPER_AUTHORS = (
    rf"(?:{UPPER_NAME}(?:{ETAL}|(?:\s*,\s*{UPPER_NAME}){{0,5}}{AND}{UPPER_NAME}{ETAL}?)?)"
)
#: A title standing for its author, quoted: ``"Implementations by Phenotype | PheKB,"``.
TITLE_AUTHOR = r"(?:[\"“][^\"“”\n]{3,160}[\"”])"
PAGE = r"[\divxlc]+(?:\.\d+){0,3}(?:\s*[-–]\s*[\divxlc]+)?(?:\s*ff?\.)?"
#: Where in the work: ``p. 4``, ``S. 34`` (German), ``с. 12`` (Russian), ``: 45``.
PAGE_LOCATOR = (
    rf"(?:,\s*(?:(?:his|her|their|its)\s+)?(?:pp?\.|S\.|с\.|chap\.|ch\.|para\.|paras\.|sec\.|[Ss]ect\.|[Ee]qs?\.|§§?|fig\.|table"
    rf"|Rn\.|Kap\.|Abschn\.|cap\.|at)\s*{PAGE}|\s*[:：]\s*\d{{1,4}}(?:\s*[-–]\s*\d{{1,4}})?(?![\d])"
    rf"|\s*[,，]\s*第\s*\d{{1,4}}(?:\s*[-–]\s*\d{{1,4}})?\s*[页頁])"
)
LOCATOR = rf"(?:{PAGE_LOCATOR}|,\s*\d{{1,4}}(?:\s*[-–]\s*\d{{1,4}})?(?![\d]))"
YEARS = rf"{YEAR_OR}(?:\s*,\s*{YEAR_OR}){{0,5}}"
CJK_ITEM = r"(?:[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]{1,8}(?:\s*(?:等人|等|ら|ほか|他|외|등))?)"

#: One author–year item inside parentheses: ``Smith et al., 2013a`` / ``OECD, 2019, p. 4``.
ITEM_RE = re.compile(
    rf"{WORD_BEFORE}(?:(?P<who>{AUTHORS}|{ORG}(?=\s*,)|{CJK_ITEM})|(?P<upper>{UPPER_AUTHORS}"
    rf"|{TITLE_AUTHOR}))(?:\s*[,，、]\s*|\s+)"
    rf"(?P<years>{YEARS}){LOCATOR}?"
)
#: A year and a page alone: ``(2013, p. 7)``, ``(2019, S. 34)``, ``(2015: 45)``.
YEAR_PAGE_RE = re.compile(rf"\s*(?:see\s+|vgl\.\s+)?{YEAR}{PAGE_LOCATOR}\s*")
#: A group in parentheses (one line break allowed) or square brackets, bounded.
GROUP_RE = re.compile(r"[(（](?P<inner>[^()（）\n]{3,300}(?:\n[^()（）\n]{0,300})?)[)）]")
BRACKET_RE = re.compile(r"\[(?<!!\[)(?P<inner>[^\[\]\n]{5,300})\]")
#: Narrative: ``Smith et al. (2013)``, ``Smith's (2013, p. 4)``; ``pre`` is a
#: capitalised word just before the names (a given name, ``Revisiting``, ``Olympic``).
NARRATIVE_RE = re.compile(
    rf"{WORD_BEFORE}(?:(?P<pre>{SURNAME})[ \t]+)?(?P<who>{AUTHORS})(?:'s|’s|')?\s*"
    rf"(?P<open>[(（\[])\s*(?P<years>{YEARS}){LOCATOR}?\s*[)）\]]"
)
#: Where a narrative citation can end: ``(`` and a year. Only the text just
#: before such a place is searched for names, which keeps the detector cheap.
NARRATIVE_ANCHOR_RE = re.compile(rf"[(\[]\s*{YEAR_OR}")  # a literal first: a fast scan
#: A year group of a narrative citation, from its ``(``: ``(2013, p. 4)``, ``（2021）``.
PAREN_YEARS_RE = re.compile(rf"[(（\[]\s*(?P<years>{YEARS}){LOCATOR}?\s*[)）\]]")
WIDE_ANCHOR_RE = re.compile(rf"（\s*{YEAR_OR}")
#: How far before its ``(`` a narrative citation's names may start.
NAMES_REACH = 160
#: Numeric: ``[12]``, ``[3–5]``, ``[1, 4–6]``, pandoc's ``[17,27--29]``; not an index
#: (``a[1]``) or a footnote (``[^1]``).
NUM = r"\d{1,3}(?:\s*(?:--?|[–—])\s*\d{1,3})?"
#: What may come before the numbers: ``[e.g., 79]``, ``[cf. 11]``, ``[see 4]``, and a
#: name with et al. (``[Ridgeway *et al.* 40]``, as citeproc writes an author-number style).
NUM_PREFIX = (
    r"(?:(?:e\.g\.|cf\.|see|vgl\.|siehe|i\.e\.),?\s+"
    rf"|{SURNAME}\s+\*?et\s+al\.\*?\s+)"
)
#: A locator after the numbers: ``[15, p. 3]``, ``[1, Ch. 13]``, ``[6, S. 41]``,
#: ``[34, see Table S1]``; a word says it is one, so ``[2, 5]`` stays an interval.
NUM_LOCATOR = (
    r"(?:,\s*(?:pp?\.|[Cc]hap?\.|[Cc]h\.|S\.|[Ss]ec(?:t)?\.|§§?|[Pp]ara\.|[Ff]ig(?:s|ure)?\.?"
    r"|[Tt]able|[Tt]ab\.|[Ee]qs?\.|[Kk]ap\.|Abschn\.|[Vv]ol\.|Bd\.|[Tt]hm\.|[Ss]ee|[Aa]ppendix"
    r"|[Ll]emma|[Dd]ef\.)[ \t]*[\w.\-–]{1,12}(?:[ \t]+[\w.\-–]{1,12}){0,2})"
)
NUMERIC_RE = re.compile(
    rf"\[(?P<pre>{NUM_PREFIX})?(?P<nums>{NUM}(?:\s*[,;]\s*{NUM}){{0,9}})"
    rf"{NUM_LOCATOR}?\](?![(\[])(?P<colon>:)?"
)
#: ``ref. 14``, ``Refs. 3–5`` (physics and chemistry journals); not ``ref. 2013/44``.
REF_RE = re.compile(rf"{WORD_BEFORE}[Rr]efs?\.\s*{NUM}(?:\s*,\s*{NUM}){{0,9}}(?![\d/])")
#: ``ibid.``, ``Ibid., p. 4``, ``ebd.`` (German), ``op. cit.``, ``loc. cit.``.
BACK_RE = re.compile(
    rf"{WORD_BEFORE}(?:[Ii]b[ií]d(?:em)?\b\.?|[Ee]bd\.|[Ee]benda\b|[Oo]p\.\s?cit\.|[Ll]oc\.\s?cit\."
    r"|[Ss]upra,?\s+(?:note|n\.)\s*\d{1,4}|Id\.,?\s+at\s+\d{1,5}|Там\s+же\b|[Тт]ам\s+же\.)"
)
#: Superscript reference numbers after a word or at a clause's end: ``trials.²³``,
#: ``shown,¹⁻³``; pandoc's ``^12,13^`` after punctuation (``…previously.^12,13^``).
SUP = "¹²³⁰⁴⁵⁶⁷⁸⁹"
SUPERSCRIPT_RE = re.compile(
    rf"(?<=[.,;:!?”\"’])(?:[{SUP}]{{1,3}}(?:[,⁻–-][{SUP}]{{1,3}}){{0,9}})"
    rf"|(?<=[{LOW}]{{3}})[{SUP}]{{1,3}}(?:[,⁻–-][{SUP}]{{1,3}})*(?=[\s.,;:]|\Z)"
)
#: A space inside pandoc's superscript, which pandoc writes escaped: ``^e.g.\ 11^``.
_SP = r"(?:\\ |[ \t])"
#: Pandoc's superscript holding reference numbers: ``^12,13^``, ``^4--6^``, ``^e.g.\ 11^``,
#: ``^34,\ see\ Table\ S1^``, ``^Ridgeway\ *et\ al.*\ 40^``. Where it may stand (after
#: punctuation, a word, a closing bracket; not an exponent) is decided by the detector.
PANDOC_SUP_RE = re.compile(
    rf"\^(?:(?:e\.g\.,?|cf\.|see|i\.e\.,?){_SP}|{SURNAME}{_SP}\*?et{_SP}al\.\*?{_SP})?"
    rf"(?P<nums>{NUM}(?:,{_SP}?{NUM}){{0,9}})"
    rf"(?:,{_SP}?(?:pp?\.|[Cc]hap?\.|[Cc]h\.|S\.|see|[Tt]able|[Ff]ig\.){_SP}?[\w.\-–]{{1,12}}"
    rf"(?:{_SP}[\w.\-–]{{1,12}}){{0,2}})?\^"
)
#: An HTML superscript holding reference numbers: ``<sup>7,8</sup>``, ``<sup>[3]</sup>``.
SUP_TAG_RE = re.compile(
    r"<sup>\s*\[?(\d{1,3}(?:\s*[,–-]\s*\d{1,3}){0,9})\]?\s*</sup>", re.IGNORECASE
)
#: A source cue, then the organisation named right before ``(year)``: ``according to
#: the World Bank (2020)``, ``nach Angaben des Statistischen Bundesamtes (2022)``,
#: ``d'après l'INSEE (2021)``, ``De acuerdo con la CEPAL (2022)``, ``по данным Росстата (2021)``.
CUE_ORG_RE = re.compile(
    r"(?i:according\s+to|reported\s+by|published\s+by|data\s+(?:from|of)|estimates\s+(?:from|of|by)"
    r"|nach\s+Angaben|laut|gemäß|d['’]après|selon|de\s+acuerdo\s+con|según|conforme\s+a?"
    r"|de\s+acordo\s+com|segundo|по\s+данным|согласно|see|cf\.)"
    r"(?:\s+(?i:the|der|des|die|dem|la|le|les|el|los|a|o|do|da|del|du))?(?:\s+|\s*[lL]['’])"
    rf"(?P<name>(?:[{UP}][\w&'’\-]*(?:\s+(?:of|for|on|and|des|der|de|del|du|la|the|für)"
    rf"(?=\s+[{UP}]))?\s+){{0,5}}[{UP}][\w&'’\-]*)\s*\Z"
)
#: An institution named with an article, two to five capitalised words: ``The Law
#: Commission (2015)``, ``the National Research Council (2011)``; a source only when a
#: reporting verb follows.
BODY_RE = re.compile(
    rf"(?<![\w])(?:[Tt]he)\s+(?P<name>(?:[{UP}][\w&'’\-]*(?:\s+(?:of|for|on|and)(?=\s+[{UP}]))?\s+)"
    rf"{{1,4}}(?P<last>[{UP}][\w&'’\-]*))\s*\Z"
)
#: Narrative without brackets, with a reporting verb: ``As Mbeki and O'Sullivan showed
#: in 2011``, ``as Delacroix noted as early as 1998``, ``As Thandeka Mokoena argued in
#: her 2010 monograph``.
AS_SHOWN_RE = re.compile(  # a literal first (a fast scan); the word boundary is checked after
    rf"[Aa]s\s+(?:(?P<pre>{SURNAME})\s+)?(?P<who>{AUTHORS})\s+"
    r"(?:(?:has|had|have|first|already|famously|once)\s+)?(?P<verb>[a-z]{3,14})\s+"
    r"(?:[^\W\d]{1,14}\s+){0,4}?(?P<year>(?:1[5-9]\d\d|20\d\d))(?![\d])"
)
WORK_RE = re.compile(
    rf"{ORIGINAL_YEAR}|{WORK_YEAR}|n\.\s?d\.|no\s+date|o\.\s?J\.|s\.\s?d\.|in\s+press|forthcoming|im\s+Druck"
    r"|sous\s+presse|en\s+prensa|no\s+prelo|в\s+печати"
)
YEAR_RE = re.compile(YEAR_OR)
ETAL_RE = re.compile(ETAL)
DIGIT_RE = re.compile(r"\d")
#: An organisation's acronym before a year: a citation only when the sentence says so.
ORG_BEFORE_RE = re.compile(r"(?<![\w&])[A-Z][A-Z&]{1,9}\s*\Z")
PAREN_YEAR_RE = re.compile(rf"\(\s*{YEAR}(?:{LOCATOR})?\s*\)")
ORG_CUE_RE = re.compile(
    r"(?:according\s+to|reported\s+by|published\s+by|data\s+(?:from|of)|see|cf\.|laut|selon"
    r"|según|segundo|conforme|согласно|e\.\s?g\.,?|i\.\s?e\.,?)(?:\s+(?:the|der|die|la|le|el|a|o))?\s*$",
    re.IGNORECASE,
)
#: A group or team as an author before ``(year)``: ``PRISM Climate Group (2004)``, ``R Core
#: Team (2018)``, ``The Gene Ontology Consortium (2019)``.
GROUP_AUTHOR_RE = re.compile(
    rf"(?<![\w])(?P<name>(?:[{UP}][\w&\-]*[ \t]+){{1,4}}(?:Group|Consortium|Collaboration"
    r"|(?:Core|Development)[ \t]+Team))[ \t]*\Z"
)
SPAN_RE = re.compile(r"(\d{4})\s*[-–—]\s*(\d{4})")
#: Case law: ``Roe v. Wade (1973)``, ``Brown v. Board of Education, 347 U.S. 483 (1954)``,
#: ``Caparo Industries plc v Dickman [1990] UKHL 2``: the parties, ``v``, then within
#: the sentence a year in parentheses or a neutral citation ``[1990] UKHL 2``.
VERSUS_RE = re.compile(rf"[ \t]v\.?[ \t]+[{UP}]")
CASE_RE = re.compile(
    rf"{WORD_BEFORE}(?P<first>{SURNAME})"
    rf"(?:[ \t]+(?:[{UP}][\w.&'’-]*|plc|ltd|inc|of|and|&|the)){{0,5}}?[ \t]+v\.?[ \t]+[{UP}]"
    rf"[^()\[\]\n.;]{{0,120}}?(?:(?:\.|,)[^()\[\]\n;]{{0,40}}?)?"
    rf"(?:\(\s*(?:[A-Z][\w.]*\s+){{0,3}}{YEAR}\s*\)|\[{YEAR}\]\s+[A-Z]{{2,8}}(?:\s+\([A-Za-z]+\))?\s+\d+)"
)
#: Character references and backslash escapes, read as the character they show.
ENTITY_RE = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});|\\[(\[)\]]")
#: A law report after the year (``(1992) 175 CLR 1``) or a German official reporter
#: (``BGHZ 154, 205``, ``BVerfGE 65, 1``).
REPORTER_RE = re.compile(rf"\(\s*{YEAR}\s*\)\s+\d{{1,4}}\s+[A-Z][A-Za-z.]{{1,10}}\s+\d{{1,5}}")
GERMAN_REPORTER_RE = re.compile(
    r"(?<![\w])(?:BGHZ|BGHSt|BVerfGE|BVerwGE|BSGE|BAGE|BFHE|RGZ)\s+\d{1,4}\s*,\s*\d{1,4}"
)
#: A cited work after "vgl."/"siehe" without brackets (German footnotes): ``Vgl. hierzu
#: Bauer/Nguyen 2020, 33–41``.
SEE_RE = re.compile(
    r"(?<![\w])(?:[Vv]gl\.|[Ss]iehe)\s+(?:(?:hierzu|dazu|auch|ferner)\s+)?"
    rf"(?P<who>{SURNAME}(?:\s*/\s*{SURNAME}){{0,3}})\s+{YEAR}(?:\s*,\s*\d{{1,4}}(?:\s*[-–]\s*\d{{1,4}})?)?"
)
#: Anything a citation needs: a bracket, a digit, or a back reference.
#: The cheap cue that a back reference (``BACK_RE``) may be in a text.
BACK_CUE = r"b[ií]d|bd\.|benda|cit\.|upra|Id\.|ам\s+же"
BACK_CUE_RE = re.compile(BACK_CUE)
WORTH_SCANNING = re.compile(r"[\d(\[（¹²³⁰-⁹]|" + BACK_CUE)
