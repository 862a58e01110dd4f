"""Held-out cases: fabricated references, of the kinds a language model writes.

How they are labelled (what a careful human checker would conclude):

- an entry whose title and authors describe a work of the world is judged against that work:
  ``mismatch`` with the fields it gets wrong -- ``identifier`` when a DOI, arXiv id, PMID or
  ISBN is registered nowhere or names another record (another paper, a republication, a
  notice); a year is wrong when it is two or more from every date the work has;
- an entry whose title and authors describe nothing, but whose identifier names a record, is
  judged against that record (every field that contradicts it);
- an entry with nothing that leads to a record is ``not_found``, even when its author is real;
- ``expect_retraction`` is that of the work the entry is judged against, so an altered title
  of a retracted paper is ``mismatch`` + ``retracted``.
"""

from __future__ import annotations

from heldout_cases_lib import JSON
from heldout_cases_lib import case as C

GRANOVETTER = dict(authors="Granovetter, M. S.", year=1973,
                   venue="American Journal of Sociology", volume=78, issue=6,
                   pages="1360-1380")  # fmt: skip


def cases() -> list[JSON]:
    return [*identifiers(), *descriptions(), *invented()]


def identifiers() -> list[JSON]:
    return [
        C("granovetter1973ties", "fabricated_unregistered_doi", "mismatch",
          title="The strength of weak ties", doi="10.1086/225470", work="granovetter1973",
          fields=("identifier",),
          why="Everything right but the DOI, one digit off and registered nowhere.",
          tags=("doi_off_by_one", "unregistered_doi"), **GRANOVETTER),
        C("harrington2019platform", "fabricated_unregistered_doi", "not_found",
          title="Platform labor, algorithmic wage setting, and the decline of the reservation "
                "wage",
          authors="Harrington, L.; Osei, K.", year=2019,
          venue="The Quarterly Journal of Economics", volume=134, issue=3, pages="1187-1232",
          doi="10.1093/qje/qjz011",
          why="An invented paper in a real journal, with a DOI of the journal's pattern that is "
              "registered nowhere.",
          tags=("invented", "plausible_doi_pattern")),
        C("sorensen2023corpus", "fabricated_unregistered_doi", "not_found",
          title="Annotated corpus of fabricated references in AI-assisted student theses",
          authors="Sørensen, M.; Haugen, L.", year=2023, type="dataset", publisher="Zenodo",
          doi="https://doi.org/10.5281/zenodo.7893421",
          why="An invented dataset with a Zenodo DOI that is registered nowhere.",
          tags=("invented", "datacite_prefix", "dataset")),
        C("atlas2012higgs", "fabricated_doi_of_other_work", "mismatch",
          title="Observation of a new particle in the search for the Standard Model Higgs "
                "boson with the ATLAS detector at the LHC",
          authors="{ATLAS Collaboration}", year=2012, venue="Physics Letters B", volume=716,
          pages="1-29", doi="10.1016/j.physletb.2012.08.021", work="atlas2012",
          fields=("identifier",),
          why="The ATLAS discovery paper with the next DOI, which is CMS's paper in the same "
              "issue.",
          tags=("neighbouring_doi", "doi_of_other_work")),
        C("estruch2013mediterranean", "fabricated_doi_of_other_work", "mismatch",
          title="Primary prevention of cardiovascular disease with a Mediterranean diet",
          authors="Estruch, R.; Ros, E.; Salas-Salvadó, J.; et al.", year=2013,
          venue="N Engl J Med", volume=368, pages="1279-1290", doi="10.1056/NEJMoa1800389",
          work="estruch2013", fields=("identifier",), retraction="retracted",
          why="The retracted 2013 trial given the DOI of its 2018 republication; title, year, "
              "volume and pages still describe the retracted paper.",
          tags=("doi_of_republication", "retracted_work")),
        C("chen2019pylori", "fabricated_doi_of_other_work", "mismatch",
          title="Deep learning detection of Helicobacter pylori in gastric biopsy images",
          authors="Chen, Y.; Park, S.", year=2019, venue="Journal of Biomedical Informatics",
          volume=96, pages="103246", doi="10.1016/S0140-6736(84)91816-6", work="marshall1984",
          fields=("title", "authors", "year", "venue"),
          why="An invented paper given the DOI of the 1984 paper it seems to build on; that "
              "record contradicts its title, authors, year and journal.",
          tags=("invented", "doi_of_other_work")),
        C("loshchilov2017weight", "fabricated_arxiv", "mismatch",
          title="Decoupled weight decay regularization", authors="Loshchilov, I.; Hutter, F.",
          year=2017, arxiv_id="1711.01505", work="loshchilov2017", fields=("identifier",),
          why="The right paper with the digits of its arXiv id shuffled; no e-print has that "
              "id.",
          tags=("arxiv_digits_swapped", "unknown_arxiv_id")),
        C("zhou2020curriculum", "fabricated_arxiv", "mismatch",
          title="Curriculum distillation for sample-efficient reinforcement learning from "
                "human feedback",
          authors="Zhou, Y.; Lambert, N.", year=2020, arxiv_id="arXiv:2006.11239",
          work="ho2020", fields=("title", "authors"),
          why="An invented paper given the arXiv id of the DDPM paper, whose record "
              "contradicts its title and authors.",
          tags=("invented", "arxiv_of_other_work", "arxiv_prefix")),
        C("eze2023prompt", "fabricated_arxiv", "not_found",
          title="Prompt sensitivity of citation generation in instruction-tuned language models",
          authors="Eze, C.; Lindahl, J.", year=2023, arxiv_id="2313.04567",
          why="An invented preprint whose arXiv id cannot exist (month 13).",
          tags=("invented", "impossible_arxiv_id")),
        C("marshall1984bacilli", "fabricated_pmid", "mismatch",
          title="Unidentified curved bacilli in the stomach of patients with gastritis and "
                "peptic ulceration",
          authors="Marshall, B. J.; Warren, J. R.", year=1984, venue="Lancet", pmid="16541076",
          work="marshall1984", fields=("identifier",),
          why="The 1984 Lancet paper with the PMID of an unrelated 2006 Nature paper.",
          tags=("pmid_of_other_work",)),
        C("patel2024fasting", "fabricated_pmid", "not_found",
          title="Intermittent fasting and glycaemic control in adolescents with type 1 "
                "diabetes: a systematic review and meta-analysis",
          authors="Patel, R.; O'Brien, S.; Nakamura, K.", year=2024, venue="Pediatric Diabetes",
          volume=25, pages="e13512", pmid="38917245",
          why="An invented review with a PMID no record has.",
          tags=("invented", "unknown_pmid")),
        C("schon2001conductance", "fabricated_notice_doi", "mismatch",
          title="Field-effect modulation of the conductance of single molecules",
          authors="Schön, J. H.; Meng, H.; Bao, Z.", year=2001, venue="Science", volume=294,
          pages="2138-2140", doi="10.1126/science.298.5595.961b", work="schon2001",
          fields=("identifier",), retraction="retracted",
          why="The retracted paper given the DOI of its retraction notice, a record titled "
              "just 'Retraction'.",
          tags=("notice_doi", "retracted_work")),
        C("novak2021morava", "fabricated_notice_doi", "mismatch",
          title="Microplastic abundance in riverbed sediments of the Morava River basin, Czech "
                "Republic",
          authors="Novák, T.; Horváthová, E.; Dvořáček, J.", year=2021, venue="Water",
          volume=13, pages="512", doi="10.3390/w13091210", work="novak2021",
          fields=("identifier",), retraction="correction",
          why="The corrected paper given the DOI of its correction, whose title contains the "
              "paper's whole citation.",
          tags=("notice_doi", "corrected_work")),
        C("thaler2008choice", "fabricated_isbn", "mismatch",
          title="Nudge: Improving decisions about health, wealth, and happiness",
          authors="Thaler, R. H.; Sunstein, C. R.", year=2008, type="book",
          publisher="Yale University Press", isbn="978-1-118-67502-1", work="thaler2008",
          fields=("identifier",),
          why="The book with a valid ISBN that is that of the fifth edition of Box and "
              "Jenkins's Time Series Analysis.",
          tags=("isbn_of_other_book",)),
    ]  # fmt: skip


