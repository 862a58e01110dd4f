"""The labelled evaluation set of the identity decision (issue 15 §1).

Synthetic documents written for ars-docs: the first page(s) of right papers
(versions of record, preprints, cover sheets, other languages and scripts,
particle names), and of documents that print the title and an author but are
*not* the work (citing papers with reference headings in many forms, a
follow-up paper by the same authors, book reviews, tables of contents, news
teasers, replies), plus scans. ``truth`` is ``same`` (must acquire, or it is
a false rejection), ``different`` (must never acquire) or ``unknown`` (cannot
be told from the file: must never acquire).

Most cases are page text as a PDF text layer gives it; ``pdf`` cases are real
PDFs read with pypdf, ``html`` cases real pages read by the page parser.
Used by ``tests/test_retrieval_identity.py`` and ``benchmarks/bench_identity.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from ars_docs.retrieval.judge.identity import Document, Work
from ars_docs.retrieval.walk.reading import read_document

E1 = Work(
    "Quality culture: understandings, boundaries and linkages",
    (("Harvey", "Lee"), ("Stensaker", "Bjørn")),
    2008,
    "10.1111/j.1465-3435.2008.00373.x",
)
E1_NO_DOI = Work(E1.title, E1.authors, 2008)
ARX = Work(
    "Attention is not all you need: pure attention loses rank doubly exponentially",
    (("Nguyen", "Thi Lan"), ("Okonkwo", "Chidi")),
    2021,
    arxiv_id="2103.03404",
)
CJK = Work("高等教育质量文化的形成机制研究", (("王", "小明"), ("李", "华")), 2019)
JA = Work("大学評価における質保証の課題", (("山田", "太郎"),), 2016)
KO = Work("대학 교육의 질 관리 체계 연구", (("김", "민준"),), 2020)
ZH_EN = Work("Student engagement in Chinese research universities", (("Zhang", "Wei"),), 2017)
PART = Work(
    "Institutional trust in European universities",
    (("van der Berg", "Pieter"), ("de la Cruz", "María")),
    2015,
    "10.1016/j.heps.2015.01.002",
)
DE = Work("Qualitätskultur an Hochschulen: Begriffe und Grenzen", (("Müller", "Anna"),), 2012)
ES = Work("La evaluación institucional en América Latina", (("García-López", "Ana"),), 2014)
FR = Work("La pensée sauvage et l'université", (("Lévi-Strauss", "Claude"),), 1998)
ID = Work("Budaya mutu di perguruan tinggi swasta", (("Santoso", "Budi"),), 2021)
BOOK = Work("The audit society: rituals of verification", (("Power", "Michael"),), 1997)
BOOK_SHORT = Work("The audit society", (("Power", "Michael"),), 1997)
REG = Work(
    "Peraturan Menteri Pendidikan, Kebudayaan, Riset, dan Teknologi Nomor 53 Tahun 2023 "
    "tentang Penjaminan Mutu Pendidikan Tinggi",
    (("Kementerian Pendidikan, Kebudayaan, Riset, dan Teknologi", ""),),
    2023,
)
NEWS = Work("Faculty vote to expand the humanities core", (("Okafor", "Adaeze"),), 2025)
BIO = Work(
    "Sleep deprivation impairs memory consolidation in adolescents",
    (("Okeke", "Ngozi"), ("Lindqvist", "Sara")),
    2020,
    "10.1038/s41593-020-0001-1",
)


@dataclass(frozen=True)
class Case:
    name: str
    truth: str
    work: Work
    pages: tuple[str, ...] = ()
    kind: str = "text"
    """``text`` (a PDF's text layer), ``pdf`` (built and read back) or ``html``."""
    requested: str | None = None
    final: str | None = None
    hops: tuple[str, ...] = ()
    tie: bool = False
    expect: tuple[str, ...] = field(default=())
    """Reason codes the decision must give (a sharper check than the level)."""
    known_miss: bool = False
    """A right document the decision is known not to confirm (a false rejection the
    benchmark reports): it must end weak or ambiguous, i.e. kept for a human."""


def _p(*lines: str) -> str:
    return "\n".join(lines)


E1_HEAD = (
    "European Journal of Education, Vol. 43, No. 4, 2008",
    "Quality Culture: understandings, boundaries and",
    "linkages",
    "Lee Harvey & Bjørn Stensaker",
)
E1_ABSTRACT = (
    "Abstract",
    "This article explores the concept of quality culture in higher education and",
    "relates it to the debates on quality assurance and enhancement.",
)
E1_FOOT = ("DOI: 10.1111/j.1465-3435.2008.00373.x",)

CITING_HEAD = (
    "Higher Education Policy (2015) 28, 101-118",
    "Beyond compliance: how universities build internal quality systems",
    "Marta Kowalska",
    "Abstract",
    "Building on earlier work on quality culture, this paper examines three cases.",
    "DOI: 10.1057/hep.2014.20",
)

SAME: list[Case] = [
    Case(
        "vor_with_doi", "same", E1, (_p(*E1_HEAD, *E1_ABSTRACT, *E1_FOOT),), expect=("doi_match",)
    ),
    Case("vor_pdf", "same", E1_NO_DOI, (_p(*E1_HEAD, *E1_ABSTRACT),), kind="pdf"),
    Case(
        "vor_uppercase_doi_url",
        "same",
        E1,
        (
            _p(
                "QUALITY CULTURE: UNDERSTANDINGS, BOUNDARIES AND LINKAGES",
                "LEE HARVEY AND BJØRN STENSAKER",
                "https://doi.org/10.1111/J.1465-3435.2008.00373.X",
                "Abstract",
                "Text.",
            ),
        ),
        expect=("doi_match", "title_in_header"),
    ),
    Case(
        "preprint_not_peer_reviewed",
        "same",
        E1_NO_DOI,
        (_p("Preprint - not peer reviewed", *E1_HEAD[1:], "Draft of 2007", *E1_ABSTRACT),),
    ),
    Case(
        "accepted_manuscript_cover_sheet",
        "same",
        E1,
        (
            _p(
                "University Research Archive",
                "This is the author accepted manuscript of an article published in the",
                "European Journal of Education.",
                "To cite this article:",
                "Harvey, L. & Stensaker, B. (2008). Quality culture: understandings, boundaries "
                "and linkages. European Journal of Education, 43(4), 427-442.",
                "https://doi.org/10.1111/j.1465-3435.2008.00373.x",
                "Terms of use: this copy is made available for private study.",
            ),
            _p(*E1_HEAD[1:], *E1_ABSTRACT),
        ),
        expect=("doi_match", "title_on_cover_sheet"),
    ),
    Case(
        "repository_cover_sheet_no_doi",
        "same",
        E1_NO_DOI,
        (
            _p(
                "White Rose Research Online",
                "This is a repository copy of Quality culture: understandings, boundaries and",
                "linkages.",
                "Version: Accepted Version",
                "Reuse: items deposited are protected by copyright.",
            ),
            _p(*E1_HEAD[1:], *E1_ABSTRACT),
        ),
    ),
    Case(
        "glued_words_from_extraction",
        "same",
        E1_NO_DOI,
        (_p("Qualityculture:understandings,boundaries", "andlinkages", "LeeHarvey", "Abstract"),),
    ),
    Case(
        "hyphenated_and_ligature",
        "same",
        E1_NO_DOI,
        (
            _p(
                "Quality Cul-",
                "ture: under-",
                "standings, boundaries and linkages",
                "Lee Harvey (Copenhagen Business School), Bjørn Stensaker (NIFU)",
                "Abstract",
            ),
        ),
    ),
    Case(
        "title_page_then_body_page",
        "same",
        E1,
        (
            _p(*E1_HEAD, "Received 3 March 2007; accepted 1 June 2008", *E1_ABSTRACT, *E1_FOOT),
            _p(
                "1. Introduction",
                "Quality culture has become a popular term (Vettori, 2012; Loukkola, 2010).",
                "References",
                "Loukkola, T. (2010). Examining quality culture. Brussels: EUA.",
                "Vettori, O. (2012). A clash of quality cultures? Vienna.",
            ),
        ),
        expect=("title_in_header", "author_near_title", "year_match"),
    ),
    Case(
        "taylor_francis_cite_this_cover",
        "same",
        E1,
        (
            _p(
                "European Journal of Education",
                "ISSN: 0141-8211 (Print) Journal homepage",
                "To cite this article: Lee Harvey & Bjørn Stensaker (2008) Quality culture: "
                "understandings, boundaries and linkages, European Journal of Education, 43:4, "
                "427-442, DOI: 10.1111/j.1465-3435.2008.00373.x",
                "Published online: 20 Nov 2008.",
            ),
            _p(*E1_HEAD, *E1_ABSTRACT),
        ),
        expect=("title_on_cover_sheet",),
    ),
    Case(
        "arxiv_preprint_with_id",
        "same",
        ARX,
        (
            _p(
                "arXiv:2103.03404v2 [cs.LG] 1 Aug 2021",
                "Attention is Not All You Need:",
                "Pure Attention Loses Rank Doubly Exponentially with Depth",
                "Thi Lan Nguyen 1 Chidi Okonkwo 2",
                "Abstract",
                "Attention-based architectures have become ubiquitous.",
            ),
        ),
        expect=("arxiv_match",),
    ),
    Case(
        "arxiv_preprint_of_a_doi_entry",
        "same",
        BIO,
        (
            _p(
                "bioRxiv preprint doi: https://doi.org/10.1101/2019.12.01.123456",
                "Sleep deprivation impairs memory consolidation in adolescents",
                "Ngozi Okeke, Sara Lindqvist",
                "Abstract",
            ),
        ),
    ),
    Case(
        "vor_nature_style",
        "same",
        BIO,
        (
            _p(
                "nature neuroscience",
                "Article",
                "https://doi.org/10.1038/s41593-020-0001-1",
                "Sleep deprivation impairs memory",
                "consolidation in adolescents",
                "Ngozi Okeke 1 ✉ & Sara Lindqvist 2",
                "Received: 2 May 2019 Accepted: 3 January 2020",
                "Sleep is essential for memory.",
            ),
        ),
        expect=("doi_match", "title_in_header"),
    ),
    Case(
        "entry_omits_subtitle",
        "same",
        BOOK_SHORT,
        (_p("THE AUDIT SOCIETY:", "Rituals of Verification", "MICHAEL POWER", "OXFORD", "1997"),),
    ),
    Case(
        "book_title_page",
        "same",
        BOOK,
        (
            _p(
                "The Audit Society",
                "Rituals of Verification",
                "Michael Power",
                "OXFORD UNIVERSITY PRESS",
                "1997",
            ),
        ),
    ),
    Case(
        "book_title_page_pdf",
        "same",
        BOOK,
        (_p("The Audit Society:", "Rituals of Verification", "MICHAEL POWER", "Oxford, 1997"),),
        kind="pdf",
    ),
    Case(
        "regulation_interleaved_title",
        "same",
        REG,
        (
            _p(
                "KEMENTERIAN PENDIDIKAN, KEBUDAYAAN, RISET, DAN TEKNOLOGI",
                "REPUBLIK INDONESIA",
                "PERATURAN MENTERI PENDIDIKAN, KEBUDAYAAN, RISET, DAN TEKNOLOGI",
                "REPUBLIK INDONESIA",
                "NOMOR 53 TAHUN 2023",
                "TENTANG",
                "PENJAMINAN MUTU PENDIDIKAN TINGGI",
                "DENGAN RAHMAT TUHAN YANG MAHA ESA",
            ),
        ),
    ),
    Case(
        "particle_names",
        "same",
        PART,
        (
            _p(
                "Higher Education Policy and Society 12 (2015) 33-51",
                "Institutional trust in European universities",
                "Pieter van der Berg a, María de la Cruz b",
                "Abstract",
                "doi:10.1016/j.heps.2015.01.002",
            ),
        ),
        expect=("doi_match", "author_near_title"),
    ),
    Case(
        "particle_names_upper_no_accents",
        "same",
        PART,
        (
            _p(
                "INSTITUTIONAL TRUST IN EUROPEAN UNIVERSITIES",
                "P. VAN DER BERG and M. DE LA CRUZ",
                "2015",
                "Abstract",
            ),
        ),
    ),
    Case(
        "particle_core_name_only",
        "same",
        PART,
        (_p("Institutional trust in European universities", "P. Berg, M. Cruz", "Summary"),),
    ),
    Case(
        "cjk_chinese",
        "same",
        CJK,
        (
            _p(
                "高等教育质量文化的形成机制研究",
                "王小明　李华",
                "（北京大学 教育学院）",
                "摘要：本文研究……",
                "2019年",
            ),
        ),
    ),
    Case(
        "cjk_japanese",
        "same",
        JA,
        (_p("大学評価における質保証の課題", "山田 太郎", "要旨", "本稿では……"),),
    ),
    Case("cjk_korean", "same", KO, (_p("대학 교육의 질 관리 체계 연구", "김민준", "초록"),)),
    Case(
        "chinese_author_romanised",
        "same",
        ZH_EN,
        (
            _p(
                "Student Engagement in Chinese Research Universities",
                "Wei ZHANG",
                "Peking University, 2017",
                "Abstract",
            ),
        ),
    ),
    Case(
        "german_with_umlaut",
        "same",
        DE,
        (
            _p(
                "Qualitätskultur an Hochschulen: Begriffe und Grenzen",
                "Anna Müller",
                "Zusammenfassung",
                "Der Beitrag untersucht ...",
            ),
        ),
    ),
    Case(
        "spanish_double_surname",
        "same",
        ES,
        (_p("LA EVALUACIÓN INSTITUCIONAL EN AMÉRICA LATINA", "Ana García-López", "Resumen"),),
    ),
    Case(
        "french_resume",
        "same",
        FR,
        (_p("La pensée sauvage et l’université", "Claude Lévi-Strauss", "Résumé", "Texte."),),
    ),
    Case(
        "indonesian_abstrak",
        "same",
        ID,
        (_p("BUDAYA MUTU DI PERGURUAN TINGGI SWASTA", "Budi Santoso", "Universitas X", "Abstrak"),),
    ),
    Case(
        "news_article_html",
        "same",
        NEWS,
        kind="html",
        pages=(
            "<nav><a href='/'>Home</a> <a href='/news/'>News</a></nav><article>"
            "<h1>Faculty vote to expand the humanities core</h1>"
            "<p class='byline'>By Adaeze Okafor, Staff Reporter · April 14, 2025</p>"
            "<p>The faculty voted on Tuesday to expand the core.</p>"
            "<aside><a href='/2025/04/13/other/'>Other story</a></aside></article>",
        ),
        requested="https://ydn.example/2025/04/14/humanities-core/",
        final="https://ydn.example/2025/04/14/humanities-core/",
    ),
    Case(
        "blog_post_with_self_linked_heading",
        "same",
        NEWS,
        kind="html",
        pages=(
            "<main><h1><a href='https://blog.example/p/faculty-vote'>Faculty vote to expand the "
            "humanities core</a></h1><p>Posted by Adaeze Okafor on 2 May 2025</p>"
            "<p>Body text.</p></main>",
        ),
        requested="https://blog.example/p/faculty-vote",
        final="https://blog.example/p/faculty-vote",
    ),
    Case(
        "http_to_https_redirect_html",
        "same",
        NEWS,
        kind="html",
        pages=(
            "<article><h1>Faculty vote to expand the humanities core</h1>"
            "<p>Adaeze Okafor | 14 April 2025</p><p>Text.</p></article>",
        ),
        requested="http://ydn.example/2025/04/14/humanities-core/",
        final="https://ydn.example/2025/04/14/humanities-core/",
        hops=("http://ydn.example/2025/04/14/humanities-core/",),
    ),
]

SAME += [
    Case(
        "known_miss_title_shares_the_journal_line",
        "same",
        E1_NO_DOI,
        (
            _p(
                "Eur. J. Educ. 43(4) Quality culture: understandings, boundaries and linkages",
                "Lee Harvey and Bjørn Stensaker",
                "Abstract",
            ),
        ),
        known_miss=True,
    ),
    Case(
        "reprint_with_a_later_year",
        "same",
        E1_NO_DOI,
        (
            _p(
                "Quality culture: understandings, boundaries and linkages",
                "Lee Harvey and Bjørn Stensaker",
                "Reprinted with permission, 2019",
                "Abstract",
            ),
        ),
    ),
]

DIFFERENT: list[Case] = [
    Case(
        "citing_references_heading",
        "different",
        E1,
        (
            _p(
                *CITING_HEAD,
                "References",
                "1. Harvey L, Stensaker B. Quality culture: understandings,",
                "boundaries and linkages. Eur J Educ. 2008;43(4):427-42.",
            ),
        ),
        expect=("doi_mismatch",),
    ),
    Case(
        "citing_references_and_notes",
        "different",
        E1_NO_DOI,
        (
            _p(
                *CITING_HEAD[:5],
                "REFERENCES AND NOTES",
                "1. L. Harvey, B. Stensaker, Quality culture: understandings, boundaries and "
                "linkages, Eur. J. Educ. 43, 427 (2008).",
                "2. T. Loukkola, T. Zhang, Examining quality culture (EUA, 2010).",
            ),
        ),
        expect=("title_only_in_references",),
    ),
    Case(
        "citing_heading_on_same_line",
        "different",
        E1_NO_DOI,
        (
            _p(
                *CITING_HEAD[:5],
                "References [1] Harvey L, Stensaker B. Quality culture: understandings, "
                "boundaries and linkages. Eur J Educ 2008;43:427-42. [2] Vettori O. 2012.",
            ),
        ),
        expect=("title_only_in_references",),
    ),
    Case(
        "citing_heading_with_colon_same_line",
        "different",
        E1_NO_DOI,
        (
            _p(
                *CITING_HEAD[:5],
                "Literature: Harvey, L., & Stensaker, B. (2008). Quality culture: understandings,",
                "boundaries and linkages. European Journal of Education, 43(4).",
            ),
        ),
    ),
    Case(
        "citing_german_heading",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Qualitätssicherung als Organisationsentwicklung",
                "Anna Müller",
                "Zusammenfassung",
                "Der Beitrag knüpft an Harvey und Stensaker an.",
                "Literaturverzeichnis",
                "Harvey, L. & Stensaker, B. (2008): Quality culture: understandings, boundaries",
                "and linkages. In: European Journal of Education 43 (4), S. 427-442.",
            ),
        ),
        expect=("title_only_in_references",),
    ),
    Case(
        "citing_indonesian_heading",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Penjaminan mutu internal di universitas swasta",
                "Budi Santoso",
                "Abstrak",
                "Penelitian ini membahas budaya mutu.",
                "DAFTAR PUSTAKA",
                "Harvey, L., & Stensaker, B. (2008). Quality culture: understandings, boundaries",
                "and linkages. European Journal of Education, 43(4), 427-442.",
            ),
        ),
    ),
    Case(
        "citing_spanish_heading",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Cultura de calidad en universidades chilenas",
                "Ana García-López",
                "Resumen",
                "Texto.",
                "Referencias bibliográficas",
                "Harvey, L. y Stensaker, B. (2008). Quality culture: understandings, boundaries "
                "and linkages. European Journal of Education, 43(4), 427-442.",
            ),
        ),
    ),
    Case(
        "citing_russian_heading",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Культура качества в российских вузах",
                "Иван Петров",
                "Аннотация",
                "Текст.",
                "Список литературы",
                "1. Harvey L., Stensaker B. Quality culture: understandings, boundaries and "
                "linkages // European Journal of Education. 2008. Vol. 43. P. 427-442.",
            ),
        ),
    ),
    Case(
        "citing_chinese_heading_cjk_target",
        "different",
        CJK,
        (
            _p(
                "大学内部质量保障体系建设探析",
                "张伟",
                "摘要：本文……",
                "参考文献",
                "[1] 王小明, 李华. 高等教育质量文化的形成机制研究[J]. 教育研究, 2019, 40(3): 1-9.",
            ),
        ),
        expect=("title_only_in_references",),
    ),
    Case(
        "citing_japanese_heading",
        "different",
        JA,
        (
            _p(
                "内部質保証の実態調査",
                "佐藤 花子",
                "要旨",
                "本稿は……",
                "引用文献",
                "山田太郎 (2016)「大学評価における質保証の課題」『高等教育研究』19, 1-20.",
            ),
        ),
    ),
    Case(
        "citing_korean_heading",
        "different",
        KO,
        (
            _p(
                "대학 평가 제도의 변화",
                "이서연",
                "초록",
                "참고문헌",
                "김민준 (2020). 대학 교육의 질 관리 체계 연구. 교육학연구, 58(2), 1-20.",
            ),
        ),
    ),
    Case(
        "citing_no_heading_author_year_structure",
        "different",
        E1_NO_DOI,
        (
            _p(
                *CITING_HEAD[:5],
                "The argument rests on three strands of literature.",
                "Ehlers, U.-D. (2009). Understanding quality culture. Quality Assurance in "
                "Education, 17(4), 343-363.",
                "Harvey, L., & Stensaker, B. (2008). Quality culture: understandings, boundaries "
                "and linkages. European Journal of Education, 43(4), 427-442.",
                "Loukkola, T., & Zhang, T. (2010). Examining quality culture. Brussels: EUA.",
            ),
        ),
        expect=("title_only_in_references",),
    ),
    Case(
        "citing_numbered_structure_no_heading",
        "different",
        E1_NO_DOI,
        (
            _p(
                *CITING_HEAD[:5],
                "[12] O. Vettori, A clash of quality cultures?, EUA, Brussels, 2012.",
                "[13] L. Harvey, B. Stensaker, Quality culture: understandings, boundaries and",
                "linkages, European Journal of Education 43 (2008) 427-442.",
                "[14] T. Loukkola, Examining quality culture, EUA, 2010.",
            ),
        ),
    ),
    Case(
        "citing_footnote_on_first_page",
        "different",
        E1_NO_DOI,
        (
            _p(
                *CITING_HEAD[:5],
                "Quality culture is contested.1",
                "1 Harvey, L. & Stensaker, B. (2008) Quality culture: understandings, boundaries "
                "and linkages, European Journal of Education 43(4).",
            ),
        ),
    ),
    Case(
        "citing_footnote_title_wrapped",
        "different",
        E1_NO_DOI,
        (
            _p(
                *CITING_HEAD[:5],
                "2 L. Harvey and B. Stensaker, 2008,",
                "Quality culture: understandings, boundaries and linkages",
                "European Journal of Education.",
            ),
        ),
    ),
    Case(
        "citing_uppercase_bibliography",
        "different",
        BOOK,
        (
            _p(
                "Accounting for universities",
                "Jane Doe",
                "Abstract",
                "Text.",
                "BIBLIOGRAPHY",
                "POWER, M. 1997. The Audit Society: Rituals of Verification. Oxford: OUP.",
            ),
        ),
    ),
    Case(
        "citing_mentions_title_in_prose",
        "different",
        E1_NO_DOI,
        (
            _p(
                *CITING_HEAD[:5],
                "1. Introduction",
                "In Quality culture: understandings, boundaries and linkages, Harvey and",
                "Stensaker argue that quality culture cannot be imposed.",
            ),
        ),
    ),
    Case(
        "citing_arxiv_other_id",
        "different",
        ARX,
        (
            _p(
                "arXiv:2205.01234v1 [cs.CL] 3 May 2022",
                "Rank collapse revisited in deep transformers",
                "Chidi Okonkwo",
                "Abstract",
                "We revisit Attention is not all you need: pure attention loses rank doubly",
                "exponentially (Nguyen and Okonkwo, 2021).",
            ),
        ),
        expect=("arxiv_mismatch",),
    ),
    Case(
        "citing_pdf_with_references",
        "different",
        E1_NO_DOI,
        (
            _p(
                *CITING_HEAD[:5],
                "References",
                "Harvey, L., & Stensaker, B. (2008). Quality culture: understandings,",
                "boundaries and linkages. European Journal of Education, 43(4), 427-442.",
            ),
        ),
        kind="pdf",
    ),
    Case(
        "follow_up_same_authors",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Quality culture revisited: boundaries and linkages ten years on",
                "Lee Harvey & Bjørn Stensaker",
                "2018",
                "Abstract",
                "Ten years after our first paper we revisit the concept.",
                "References",
                "Harvey, L., & Stensaker, B. (2008). Quality culture: understandings, boundaries",
                "and linkages. European Journal of Education, 43(4), 427-442.",
            ),
        ),
    ),
    Case(
        "follow_up_full_title_as_prefix",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Quality culture: understandings, boundaries and linkages",
                "- ten years on",
                "Lee Harvey & Bjørn Stensaker",
                "Journal of Quality in Higher Education 24 (2018)",
                "Abstract",
            ),
        ),
        expect=("year_mismatch",),
    ),
    Case(
        "follow_up_listed_first_homepage_pdf",
        "different",
        E1,
        (
            _p(
                "Quality culture in the 2020s: understandings, boundaries and linkages",
                "Lee Harvey, Bjørn Stensaker",
                "DOI: 10.1080/13538322.2021.1234567",
                "Abstract",
            ),
        ),
    ),
    Case(
        "book_review",
        "different",
        BOOK,
        (
            _p(
                "BOOK REVIEW",
                "The Audit Society: Rituals of Verification",
                "Michael Power, Oxford University Press, 1997, 183 pp., ISBN 0-19-828947-X",
                "Reviewed by Jane Smith, University of Leeds",
                "Power's book is a landmark.",
            ),
        ),
        expect=("review_framing",),
    ),
    Case(
        "review_of_prefix",
        "different",
        BOOK,
        (
            _p(
                "Review of The Audit Society: Rituals of Verification by Michael Power",
                "Jane Smith",
                "Accounting Review 1998",
            ),
        ),
    ),
    Case(
        "german_rezension",
        "different",
        DE,
        (
            _p(
                "Rezension",
                "Qualitätskultur an Hochschulen: Begriffe und Grenzen",
                "Anna Müller. Waxmann, 2012. 240 Seiten.",
                "Rezensiert von Karl Weber",
            ),
        ),
    ),
    Case(
        "book_review_pdf",
        "different",
        BOOK,
        (
            _p(
                "Book reviews",
                "The Audit Society: Rituals of Verification",
                "By Michael Power. Oxford University Press. 1997. ISBN 0198289472.",
                "Reviewed by J. Smith",
            ),
        ),
        kind="pdf",
    ),
    Case(
        "table_of_contents",
        "different",
        E1,
        (
            _p(
                "European Journal of Education",
                "Volume 43, Number 4, December 2008",
                "Contents",
                "Editorial ........ 405",
                "Quality culture: understandings, boundaries and linkages",
                "Lee Harvey & Bjørn Stensaker ........ 427",
                "doi:10.1111/j.1465-3435.2008.00373.x",
                "Quality assurance in transnational education ........ 443",
                "Institutional audit in practice ........ 459",
            ),
        ),
        expect=("toc_page",),
    ),
    Case(
        "table_of_contents_short_lines",
        "different",
        E1_NO_DOI,
        (
            _p(
                "European Journal of Education",
                "Contents",
                "Editorial ........ 405",
                "Quality culture: understandings, boundaries and linkages",
                "L. Harvey ........ 427",
                "Funding formulas compared ........ 443",
                "Doctoral schools in transition ........ 459",
            ),
        ),
        expect=("toc_page",),
    ),
    Case(
        "table_of_contents_no_heading",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Issue 4 2008",
                "Editorial, P. Smith 405",
                "Quality culture: understandings, boundaries and linkages, L. Harvey 427",
                "Quality assurance in transnational education, K. Ong 443",
                "Institutional audit in practice, R. Diaz 459",
                "Student voice and quality, M. Brown 471",
                "Performance indicators revisited, S. Lee 489",
            ),
        ),
    ),
    Case(
        "conference_programme",
        "different",
        E1_NO_DOI,
        (
            _p(
                "EAIR Forum 2008 - Programme",
                "Session 3A",
                "10:30 Quality culture: understandings, boundaries and linkages (L. Harvey)",
                "11:00 Quality assurance in transnational education (K. Ong)",
            ),
        ),
    ),
    Case(
        "news_teaser_front_page_redirect",
        "different",
        NEWS,
        kind="html",
        pages=(
            "<main><h2>News</h2><ul>"
            "<li><a href='/2025/04/14/humanities-core/'>Faculty vote to expand the humanities "
            "core</a><p>By Adaeze Okafor</p></li>"
            "<li><a href='/2025/04/14/budget/'>Budget talks stall</a><p>By Sam Lee</p></li>"
            "<li><a href='/2025/04/13/library/'>Library hours extended</a></li></ul></main>",
        ),
        requested="https://ydn.example/2025/04/14/humanities-core/",
        final="https://ydn.example/news/",
        hops=("https://ydn.example/2025/04/14/humanities-core/",),
        expect=("url_drift",),
    ),
    Case(
        "news_listing_no_redirect",
        "different",
        NEWS,
        kind="html",
        pages=(
            "<main><h1>Latest</h1>"
            "<div><a href='/2025/04/14/humanities-core/'>Faculty vote to expand the "
            "humanities core</a><span>Adaeze Okafor · April 14, 2025</span></div>"
            "<div><a href='/2025/04/14/budget/'>Budget talks stall</a></div></main>",
        ),
        requested="https://ydn.example/latest/",
        final="https://ydn.example/latest/",
        expect=("title_only_in_links",),
    ),
    Case(
        "soft_404_home_page",
        "different",
        NEWS,
        kind="html",
        pages=(
            "<main><h1>Yale Daily News</h1><section><h2>Top stories</h2>"
            "<a href='/x'>Faculty vote to expand the humanities core</a>"
            "<p>Adaeze Okafor</p></section></main>",
        ),
        requested="https://ydn.example/2025/04/14/humanities-core/",
        final="https://ydn.example/",
        hops=("https://ydn.example/2025/04/14/humanities-core/",),
    ),
    Case(
        "wrong_record_banjarmasin",
        "different",
        REG,
        (
            _p(
                "LEMBARAN DAERAH KOTA BANJARMASIN",
                "PERATURAN DAERAH KOTA BANJARMASIN",
                "NOMOR 1 TAHUN 2024",
                "TENTANG",
                "PAJAK DAERAH DAN RETRIBUSI DAERAH",
                "WALI KOTA BANJARMASIN,",
            ),
        ),
        expect=("title_missing",),
    ),
    Case(
        "same_author_other_paper",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Quality and the transformation of higher education",
                "Lee Harvey",
                "Abstract",
            ),
        ),
    ),
    Case(
        "comment_on_the_work",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Comment on",
                "Quality culture: understandings, boundaries and linkages",
                "Marta Kowalska",
                "In their 2008 article Harvey and Stensaker ...",
            ),
        ),
        expect=("response_framing",),
    ),
    Case(
        "erratum",
        "different",
        E1,
        (
            _p(
                "Erratum",
                "Quality culture: understandings, boundaries and linkages",
                "Lee Harvey & Bjørn Stensaker",
                "DOI: 10.1111/j.1465-3435.2008.00373.x",
                "In the article above, Table 2 was printed incorrectly.",
            ),
        ),
    ),
    Case(
        "different_doi_title_in_body",
        "different",
        E1,
        (
            _p(
                "Organisational culture and quality enhancement",
                "Marta Kowalska",
                "https://doi.org/10.1080/13538322.2019.1111111",
                "Abstract",
                "We extend Quality culture: understandings, boundaries and linkages by Harvey",
                "and Stensaker (2008) to three countries.",
            ),
        ),
    ),
    Case(
        "cv_publication_list",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Curriculum vitae",
                "Bjørn Stensaker",
                "Selected publications",
                "Harvey, L. & Stensaker, B. (2008). Quality culture: understandings, boundaries "
                "and linkages. European Journal of Education, 43(4).",
                "Stensaker, B. (2007). Quality as fashion. Springer.",
            ),
        ),
    ),
    Case(
        "search_results_page",
        "different",
        E1_NO_DOI,
        kind="html",
        pages=(
            "<main><h1>Search results for quality culture</h1>"
            "<div><a href='/w/1'>Quality culture: understandings, boundaries and linkages</a>"
            "<p>L Harvey, B Stensaker - European Journal of Education, 2008</p></div>"
            "<div><a href='/w/2'>Examining quality culture</a><p>T Loukkola - 2010</p></div>"
            "</main>",
        ),
        requested="https://search.example/?q=quality+culture",
        final="https://search.example/?q=quality+culture",
    ),
    Case(
        "annotated_bibliography",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Annotated bibliography on quality culture",
                "Compiled by the EUA secretariat, 2011",
                "Harvey, L., & Stensaker, B. (2008). Quality culture: understandings,",
                "boundaries and linkages. European Journal of Education, 43(4), 427-442.",
                "The authors distinguish four ideal types of quality culture.",
                "Vettori, O. (2012). A clash of quality cultures? EUA.",
            ),
        ),
    ),
    Case(
        "citing_cjk_paper_english_target",
        "different",
        ZH_EN,
        (
            _p(
                "研究型大学本科生学习投入研究",
                "刘洋",
                "摘要：……",
                "参考文献",
                "[1] ZHANG W. Student engagement in Chinese research universities[J]. Higher "
                "Education, 2017, 73: 1-18.",
            ),
        ),
    ),
    Case(
        "keynote_announcement",
        "different",
        E1_NO_DOI,
        (
            _p(
                "EAIR Annual Forum, Copenhagen, 2008",
                "Keynote lecture",
                "Quality culture: understandings, boundaries and linkages",
                "Lee Harvey",
                "Tuesday 26 August, 9:00, Main Hall",
            ),
        ),
        expect=("event_framing",),
    ),
    Case(
        "reading_list_title_above_authors",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Reading list: quality in higher education (2008/09)",
                "Quality culture: understandings, boundaries and linkages",
                "Harvey, L. & Stensaker, B. (2008), European Journal of Education 43(4)",
                "Examining quality culture",
                "Loukkola, T. & Zhang, T. (2010), EUA, Brussels",
            ),
        ),
    ),
    Case(
        "slides_of_a_talk_same_title",
        "different",
        E1_NO_DOI,
        (
            _p(
                "Invited talk",
                "Quality culture: understandings, boundaries and linkages",
                "Bjørn Stensaker, NIFU",
                "Slide 1 of 24",
            ),
        ),
    ),
    Case(
        "news_story_about_the_paper",
        "different",
        BIO,
        kind="html",
        pages=(
            "<article><h1>Teenagers who skip sleep forget more, study finds</h1>"
            "<p>By Sam Reporter · 12 March 2020</p><p>A study titled \u201cSleep deprivation "
            "impairs memory consolidation in adolescents\u201d by Ngozi Okeke and Sara Lindqvist "
            "was published this week.</p></article>",
        ),
        requested="https://news.example/2020/03/12/sleep/",
        final="https://news.example/2020/03/12/sleep/",
    ),
]

