"""Retracted, withdrawn, corrected works and works under an expression of concern.

Where each registry learns of a notice:

- ``source="publisher"`` (default): the notice is a Crossref record of its own with
  ``update-to``, and the work's record has ``updated-by``;
- ``source="retraction-watch"``: Crossref's ``updated-by`` names Retraction Watch (with its
  ``record-id``); the notice exists but carries no ``update-to``;
- ``in_crossref=False``: only Europe PMC (``commentCorrectionList``, "Retracted Publication")
  and, for retractions, OpenAlex (``is_retracted``) know;
- ``oa_retracted=True`` without updates: only OpenAlex says so.

Elsevier prefixes ``RETRACTED:`` or ``WITHDRAWN:`` to the Crossref title of such works; the
bibliographies that cite them do not.
"""

from __future__ import annotations

from build_tuning import Update, W
from tuning_people import people as P

NATURE = ["0028-0836", "1476-4687"]
SCIENCE = ["0036-8075", "1095-9203"]
EP_NATURE = ("Nature", "Nature")
EP_SCIENCE = ("Science (New York, N.Y.)", "Science")
EP_LANCET = ("Lancet (London, England)", "Lancet")


def define() -> None:
    famous()
    retraction_watch_and_partial_sources()
    concerns_and_corrections()


