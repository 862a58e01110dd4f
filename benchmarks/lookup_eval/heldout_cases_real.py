"""Held-out cases: real works, written as real bibliographies write them.

Each entry describes a work of the held-out world; what varies is how: abbreviated,
renamed or acronym venues, missing or extra subtitles, dropped diacritics (Turkish dotless ı
included), a name suffix, a particle in the given name, a collaboration for its members,
online-first and designation years, old volume numbering, DOIs written every way (a ``DOI ``
label, ``doi:``, ``doi: ``, dx.doi.org, without scheme, percent-encoded, upper case, with a
full stop), arXiv ids with versions and PDF links, PMIDs as integers, ISBNs with hyphens,
Cyrillic script for a romanised record, an English title with ``[in Persian]``.
"""

from __future__ import annotations

from heldout_cases_lib import JSON
from heldout_cases_lib import case as C


def cases() -> list[JSON]:
    return [*articles(), *other_kinds(), *languages_pages_ambiguous(), *updated()]


def articles() -> list[JSON]:
    return [
        C("lorenz1963deterministic", "real_article", title="Deterministic nonperiodic flow",
          authors="Lorenz, E. N.", year=1963, venue="J. Atmos. Sci.", volume=20, issue=2,
          pages="130-141", doi="doi:10.1175/1520-0469(1963)020<0130:DNF>2.0.CO;2",
          work="lorenz1963",
          why="A SICI DOI, with angle brackets, parentheses and a semicolon, written with 'doi:'; "
              "the author published another predictability paper the same year.",
          tags=("sici_doi", "doi_prefix", "same_author_same_year")),
        C("granovetter1973strength", "real_article", title="The strength of weak ties",
          authors="Granovetter, M. S.", year=1973, venue="Am. J. Sociol.", volume=78, issue=6,
          pages="1360–1380", work="granovetter1973",
          why="A classic with an abbreviated journal and no DOI; the author's 1983 'revisited' "
              "paper has the same title and a subtitle.",
          tags=("abbreviated_venue", "no_identifier", "same_author_similar_title")),
        C("akerlof1970market", "real_article",
          title='The market for "lemons": Quality uncertainty and the market mechanism',
          authors="Akerlof, G. A.", year=1970, venue="Quarterly Journal of Economics",
          volume=84, issue=3, pages="488-500", doi="DOI 10.2307/1879431", work="akerlof1970",
          why="Straight quotes where the registries have curly ones, and the DOI pasted with "
              "its 'DOI' label.",
          tags=("doi_label_prefix", "quotes_in_title", "sentence_case")),
        C("robbins1951stochastic", "real_article", title="A stochastic approximation method",
          authors="Robbins, H.; Monro, S.", year=1951, venue="Ann. Math. Stat.", volume=22,
          issue=3, pages="400-407", work="robbins1951",
          why="A journal that ceased in 1972, abbreviated, and no identifier; a paper on "
              "stochastic estimation in the same journal a year later shares the key words.",
          tags=("abbreviated_venue", "ceased_journal", "no_identifier", "given_name_is_surname")),
        C("zadeh1965fuzzy", "real_article", title="Fuzzy sets", authors="Zadeh, L. A.",
          year=1965, venue="Information and Control", volume=8, issue=3, pages="338-353",
          doi="10.1016/s0019-9958(65)90241-x", work="zadeh1965",
          why="A two-word title the author reused for a 1996 chapter, one word from his 1968 "
              "paper in the same journal; the DOI with parentheses in lower case.",
          tags=("short_title", "doi_lower", "doi_parentheses", "same_title_in_world")),
        C("kirkpatrick1983optimization", "real_article",
          title="Optimization by simulated annealing",
          authors="Kirkpatrick, S.; Gelatt, C. D., Jr.; Vecchi, M. P.", year=1983,
          venue="Science", volume=220, issue=4598, pages="671-680",
          doi="https://dx.doi.org/10.1126/science.220.4598.671", work="kirkpatrick1983",
          why="A name suffix (Jr.) the publisher did not deposit, and the DOI as an https "
              "dx.doi.org link.",
          tags=("name_suffix", "doi_dx_https")),
        C("price1965networks", "real_article",
          title="Networks of scientific papers: The pattern of bibliographic references "
                "indicates the nature of the scientific research front",
          authors="Price, D. J. de S.", year=1965, venue="Science", volume=149, issue=3683,
          pages="510-515", work="price1965",
          why="The article's deck cited as a subtitle no registry has, and the author filed "
              "under 'Price' where Crossref has the family name 'de Solla Price'.",
          tags=("extra_subtitle", "particle_in_given", "compound_surname", "no_identifier")),
        C("okonkwo2022solar", "real_article",
          title="Solar mini-grid tariffs and household electricity demand in rural Nigeria",
          authors="Okonkwo, C.; Bello, T.; Falola, I.", year=2022, venue="Energy Policy",
          volume=173, pages="113372", doi="https://doi.org/10.1016/j.enpol.2022.113372.",
          work="okonkwo2023",
          why="Cited by its online-first year (the issue is of 2023), with the sentence's full "
              "stop copied into the DOI link.",
          tags=("online_first_year", "doi_trailing_period", "same_authors_other_paper")),
        C("atlas2012observation", "real_article",
          title="Observation of a new particle in the search for the Standard Model Higgs "
                "boson with the ATLAS detector at the LHC",
          authors="{ATLAS Collaboration}", year=2012, venue="Phys. Lett. B", volume=716,
          issue=1, pages="1-29", arxiv_id="arXiv:1207.7214", work="atlas2012",
          why="A collaboration cited by its name where Crossref, OpenAlex and Semantic Scholar "
              "list its members; the CMS paper has the next DOI and a similar title.",
          tags=("collaboration_author", "arxiv_prefix", "abbreviated_venue",
                "sibling_paper_distractor")),
        C("marshall1984unidentified", "real_article",
          title="Unidentified curved bacilli in the stomach of patients with gastritis and "
                "peptic ulceration",
          authors="Marshall, B. J.; Warren, J. R.", year=1984, venue="Lancet", volume=1,
          issue=8390, pages="1311-1315", pmid=6145023, work="marshall1984",
          why="A PMID as an integer and the Lancet's 1984 volume numbering (1, where Crossref has "
              "323, in capitals, with 'BarryJ.'); the authors' 1983 letter has a near-identical "
              "title.",
          tags=("pmid_int", "volume_numbering", "all_caps_title", "same_authors_similar_title")),
        C("deangelis2004clinical", "real_article",
          title="Clinical trial registration: a statement from the International Committee of "
                "Medical Journal Editors",
          authors="De Angelis, C.; Drazen, J. M.; Frizelle, F. A.; et al.", year=2004,
          venue="N Engl J Med", volume=351, issue=12, pages="1250-1251",
          work="deangelis2004nejm",
          why="A statement co-published in four journals with one title and one author list; "
              "only venue, volume and pages say which copy is cited.",
          tags=("co_published", "abbreviated_venue", "et_al", "no_identifier")),
        C("estruch2018primary", "real_article",
          title="Primary prevention of cardiovascular disease with a Mediterranean diet "
                "supplemented with extra-virgin olive oil or nuts",
          authors="Estruch, R.; Ros, E.; Salas-Salvadó, J.; et al.", year=2018,
          venue="N Engl J Med", volume=378, issue=25, pages="e34", doi="10.1056/NEJMoa1800389",
          work="estruch2018",
          why="The republished trial, not retracted, whose title extends that of the retracted "
              "2013 paper by the same group.",
          tags=("republication", "retracted_original_in_world", "et_al")),
        C("okeke2009prevalence", "real_pmid_only",
          title="Prevalence of intestinal helminth infections among primary schoolchildren in "
                "Enugu, south-east Nigeria",
          authors="Okeke, CN; Adebayo, FO", year=2009, venue="Niger J Med", volume=18, issue=2,
          pages="150-155", pmid="19630368", work="okeke2009",
          why="A paper without a DOI, in MEDLINE, OpenAlex and Semantic Scholar, cited with its "
              "PMID and MEDLINE-style initials.",
          tags=("pmid_only", "no_doi", "nlm_abbreviation", "initials_without_dots")),
        C("rombach2022high", "real_conference",
          title="High-resolution image synthesis with latent diffusion models",
          authors="Rombach, R.; Blattmann, A.; Lorenz, D.; Esser, P.; Ommer, B.", year=2022,
          venue="CVPR", pages="10684-10695", work="rombach2022",
          why="A CVPR paper cited by the conference's acronym with the open-access version's "
              "pages; the group's 2021 CVPR paper also does high-resolution image synthesis.",
          tags=("venue_acronym", "no_identifier", "same_authors_similar_title",
                "pages_differ")),
        C("ho2020denoising", "real_conference", title="Denoising diffusion probabilistic models",
          authors="Ho, J.; Jain, A.; Abbeel, P.", year=2020,
          venue="Advances in Neural Information Processing Systems", volume=33,
          pages="6840-6851", arxiv_id="2006.11239v2", work="ho2020",
          why="A NeurIPS paper without a DOI, cited with the arXiv id of its second version; "
              "'Denoising Diffusion Implicit Models' differs by one word.",
          tags=("no_doi", "arxiv_versioned", "near_identical_title_in_world")),
        C("loshchilov2017decoupled", "real_preprint",
          title="Decoupled weight decay regularization", authors="Loshchilov, I.; Hutter, F.",
          year=2017, venue="arXiv preprint", url="https://arxiv.org/pdf/1711.05101v3",
          work="loshchilov2017",
          why="An arXiv paper cited by a link to the PDF of its third version, whose title is "
              "not the first version's; the authors' other arXiv paper is in the world.",
          tags=("arxiv_pdf_url", "arxiv_versioned", "title_changed_between_versions",
                "same_authors_other_paper")),
        C("mcallister2021persistent", "real_posted_content",
          title="Persistent symptoms after SARS-CoV-2 infection in Scottish primary care: a "
                "cohort study",
          authors="McAllister, F.; Dunbar, C.; Ross, I.; Mackenzie, E.", year=2021,
          venue="medRxiv", url="https://www.medrxiv.org/content/10.1101/2021.03.10.21253271v2",
          work="mcallister2021", same_work=("mcallister2022",),
          why="A medRxiv preprint cited by its web address, whose DOI carries the server's "
              "version suffix; its published version has another title.",
          tags=("preprint", "url_with_version", "published_version_in_world")),
    ]  # fmt: skip


