"""The works of the second held-out world (``heldout2``), described once and
registry-neutrally (``build_tuning.W``).

Written after the matcher's tuning and two rounds of fixes, by someone who had seen neither the
matcher, its documentation, nor any earlier case; none of these works, identifiers, titles or
people is in the tuning or the first held-out world (``build_heldout2`` checks this). The works
are invented but realistic; their identifiers are fixed strings (DOIs, PMIDs, ISBNs with valid
check digits, arXiv ids), so the build is deterministic.

``define()`` registers:

- ``articles()``: journal articles in German, French, Spanish, Portuguese, Greek, Turkish,
  Polish, Chinese, Japanese (a JaLC DOI) and Russian; English articles with markup in their
  Crossref titles (MathML, ``<i>``, ``<sub>``), a dollar sign, particles (``van den``, ``de
  La``, ``von``, an Irish ``Ó``), a consortium, a PMCID, a PMID-only paper;
- ``computing()``: conference papers (ACL, CHI, SIGIR), an arXiv e-print whose first version
  had another title, an arXiv-only e-print, a bioRxiv preprint and its differently titled
  published version;
- ``books_and_reports()``: a Springer monograph with ISBNs, a Spanish book known only to
  OpenAlex, two editions of an Italian textbook, an edited volume and its chapter, a German
  handbook chapter, two reports of an agency that differ by one number, a working paper and
  its journal version, DataCite reports, theses and a dataset;
- ``updates()``: retractions (publisher notice, Retraction Watch only, OpenAlex only, an
  Elsevier withdrawal, a Spanish retraction, a partial retraction known only to Europe PMC),
  an expression of concern and a correction, with their notices.

Distractors: each author's other paper with a near-identical title (Köhler 2020/2022, Mensah
2021/2023), a paper-mill sibling in the same proceedings (Qiao/Yan 2021), a conference paper and
its journal version with the same title and year (Vásquez Rojas 2019), textbook editions
(Marchetti 2011/2019), the agency's report for the previous year (IRENA 2021/2022), and the
notices themselves.
"""

from __future__ import annotations

from typing import Any

from build_tuning import ORG, A, Arxiv, Update, W

# fmt: off
# (the work calls are written compactly, one work a paragraph)

OA_ONLY = ("openalex",)
MML = 'xmlns:mml="http://www.w3.org/1998/Math/MathML"'


def people(spec: str) -> list[dict[str, Any]]:
    """``"Family, Given; {Organisation}"``: people as publishers deposit them."""
    out: list[dict[str, Any]] = []
    for item in (x.strip() for x in spec.split(";")):
        if not item:
            continue
        if item.startswith("{") and item.endswith("}"):
            out.append(ORG(item[1:-1]))
        elif "," in item:
            family, given = (x.strip() for x in item.split(",", 1))
            out.append(A(given or None, family))
        else:
            out.append(A(None, item))
    return out


P = people


def define() -> None:
    articles()
    computing()
    books_and_reports()
    updates()


# -- journal articles ------------------------------------------------------------------------