def famous() -> None:
    title = (
        "Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive "
        "developmental disorder in children"
    )
    W("wakefield1998", title,
      P("Wakefield, AJ; Murch, SH; Anthony, A; Linnell, J; Casson, DM; Malik, M; "
        "Berelowitz, M; Dhillon, AP; Thomson, MA; Harvey, P; Valentine, A; Davies, SE; "
        "Walker-Smith, JA"), 1998, cr_title="RETRACTED: " + title, venue="The Lancet",
      short="The Lancet", doi="10.1016/S0140-6736(97)11096-0", printed=(1998, 2),
      volume="351", issue="9103", page="637-641", issn=["0140-6736"], pmid="9500320",
      epmc_journal=EP_LANCET,
      updates=[Update("partial_retraction", (2004, 3, 6),
                      notice="10.1016/S0140-6736(04)15715-2", notice_pmid="15016393"),
               Update("retraction", (2010, 2, 6), notice="10.1016/S0140-6736(10)60175-4",
                      notice_pmid="20137807")], citations=3000)  # fmt: skip
    W("obokata2014a", "Stimulus-triggered fate conversion of somatic cells into pluripotency",
      P("Obokata, Haruko; Wakayama, Teruhiko; Sasai, Yoshiki; Kojima, Koji; "
        "Vacanti, Martin P.; Niwa, Hitoshi; Yamato, Masayuki; Vacanti, Charles A."), 2014,
      venue="Nature", short="Nature", doi="10.1038/nature12968", online=(2014, 1, 29),
      printed=(2014, 1, 30), volume="505", issue="7485", page="641-647", issn=NATURE,
      pmid="24476887", epmc_journal=EP_NATURE,
      updates=[Update("retraction", (2014, 7, 2), notice="10.1038/nature13598",
                      notice_pmid="24990752")], citations=400)  # fmt: skip
    W("obokata2014b",
      "Bidirectional developmental potential in reprogrammed cells with acquired pluripotency",
      P("Obokata, Haruko; Sasai, Yoshiki; Niwa, Hitoshi; Kadota, Mitsutaka; Andrabi, Munazah; "
        "Takata, Nozomu; Tokoro, Mikiko; Terashita, Yukari; Yonemura, Shigenobu; "
        "Vacanti, Charles A.; Wakayama, Teruhiko"), 2014,
      venue="Nature", short="Nature", doi="10.1038/nature12969", online=(2014, 1, 29),
      printed=(2014, 1, 30), volume="505", issue="7485", page="676-680", issn=NATURE,
      pmid="24476891", epmc_journal=EP_NATURE,
      updates=[Update("retraction", (2014, 7, 2), notice="10.1038/nature13599",
                      notice_pmid="24990753")], citations=250)  # fmt: skip
    hwang = (
        "Hwang, Woo Suk; Ryu, Young June; Park, Jong Hyuk; Park, Eul Soon; Lee, Eu Gene; "
        "Koo, Ja Min; Jeon, Hyun Yong; Lee, Byeong Chun; Kang, Sung Keun; Kim, Sun Jong; "
        "Ahn, Curie; Hwang, Jung Hye; Park, Ky Young; Cibelli, Jose B.; Moon, Shin Yong"
    )
    W("hwang2004", "Evidence of a Pluripotent Human Embryonic Stem Cell Line Derived from a "
      "Cloned Blastocyst", P(hwang), 2004, venue="Science", short="Science",
      doi="10.1126/science.1094515", online=(2004, 2, 12), printed=(2004, 3, 12),
      volume="303", issue="5664", page="1669-1674", issn=SCIENCE, pmid="14963337",
      epmc_journal=EP_SCIENCE,
      updates=[Update("retraction", (2006, 1, 20), notice="10.1126/science.311.5759.335b",
                      notice_pmid="16410485")], citations=600)  # fmt: skip
    W("hwang2005", "Patient-Specific Embryonic Stem Cells Derived from Human SCNT Blastocysts",
      P("Hwang, Woo Suk; Roh, Sung Il; Lee, Byeong Chun; Kang, Sung Keun; Kwon, Dae Kee; "
        "Kim, Sue; Kim, Sun Jong; Park, Sun Woo; Kwon, Hee Sun; Schatten, Gerald; "
        "Moon, Shin Yong"), 2005, venue="Science", short="Science",
      doi="10.1126/science.1112286", online=(2005, 5, 19), printed=(2005, 6, 17),
      volume="308", issue="5729", page="1777-1783", issn=SCIENCE, pmid="15905366",
      epmc_journal=EP_SCIENCE,
      updates=[Update("retraction", (2006, 1, 20), notice="10.1126/science.311.5759.335c",
                      notice_pmid="16410486")], citations=500)  # fmt: skip
    title = (
        "Long term toxicity of a Roundup herbicide and a Roundup-tolerant genetically "
        "modified maize"
    )
    W("seralini2012", title,
      P("Séralini, Gilles-Eric; Clair, Emilie; Mesnage, Robin; Gress, Steeve; Defarge, Nicolas; "
        "Malatesta, Manuela; Hennequin, Didier; de Vendômois, Joël Spiroux"), 2012,
      cr_title="RETRACTED: " + title, venue="Food and Chemical Toxicology",
      short="Food and Chemical Toxicology", doi="10.1016/j.fct.2012.08.005",
      online=(2012, 9, 19), printed=(2012, 11), volume="50", issue="11", page="4221-4231",
      issn=["0278-6915"], pmid="22999595",
      epmc_journal=("Food and chemical toxicology : an international journal published for "
                    "the British Industrial Biological Research Association",
                    "Food Chem Toxicol"),
      updates=[Update("retraction", (2014, 1, 1), notice="10.1016/j.fct.2013.11.047",
                      notice_pmid="24490213")], citations=900)  # fmt: skip
    W("seralini2014", "Republished study: long-term toxicity of a Roundup herbicide and a "
      "Roundup-tolerant genetically modified maize",
      P("Séralini, Gilles-Eric; Clair, Emilie; Mesnage, Robin; Gress, Steeve; Defarge, Nicolas; "
        "Malatesta, Manuela; Hennequin, Didier; de Vendômois, Joël Spiroux"), 2014,
      venue="Environmental Sciences Europe", short="Environ Sci Eur",
      doi="10.1186/s12302-014-0014-5", online=(2014, 6, 24), volume="26", issue="1",
      page="14", issn=["2190-4715"], pmid="27752412", pmcid="PMC5044955",
      epmc_journal=("Environmental sciences Europe", "Environ Sci Eur"),
      citations=200)  # fmt: skip
    title = (
        "Hydroxychloroquine or chloroquine with or without a macrolide for treatment of "
        "COVID-19: a multinational registry analysis"
    )
    W("mehra2020lancet", title,
      P("Mehra, Mandeep R; Desai, Sapan S; Ruschitzka, Frank; Patel, Amit N"), 2020,
      cr_title="RETRACTED: " + title, venue="The Lancet", short="The Lancet",
      doi="10.1016/S0140-6736(20)31180-6", online=(2020, 5, 22), issn=["0140-6736"],
      pmid="32450107", pmcid="PMC7255293", epmc_journal=EP_LANCET,
      updates=[Update("expression_of_concern", (2020, 6, 3),
                      notice="10.1016/S0140-6736(20)31290-3", notice_pmid="32497533"),
               Update("retraction", (2020, 6, 5), notice="10.1016/S0140-6736(20)31324-6",
                      notice_pmid="32511943")], citations=1200)  # fmt: skip
    W("mehra2020nejm", "Cardiovascular Disease, Drug Therapy, and Mortality in Covid-19",
      P("Mehra, Mandeep R.; Desai, Sapan S.; Kuy, SreyRam; Henry, Timothy D.; Patel, Amit N."),
      2020, venue="New England Journal of Medicine", short="N Engl J Med",
      doi="10.1056/NEJMoa2007621", online=(2020, 5, 1), printed=(2020, 6, 18), volume="382",
      issue="25", page="e102", issn=["0028-4793", "1533-4406"], pmid="32356626",
      pmcid="PMC7206931",
      epmc_journal=("The New England journal of medicine", "N Engl J Med"),
      updates=[Update("expression_of_concern", (2020, 6, 2), notice="10.1056/NEJMe2020822",
                      notice_pmid="32484612"),
               Update("retraction", (2020, 6, 4), notice="10.1056/NEJMc2021225",
                      notice_pmid="32501665")], citations=1300)  # fmt: skip
    W("lacour2014",
      "When contact changes minds: An experiment on transmission of support for gay equality",
      P("LaCour, Michael J.; Green, Donald P."), 2014, venue="Science", short="Science",
      doi="10.1126/science.1256151", printed=(2014, 12, 12), volume="346", issue="6215",
      page="1366-1369", issn=SCIENCE, pmid="25504721", epmc_journal=EP_SCIENCE,
      updates=[Update("retraction", (2015, 5, 28), notice="10.1126/science.aac6638",
                      notice_pmid="26023148")], citations=300)  # fmt: skip
    title = (
        "Hydroxychloroquine and azithromycin as a treatment of COVID-19: results of an "
        "open-label non-randomized clinical trial"
    )
    W("gautret2020", title,
      P("Gautret, Philippe; Lagier, Jean-Christophe; Parola, Philippe; Hoang, Van Thuan; "
        "Meddeb, Line; Mailhe, Morgane; Doudier, Barbara; Courjon, Johan; "
        "Giordanengo, Valérie; Vieira, Vera Esteves; Tissot Dupont, Hervé; Honoré, Stéphane; "
        "Colson, Philippe; Chabrière, Eric; La Scola, Bernard; Rolain, Jean-Marc; "
        "Brouqui, Philippe; Raoult, Didier"), 2020, cr_title="RETRACTED: " + title,
      venue="International Journal of Antimicrobial Agents",
      short="International Journal of Antimicrobial Agents",
      doi="10.1016/j.ijantimicag.2020.105949", online=(2020, 3, 20), printed=(2020, 7),
      volume="56", issue="1", page="105949", issn=["0924-8579"], pmid="32205204",
      pmcid="PMC7102549",
      epmc_journal=("International journal of antimicrobial agents", "Int J Antimicrob Agents"),
      updates=[Update("retraction", (2024, 12, 17),
                      notice="10.1016/j.ijantimicag.2024.107416", notice_pmid="39701012")],
      citations=5000)  # fmt: skip
    W("snider2020", "Room-temperature superconductivity in a carbonaceous sulfur hydride",
      P("Snider, Elliot; Dasenbrock-Gammon, Nathan; McBride, Raymond; Debessai, Mathew; "
        "Vindana, Hiranya; Vencatasamy, Kevin; Lawler, Keith V.; Salamat, Ashkan; "
        "Dias, Ranga P."), 2020, venue="Nature", short="Nature",
      doi="10.1038/s41586-020-2801-z", online=(2020, 10, 14), printed=(2020, 10, 15),
      volume="586", issue="7829", page="373-377", issn=NATURE, pmid="33057219",
      epmc_journal=EP_NATURE,
      updates=[Update("retraction", (2022, 9, 26), notice="10.1038/s41586-022-05294-9",
                      notice_pmid="36163290")], citations=700)  # fmt: skip
    W("dasenbrock2023",
      "Evidence of near-ambient superconductivity in a N-doped lutetium hydride",
      P("Dasenbrock-Gammon, Nathan; Snider, Elliot; McBride, Raymond; Pasan, Hiranya; "
        "Durkee, Dylan; Khalvashi-Sutter, Nugzari; Munasinghe, Sasanka; "
        "Dissanayake, Sachith E.; Lawler, Keith V.; Salamat, Ashkan; Dias, Ranga P."), 2023,
      venue="Nature", short="Nature", doi="10.1038/s41586-023-05742-0", online=(2023, 3, 8),
      printed=(2023, 3, 9), volume="615", issue="7951", page="244-250", issn=NATURE,
      pmid="36890373", epmc_journal=EP_NATURE,
      updates=[Update("retraction", (2023, 11, 7), notice="10.1038/s41586-023-06774-2",
                      notice_pmid="37935921")], citations=300)  # fmt: skip


