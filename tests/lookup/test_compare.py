"""The matcher of ``ars-docs lookup``: folding, titles, names, years, venues, identifiers."""

from __future__ import annotations

import pytest

from ars_docs.lookup.entry.compare import Agreement, Comparison, compare, title_agreement
from ars_docs.lookup.entry.names import match_names
from ars_docs.lookup.entry.query import Query
from ars_docs.lookup.entry.record import Name, WorkRecord, kind_of, notice_kind
from ars_docs.works.fold import fold, plain, words
from ars_docs.works.identifiers import arxiv_parts as normal_arxiv
from ars_docs.works.identifiers import comparable_doi as normal_doi
from ars_docs.works.identifiers import isbn_digits as normal_isbn

SAME, CLOSE, DIFFERENT, UNKNOWN = (
    Agreement.SAME,
    Agreement.CLOSE,
    Agreement.DIFFERENT,
    Agreement.UNKNOWN,
)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("A study of the <i>E. coli</i> genome", "A study of the E. coli genome"),
        ("Water <sub>2</sub>O &amp; ice", "Water 2 O & ice"),
        (r"The role of $\alpha$-synuclein", "The role of α-synuclein"),
        (r"Die {\"U}berpr{\"u}fung", "Die Überprüfung"),
        (r"Caf\'e \& bar", "Café & bar"),
        ("a < b and c > d", "a < b and c > d"),  # not tags
        (
            "<mml:math><mml:mi>β</mml:mi></mml:math>-Catenin signalling",
            "β -Catenin signalling",
        ),
        ("Costs of $100 and $200 per patient", "Costs of $100 and $200 per patient"),
        ("Why R&amp;D fails: $5", "Why R&D fails: $5"),  # dollars without LaTeX stay
        (r"Schr{\"o}dinger's {DNA} --- a review", "Schrödinger's DNA — a review"),
    ],
)
def test_plain_removes_markup_of_every_kind(raw: str, expected: str) -> None:
    assert plain(raw) == expected


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Müller", "Muller"),
        ("Straße", "strasse"),
        ("Ørsted", "orsted"),
        ("Yıldız", "yildiz"),
        ("α-Synuclein", "alpha synuclein"),
        ("The “quoted” TITLE!", "the quoted title"),
        ("O’Brien", "obrien"),
        ("Η ιστορία της Ελλάδας", "Η ιστορια της Ελλαδας"),  # accents, Greek script
        ("Ħal Far", "ħal far"),
    ],
)
def test_fold_meets_the_written_variants(a: str, b: str) -> None:
    assert fold(a) == fold(b)


@pytest.mark.parametrize(
    ("entry", "record"),
    [
        ("Maternal anemia and low birth weight in Zambia: a multilevel analysis",
         "Maternal anaemia and low birthweight in Zambia: a multilevel analysis"),
        ("A data set of river temperatures", "A dataset of river temperatures"),
        ("Vliyanie klimaticheskikh izmenenii na urozhainost' zernovykh kul'tur",
         "Влияние климатических изменений на урожайность зерновых культур"),
    ],
)  # fmt: skip
def test_spelling_compounds_and_transliteration_are_the_same_title(entry: str, record: str) -> None:
    assert title_agreement(entry, record)[0] is Agreement.SAME


def test_a_compound_does_not_hide_another_word() -> None:
    found = title_agreement(
        "Low birth weight in rural Zambia", "Low birthweight and stunting in rural Zambia"
    )[0]
    assert found is not Agreement.SAME


def test_words_split_cjk_into_characters() -> None:
    assert words(fold("高等教育 quality")) == ["高", "等", "教", "育", "quality"]