def articles() -> None:
    zbl = dict(venue="Zentralblatt für Arbeitsmedizin, Arbeitsschutz und Ergonomie",
               short="Zbl Arbeitsmed", issn=["0944-2502", "2198-0713"], lang="de")  # fmt: skip
    koehler = "Köhler, Annegret; Straßburger, Jörg; von Pfeil, Dietrich"
    english = "Influence of shift work on the sleep quality of nursing staff: a cross-sectional "
    english += "study"
    W("koehler2020", "Einfluss der Schichtarbeit auf die Schlafqualität von Pflegekräften: eine "
      "Querschnittsstudie", P(koehler), 2020, cr_titles=[english],
      doi="10.1007/s40664-019-00372-4", online=(2019, 11, 18), printed=(2020, 4), volume="70",
      issue="2", page="61-69", oa_title=english, s2_title=english,
      s2_names=["A. Köhler", "J. Straßburger", "D. von Pfeil"], citations=14, **zbl)  # fmt: skip
    english = "Influence of shift work on the sleep quality of nursing staff: results of a "
    english += "longitudinal study"
    W("koehler2022", "Einfluss der Schichtarbeit auf die Schlafqualität von Pflegekräften: "
      "Ergebnisse einer Längsschnittstudie", P(koehler), 2022, cr_titles=[english],
      doi="10.1007/s40664-021-00451-7", online=(2021, 12, 2), printed=(2022, 2), volume="72",
      issue="1", page="12-21", oa_title=english, s2_title=english, citations=5,
      **zbl)  # fmt: skip

    english = "Social representations of vaccination among health students: a qualitative survey"
    W("lefebvre2022", "Représentations sociales de la vaccination chez les étudiants en santé : "
      "une enquête qualitative",
      P("Lefebvre-Duchêne, Élodie; N'Diaye, Aminata; de La Rochefoucauld, Gaspard"), 2022,
      cr_titles=[english], venue="Santé Publique", short="Santé Publique",
      doi="10.3917/spub.224.0511", printed=(2022, 8, 24), volume="34", issue="4",
      page="511-522", issn=["0995-3914", "2104-3841"], publisher="CAIRN", lang="fr",
      pmid="36577654", epmc_title=f"[{english}].",
      epmc_journal=("Sante publique (Vandoeuvre-les-Nancy, France)", "Sante Publique"),
      oa_title=english, citations=3)  # fmt: skip

    W("fernandez2020", "Calidad del agua subterránea y contaminación por nitratos en acuíferos "
      "costeros de Almería",
      P("Fernández de Córdoba Ruiz, Inmaculada; Pérez-Llamas, Joaquín; Sáez Villalobos, Nuria"),
      2020, cr_titles=["Groundwater quality and nitrate pollution in coastal aquifers of "
                       "Almería"], venue="Boletín Geológico y Minero",
      short="Bol. Geol. Min.", doi="10.21701/bolgeomin.131.3.007", printed=(2020, 9, 30),
      volume="131", issue="3", page="421-440", issn=["0366-0176", "2951-6803"],
      publisher="Instituto Geologico y Minero de Espana", lang="es",
      oa_title="Groundwater quality and nitrate pollution in coastal aquifers of Almería",
      citations=6)  # fmt: skip

    english = "Racial inequalities in maternal mortality in Brazil, 2010-2019: an ecological study"
    W("conceicao2022", "Desigualdades raciais na mortalidade materna no Brasil, 2010–2019: um "
      "estudo ecológico",
      P("Conceição dos Santos, Luana; Figueiredo Neto, Antônio Carlos; Guimarães, Thaís Helena"),
      2022, cr_titles=[english], venue="Cadernos de Saúde Pública",
      short="Cad. Saúde Pública", doi="10.1590/0102-311XPT118721", online=(2022, 3, 4),
      volume="38", issue="2", page="e00118721", issn=["0102-311X", "1678-4464"],
      publisher="FapUNIFESP (SciELO)", pmid="35262596", lang="pt",
      epmc_title="Desigualdades raciais na mortalidade materna no Brasil, 2010-2019: um estudo "
                 "ecológico.",
      epmc_journal=("Cadernos de saude publica", "Cad Saude Publica"),
      s2_names=["L. C. dos Santos", "A. C. Figueiredo Neto", "T. H. Guimarães"],
      citations=11)  # fmt: skip

    english = "The impact of the economic crisis on adolescent mental health: a systematic review"
    W("papadopoulou2021", "Η επίδραση της οικονομικής κρίσης στην ψυχική υγεία των εφήβων: "
      "συστηματική ανασκόπηση", P("Papadopoulou, Eleni; Karagiannis, Dimitrios"), 2021,
      cr_authors=P("Παπαδοπούλου, Ελένη; Καραγιάννης, Δημήτριος"), cr_titles=[english],
      venue="Αρχεία Ελληνικής Ιατρικής", container_extra=["Archives of Hellenic Medicine"],
      short="Arch Hellen Med", doi="10.55135/ahm.2021.38.5.612", printed=(2021, 9, 15),
      volume="38", issue="5", page="612-624", issn=["1105-3992", "1792-7307"],
      publisher="Athens Medical Society", lang="el", oa_title=english, s2_title=english,
      citations=2)  # fmt: skip

    W("sahin2021", "Kırsal kesimde yaşayan kadınlarda osteoporoz farkındalığı ve ilişkili "
      "faktörler", P("Şahin, Gülşen; Öztürk, İsmail; Kılıç, Ayşegül"), 2021,
      cr_titles=["Osteoporosis awareness and associated factors among women living in rural "
                 "areas"], venue="Ankara Üniversitesi Tıp Fakültesi Mecmuası",
      short="Ankara Üniv Tıp Fak Mecm", doi="10.4274/atfm.galenos.2021.07813",
      printed=(2021, 6, 30), volume="74", issue="2", page="188-195", issn=["0365-8104"],
      publisher="Galenos Yayinevi", lang="tr",
      s2_names=["G. Şahin", "İ. Öztürk", "A. Kılıç"], citations=1)  # fmt: skip

    english = "Risk factors for occupational burnout among resident physicians in Poland"
    W("wroblewska2019", "Czynniki ryzyka wypalenia zawodowego wśród lekarzy rezydentów w Polsce",
      P("Wróblewska, Żaneta; Szczęsny, Łukasz; Brzęczek, Grzegorz"), 2019,
      cr_titles=[english], venue="Medycyna Pracy", short="Med Pr",
      doi="10.13075/mp.5893.00812", printed=(2019, 10, 30), volume="70", issue="5",
      page="541-553", issn=["0465-5893", "2353-1339"],
      publisher="Nofer Institute of Occupational Medicine", lang="pl", pmid="31596237",
      epmc_title=f"[{english}].", epmc_journal=("Medycyna pracy", "Med Pr"),
      s2_title=english, citations=9)  # fmt: skip

    english = (
        "Monitoring permafrost degradation on the Qinghai-Tibet Plateau based on multi-source "
        "remote sensing data"
    )
    W("qin2021", "基于多源遥感数据的青藏高原多年冻土退化监测",
      P("Qin, Wenjing; Ouyang, Lei; Sima, Qian"), 2021, cr_titles=[english],
      venue="Acta Geographica Sinica", container_extra=["地理学报"],
      doi="10.11821/dlxb202104007", printed=(2021, 4, 25), volume="76", issue="4",
      page="873-889", issn=["0375-5444"], publisher="Science Press", lang="zh",
      oa_title=english, citations=17)  # fmt: skip

    english = (
        "Social isolation and depression among older survivors of the Kumamoto earthquake: a "
        "three-year longitudinal study"
    )
    W("watanabe2020", "熊本地震後の高齢被災者における社会的孤立と抑うつ：3年間の縦断研究",
      P("Watanabe, Kenji; Ishikawa, Mariko; Fujimoto, Takeshi"), 2020, agency="jalc",
      venue="老年社会科学", doi="10.34393/rousha.42.1_23", online=(2020, 4, 20), volume="42",
      issue="1", page="23-34", publisher="Japan Socio-Gerontological Society", lang="ja",
      csl={"type": "article-journal",
           "author": [{"family": "渡辺", "given": "健二"}, {"family": "石川", "given": "真理子"},
                      {"family": "藤本", "given": "武"}],
           "container-title": "老年社会科学", "volume": "42", "issue": "1", "page": "23-34"},
      oa_title=english, citations=4)  # fmt: skip

    english = "The impact of climate change on grain crop yields in Western Siberia"
    W("belousov2021", "Влияние климатических изменений на урожайность зерновых культур в "
      "Западной Сибири", P("Belousov, Arkadiy V.; Zhuravleva, Yekaterina S."), 2021,
      cr_titles=[english],
      venue="Izvestiya Rossiiskoi Akademii Nauk. Seriya Geograficheskaya",
      container_extra=["Известия Российской академии наук. Серия географическая"],
      doi="10.31857/S2587556621030043", printed=(2021, 6, 15), volume="85", issue="3",
      page="401-414", issn=["2587-5566", "2658-6975"],
      publisher="The Russian Academy of Sciences", lang="ru", oa_title=english,
      s2_title=english, citations=3)  # fmt: skip

    mensah = "Mensah, Kwabena; Abubakari, Fuseini; Owusu-Ansah, Akosua"
    W("mensah2021", "Mobile money adoption and household resilience to weather shocks in "
      "northern Ghana", P(mensah), 2021, venue="Food Policy", short="Food Policy",
      doi="10.1016/j.foodpol.2021.102087", online=(2021, 4, 19), printed=(2021, 7),
      volume="102", page="102087", issn=["0306-9192"], citations=40)  # fmt: skip
    W("mensah2023", "Mobile money adoption and household resilience to drought in northern "
      "Ghana: panel evidence", P(mensah + "; Tetteh, Emmanuel"), 2023, venue="Food Security",
      short="Food Sec.", doi="10.1007/s12571-022-01331-9", online=(2022, 12, 9),
      printed=(2023, 4), volume="15", issue="2", page="389-407",
      issn=["1876-4517", "1876-4525"], citations=8)  # fmt: skip

    title = (
        "Sparse recovery via ℓ1-minimization under heavy-tailed noise: sharp phase transitions"
    )
    W("tavakoli2019", title, P("Tavakoli, Farnaz; Sundqvist, Olof"), 2019,
      cr_title=f"Sparse Recovery via <mml:math {MML}><mml:msub><mml:mi>ℓ</mml:mi><mml:mn>1"
               "</mml:mn></mml:msub></mml:math>-Minimization Under Heavy-Tailed Noise: Sharp "
               "Phase Transitions",
      venue="IEEE Transactions on Information Theory", short="IEEE Trans. Inform. Theory",
      doi="10.1109/TIT.2019.2911473", online=(2019, 4, 16), printed=(2019, 9), volume="65",
      issue="9", page="5501-5519", issn=["0018-9448", "1557-9654"],
      s2_title="Sparse Recovery via ℓ1-Minimization Under Heavy-Tailed Noise: Sharp Phase "
               "Transitions",
      arxiv=Arxiv("1811.02244", [("2018-11-06T09:14:52Z", "Sharp phase transitions for "
                                  "$\\ell_1$-minimization with heavy-tailed noise"),
                                 ("2019-05-02T17:40:11Z", "Sparse recovery via "
                                  "$\\ell_1$-minimization under heavy-tailed noise: sharp "
                                  "phase transitions")], ["cs.IT", "math.IT", "math.ST"],
                  journal_ref="IEEE Trans. Inf. Theory 65(9):5501-5519, 2019",
                  doi="10.1109/TIT.2019.2911473"), citations=60)  # fmt: skip

    W("kariuki2020", "Is the $1.90-a-day poverty line still fit for purpose? Evidence from "
      "consumption surveys in 28 African countries",
      P("Kariuki, Wambui; Henderson-Blake, Rosalind"), 2020,
      venue="The World Bank Economic Review", short="World Bank Econ Rev",
      doi="10.1093/wber/lhz041", online=(2019, 11, 28), printed=(2020, 10), volume="34",
      issue="3", page="612-634", issn=["0258-6770", "1564-698X"],
      publisher="Oxford University Press (OUP)", citations=22)  # fmt: skip

    title = (
        "Insecticide resistance in Anopheles gambiae s.l. populations from rice-growing areas "
        "of southern Mali"
    )
    W("diallo2018", title,
      P("Diallo, Mamadou Lamine; Traoré, Fatoumata; Coulibaly, Boubacar; van den Broek, Henk"),
      2018, cr_title=title.replace("Anopheles gambiae", "<i>Anopheles gambiae</i>"),
      venue="Malaria Journal", short="Malar J", doi="10.1186/s12936-018-2412-6",
      online=(2018, 7, 10), volume="17", issue="1", page="262", issn=["1475-2875"],
      pmid="29991350", pmcid="PMC6038277", epmc_journal=("Malaria journal", "Malar J"),
      citations=35)  # fmt: skip

    title = "Seasonal CO2 fluxes from boreal peatland ditches under forestry drainage"
    W("lindstrom2022", title, P("Lindström, Sofia; Häkkinen, Olli-Pekka; Järvinen, Aino"),
      2022, cr_title=title.replace("CO2", "CO<sub>2</sub>"), venue="Biogeosciences",
      short="Biogeosciences", doi="10.5194/bg-19-2517-2022", printed=(2022, 5, 17),
      volume="19", issue="10", page="2517-2534", issn=["1726-4189"],
      publisher="Copernicus GmbH", citations=12)  # fmt: skip

    W("prevail2023", "Effectiveness of a community health worker-led hypertension programme in "
      "rural Malawi and Tanzania: a cluster-randomised trial",
      P("Banda, Chimwemwe; Mwakyusa, Neema; Thornton-Hale, Gregory; "
        "{PREVAIL-Africa Study Group}"), 2023, venue="The Lancet Global Health",
      short="The Lancet Global Health", doi="10.1016/S2214-109X(23)00187-4",
      online=(2023, 5, 22), printed=(2023, 7), volume="11", issue="7", page="e1081-e1092",
      issn=["2214-109X"], pmid="37230117",
      epmc_journal=("The Lancet. Global health", "Lancet Glob Health"),
      citations=19)  # fmt: skip

    W("mulugeta2016", "Prevalence of hypertension and associated factors among adults in Gondar "
      "town, northwest Ethiopia: a community-based cross-sectional study",
      P("Mulugeta, Tesfaye; Alemu, Bereket"), 2016, venue="Ethiopian Medical Journal",
      short="Ethiop Med J", printed=(2016, 1), volume="54", issue="1", page="19-26",
      issn=["0014-1755"], pmid="27191023",
      epmc_journal=("Ethiopian medical journal", "Ethiop Med J"), citations=7)  # fmt: skip

    W("brennan2020", "Daily aspirin reduces the recurrence of colorectal adenomas in adults "
      "with Lynch syndrome: a randomised controlled trial",
      P("Brennan, Siobhán; Ó Conchúir, Pádraig; Fitzgerald-Walsh, Orla"), 2020, venue="Gut",
      short="Gut", doi="10.1136/gutjnl-2019-319812", online=(2020, 1, 14), printed=(2020, 8),
      volume="69", issue="8", page="1401-1409", issn=["0017-5749", "1468-3288"],
      publisher="BMJ", pmid="31937552", epmc_journal=("Gut", "Gut"),
      s2_names=["S. Brennan", "P. Ó Conchúir", "O. Fitzgerald-Walsh"],
      citations=28)  # fmt: skip