def retraction_watch_and_partial_sources() -> None:
    W("stapel2011",
      "Coping with Chaos: How Disordered Contexts Promote Stereotyping and Discrimination",
      P("Stapel, Diederik A.; Lindenberg, Siegwart"), 2011, venue="Science", short="Science",
      doi="10.1126/science.1201068", printed=(2011, 4, 8), volume="332", issue="6026",
      page="251-253", issn=SCIENCE, pmid="21474762", epmc_journal=EP_SCIENCE,
      updates=[Update("retraction", (2011, 12, 2), source="retraction-watch",
                      notice="10.1126/science.334.6060.1202-b", record_id=7890,
                      notice_pmid="22144605")], citations=200)  # fmt: skip
    W("li2022jhe", "Analysis of the Effect of Aerobic Exercise Intervention on College "
      "Students' Mental Health Based on Big Data", P("Li, Wei; Zhang, Min"), 2022,
      cr_title="Analysis of the Effect of Aerobic Exercise Intervention on College Students’ "
               "Mental Health Based on Big Data",
      venue="Journal of Healthcare Engineering", short="Journal of Healthcare Engineering",
      doi="10.1155/2022/4857012", online=(2022, 3, 28), volume="2022", page="1-9",
      issn=["2040-2295", "2040-2309"], publisher="Hindawi Limited", pmid="35388336",
      epmc_journal=("Journal of healthcare engineering", "J Healthc Eng"),
      updates=[Update("retraction", (2023, 10, 11), source="retraction-watch",
                      notice="10.1155/2023/9865430", record_id=46712)], citations=4)  # fmt: skip
    W("chen2022cin", "Application of Deep Learning Algorithm in Physical Education Teaching "
      "Quality Evaluation", P("Chen, Lei"), 2022,
      venue="Computational Intelligence and Neuroscience",
      short="Computational Intelligence and Neuroscience", doi="10.1155/2022/6023174",
      online=(2022, 6, 17), volume="2022", page="1-8", issn=["1687-5265", "1687-5273"],
      publisher="Hindawi Limited",
      updates=[Update("retraction", (2023, 9, 27), source="retraction-watch",
                      notice="10.1155/2023/9814276", record_id=45329)], citations=2)  # fmt: skip
    W("zhao2021ajg", "Spatial distribution of soil heavy metals and ecological risk assessment "
      "based on remote sensing images", P("Zhao, Jun; Liu, Hong"), 2021,
      venue="Arabian Journal of Geosciences", short="Arab J Geosci",
      doi="10.1007/s12517-021-07536-x", online=(2021, 6, 14), printed=(2021, 6), volume="14",
      issue="12", page="1120", issn=["1866-7511", "1866-7538"],
      updates=[Update("retraction", (2022, 10, 4), source="retraction-watch",
                      notice="10.1007/s12517-022-10802-5", record_id=40122)],
      citations=1)  # fmt: skip
    W("kumar2021ieee", "A Novel Intrusion Detection System Based on Improved Random Forest for "
      "IoT Networks", P("Kumar, Rajesh; Sharma, Anil"), 2021, type="proceedings-article",
      venue="2021 International Conference on Computing, Communication, and Intelligent "
            "Systems (ICCCIS)", doi="10.1109/ICCCIS51004.2021.9397154", printed=(2021, 2, 19),
      page="1-6",
      updates=[Update("retraction", (2022, 8, 15), source="retraction-watch",
                      notice="10.1109/ICCCIS51004.2021.9840221", record_id=38890)],
      citations=3)  # fmt: skip
    W("ozdemir2020", "The effect of probiotic supplementation on depressive symptoms in "
      "university students: a randomized controlled trial",
      P("Özdemir, Ayşe; Kaya, Mehmet"), 2020,
      venue="Journal of Pharmaceutical Research International",
      short="JPRI", doi="10.9734/jpri/2020/v32i1530620", printed=(2020, 7, 3), volume="32",
      issue="15", page="85-93", issn=["2456-9119"], publisher="Sciencedomain International",
      oa_retracted=True, citations=0)  # fmt: skip
    W("rao2019jpcs", "Blockchain-based secure data sharing for smart healthcare",
      P("Rao, Srinivas; Patel, Kavita"), 2019, venue="Journal of Physics: Conference Series",
      short="J. Phys.: Conf. Ser.", doi="10.1088/1742-6596/1362/1/012045",
      printed=(2019, 11, 1), volume="1362", issue="1", page="012045",
      issn=["1742-6588", "1742-6596"], publisher="IOP Publishing", oa_retracted=True,
      citations=6)  # fmt: skip
    W("reddy2008", "Antidiabetic activity of Gymnema sylvestre leaf extract in "
      "streptozotocin-induced diabetic rats",
      P("Reddy, K. Srinivasa; Lakshmi, P. Vijaya"), 2008, venue="Indian Journal of "
      "Pharmacology", short="Indian J Pharmacol", printed=(2008, 6), volume="40", issue="3",
      page="112-118", issn=["0253-7613"], pmid="21279178",
      epmc_journal=("Indian journal of pharmacology", "Indian J Pharmacol"),
      updates=[Update("retraction", (2012, 4, 1), in_crossref=False, notice_pmid="22529467")],
      oa_retracted=False, citations=15)  # fmt: skip
    W("ahmed2011", "Prevalence of Helicobacter pylori infection among dyspeptic patients in "
      "Karachi", P("Ahmed, Shabbir; Khan, Naveed"), 2011,
      venue="Journal of the Pakistan Medical Association", short="J Pak Med Assoc",
      printed=(2011, 6), volume="61", issue="6", page="540-544", issn=["0030-9982"],
      pmid="22204205",
      epmc_journal=("JPMA. The Journal of the Pakistan Medical Association", "J Pak Med Assoc"),
      updates=[Update("retraction", (2014, 9, 1), in_crossref=False, notice_pmid="25362812")],
      oa_retracted=False, citations=8)  # fmt: skip
    W("fischer2017", "Lipid nanoparticle delivery of siRNA targeting PCSK9 in non-human "
      "primates", P("Fischer, Anna; Becker, Jonas; Wagner, Lena"), 2017,
      venue="Molecular Therapy", short="Molecular Therapy", doi="10.1016/j.ymthe.2017.03.012",
      online=(2017, 3, 23), printed=(2017, 5), volume="25", issue="5", page="1154-1166",
      issn=["1525-0016"], pmid="28389162",
      epmc_journal=("Molecular therapy : the journal of the American Society of Gene Therapy",
                    "Mol Ther"),
      updates=[Update("partial_retraction", (2019, 6, 5), notice="10.1016/j.ymthe.2019.05.010",
                      notice_pmid="31153829")], citations=40)  # fmt: skip
    title = "Biochar amendment reduces nitrous oxide emissions from tropical rice paddies"
    W("sari2020", title, P("Sari, Indah; Wibowo, Agus"), 2020, cr_title="WITHDRAWN: " + title,
      venue="Science of The Total Environment", short="Science of The Total Environment",
      doi="10.1016/j.scitotenv.2020.140321", online=(2020, 6, 20), volume="740",
      page="140321", issn=["0048-9697"],
      updates=[Update("withdrawal", (2020, 8, 1), notice="10.1016/j.scitotenv.2020.141555")],
      citations=0)  # fmt: skip
    W("oconnor2020", "Association of tinnitus with cognitive impairment: a meta-analysis",
      P("O'Connor, Siobhán; Ní Bhriain, Aoife; MacCarthy, Dónal"), 2020,
      venue="The Laryngoscope", short="The Laryngoscope", doi="10.1002/lary.28765",
      online=(2020, 6, 2), issn=["0023-852X", "1531-4995"], pmid="32484959",
      epmc_journal=("The Laryngoscope", "Laryngoscope"),
      updates=[Update("withdrawal", (2020, 9, 14), notice="10.1002/lary.28901",
                      notice_pmid="32929762")], citations=0)  # fmt: skip