UNKNOWN: list[Case] = [
    Case("scanned_pdf", "unknown", E1, ("",), kind="pdf", expect=("no_text_layer",)),
    Case("scanned_pdf_two_pages", "unknown", BOOK, ("", ""), kind="pdf"),
]

DATA = Path(__file__).resolve().parent / "data" / "identity"
TUNING_FILES = (DATA / "tuning2.yaml", DATA / "tuning3.yaml")
"""Further tuning documents (issue 22), in the file format of the held-out set."""
HELDOUT_FILE = DATA / "heldout.yaml"
"""Written after the first tuning by someone who had not seen the tuning set; its first run
is recorded (``bench_identity.FIRST_HELDOUT_RUN``) and it has been used for tuning since."""
HELDOUT2_FILE = DATA / "heldout2.yaml"
"""The next held-out set, written after the fixes the first one prompted, by someone else."""


class CaseFileError(ValueError):
    """A labelled-set file that does not follow the format (names the file and the entry)."""


def load_cases(path: Path) -> list[Case]:
    """The documents of one labelled-set file (format: docs/retrieval.md, "The labelled sets")."""
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("documents"), list):
        raise CaseFileError(f"{path}: needs a 'works' mapping and a 'documents' list")
    works = {name: _work(path, name, spec) for name, spec in (data.get("works") or {}).items()}
    cases = []
    for number, doc in enumerate(data["documents"], 1):
        where = f"{path}: document {number} ({doc.get('name') if isinstance(doc, dict) else doc})"
        if not isinstance(doc, dict) or doc.get("work") not in works:
            raise CaseFileError(f"{where}: 'work' must name one of the works")
        if doc.get("truth") not in ("same", "different", "unknown"):
            raise CaseFileError(f"{where}: 'truth' must be same, different or unknown")
        pages = doc.get("pages")
        if not isinstance(pages, list) or not all(isinstance(x, str) for x in pages):
            raise CaseFileError(f"{where}: 'pages' must be a list of page texts")
        kind = doc.get("kind", "text")
        if kind not in ("text", "pdf", "html"):
            raise CaseFileError(f"{where}: 'kind' must be text, pdf or html")
        cases.append(
            Case(
                str(doc.get("name") or f"{path.stem}_{number}"),
                doc["truth"],
                works[doc["work"]],
                tuple(page.rstrip("\n") for page in pages),
                kind,
                doc.get("requested"),
                doc.get("final"),
                tuple(doc.get("hops") or ()),
                bool(doc.get("tie", False)),
                tuple(doc.get("expect") or ()),
                bool(doc.get("known_miss", False)),
            )
        )
    return cases


