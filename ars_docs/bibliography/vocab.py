"""Entry types: BibTeX/BibLaTeX entry types and RIS ``TY`` codes mapped to CSL types.

The passport's ``type`` is a CSL type (the vocabulary of CSL-JSON, which
Zotero and the registries speak). Types a table does not know become
``document`` and the import says so; ``docs/corpus-import.md`` lists the
tables as they are here.
"""

from __future__ import annotations

__all__ = ["BOOKISH", "CSL_TYPES", "bibtex_type", "csl_type", "ris_type"]

#: The CSL 1.0.2 item types.
CSL_TYPES = frozenset(
    (
        "article", "article-journal", "article-magazine", "article-newspaper", "bill", "book",
        "broadcast", "chapter", "classic", "collection", "dataset", "document", "entry",
        "entry-dictionary", "entry-encyclopedia", "event", "figure", "graphic", "hearing",
        "interview", "legal_case", "legislation", "manuscript", "map", "motion_picture",
        "musical_score", "pamphlet", "paper-conference", "patent", "performance", "periodical",
        "personal_communication", "post", "post-weblog", "regulation", "report", "review",
        "review-book", "software", "song", "speech", "standard", "thesis", "treaty", "webpage",
    )
)  # fmt: skip

#: Types whose ISBN is kept (an article's ISBN would name the volume, not the work).
BOOKISH = frozenset({"book", "chapter"})

_BIBTEX = {
    "article": "article-journal",
    "book": "book",
    "mvbook": "book",
    "bookinbook": "chapter",
    "inbook": "chapter",
    "incollection": "chapter",
    "suppbook": "chapter",
    "suppcollection": "chapter",
    "collection": "book",
    "mvcollection": "book",
    "proceedings": "book",
    "mvproceedings": "book",
    "reference": "book",
    "inreference": "entry-encyclopedia",
    "inproceedings": "paper-conference",
    "conference": "paper-conference",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "thesis": "thesis",
    "techreport": "report",
    "report": "report",
    "manual": "report",
    "online": "webpage",
    "www": "webpage",
    "electronic": "webpage",
    "unpublished": "manuscript",
    "booklet": "pamphlet",
    "periodical": "periodical",
    "suppperiodical": "article-journal",
    "standard": "standard",
    "dataset": "dataset",
    "patent": "patent",
    "software": "software",
    "artwork": "graphic",
    "audio": "song",
    "video": "motion_picture",
    "movie": "motion_picture",
    "music": "song",
    "image": "graphic",
    "letter": "personal_communication",
    "legislation": "legislation",
    "jurisdiction": "legal_case",
    "review": "review",
    "misc": "document",
}

_RIS = {
    "JOUR": "article-journal",
    "JFULL": "article-journal",
    "EJOUR": "article-journal",
    "ABST": "article-journal",
    "INPR": "article-journal",
    "MGZN": "article-magazine",
    "NEWS": "article-newspaper",
    "BOOK": "book",
    "EBOOK": "book",
    "EDBOOK": "book",
    "ANCIENT": "book",
    "CLSWK": "classic",
    "CHAP": "chapter",
    "ECHAP": "chapter",
    "CONF": "paper-conference",
    "CPAPER": "paper-conference",
    "THES": "thesis",
    "RPRT": "report",
    "GOVDOC": "report",
    "ELEC": "webpage",
    "WEB": "webpage",
    "BLOG": "post-weblog",
    "UNPB": "manuscript",
    "MANSCPT": "manuscript",
    "PAMP": "pamphlet",
    "DATA": "dataset",
    "DBASE": "dataset",
    "AGGR": "dataset",
    "PAT": "patent",
    "STAND": "standard",
    "COMP": "software",
    "STAT": "legislation",
    "BILL": "bill",
    "CASE": "legal_case",
    "HEAR": "hearing",
    "MAP": "map",
    "ICOMM": "personal_communication",
    "PCOMM": "personal_communication",
    "VIDEO": "motion_picture",
    "MPCT": "motion_picture",
    "SOUND": "song",
    "MUSIC": "musical_score",
    "ART": "graphic",
    "FIGURE": "figure",
    "DICT": "entry-dictionary",
    "ENCYC": "entry-encyclopedia",
    "SLIDE": "speech",
    "SER": "book",
    "GEN": "document",
}


def bibtex_type(entry_type: str) -> str | None:
    """The CSL type of a BibTeX/BibLaTeX entry type (any case), or None if unknown."""
    return _BIBTEX.get(entry_type.lower())


def ris_type(code: str) -> str | None:
    """The CSL type of a RIS ``TY`` code, or None if unknown."""
    return _RIS.get(code.strip().upper())


def csl_type(name: str) -> str | None:
    """``name`` when it is a CSL type (CSL-JSON writes them as they are), else None."""
    value = name.strip().lower()
    return value if value in CSL_TYPES else None
