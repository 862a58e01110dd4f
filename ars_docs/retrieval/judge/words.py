"""The words the identity decision looks for, in one place (§3.5, issue 15 §1).

Reason codes with their meaning (documented in docs/retrieval.md, kept in
step by a test), reference-list and section headings in the languages the
users of ars-docs write in, cover-sheet phrases, review and reply framing,
and the DOI prefixes of preprint servers. Headings and phrases are written as
plain words; ``judge.text`` passes them through the same normalisation as
the text they are compared with.
"""

from __future__ import annotations

__all__ = [
    "ACCEPTED_WORDS",
    "CITE_AS",
    "EVENT_WORDS",
    "IMPRINT_SAFE",
    "IMPRINT_WORDS",
    "NAME_PARTICLES",
    "PREPRINT_DOI",
    "PREPRINT_WORDS",
    "REASON_CODES",
    "REFERENCE_HEADINGS",
    "RELATIONAL_WORDS",
    "RESPONSE_WORDS",
    "REVIEW_WORDS",
    "SECTION_STARTS",
    "STOPWORDS",
    "TOC_HEADINGS",
]

#: Lower-case words of a family name that are not the name itself (van der Berg, de la
#: Cruz, bin Ahmad, Ortega y Gasset): a name is also known without them.
NAME_PARTICLES = frozenset(
    {"van", "von", "vom", "zu", "zum", "der", "den", "de", "del", "della", "di", "da", "do"}
    | {"dos", "das", "du", "la", "le", "ten", "ter", "y", "bin", "binti", "ibn", "al", "el"}
    | {"st", "saint"}
)

REASON_CODES: dict[str, str] = {
    "doi_match": "the entry's DOI is printed outside the reference list",
    "doi_mismatch": "another DOI (not a preprint server's) is printed, the entry's is not",
    "arxiv_match": "the entry's arXiv id is printed",
    "arxiv_mismatch": "another arXiv id is printed, the entry's is not",
    "title_in_header": "the full title stands as a heading in the title page's header",
    "title_on_cover_sheet": "the full title is in a cover sheet's 'to cite this' line",
    "title_in_body": "the full title appears, but not as a heading in the header",
    "title_partial": "only the main title (before the subtitle) or a long fragment appears",
    "title_missing": "the title does not appear on the checked pages",
    "title_only_in_references": "the title appears only inside a reference list or footnote",
    "title_only_in_links": "the title appears only as link text (a listing or teaser page)",
    "toc_page": "the title appears in a table of contents",
    "author_near_title": "an author's surname is printed near the title",
    "author_elsewhere": "an author's surname appears, but not near the title",
    "author_missing": "no author surname on the checked pages",
    "year_match": "the header carries the entry's year (±1)",
    "year_mismatch": "the header carries years, none within one of the entry's",
    "review_framing": "book-review framing (Review of …, reviewed by, ISBN) around the title",
    "response_framing": "reply framing (Comment on …, Reply to …, Erratum) around the title",
    "event_framing": "a programme or announcement (keynote, invited talk, call for papers)",
    "url_drift": "the request was redirected to a section or home page (soft 404)",
    "candidate_tie": "the homepage offered several links that fit the work equally well",
    "no_text_layer": "the PDF has no text to check (a scan): a human must look",
    "doi_alias": "the DOI printed is an alias of the entry's (the resolver or registry said so)",
    "author_given_mismatch": "the given names printed beside the surnames are other people's",
    "venue_match": "the entry's journal, proceedings or publisher is printed on the first page",
    "title_extended": "the header's title goes on after the entry's (a subtitle the entry lacks)",
    "title_weak": "a title of at most two content words, or one several records share",
    "notice_document": "a retraction, correction or concern notice about the work, not the work",
    "supplement_document": "supplementary material of the work, not the work",
    "peer_review_document": "a peer-review report or decision letter about the work",
    "front_matter": "an issue's front matter (editorial board, masthead, issue information)",
    "related_record_doi": "the document prints a DOI the work's record lists as another document",
    "presentation_document": "a slide deck (slide counters, short pages, no prose), not the work",
    "doi_preprint": "a preprint prints its own DOI, not the journal DOI the entry cites",
    "title_reworded": "a header carries the title's words reordered (a preprint's own title)",
}
"""Every reason code the decision can give, with its meaning."""

RELATIONAL_WORDS = frozenset(
    {"under", "over", "after", "before", "during", "across", "within", "without", "through"}
    | {"toward", "towards", "versus", "vs", "upon", "onto", "against", "along", "beyond"}
    | {"around", "behind", "below", "above", "beneath", "throughout", "amid", "per"}
)
"""Words a reworded title may drop ("X under Y" → "Y dampens X")."""