def _work(path: Path, name: str, spec: object) -> Work:
    if not isinstance(spec, dict) or not spec.get("title") or not spec.get("authors"):
        raise CaseFileError(f"{path}: work {name}: needs 'title' and 'authors'")
    authors = tuple(
        (str(a.get("family") or a.get("literal") or ""), str(a.get("given") or ""))
        for a in spec["authors"]
    )
    related = spec.get("related") or {}
    return Work(
        str(spec["title"]),
        authors,
        int(spec["year"]) if spec.get("year") else None,
        str(spec["doi"]).lower() if spec.get("doi") else None,
        str(spec["arxiv_id"]) if spec.get("arxiv_id") else None,
        spec.get("type") in ("review", "review-book"),
        str(spec.get("venue") or ""),
        tuple(str(a).lower() for a in spec.get("aliases") or ()),
        tuple(sorted((str(k).lower(), str(v)) for k, v in related.items())),
        bool(spec.get("shared_title", False)),
    )


FIRST_SET: list[Case] = SAME + DIFFERENT + UNKNOWN
"""The 81 documents of issue 15."""
CASES: list[Case] = FIRST_SET + [case for path in TUNING_FILES for case in load_cases(path)]
"""The tuning set: every document the decision was tuned on."""


def heldout_cases(path: Path = HELDOUT_FILE) -> list[Case] | None:
    """A held-out set, or ``None`` when its file has not been written yet."""
    return load_cases(path) if path.is_file() else None


def document_of(case: Case) -> Document:
    """The document the decision sees, read the way the chain reads it."""
    from retrieval_support import make_pdf

    if case.kind == "text":
        return Document(case.pages, None, case.requested, case.final, case.hops, case.tie)
    if case.kind == "pdf":
        body = make_pdf(*[page.splitlines() for page in case.pages])
        url = case.final or "https://repository.example/paper.pdf"
        reading = read_document(body, {}, url=url, pages=2)
    else:
        page = f"<!doctype html><html><head><title>t</title></head><body>{case.pages[0]}</body>"
        reading = read_document(
            page.encode("utf-8"),
            {"content-type": "text/html; charset=utf-8"},
            url=case.final or "https://site.example/",
            pages=2,
            requested=case.requested,
            hops=case.hops,
        )
    assert reading.document is not None, case.name
    return replace(reading.document, tie=case.tie)