def concerns_and_corrections() -> None:
    W("rossi2021", "Elevated serum ferritin predicts mortality in hospitalized patients with "
      "COVID-19: a retrospective cohort study",
      P("Rossi, Marco; Bianchi, Giulia; Ferrari, Luca"), 2021,
      venue="Journal of Clinical Medicine", short="JCM", doi="10.3390/jcm10081742",
      online=(2021, 4, 17), volume="10", issue="8", page="1742", issn=["2077-0383"],
      pmid="33920528",
      epmc_journal=("Journal of clinical medicine", "J Clin Med"),
      updates=[Update("expression_of_concern", (2022, 11, 3), notice="10.3390/jcm11216512",
                      notice_pmid="36362750")], citations=30)  # fmt: skip
    W("ahmed2021ijid", "A five-day course of ivermectin for the treatment of COVID-19 may "
      "reduce the duration of illness",
      P("Ahmed, Sabeena; Karim, Mohammad Mahbubul; Ross, Allen G.; Hossain, Mohammad Sharif; "
        "Clemens, John D."), 2021, venue="International Journal of Infectious Diseases",
      short="International Journal of Infectious Diseases", doi="10.1016/j.ijid.2020.11.191",
      online=(2020, 12, 2), printed=(2021, 2), volume="103", page="214-216",
      issn=["1201-9712"], pmid="33278625", pmcid="PMC7709596",
      epmc_journal=("International journal of infectious diseases : IJID : official "
                    "publication of the International Society for Infectious Diseases",
                    "Int J Infect Dis"),
      updates=[Update("expression_of_concern", (2022, 5, 10), source="retraction-watch",
                      notice="10.1016/j.ijid.2022.04.041", record_id=37112)],
      citations=500)  # fmt: skip
    W("sharma2016", "Effect of curcumin supplementation on cognitive decline in older adults: "
      "a randomised trial", P("Sharma, Ravi; Gupta, Neha"), 2016,
      venue="The Journal of the Association of Physicians of India",
      short="J Assoc Physicians India", printed=(2016, 8), volume="64", issue="8",
      page="32-37", issn=["0004-5772"], pmid="27759960",
      epmc_journal=("The Journal of the Association of Physicians of India",
                    "J Assoc Physicians India"),
      updates=[Update("expression_of_concern", (2019, 3, 1), in_crossref=False,
                      notice_pmid="30855234")], citations=10)  # fmt: skip
    W("andersson2018", "Sleep duration and academic performance among adolescents: a "
      "longitudinal study", P("Andersson, Erik; Lindgren, Karin"), 2018, venue="PLOS ONE",
      short="PLoS ONE", doi="10.1371/journal.pone.0198765", online=(2018, 6, 7),
      volume="13", issue="6", page="e0198765", issn=["1932-6203"], pmid="29879201",
      pmcid="PMC5991676", epmc_journal=("PloS one", "PLoS One"),
      updates=[Update("expression_of_concern", (2020, 7, 30),
                      notice="10.1371/journal.pone.0236942", notice_pmid="32730335")],
      citations=25)  # fmt: skip
    W("holbrook2019", "A global assessment of marine heatwaves and their drivers",
      P("Holbrook, Neil J.; Scannell, Hillary A.; Sen Gupta, Alexander; Benthuysen, Jessica A.; "
        "Feng, Ming; Oliver, Eric C. J."), 2019, venue="Nature Communications",
      short="Nat Commun", doi="10.1038/s41467-019-10206-z", online=(2019, 6, 14),
      volume="10", issue="1", page="2624", issn=["2041-1723"], pmid="31201309",
      pmcid="PMC6570771", epmc_journal=("Nature communications", "Nat Commun"),
      updates=[Update("correction", (2019, 8, 12), notice="10.1038/s41467-019-11587-x",
                      notice_pmid="31406149")], citations=600)  # fmt: skip
    W("vanderlinden2017", "Soil moisture estimation from Sentinel-1 radar for irrigation "
      "scheduling", P("van der Linden, Pieter; Smit, Anneke"), 2017,
      venue="Precision Agriculture", short="Precision Agric", doi="10.1007/s11119-016-9474-2",
      online=(2016, 9, 12), printed=(2017, 8), volume="18", issue="4", page="528-545",
      issn=["1385-2256", "1573-1618"],
      updates=[Update("erratum", (2016, 11, 3), notice="10.1007/s11119-016-9481-3")],
      citations=45)  # fmt: skip
    W("hoffmann2019", "Urban green space exposure and depressive symptoms in adults: a "
      "cross-sectional study in five European cities", P("Hoffmann, Katrin; Janssen, Pieter"),
      2019, venue="Environment International", short="Environment International",
      doi="10.1016/j.envint.2019.105010", online=(2019, 7, 16), printed=(2019, 10),
      volume="131", page="105010", issn=["0160-4120"], pmid="31336253",
      epmc_journal=("Environment international", "Environ Int"),
      updates=[Update("corrigendum", (2020, 1, 15), notice="10.1016/j.envint.2019.105353",
                      notice_pmid="31791716")], citations=70)  # fmt: skip
    W("hosseini2010", "Vitamin D status and bone mineral density in postmenopausal women in "
      "Tehran", P("Hosseini, Maryam; Rahimi, Ali"), 2010, venue="Archives of Iranian Medicine",
      short="Arch Iran Med", printed=(2010, 9), volume="13", issue="5", page="380-386",
      issn=["1029-2977"], pmid="20804320",
      epmc_journal=("Archives of Iranian medicine", "Arch Iran Med"),
      updates=[Update("erratum", (2011, 1, 1), in_crossref=False, notice_pmid="21194264")],
      citations=20)  # fmt: skip
    W("hansen2019", "Physical activity and cognitive function in older adults: the Tromsø Study",
      P("Hansen, Ole; Jørgensen, Lone"), 2019, venue="PLOS ONE", short="PLoS ONE",
      doi="10.1371/journal.pone.0213221", online=(2019, 3, 6), volume="14", issue="3",
      page="e0213221", issn=["1932-6203"], pmid="30840693", pmcid="PMC6402690",
      epmc_journal=("PloS one", "PLoS One"),
      updates=[Update("correction", (2019, 5, 9), notice="10.1371/journal.pone.0217127",
                      notice_pmid="31071176")], citations=35)  # fmt: skip