PREPRINT_DOI = (
    "10.48550/",  # arXiv
    "10.1101/",  # bioRxiv, medRxiv
    "10.2139/",  # SSRN
    "10.31219/",  # OSF
    "10.31234/",  # PsyArXiv
    "10.31235/",  # SocArXiv
    "10.20944/",  # Preprints.org
    "10.21203/",  # Research Square
    "10.22541/",  # Authorea
    "10.26434/",  # ChemRxiv
    "10.5281/",  # Zenodo (a repository copy, not another work)
)
PREPRINT_WORDS = (
    "preprint",
    "not peer reviewed",
    "not been peer reviewed",
    "not yet peer reviewed",
    "submitted to",
    "under review",
    "working paper",
    "discussion paper",
)
ACCEPTED_WORDS = (
    "accepted manuscript",
    "author accepted",
    "accepted version",
    "postprint",
    "post print",
    "authors final",
    "author s final",
)
IMPRINT_WORDS = (
    "all rights reserved",
    "no part of this book",
    "no part of this publication",
    "cover design",
    "cover illustration",
    "british library cataloguing",
    "library of congress cataloging",
    "printed in",
)
"""A book's own imprint (copyright) page: its ISBN is not a review's bibliographic line."""
IMPRINT_SAFE = ("isbn",)
"""Review words that a book's imprint page prints itself."""

REVIEW_WORDS = (
    "book review",
    "book reviews",
    "reviewed by",
    "review essay",
    "reviewed work",
    "rezension",
    "buchbesprechung",
    "compte rendu",
    "resena",
    "recensione",
    "resensi buku",
    "isbn",
    "hardback",
    "paperback",
    "hardcover",
)
RESPONSE_WORDS = (
    "comment on",
    "commentary on",
    "reply to",
    "response to",
    "rejoinder",
    "erratum",
    "corrigendum",
    "correction to",
    "retraction of",
    "retraction note",
)
EVENT_WORDS = (
    "keynote",
    "keynote lecture",
    "invited talk",
    "book of abstracts",
    "call for papers",
    "conference programme",
    "conference program",
    "panel discussion",
)
"""A programme or announcement naming the work: a talk about it, not the work."""

REFERENCE_HEADINGS = (
    "references and notes",
    "notes and references",
    "references",
    "reference list",
    "bibliography",
    "select bibliography",
    "works cited",
    "literature cited",
    "cited literature",
    "literature",
    "literatur",
    "literaturverzeichnis",
    "quellenverzeichnis",
    "quellen",
    "daftar pustaka",
    "daftar rujukan",
    "bibliografia",
    "bibliographie",
    "referencias bibliograficas",
    "referencias",
    "riferimenti bibliografici",
    "referenties",
    "literatuurlijst",
    "litteratur",
    "kaynakca",
    "список литературы",
    "литература",
    "参考文献",
    "引用文献",
    "참고문헌",
    "endnotes",
    "notes",
)
"""Reference-list headings, as ``words`` joined by spaces (diacritics dropped)."""
SECTION_STARTS = (
    "abstract",
    "summary",
    "keywords",
    "key words",
    "introduction",
    "background",
    "zusammenfassung",
    "einleitung",
    "resume",
    "resumen",
    "abstrak",
    "pendahuluan",
    "sommario",
    "samenvatting",
    "аннотация",
    "摘要",
    "要旨",
    "초록",
)
"""Where the header of a title page ends: the abstract or the first section."""
CITE_AS = (
    "to cite this",
    "cite this",
    "cite as",
    "please cite",
    "how to cite",
    "zitiervorschlag",
    "suggested citation",
)

TOC_HEADINGS = frozenset(
    {
        "contents",
        "table of contents",
        "in this issue",
        "inhalt",
        "inhaltsverzeichnis",
        "sommaire",
        "table des matieres",
        "daftar isi",
        "indice",
        "目次",
        "目录",
    }
)

STOPWORDS = frozenset(
    {"a", "an", "the", "of", "and", "or", "in", "on", "at", "to", "for", "from", "by", "with"}
    | {"as", "is", "are", "its", "this", "that", "into", "via", "about", "between", "among"}
    | {"und", "der", "die", "das", "des", "den", "dem", "ein", "eine", "im", "zum", "zur"}
    | {"von", "mit", "fur", "le", "la", "les", "l", "un", "une", "du", "de", "et", "en", "au"}
    | {"aux", "pour", "par", "sur", "el", "los", "las", "del", "y", "para", "por", "con"}
    | {"il", "di", "e", "da", "dan", "dari", "yang", "untuk", "van", "het", "een"}
)
"""Words that carry no content in a title (for "a title of at most two content words")."""