@pytest.mark.parametrize(
    ("entry", "record", "expected"),
    [
        ("Deep residual learning for image recognition", "Deep Residual Learning for Image Recognition", SAME),  # noqa: E501
        ("Quality culture: understandings, boundaries and linkages", "Quality culture", SAME),
        ("On the dangers of stochastic parrots", "On the Dangers of Stochastic Parrots: Can Language Models Be Too Big?", SAME),  # noqa: E501
        ("Organisational behaviour in universities", "Organizational behavior in universities", SAME),  # noqa: E501
        ("Learning representations by back-propagating errors", "Learning representations by backpropagating errors", SAME),  # noqa: E501
        ("Die Überprüfung der Qualität", "Die Ueberpruefung der Qualitaet", SAME),
        ("A survey of hallucination in natural language generation", "Survey of hallucination in natural language generation", SAME),  # noqa: E501
        ("Trust in the age of automated peer review systems", "Trust in the age of automated review systems", CLOSE),  # noqa: E501
        ("高等教育の質保証", "高等教育の質保証に関する研究", CLOSE),
        # one content word replaced: a different title, even when it is close as a string
        ("Deep residual learning for image recognition", "Deep residual learning for video recognition", DIFFERENT),  # noqa: E501
        ("Attention is all you need", "Attention is not all you need", DIFFERENT),
        ("Quality assurance in German universities", "Teacher education in Finland", DIFFERENT),
        ("教育の質保証", "医学の歴史と未来", DIFFERENT),
    ],
)  # fmt: skip
def test_title_agreement(entry: str, record: str, expected: Agreement) -> None:
    assert title_agreement(entry, record)[0] is expected


def names(*families: str) -> tuple[Name, ...]:
    return tuple(Name(family=f) for f in families)


@pytest.mark.parametrize(
    ("entry", "record", "matched", "comparable"),
    [
        (names("Harvey", "Stensaker"), names("Harvey", "Stensaker"), 2, 2),
        (names("Müller"), (Name(literal="Juergen Mueller"),), 1, 1),
        (names("van der Berg"), names("Berg"), 1, 1),
        (names("García Márquez"), (Name(literal="Gabriel Garcia Marquez"),), 1, 1),
        (names("Иванов"), names("Ivanov"), 1, 1),
        (names("Smith"), names("Jones", "Brown"), 0, 1),
        # different scripts cannot be compared: never a disagreement
        ((Name(family="王", given="小明"),), (Name(literal="Xiaoming Wang"),), 0, 0),
        ((Name(family="王", given="小明"),), (Name(literal="王小明"),), 1, 1),
        # an organisation not on the record is not compared
        ((Name(literal="World Health Organization"), *names("Chan")), names("Chan"), 1, 1),
        (
            (Name(literal="World Health Organization"),),
            (Name(literal="World Health Organization"),),
            1,
            1,
        ),
    ],
)
def test_names_match_across_spellings(
    entry: tuple[Name, ...], record: tuple[Name, ...], matched: int, comparable: int
) -> None:
    found = match_names(entry, record)
    assert (found.matched, found.comparable) == (matched, comparable)


def entry(**fields: object) -> Query:
    data = {
        "title": "Quality culture: understandings, boundaries and linkages",
        "authors": [
            {"family": "Harvey", "given": "Lee"},
            {"family": "Stensaker", "given": "Bjørn"},
        ],
        "year": 2008,
        "venue": "Eur. J. Educ.",
    }
    data.update(fields)
    return Query.from_entry("key", data)


RECORD = WorkRecord(
    service="crossref",
    titles=("Quality culture: understandings, boundaries and linkages",),
    authors=(Name("Harvey", "Lee"), Name("Stensaker", "Bjørn")),
    year=2008,
    years=(2008,),
    venues=("European Journal of Education",),
    kind="article",
    ids={"doi": "10.1111/j.1465-3435.2008.00367.x"},
)


def test_the_right_record_agrees_on_every_field() -> None:
    found = compare(entry(), RECORD)
    assert [c.agreement for c in found.checks] == [SAME, SAME, SAME, SAME, SAME]
    assert found.similarity > 0.95