def other_kinds() -> list[JSON]:
    return [
        C("thaler2008nudge", "real_book",
          title="Nudge: Improving decisions about health, wealth, and happiness",
          authors="Thaler, R. H.; Sunstein, C. R.", year=2008, type="book",
          publisher="Yale University Press", isbn="978-0-300-12223-7", work="thaler2008",
          why="A trade book without a DOI, known to OpenAlex only, cited with a hyphenated ISBN "
              "no registry indexes; 'Nudge: The Final Edition' came out in 2021.",
          tags=("isbn_hyphenated", "openalex_only", "other_edition_in_world")),
        C("box2008time", "real_book",
          title="Time series analysis: Forecasting and control (4th ed.)",
          authors="Box, G. E. P.; Jenkins, G. M.; Reinsel, G. C.", year=2008, type="book",
          publisher="Wiley", work="box2008",
          why="The fourth edition, with the edition in the title and no identifier; the first "
              "and fifth editions share the title, and Wiley's record is online from 2013.",
          tags=("edition_in_title", "edition_by_year", "other_edition_in_world",
                "no_identifier")),
        C("tajfel1979integrative", "real_chapter",
          title="An integrative theory of intergroup conflict",
          authors="Tajfel, H.; Turner, J. C.", year=1979, type="chapter",
          venue="The social psychology of intergroup relations", pages="33-47",
          publisher="Brooks/Cole", work="tajfel1979",
          why="A chapter known only to OpenAlex and found only by search; its 2004 reprint in "
              "a reader has the same title and a DOI.",
          tags=("chapter", "openalex_only", "search_only", "reprint_same_title")),
        C("nasem2019reproducibility", "real_report",
          title="Reproducibility and replicability in science",
          authors="{National Academies of Sciences, Engineering, and Medicine}", year=2019,
          type="report", publisher="The National Academies Press", doi="DOI: 10.17226/25303",
          work="nasem2019",
          why="A consensus report by an organisation, its DOI with a 'DOI: ' label; the same "
              "body's 2017 report on research integrity is in the world.",
          tags=("organisation_author", "doi_label_prefix")),
        C("worldbank2021wdr", "real_report",
          title="World development report 2021: Data for better lives", authors="{World Bank}",
          year=2021, type="report", publisher="World Bank",
          url="https://openknowledge.worldbank.org/handle/10986/35218", work="worldbank2021",
          why="A flagship report cited by its repository handle rather than its DOI; its "
              "overview is a record of its own with the same title plus 'Overview'.",
          tags=("organisation_author", "handle_url", "same_series_in_world")),
        C("mwangi2018smallholder", "real_thesis",
          title="Smallholder dairy cooperatives and household food security in central Kenya",
          authors="Mwangi, G. W.", year=2018, type="thesis", publisher="University of Nairobi",
          work="mwangi2018",
          why="A PhD thesis known only to OpenAlex and found only by search; the author's "
              "article from it has a similar title.",
          tags=("thesis", "openalex_only", "search_only", "same_author_similar_title")),
        C("ieee2020wireless", "real_standard",
          title="IEEE Standard for Information Technology—Telecommunications and Information "
                "Exchange between Systems—Local and Metropolitan Area Networks—Specific "
                "Requirements—Part 11: Wireless LAN Medium Access Control (MAC) and Physical "
                "Layer (PHY) Specifications",
          authors="{IEEE}", year=2020, type="standard", venue="IEEE Std 802.11-2020",
          work="ieee80211_2020",
          why="A standard named for 2020 but issued in February 2021, cited by its designation "
              "year; the 2016 revision has exactly the same title.",
          tags=("standard", "designation_year", "same_title_in_world", "em_dashes",
                "no_identifier")),
        C("hersbach2023era5", "real_dataset",
          title="ERA5 hourly data on single levels from 1940 to present",
          authors="Hersbach, H.; Bell, B.; Berrisford, P.; et al.", year=2023, type="dataset",
          publisher="Copernicus Climate Change Service (C3S) Climate Data Store (CDS)",
          doi="10.24381/cds.adbb2d47", work="era5_single",
          why="A DataCite dataset cited as its distributor asks; the pressure-level dataset "
              "differs by one word and the ERA5 paper has the same first author.",
          tags=("datacite", "dataset", "near_identical_title_in_world", "et_al")),
        C("gbif2024occurrence", "real_dataset", title="GBIF Occurrence Download",
          authors="{GBIF.org}", year=2024, type="dataset",
          doi="https://doi.org/10.15468/DL.8K2MZV", work="gbif2024a",
          why="A GBIF download cited as GBIF asks; every download has the same title and "
              "'author', only the DOI (here in upper case) tells them apart.",
          tags=("datacite", "dataset", "same_title_in_world", "doi_upper",
                "organisation_author")),
    ]  # fmt: skip