def descriptions() -> list[JSON]:
    return [
        C("akerlof1970information", "fabricated_invented_title", "mismatch",
          title="Information asymmetry and the collapse of used-car markets",
          authors="Akerlof, G. A.", year=1970, venue="The Quarterly Journal of Economics",
          volume=84, issue=3, pages="488-500", doi="10.2307/1879431", work="akerlof1970",
          fields=("title",),
          why="The lemons paper's author, journal, pages and DOI under a title that says what "
              "the paper is about but is not its title.",
          tags=("paraphrased_title", "real_doi")),
        C("granovetter1976diffusion", "fabricated_invented_title", "not_found",
          title="Weak ties and the diffusion of labour-market information in suburban Boston",
          authors="Granovetter, M. S.", year=1976, venue="American Journal of Sociology",
          volume=81, issue=4, pages="812-839",
          why="A real author and journal, an invented title and year, and nothing that leads to "
              "a record.",
          tags=("real_author", "invented_title", "no_identifier")),
        C("robbins1951approximation", "fabricated_invented_venue", "mismatch",
          title="A stochastic approximation method", authors="Robbins, H.; Monro, S.",
          year=1951, venue="Journal of Stochastic Methods and Control", volume=22,
          pages="400-407", work="robbins1951", fields=("venue",),
          why="The stochastic-approximation paper placed in a journal that does not exist.",
          tags=("invented_journal_name",)),
        C("heisenberg1927unbestimmtheit", "fabricated_invented_venue", "mismatch",
          title="Über den anschaulichen Inhalt der quantentheoretischen Kinematik und Mechanik",
          authors="Heisenberg, W.", year=1927, venue="Annalen der Physik", volume=43,
          pages="172-198", work="heisenberg1927", fields=("venue",),
          why="Heisenberg's 1927 paper placed in Annalen der Physik instead of Zeitschrift für "
              "Physik.",
          tags=("wrong_real_venue", "german")),
        C("zadeh1968fuzzy", "fabricated_wrong_year", "mismatch", title="Fuzzy sets",
          authors="Zadeh, L. A.", year=1968, venue="Information and Control", volume=8,
          pages="338-353", work="zadeh1965", fields=("year",),
          why="'Fuzzy sets' dated 1968, the year of the author's 'Fuzzy algorithms' in the same "
              "journal, with the volume and pages of 1965.",
          tags=("wrong_year", "same_author_same_venue")),
        C("thaler2006nudge", "fabricated_wrong_year", "mismatch",
          title="Nudge: Improving decisions about health, wealth, and happiness",
          authors="Thaler, R. H.; Sunstein, C. R.", year=2006, type="book",
          publisher="Yale University Press", work="thaler2008", fields=("year",),
          why="The book dated two years before its first edition.",
          tags=("wrong_year", "book")),
        C("granovetter1973strong", "fabricated_altered_title", "mismatch",
          title="The strength of strong ties", work="granovetter1973", fields=("title",),
          why="One word of a famous title turned into its opposite.",
          tags=("one_word_changed",), **GRANOVETTER),
        C("lesne2006tau", "fabricated_altered_title", "mismatch",
          title="A specific tau protein assembly in the brain impairs memory",
          authors="Lesné, S.; Koh, M. T.; Kotilinek, L.; et al.", year=2006, venue="Nature",
          volume=440, pages="352-357", work="lesne2006", fields=("title",),
          retraction="retracted",
          why="The retracted amyloid-β paper with its protein changed to tau: the entry "
              "misdescribes a retracted paper.",
          tags=("one_word_changed", "retracted_work")),
        C("ho2022latent", "fabricated_chimera", "mismatch",
          title="High-resolution image synthesis with latent diffusion models",
          authors="Ho, J.; Jain, A.; Abbeel, P.", year=2022, venue="CVPR", work="rombach2022",
          fields=("authors",),
          why="The latent-diffusion paper attributed to the authors of the DDPM paper.",
          tags=("authors_of_other_paper",)),
        C("cms2012observation", "fabricated_chimera", "mismatch",
          title="Observation of a new particle in the search for the Standard Model Higgs "
                "boson with the ATLAS detector at the LHC",
          authors="{CMS Collaboration}", year=2012, venue="Phys. Lett. B", volume=716,
          pages="1-29", work="atlas2012", fields=("authors",),
          why="The ATLAS discovery paper attributed to the CMS Collaboration, whose companion "
              "paper is in the same issue.",
          tags=("collaboration_author", "authors_of_other_paper")),
        C("kalnay2023era5", "fabricated_invented_authors", "mismatch",
          title="ERA5 hourly data on single levels from 1940 to present",
          authors="Kalnay, E.; Kanamitsu, M.; Kistler, R.", year=2023, type="dataset",
          publisher="Copernicus Climate Change Service (C3S) Climate Data Store (CDS)",
          doi="10.24381/cds.adbb2d47", work="era5_single", fields=("authors",),
          why="The ERA5 dataset attributed to the authors of an older, different reanalysis.",
          tags=("authors_of_work_outside_world", "datacite")),
    ]  # fmt: skip


def invented() -> list[JSON]:
    return [
        C("thaler2019default", "fabricated_invented", "not_found",
          title="The default effect: Choice architecture and the psychology of saving",
          authors="Thaler, R. H.", year=2019, type="book", publisher="Yale University Press",
          why="A book the author never wrote, from his real publisher.",
          tags=("real_author", "invented_book")),
        C("nguyen2022screening", "fabricated_invented", "not_found",
          title="Large language models as screening assistants in systematic reviews: a "
                "validation study",
          authors="Nguyen, T. H.; Schmidt, L.", year=2022, venue="Research Synthesis Methods",
          volume=13, issue=4, pages="512-530",
          why="A wholly invented article in a real journal, the kind of reference a language "
              "model writes.",
          tags=("invented", "real_venue")),
        C("wang2019blockchain", "fabricated_invented", "not_found",
          title="基于区块链的医疗数据共享隐私保护模型研究",
          authors=[{"family": "王", "given": "磊"}, {"family": "陈", "given": "静"}], year=2019,
          venue="计算机学报", volume=42, issue=5, pages="1021-1035",
          why="An invented Chinese-language article in a real journal, in Chinese script.",
          tags=("invented", "chinese", "non_latin")),
    ]  # fmt: skip