@pytest.mark.parametrize(
    ("fields", "field", "expected"),
    [
        ({"year": 2007}, "year", CLOSE),  # online first: one year off is the same work
        ({"year": 2011}, "year", DIFFERENT),
        ({"year": "n.d."}, "year", UNKNOWN),
        ({"venue": "Journal of Advanced Quality Studies"}, "venue", DIFFERENT),
        ({"venue": "EJE"}, "venue", SAME),
        ({"venue": "arXiv preprint"}, "venue", UNKNOWN),
        ({"authors": [{"family": "Harvey"}, {"literal": "et al."}]}, "authors", SAME),
        ({"authors": [{"family": "Harvey"}, {"family": "Newton"}, {"family": "Knight"}]}, "authors", CLOSE),  # noqa: E501
        ({"authors": [{"family": "Smith"}, {"family": "Jones"}]}, "authors", DIFFERENT),
    ],
)  # fmt: skip
def test_one_field_at_a_time(fields: dict[str, object], field: str, expected: Agreement) -> None:
    found = compare(entry(**fields), RECORD)
    assert getattr(found, field).agreement is expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("10.1111/J.1465-3435.2008.00367.X", "10.1111/j.1465-3435.2008.00367.x"),
        ("https://doi.org/10.1000/xyz123", "10.1000/xyz123"),
        ("http://dx.doi.org/10.1000/xyz123.", "10.1000/xyz123"),
        ("doi: 10.1000/abc%2Fdef", "10.1000/abc/def"),
        ("N/A", None),
        ("10.1000", None),
    ],
)
def test_doi_forms(raw: str, expected: str | None) -> None:
    assert normal_doi(raw) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("arXiv:2101.00001v2", ("2101.00001", "v2")),
        ("https://arxiv.org/abs/1706.03762", ("1706.03762", None)),
        ("https://arxiv.org/pdf/1706.03762v5.pdf", ("1706.03762", "v5")),
        ("hep-th/9901001v1", ("hep-th/9901001", "v1")),
        ("not an id", None),
    ],
)
def test_arxiv_forms(raw: str, expected: tuple[str, str | None] | None) -> None:
    assert normal_arxiv(raw) == expected


def test_isbn_and_malformed_identifiers_are_reported() -> None:
    assert normal_isbn("978-3-16-148410-0") == "9783161484100"
    query = Query.from_entry("k", {"title": "T", "doi": "N/A", "pmid": "PM123", "isbn": "12"})
    assert query.doi is None and query.pmid is None
    assert dict(query.malformed) == {"doi": "N/A", "pmid": "PM123", "isbn": "12"}


@pytest.mark.parametrize(
    ("field", "raw", "attribute", "expected"),
    [
        ("doi", "dx.doi.org/10.1000/x", "doi", "10.1000/x"),
        ("doi", "doi 10.1000/X.", "doi", "10.1000/x"),
        ("arxiv_id", "https://arxiv.org/abs/2101.00001/", "arxiv", "2101.00001"),
        ("isbn", "ISBN 978-3-16-148410-0", "isbn", "9783161484100"),
        ("pmid", "PMID: 0123", "pmid", "123"),
        ("pmcid", "pmc555", "pmcid", "PMC555"),
    ],
)
def test_what_corpus_import_accepts_lookup_reads_never_as_malformed(
    field: str, raw: str, attribute: str, expected: str
) -> None:
    query = Query.from_entry("k", {"title": "T", field: raw})
    assert getattr(query, attribute) == expected and not query.malformed


def test_identifiers_in_the_url_count() -> None:
    query = Query.from_entry("k", {"title": "T", "url": "https://doi.org/10.1000/Abc"})
    assert query.doi == "10.1000/abc"
    query = Query.from_entry("k", {"title": "T", "url": "https://arxiv.org/abs/2101.00001v3"})
    assert (query.arxiv, query.arxiv_version) == ("2101.00001", "v3")


def test_et_al_marks_a_truncated_author_list() -> None:
    query = Query.from_entry(
        "k", {"title": "T", "authors": [{"family": "Ji"}, {"literal": "et al."}]}
    )
    assert query.truncated_authors and [n.family for n in query.authors] == ["Ji"]


@pytest.mark.parametrize(
    ("label", "kind"),
    [
        ("retraction", "retraction"),
        ("Retraction in", "retraction"),
        ("Partial retraction in", "partial_retraction"),
        ("Expression of concern in", "expression_of_concern"),
        ("Erratum in", "correction"),
        ("partial_retraction", "partial_retraction"),
        ("Expression of Concern", "expression_of_concern"),
        ("erratum", "correction"),
        ("new_version", None),
        ("Retraction of", None),  # the notice itself, not the retracted work
    ],
)
def test_notice_vocabulary(label: str, kind: str | None) -> None:
    assert notice_kind(label) == kind


def test_types_fold_to_kinds() -> None:
    assert kind_of("journal-article") == kind_of("article-journal") == "article"
    assert kind_of("book-chapter") == kind_of("chapter") == "chapter"
    assert kind_of("dissertation") == kind_of("thesis") == "thesis"
    assert kind_of("something new") == "other"