# -- conference papers and preprints -------------------------------------------------------------


def computing() -> None:
    W("abdullayev2022", "Cross-lingual transfer for morphological inflection in low-resource "
      "Turkic languages",
      P("Abdullayev, Rustam; Nurmagambetova, Aigerim; Kerimova, Leyla; Sadykov, Timur"), 2022,
      type="proceedings-article",
      venue="Proceedings of the 60th Annual Meeting of the Association for Computational "
            "Linguistics (Volume 1: Long Papers)",
      doi="10.18653/v1/2022.acl-long.412", printed=(2022, 5), page="5987-6001",
      publisher="Association for Computational Linguistics",
      s2_venue="Annual Meeting of the Association for Computational Linguistics",
      citations=6)  # fmt: skip

    W("ferreira2023", "Designing for older adults' trust in voice assistants: a participatory "
      "study in Lisbon", P("Ferreira da Silva, Mariana; Costa, Rui; Vasconcelos, Inês"), 2023,
      type="proceedings-article",
      venue="Proceedings of the 2023 CHI Conference on Human Factors in Computing Systems",
      doi="10.1145/3544548.3581207", printed=(2023, 4, 19), page="1-15",
      s2_venue="International Conference on Human Factors in Computing Systems",
      s2_names=["Mariana Ferreira da Silva", "Rui Costa", "Inês Vasconcelos"],
      citations=15)  # fmt: skip

    title = "Learning to rank clinical trials for patient eligibility screening"
    authors = P("Vásquez Rojas, Camila; Oduya, Emeka; Lindgren-Achterberg, Pia")
    W("vasquez2019sigir", title, authors, 2019, type="proceedings-article",
      venue="Proceedings of the 42nd International ACM SIGIR Conference on Research and "
            "Development in Information Retrieval",
      doi="10.1145/3331184.3331325", printed=(2019, 7, 18), page="1121-1124",
      s2_venue="Annual International ACM SIGIR Conference on Research and Development in "
               "Information Retrieval", citations=9)  # fmt: skip
    W("vasquez2019jbi", title, authors, 2019, venue="Journal of Biomedical Informatics",
      short="Journal of Biomedical Informatics", doi="10.1016/j.jbi.2019.103262",
      online=(2019, 8, 2), printed=(2019, 9), volume="97", page="103262",
      issn=["1532-0464"], pmid="31386905",
      epmc_journal=("Journal of biomedical informatics", "J Biomed Inform"),
      citations=21)  # fmt: skip

    W("varela2022", "Conformal prediction intervals for spatio-temporal air-quality forecasts",
      P("Varela, Nicolás; Kowalski-Brandão, Helena"), 2022, type="posted-content",
      venue="arXiv (Cornell University)", s2_venue="arXiv.org",
      arxiv=Arxiv("2204.08813", [("2022-04-19T11:02:37Z", None),
                                 ("2022-10-03T08:45:10Z", None)], ["stat.ML", "cs.LG",
                                                                   "stat.AP"]),
      citations=3)  # fmt: skip

    authors = "Tshabalala, Nomvula; Pillay, Kershnee; Okoye-Brand, Daniel; Maseko, Thandeka"
    W("tshabalala2020", "Single-cell atlas of the developing human thymus reveals a medullary "
      "epithelial progenitor population", P(authors), 2020, type="posted-content",
      doi="10.1101/2020.06.15.152421", online=(2020, 6, 17), institution="bioRxiv",
      s2_venue="bioRxiv", epmc_source="PPR",
      relation={"is-preprint-of": [{"id-type": "doi", "id": "10.1038/s41590-022-01231-8",
                                    "asserted-by": "subject"}]}, citations=10)  # fmt: skip
    W("tshabalala2022", "A medullary epithelial progenitor in the developing human thymus "
      "identified by single-cell profiling", P(authors + "; Hollander, Georg-Felix"), 2022,
      venue="Nature Immunology", short="Nat Immunol", doi="10.1038/s41590-022-01231-8",
      online=(2022, 6, 16), printed=(2022, 7), volume="23", issue="7", page="1042-1055",
      issn=["1529-2908", "1529-2916"], pmid="35715623",
      epmc_journal=("Nature immunology", "Nat Immunol"),
      relation={"has-preprint": [{"id-type": "doi", "id": "10.1101/2020.06.15.152421",
                                  "asserted-by": "object"}]}, citations=44)  # fmt: skip