def languages_pages_ambiguous() -> list[JSON]:
    return [
        C("heisenberg1927anschaulichen", "real_non_english",
          title="Uber den anschaulichen Inhalt der quantentheoretischen Kinematik und Mechanik",
          authors="Heisenberg, W.", year=1927, venue="Z. Phys.", volume=43, pages="172-198",
          work="heisenberg1927",
          why="A German title with the umlaut dropped (not written 'Ue') and no DOI; the "
              "author's 1925 paper in the same journal also begins 'Über quantentheoretische'.",
          tags=("german", "diacritics_dropped", "no_identifier", "same_author_same_venue")),
        C("yilmaz2019universite", "real_non_english",
          title="Universite ogrencilerinde akilli telefon bagimliligi ile uyku kalitesi "
                "arasindaki iliski",
          authors="Yilmaz, Z.; Aktas, O.", year=2019, venue="Bagimlilik Dergisi", volume=20,
          issue=3, pages="145-153", work="yilmaz2019",
          why="A Turkish title and names written without Turkish letters, dotless ı included "
              "(akıllı as akilli); no DOI.",
          tags=("turkish", "dotless_i", "diacritics_dropped", "no_identifier")),
        C("rezaei2018obesity", "real_non_english",
          title="Prevalence of obesity and its related factors in primary school children of "
                "Tabriz [in Persian]",
          authors="Rezaei, M.; Hosseinzadeh, A.; Jafari, N.", year=2018,
          venue="Iranian Journal of Epidemiology", volume=14, issue=2, pages="118-127",
          work="rezaei2018",
          why="A Persian paper cited by a reworded form of the English title Crossref holds "
              "beside the original, with an '[in Persian]' note; no DOI.",
          tags=("persian", "translated_title", "language_note", "no_identifier")),
        C("kovalenko2022vplyv", "real_non_english",
          title="Вплив війни на психічне здоров'я студентів університетів",
          authors="Коваленко, О.; Шевчук, А.", year=2022,
          venue="Психосоматична медицина та загальна практика", volume=7, issue=3,
          doi="doi.org/10.26766/pmgp.v7i3.389", work="kovalenko2022",
          why="A Ukrainian paper cited in Cyrillic, names included, where the registries have "
              "the names romanised; the DOI is a link without its scheme.",
          tags=("ukrainian", "cyrillic", "non_latin_authors", "doi_no_scheme",
                "apostrophe_variant")),
        C("retractionwatch2024leaderboard", "real_webpage", "not_covered",
          title="The Retraction Watch leaderboard", authors="{Retraction Watch}", year=2024,
          type="webpage", url="https://retractionwatch.com/the-retraction-watch-leaderboard/",
          why="A web page; no scholarly registry holds it.", tags=("webpage", "blog")),
        C("cdc2024longcovid", "real_webpage", "not_covered", title="Long COVID basics",
          authors="{Centers for Disease Control and Prevention}", year=2024, type="webpage",
          publisher="U.S. Department of Health and Human Services",
          url="https://www.cdc.gov/covid/long-term-effects/index.html",
          why="A government web page; no scholarly registry holds it.",
          tags=("webpage", "organisation_author")),
        C("gbif2024download", "real_ambiguous", "ambiguous", title="GBIF Occurrence Download",
          authors="{GBIF.org}", year=2024, type="dataset",
          why="Three GBIF downloads of 2024 share title, 'author' and publisher; without the "
              "DOI nothing says which is meant.",
          tags=("same_title_in_world", "dataset", "no_identifier")),
        C("bergstrom2021editorial", "real_ambiguous", "ambiguous", title="Editorial",
          authors="Bergstrom, M.", year=2021, venue="Scandinavian Journal of Public Health",
          why="The editor wrote two pieces titled 'Editorial' in the journal that year (and one "
              "the year before); the entry gives no volume, issue or DOI.",
          tags=("generic_title", "same_title_in_world", "no_identifier")),
    ]  # fmt: skip