@pytest.mark.parametrize(
    ("entry_venue", "record_venue", "kind", "expected"),
    [
        ("J. R. Stat. Soc. Ser. B", "Journal of the Royal Statistical Society: Series B (Methodological)", "article", SAME),  # noqa: E501
        ("J Am Stat Assoc", "Journal of the American Statistical Association", "article", SAME),
        ("American Economic Review: Papers & Proceedings", "American Economic Review", "article", SAME),  # noqa: E501
        ("Вопросы экономики", "Voprosy Ekonomiki", "article", SAME),
        ("Rev Esp Geriatr Gerontol", "Revista Española de Geriatría y Gerontología", "article", SAME),  # noqa: E501
        ("Z Erziehungswiss", "Zeitschrift für Erziehungswissenschaft", "article", SAME),
        ("NBER Working Paper No. 27431", "National Bureau of Economic Research", "report", SAME),
        ("NAACL-HLT", "Proceedings of the 2019 Conference of the North American Chapter of the Association for Computational Linguistics", "proceedings", SAME),  # noqa: E501
        # a conference series the table knows (works/venues.py), in any of its forms
        ("NeurIPS", "Advances in Neural Information Processing Systems 27", "proceedings", SAME),
        ("NIPS'17", "NeurIPS", "proceedings", SAME),
        ("Proc. of the 40th Intl. Conf. on Machine Learning", "ICML", "proceedings", SAME),
        ("2023 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)", "CVPR", "proceedings", SAME),  # noqa: E501
        ("Findings of the Association for Computational Linguistics: EMNLP 2021", "Findings of EMNLP", "proceedings", SAME),  # noqa: E501
        ("Proc. VLDB Endow.", "VLDB", "article", SAME),
        # another series, another track of it, or a name that is none of the series' names
        ("ICML", "AAAI", "proceedings", DIFFERENT),
        ("KDD", "Proceedings of the AAAI Conference on Artificial Intelligence", "proceedings", DIFFERENT),  # noqa: E501
        ("ECCV", "International Conference on Computer Vision", "proceedings", DIFFERENT),
        ("NeurIPS Workshop on Robot Learning", "NeurIPS", "proceedings", DIFFERENT),
        ("CVPR", "CVPR Workshops", "proceedings", DIFFERENT),
        ("International Conference on Quantum Machine Learning", "ICML", "proceedings", DIFFERENT),
        ("Symposium on Neural Scaling Laws", "ICML", "proceedings", DIFFERENT),
        # a platform names no one venue; an unknown series is compared word by word
        ("Proceedings of Machine Learning Research", "ICML", "proceedings", UNKNOWN),
        ("OpenReview", "ICLR", "proceedings", UNKNOWN),
        # acronyms the table does not know are written every which way: never "different"
        ("FedCSIS", "Annals of Computer Science and Information Systems", "article", UNKNOWN),
        ("Lecture Notes in Computer Science", "Proceedings of the 12th Conference on X", "article", UNKNOWN),  # noqa: E501
        # a journal that shares nothing, or one inside the other with a word of its own
        ("Psychological Bulletin", "Educational and Psychological Measurement", "article", DIFFERENT),  # noqa: E501
        ("Scientometrics", "Proceedings of the National Academy of Sciences", "article", DIFFERENT),
        ("Journal of Machine Learning Research", "Machine Learning", "article", DIFFERENT),
        ("Nature", "Nature Communications", "article", DIFFERENT),
    ],
)  # fmt: skip
def test_venues(entry_venue: str, record_venue: str, kind: str, expected: Agreement) -> None:
    record = WorkRecord("crossref", ("T",), venues=(record_venue,), kind=kind, publisher="")
    assert compare(entry(venue=entry_venue), record).venue.agreement is expected


def test_a_minority_of_authors_without_the_first_is_another_list() -> None:
    query = entry(authors=[{"family": "Mnih"}, {"family": "Kavukcuoglu"}, {"family": "Harvey"}])
    check = compare(query, RECORD).authors
    assert check.agreement is DIFFERENT
    assert check.detail == "2 of 3 not on the record"
    query = entry(authors=[{"family": "Harvey"}, {"family": "Mnih"}, {"family": "Kavukcuoglu"}])
    assert compare(query, RECORD).authors.agreement is CLOSE  # the first is on it