# -- books, chapters, reports, theses, data ------------------------------------------------------


def books_and_reports() -> None:
    W("siregar2021", "Hydrology of Tropical Peatlands", P("Siregar, Hendra; van der Heijden, "
      "Maartje"), 2021, type="monograph", subtitle="Processes, Models and Management",
      venue="Springer Water", doi="10.1007/978-3-030-61245-0", printed=(2021, 1, 5),
      isbn=["9783030612443", "9783030612450"], issn=["2364-6934"],
      publisher="Springer International Publishing", citations=12)  # fmt: skip

    W("echeverria2015", "Historia económica de la Patagonia, 1880–1960",
      P("Echeverría de la Torre, Rodrigo"), 2015, type="book",
      publisher="Editorial Universitaria de la Patagonia", isbn=["9789502904177"], lang="es",
      registries=OA_ONLY, citations=4)  # fmt: skip

    marchetti = "Marchetti, Lorenzo; Sbrana, Giulia"
    W("marchetti2011", "Principi di idrologia urbana", P(marchetti), 2011, type="book",
      publisher="McGraw-Hill Education Italia", isbn=["9788838665127"], lang="it",
      registries=OA_ONLY, citations=30)  # fmt: skip
    W("marchetti2019", "Principi di idrologia urbana", P(marchetti), 2019, type="book",
      publisher="McGraw-Hill Education Italia", isbn=["9788838657443"], lang="it",
      registries=OA_ONLY, citations=12)  # fmt: skip

    book = "Disaster Risk Reduction in Southeast Asia"
    editors = P("Rahman, Nurul Huda; Phan, Quang Huy")
    W("rahman2020", book, [], 2020, type="edited-book",
      subtitle="Governance, Communities and Practice", venue="Disaster Risk Reduction",
      doi="10.1007/978-981-15-4321-0", printed=(2020, 6, 2), isbn=["9789811543203",
                                                                  "9789811543210"],
      issn=["2196-4106"], editors=editors, publisher="Springer Singapore", oa_names=[],
      citations=20)  # fmt: skip
    W("dang2020", "Community-based flood early warning in the Mekong Delta: lessons from An "
      "Giang province", P("Đặng, Thị Hồng Nhung; Bin Abdullah, Faizal"), 2020,
      type="book-chapter", venue=book, doi="10.1007/978-981-15-4321-0_7",
      printed=(2020, 6, 2), page="121-140", isbn=["9789811543203", "9789811543210"],
      editors=editors, publisher="Springer Singapore", citations=3)  # fmt: skip

    W("brandt2018", "Bürgerbeteiligung und lokale Energiegenossenschaften in Niedersachsen",
      P("Brandt, Kerstin; Yıldırım, Selin"), 2018, type="book-chapter",
      venue="Handbuch Energiewende und Partizipation", doi="10.1007/978-3-658-09416-4_46",
      printed=(2018, 3, 14), page="735-748", isbn=["9783658094157", "9783658094164"],
      editors=P("Reinholz, Margarete; Lüdecke, Tobias"), publisher="Springer Fachmedien "
      "Wiesbaden", lang="de", oa_title="Bürgerbeteiligung und lokale "
      "Energiegenossenschaften in Niedersachsen", citations=2)  # fmt: skip

    irena = [ORG("International Renewable Energy Agency")]
    W("irena2022", "Renewable Power Generation Costs in 2021", irena, 2022, type="report",
      publisher="International Renewable Energy Agency", isbn=["9789292604523"],
      registries=OA_ONLY, url="https://www.irena.org/publications/2022/Jul/"
      "Renewable-Power-Generation-Costs-in-2021", citations=150)  # fmt: skip
    W("irena2021", "Renewable Power Generation Costs in 2020", irena, 2021, type="report",
      publisher="International Renewable Energy Agency", isbn=["9789292603335"],
      registries=OA_ONLY, url="https://www.irena.org/publications/2021/Jun/"
      "Renewable-Power-Costs-in-2020", citations=300)  # fmt: skip

    title = "Remote Work and Urban Commercial Real Estate: Evidence from Lease Renewals"
    W("ostrowski2021", title, P("Ostrowski, Marek; Haddad-Fontaine, Léa"), 2021,
      type="report", doi="10.3386/w28905", printed=(2021, 6),
      publisher="National Bureau of Economic Research",
      institution="National Bureau of Economic Research", citations=45)  # fmt: skip
    W("ostrowski2023", title, P("Ostrowski, Marek; Haddad-Fontaine, Léa"), 2023,
      venue="Journal of Urban Economics", short="Journal of Urban Economics",
      doi="10.1016/j.jue.2023.103541", online=(2023, 2, 9), printed=(2023, 5), volume="135",
      page="103541", issn=["0094-1190"], citations=30)  # fmt: skip

    W("haugen2023", "Tide-gauge data processing pipelines: an open benchmark and "
      "recommendations", P("Haugen, Ingrid Marie; Solberg, Aksel"), 2023, type="report",
      agency="datacite", doi="10.5281/zenodo.7654321", online=(2023, 2, 20),
      publisher="Zenodo", csl={"type": "report"}, citations=1)  # fmt: skip

    W("bensaid2018", "Modélisation numérique des écoulements diphasiques en milieu poreux "
      "fracturé", P("Ben Saïd, Yasmine"), 2018, type="dissertation",
      institution="Université Grenoble Alpes", publisher="Université Grenoble Alpes",
      lang="fr", registries=OA_ONLY, url="https://theses.hal.science/tel-01987654",
      citations=2)  # fmt: skip

    W("schnyder2020", "Robust locomotion control for legged robots on deformable terrain",
      P("Schnyder, Matthias Lukas"), 2020, type="dissertation", agency="datacite",
      doi="10.3929/ethz-b-000437219", online=(2020, 9, 8), publisher="ETH Zurich",
      csl={"type": "thesis", "genre": "Doctoral Thesis"}, citations=5)  # fmt: skip

    W("npolar2022", "Svalbard snow depth observations from automatic weather stations, "
      "2015–2021", [ORG("Norwegian Polar Institute")], 2022, type="dataset",
      agency="datacite", doi="10.21334/npolar.2022.5e8c7a1b", online=(2022, 3, 30),
      publisher="Norwegian Polar Institute",
      csl={"type": "dataset", "categories": ["FOS: Earth and related environmental sciences"]},
      citations=2)  # fmt: skip