def updated() -> list[JSON]:
    return [
        C("schon2001field", "real_retracted",
          title="Field-effect modulation of the conductance of single molecules",
          authors="Schon, J. H.; Meng, H.; Bao, Z.", year=2001, venue="Science", volume=294,
          issue=5549, pages="2138-2140", work="schon2001", retraction="retracted",
          why="Retracted by a publisher notice titled only 'Retraction'; cited without DOI and "
              "umlaut; the same authors' Nature paper of that year was retracted too.",
          tags=("publisher_notice", "diacritics_dropped", "no_identifier",
                "same_authors_same_year")),
        C("estruch2013primary", "real_retracted",
          title="Primary prevention of cardiovascular disease with a Mediterranean diet",
          authors="Estruch, R.; Ros, E.; Salas-Salvadó, J.; et al.", year=2013,
          venue="N Engl J Med", volume=368, issue=14, pages="1279-1290", pmid="23432189",
          work="estruch2013", retraction="retracted",
          why="Retracted and republished: the 2013 trial, cited by PMID, is retracted; the 2018 "
              "republication, whose title extends this one, is not.",
          tags=("retraction_and_republication", "pmid", "et_al")),
        C("lesne2006specific", "real_retracted",
          title="A specific amyloid-beta protein assembly in the brain impairs memory",
          authors="Lesné, S.; Koh, M. T.; Kotilinek, L.; Kayed, R.; Glabe, C. G.; Yang, A.; "
                  "Gallagher, M.; Ashe, K. H.",
          year=2006, venue="Nature", volume=440, issue=7082, pages="352-357",
          doi="10.1038/nature04533", work="lesne2006", retraction="retracted",
          why="An editor's note of concern (2022), then a retraction (2024) eighteen years "
              "after publication; the entry spells β as 'beta'.",
          tags=("publisher_notice", "concern_then_retraction", "greek_letter_spelled",
                "late_retraction")),
        C("jungebluth2011tracheobronchial", "real_retracted",
          title="Tracheobronchial transplantation with a stem-cell-seeded bioartificial "
                "nanocomposite: a proof-of-concept study",
          authors="Jungebluth, P.; Alici, E.; Baiguera, S.; et al.", year=2011, venue="Lancet",
          volume=378, issue=9808, pages="1997-2004",
          doi="https://doi.org/10.1016/S0140-6736%2811%2961715-7", work="jungebluth2011",
          retraction="retracted",
          why="A retraction Crossref knows through Retraction Watch (its notice has no "
              "update-to) and Europe PMC knows; the DOI link has its parentheses "
              "percent-encoded.",
          tags=("retraction_watch", "doi_percent_encoded", "et_al")),
        C("tang2022evaluation", "real_retracted",
          title="Evaluation of community health service quality based on fuzzy comprehensive "
                "evaluation and deep neural network",
          authors="Tang, X.; Wu, H.", year=2022, venue="J. Environ. Public Health",
          volume=2022, pages="4367218", doi="doi: 10.1155/2022/4367218", work="tang2022",
          retraction="retracted",
          why="Retracted according to OpenAlex only; a paper in the same journal two days "
              "later has a near-identical title and is not retracted.",
          tags=("openalex_only_retraction", "doi_prefix_space", "near_identical_title_in_world",
                "article_number")),
        C("kaur2015serum", "real_retracted",
          title="Serum magnesium levels in type 2 diabetes mellitus patients with and without "
                "diabetic retinopathy",
          authors="Kaur, H.; Singh, G.", year=2015, venue="J Indian Med Assoc", volume=113,
          issue=4, pages="212-215", pmid="26710491", work="kaur2015", retraction="retracted",
          why="A PMID-only paper whose retraction only Europe PMC records ('Retracted "
              "Publication' and a linked notice); OpenAlex does not flag it.",
          tags=("pmid_only", "europepmc_only_retraction", "no_doi")),
        C("novak2021microplastic", "real_correction",
          title="Microplastic abundance in riverbed sediments of the Morava River basin, Czech "
                "Republic",
          authors="Novak, T.; Horvathova, E.; Dvoracek, J.", year=2021, venue="Water", volume=13,
          issue=4, pages="512", doi="10.3390/w13040512", work="novak2021",
          retraction="correction",
          why="Corrected by a publisher notice whose title quotes the paper's whole citation; "
              "the names are written without Czech and Slovak letters.",
          tags=("publisher_notice", "diacritics_dropped", "article_number")),
        C("adeyemi2019moringa", "real_expression_of_concern",
          title="Effect of Moringa oleifera leaf supplementation on hemoglobin concentration in "
                "pregnant women: a randomized controlled trial",
          authors="Adeyemi, O.; Balogun, T.; Okafor, N.", year=2019,
          venue="BMC Pregnancy Childbirth", volume=19, pages="312",
          doi="10.1186/s12884-019-2456-7", work="adeyemi2019",
          retraction="expression_of_concern",
          why="An expression of concern that only Europe PMC records; the entry has American "
              "spellings (hemoglobin, randomized) where the title has British ones.",
          tags=("europepmc_only_concern", "spelling_variant")),
        C("ghosh2020arsenic", "real_retracted",
          title="Arsenic removal from groundwater using iron oxide-coated biochar: kinetics and "
                "isotherm modelling",
          authors="Ghosh, A.; et al.", year=2020, venue="Environ. Sci. Pollut. Res.",
          volume=27, pages="15432-15444", doi="10.1007/S11356-020-08012-3", work="ghosh2020",
          retraction="retracted",
          why="Corrected by the publisher, then retracted according to Retraction Watch: the "
              "graver update is the status; the DOI is in upper case.",
          tags=("correction_then_retraction", "retraction_watch", "doi_upper", "et_al")),
    ]  # fmt: skip