# --- the author list (issue 37): the same people, but not the record's list -----------

FOUR = WorkRecord(
    service="openalex",
    titles=("Optimism in reinforcement learning",),
    authors=(Name(literal="Yining Wang"), Name(literal="Ruosong Wang"),
             Name(literal="Simon Shaolei Kumar"), Name(literal="Akshay Krishnamurthy")),
    year=2021,
    kind="proceedings",
)  # fmt: skip


def listed(*names: dict[str, str], **fields: object) -> Query:
    return entry(title="Optimism in reinforcement learning", year=2021, venue="",
                 authors=list(names), **fields)  # fmt: skip


def test_authors_left_out_without_et_al_are_a_soft_difference() -> None:
    found = compare(listed({"family": "Wang", "given": "Yining"},
                           {"family": "Krishnamurthy", "given": "Akshay"}), FOUR)  # fmt: skip
    assert found.authors.agreement is SAME  # the people are right ...
    assert found.author_list.agreement is DIFFERENT  # ... the list is not
    assert found.author_list.detail == "2 of the record's 4 authors left out, without et al."


def test_et_al_says_the_list_is_cut_on_purpose() -> None:
    query = listed({"family": "Wang", "given": "Yining"}, {"literal": "others"})
    assert query.truncated_authors
    assert compare(query, FOUR).author_list.agreement is not DIFFERENT


def test_two_people_of_one_surname_are_two_places_on_the_list() -> None:
    names = [{"family": "Wang", "given": "Yining"}, {"family": "Wang", "given": "Ruosong"},
             {"family": "Kumar", "given": "Simon S."},
             {"family": "Krishnamurthy", "given": "A."}]  # fmt: skip
    assert compare(listed(*names), FOUR).author_list.agreement is SAME


def test_another_first_author_is_a_soft_difference() -> None:
    names = [{"family": "Krishnamurthy"}, {"family": "Wang", "given": "Yining"},
             {"family": "Wang", "given": "Ruosong"}, {"family": "Kumar"}]  # fmt: skip
    found = compare(listed(*names), FOUR).author_list
    assert found.agreement is DIFFERENT
    assert found.detail == "the record's first author is Yining Wang"


def test_an_organisation_author_makes_no_claim_about_the_list() -> None:
    query = listed({"literal": "OECD"}, {"family": "Wang", "given": "Yining"})
    assert compare(query, FOUR).author_list.agreement is UNKNOWN


# --- a close title's wording (issue 37) -------------------------------------------------


def titled(title: str, record_title: str) -> Comparison:
    record = WorkRecord("crossref", (record_title,), authors=RECORD.authors, year=2008,
                        years=(2008,), kind="article")  # fmt: skip
    return compare(entry(title=title, venue=""), record)


def test_one_word_replaced_in_a_title_is_a_soft_difference() -> None:
    found = titled("BiasAdv: Bias-Adversarial Augmentation towards Model Debiasing",
                   "BiasAdv: Bias-Adversarial Augmentation for Model Debiasing")  # fmt: skip
    assert found.title.agreement is CLOSE
    assert found.title_wording.agreement is DIFFERENT
    assert found.title_wording.detail == "'towards' where the record has 'for'"


@pytest.mark.parametrize(
    ("title", "record_title"),
    [
        ("Characterizing risk of fairwashing", "Characterizing the risk of fairwashing"),
        ("Sample-level metrics for evaluating generative model",
         "Sample-level metrics for evaluating generative models"),
        ("Prevalence of obesity and its related factors in primary school children of Tabriz "
         "[in Persian]",
         "Prevalence of obesity and its related factors among primary school children in Tabriz"),
    ],
)  # fmt: skip
def test_a_dropped_word_a_plural_or_a_reworded_translation_is_not_a_wording_change(
    title: str, record_title: str
) -> None:
    assert titled(title, record_title).title_wording.agreement is not DIFFERENT


def test_a_negating_prefix_is_not_a_typo() -> None:
    found = titled("Adaptive conceptualization for self-supervised semantic segmentation",
                   "Adaptive conceptualization for unsupervised semantic segmentation")  # fmt: skip
    assert found.title.agreement is DIFFERENT