# -- retractions, concerns, corrections ----------------------------------------------------------


def updates() -> None:
    title = (
        "Curcumin nanoparticles attenuate cisplatin-induced nephrotoxicity via the Nrf2/HO-1 "
        "pathway in rats"
    )
    W("castellanos2019", title,
      P("Castellanos-Vega, Daniela; Ortiz, Mateo; Sotomayor, Ximena"), 2019,
      cr_title=f"RETRACTED: {title}", venue="Biomedicine & Pharmacotherapy",
      short="Biomedicine & Pharmacotherapy", doi="10.1016/j.biopha.2019.108977",
      online=(2019, 5, 20), printed=(2019, 8), volume="116", page="108977",
      issn=["0753-3322"], pmid="31125820", epmc_title=f"{title}.",
      epmc_journal=("Biomedicine & pharmacotherapy = Biomedecine & pharmacotherapie",
                    "Biomed Pharmacother"),
      updates=[Update("retraction", (2022, 3, 15), notice="10.1016/j.biopha.2022.112790",
                      notice_pmid="35297212")], citations=25)  # fmt: skip

    title = "Predicting student dropout in online higher education with gradient-boosted trees"
    W("mirzaei2020", title, P("Mirzaei, Parisa; Karimzadeh, Reza"), 2020,
      venue="Education and Information Technologies", short="Educ Inf Technol",
      doi="10.1007/s10639-020-10187-3", online=(2020, 4, 3), printed=(2020, 11), volume="25",
      issue="6", page="5011-5032", issn=["1360-2357", "1573-7608"],
      updates=[Update("retraction", (2023, 8, 9), source="retraction-watch",
                      notice="10.1007/s10639-023-12104-0", record_id=47213,
                      title=f"Retraction Note: {title}")], citations=31)  # fmt: skip

    title = (
        "Prenatal exposure to glyphosate and neurodevelopmental outcomes at 24 months: a birth "
        "cohort study"
    )
    W("delacroix2018", title, P("Delacroix, Amélie; Vogt-Sørensen, Kasper; Ekholm, Ebba"),
      2018, venue="Environmental Health Perspectives", short="Environ Health Perspect",
      doi="10.1289/EHP2890", online=(2018, 9, 12), volume="126", issue="9", page="097003",
      issn=["0091-6765", "1552-9924"], publisher="Environmental Health Perspectives",
      pmid="30207492",
      epmc_journal=("Environmental health perspectives", "Environ Health Perspect"),
      updates=[Update("expression_of_concern", (2021, 2, 1), notice="10.1289/EHP9421",
                      notice_pmid="33528270",
                      title=f"Expression of Concern: “{title}”")], citations=52)  # fmt: skip

    title = (
        "Maternal anaemia and low birthweight in Zambia: a multilevel analysis of demographic "
        "and health survey data"
    )
    W("mwale2021", title, P("Mwale, Chipo; Zulu, Mutinta; Chanda-Kapata, Precious"), 2021,
      venue="BMC Public Health", short="BMC Public Health", doi="10.1186/s12889-021-10895-6",
      online=(2021, 4, 26), volume="21", issue="1", page="812", issn=["1471-2458"],
      pmid="33902521", pmcid="PMC8073952",
      epmc_journal=("BMC public health", "BMC Public Health"),
      updates=[Update("correction", (2021, 8, 4), notice="10.1186/s12889-021-11523-z",
                      notice_pmid="34348712", title=f"Correction to: {title}")],
      citations=14)  # fmt: skip

    bdacs = dict(type="proceedings-article",
                 venue="2021 International Conference on Big Data Analysis and Computer Science "
                       "(BDACS)", printed=(2021, 6), s2_venue="BDACS")  # fmt: skip
    W("qiao2021", "Intelligent evaluation of college English teaching quality based on an "
      "improved BP neural network", P("Qiao, Lina; Fang, Zhenyu"), 2021,
      doi="10.1109/BDACS53596.2021.00047", page="201-205", oa_retracted=True, citations=2,
      **bdacs)  # fmt: skip
    W("yan2021", "Evaluation of college English teaching quality based on an improved BP "
      "neural network and fuzzy clustering", P("Yan, Shufen"), 2021,
      doi="10.1109/BDACS53596.2021.00048", page="206-210", citations=1, **bdacs)  # fmt: skip

    title = (
        "Green synthesis of silver nanoparticles using Terminalia arjuna bark extract: "
        "characterization and antibiofilm activity against Pseudomonas aeruginosa"
    )
    W("kapoor2017", title, P("Kapoor, Ritika; Venkataraman, Srinivasan"), 2017,
      cr_title=f"WITHDRAWN: {title}", venue="Materials Today: Proceedings",
      short="Materials Today: Proceedings", doi="10.1016/j.matpr.2017.09.118",
      printed=(2017, 11), volume="4", issue="9", page="10284-10291", issn=["2214-7853"],
      updates=[Update("withdrawal", (2018, 2, 1), notice="10.1016/j.matpr.2018.01.004",
                      title=f"WITHDRAWN: {title}")], citations=3)  # fmt: skip

    W("haddad2016", "Vitamin D supplementation and glycaemic control in adolescents with type 1 "
      "diabetes: a randomised placebo-controlled trial",
      P("Haddad, Rania; Khoury-Nassar, Lina; Salameh, Georges"), 2016,
      venue="Pediatric Diabetes", short="Pediatr Diabetes", doi="10.1111/pedi.12398",
      online=(2016, 5, 20), printed=(2017, 3), volume="18", issue="2", page="91-99",
      issn=["1399-543X", "1399-5448"], pmid="27206487",
      epmc_journal=("Pediatric diabetes", "Pediatr Diabetes"),
      updates=[Update("partial_retraction", (2019, 6, 11), in_crossref=False,
                      notice_pmid="31187654")], oa_retracted=False,
      citations=16)  # fmt: skip

    title = (
        "Efecto del ejercicio aeróbico sobre la función cognitiva en adultos mayores con "
        "deterioro cognitivo leve: ensayo clínico aleatorizado"
    )
    english = (
        "Effect of aerobic exercise on cognitive function in older adults with mild cognitive "
        "impairment: a randomised clinical trial"
    )
    W("barragan2018", title, P("Barragán Ocaña, Lucía; Iturriaga, Xabier"), 2018,
      cr_titles=[english], venue="Revista Española de Geriatría y Gerontología",
      short="Revista Española de Geriatría y Gerontología", doi="10.1016/j.regg.2018.02.004",
      online=(2018, 4, 19), printed=(2018, 9), volume="53", issue="5", page="261-268",
      issn=["0211-139X"], lang="es", pmid="29680254", epmc_title=f"[{english}].",
      epmc_journal=("Revista espanola de geriatria y gerontologia", "Rev Esp Geriatr Gerontol"),
      oa_title=english,
      updates=[Update("retraction", (2019, 12, 20), notice="10.1016/j.regg.2019.11.002",
                      notice_pmid="31874768", title=f"Retractación de: «{title}»")],
      citations=9)  # fmt: skip
