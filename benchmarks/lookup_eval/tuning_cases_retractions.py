"""Real works that were retracted, withdrawn, corrected or put under an expression of concern,
cited the way bibliographies cite them (without the 'RETRACTED:' some publishers put in
the record's title). All are ``found``; the label is the retraction status."""

from __future__ import annotations

from tuning_cases_lib import JSON, C


def cases() -> list[JSON]:
    return retracted() + concerns() + corrections()


# fmt: off
def retracted() -> list[JSON]:
    R = "real_retracted"
    ret = "retracted"
    return [
        C("wakefield1998ileal", R, retraction=ret,
          title="Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive "
                "developmental disorder in children",
          authors="Wakefield, A. J.; Murch, S. H.; Anthony, A.; et al.", year=1998,
          venue="Lancet", volume=351, pages="637-641", doi="10.1016/S0140-6736(97)11096-0",
          work="wakefield1998",
          tags=("publisher_notice", "partial_then_full", "retracted_prefix_in_record"),
          why="A partial retraction (2004), then a full one (2010), both deposited by the "
              "publisher; Crossref's title starts 'RETRACTED:'."),
        C("obokata2014stimulus", R, retraction=ret,
          title="Stimulus-triggered fate conversion of somatic cells into pluripotency",
          authors="Obokata, H.; Wakayama, T.; Sasai, Y.; et al.", year=2014, venue="Nature",
          volume=505, pages="641-647", work="obokata2014a",
          tags=("publisher_notice", "no_identifier", "same_authors_in_world"),
          why="Retracted by the publisher; found by search only."),
        C("obokata2014bidirectional", R, retraction=ret,
          title="Bidirectional developmental potential in reprogrammed cells with acquired "
                "pluripotency", authors="Obokata, H.; Sasai, Y.; Niwa, H.; et al.", year=2014,
          venue="Nature", pmid="24476891", work="obokata2014b",
          tags=("publisher_notice", "pmid"),
          why="By PMID: Europe PMC says 'Retracted Publication' and links the notice."),
        C("hwang2004evidence", R, retraction=ret,
          title="Evidence of a pluripotent human embryonic stem cell line derived from a cloned "
                "blastocyst", authors="Hwang, W. S.; Ryu, Y. J.; Park, J. H.; et al.",
          year=2004, venue="Science", doi="10.1126/science.1094515", work="hwang2004",
          tags=("publisher_notice", "korean_names"),
          why="Editorial retraction; the 2005 paper by the same group is retracted too."),
        C("seralini2012long", R, retraction=ret,
          title="Long term toxicity of a Roundup herbicide and a Roundup-tolerant genetically "
                "modified maize",
          authors="Seralini, G.-E.; Clair, E.; Mesnage, R.; Gress, S.; Defarge, N.; "
                  "Malatesta, M.; Hennequin, D.; [de] Vendomois, J. S.", year=2012,
          venue="Food Chem. Toxicol.", volume=50, pages="4221-4231",
          doi="10.1016/j.fct.2012.08.005", work="seralini2012",
          tags=("publisher_notice", "diacritics_dropped", "particle", "republished_in_world"),
          why="Retracted; its 2014 republication (not retracted) has nearly the same title."),
        C("mehra2020hydroxychloroquine", R, retraction=ret,
          title="Hydroxychloroquine or chloroquine with or without a macrolide for treatment of "
                "COVID-19: a multinational registry analysis",
          authors="Mehra, M. R.; Desai, S. S.; Ruschitzka, F.; Patel, A. N.", year=2020,
          venue="The Lancet", doi="https://doi.org/10.1016/S0140-6736(20)31180-6",
          work="mehra2020lancet", tags=("eoc_then_retraction", "retracted_prefix_in_record"),
          why="An expression of concern, then a retraction two days later: retracted wins."),
        C("mehra2020cardiovascular", R, retraction=ret,
          title="Cardiovascular disease, drug therapy, and mortality in Covid-19",
          authors="Mehra, M. R.; Desai, S. S.; Kuy, S.; Henry, T. D.; Patel, A. N.", year=2020,
          venue="N Engl J Med", volume=382, work="mehra2020nejm",
          tags=("eoc_then_retraction", "no_identifier"),
          why="The same authors' NEJM paper; found by search."),
        C("lacour2014when", R, retraction=ret,
          title="When contact changes minds: an experiment on transmission of support for gay "
                "equality", authors="LaCour, M. J.; Green, D. P.", year=2014, venue="Science",
          volume=346, issue=6215, pages="1366–1369", work="lacour2014",
          tags=("publisher_notice", "no_identifier"), why="Retracted in 2015."),
        C("stapel2011coping", R, retraction=ret,
          title="Coping with chaos: how disordered contexts promote stereotyping and "
                "discrimination", authors="Stapel, D. A.; Lindenberg, S.", year=2011,
          venue="Science", doi="10.1126/science.1201068", work="stapel2011",
          tags=("retraction_watch",),
          why="Crossref's updated-by comes from Retraction Watch; the notice has no "
              "update-to."),
        C("gautret2020hydroxychloroquine", R, retraction=ret,
          title="Hydroxychloroquine and azithromycin as a treatment of COVID-19: results of an "
                "open-label non-randomized clinical trial",
          authors="Gautret, P.; Lagier, J.-C.; Parola, P.; et al.", year=2020,
          venue="Int J Antimicrob Agents", volume=56, issue=1, pages="105949",
          doi="10.1016/j.ijantimicag.2020.105949", work="gautret2020",
          tags=("publisher_notice", "recent_retraction"), why="Retracted in December 2024."),
        C("snider2020room", R, retraction=ret,
          title="Room-temperature superconductivity in a carbonaceous sulfur hydride",
          authors="Snider, E.; Dasenbrock-Gammon, N.; McBride, R.; et al.", year=2020,
          venue="Nature", pmid="33057219", work="snider2020",
          tags=("publisher_notice", "pmid"), why="By PMID."),
        C("dasenbrock2023evidence", R, retraction=ret,
          title="Evidence of near-ambient superconductivity in a N-doped lutetium hydride",
          authors="Dasenbrock Gammon, N.; Snider, E.; McBride, R.; et al.", year=2023,
          venue="Nature", doi="10.1038/s41586-023-05742-0", work="dasenbrock2023",
          tags=("publisher_notice", "hyphenated_surname"),
          why="'Dasenbrock-Gammon' without the hyphen."),
        C("li2022analysis", R, retraction=ret,
          title="Analysis of the effect of aerobic exercise intervention on college students' "
                "mental health based on big data", authors="Li, W.; Zhang, M.", year=2022,
          venue="J Healthc Eng", doi="10.1155/2022/4857012", work="li2022jhe",
          tags=("retraction_watch", "curly_apostrophe_in_record"),
          why="A mass retraction recorded through Retraction Watch."),
        C("chen2022application", R, retraction=ret,
          title="Application of deep learning algorithm in physical education teaching quality "
                "evaluation", authors="Chen, L.", year=2022,
          venue="Computational Intelligence and Neuroscience", volume=2022,
          work="chen2022cin", tags=("retraction_watch", "no_identifier"),
          why="Found by search; a common surname and a generic title."),
        C("zhao2021spatial", R, retraction=ret,
          title="Spatial distribution of soil heavy metals and ecological risk assessment based "
                "on remote sensing images", authors="Zhao, J.; Liu, H.", year=2021,
          venue="Arab J Geosci", volume=14, pages="1120", doi="10.1007/s12517-021-07536-x",
          work="zhao2021ajg", tags=("retraction_watch",), why="Retraction Watch source."),
        C("kumar2021novel", R, retraction=ret,
          title="A novel intrusion detection system based on improved random forest for IoT "
                "networks", authors="Kumar, R.; Sharma, A.", year=2021,
          type="paper-conference", venue="ICCCIS 2021",
          doi="10.1109/ICCCIS51004.2021.9397154", work="kumar2021ieee",
          tags=("retraction_watch", "conference"), why="A retracted conference paper."),
        C("ozdemir2020effect", R, retraction=ret,
          title="The effect of probiotic supplementation on depressive symptoms in university "
                "students: a randomized controlled trial", authors="Ozdemir, A.; Kaya, M.",
          year=2020, venue="Journal of Pharmaceutical Research International",
          doi="10.9734/jpri/2020/v32i1530620", work="ozdemir2020",
          tags=("openalex_only_flag", "diacritics_dropped"),
          why="Only OpenAlex's is_retracted says so; Crossref has no notice."),
        C("rao2019blockchain", R, retraction=ret,
          title="Blockchain-based secure data sharing for smart healthcare",
          authors="Rao, S.; Patel, K.", year=2019, venue="J. Phys.: Conf. Ser.", volume=1362,
          pages="012045", work="rao2019jpcs", tags=("openalex_only_flag", "no_identifier"),
          why="Only OpenAlex flags it; found by search."),
        C("reddy2008antidiabetic", R, retraction=ret,
          title="Antidiabetic activity of Gymnema sylvestre leaf extract in "
                "streptozotocin-induced diabetic rats",
          authors="Reddy, K. S.; Lakshmi, P. V.", year=2008, venue="Indian J Pharmacol",
          volume=40, pages="112-8", pmid="21279178", work="reddy2008",
          tags=("europepmc_only", "pmid_only"),
          why="No DOI; only Europe PMC records the retraction (OpenAlex does not)."),
        C("ahmed2011prevalence", R, retraction=ret,
          title="Prevalence of Helicobacter pylori infection among dyspeptic patients in Karachi",
          authors="Ahmed, S.; Khan, N.", year=2011, venue="J Pak Med Assoc", pmid="22204205",
          work="ahmed2011", tags=("europepmc_only", "pmid_only"),
          why="Retraction known only to Europe PMC."),
        C("fischer2017lipid", R, retraction=ret,
          title="Lipid nanoparticle delivery of siRNA targeting PCSK9 in non-human primates",
          authors="Fischer, A.; Becker, J.; Wagner, L.", year=2017, venue="Mol Ther",
          doi="10.1016/j.ymthe.2017.03.012", work="fischer2017",
          tags=("partial_retraction",),
          why="A partial retraction counts as retracted; OpenAlex does not flag it."),
        C("sari2020biochar", R, retraction=ret,
          title="Biochar amendment reduces nitrous oxide emissions from tropical rice paddies",
          authors="Sari, I.; Wibowo, A.", year=2020, venue="Sci. Total Environ.", volume=740,
          pages="140321", work="sari2020",
          tags=("withdrawal", "withdrawn_prefix_in_record", "no_identifier"),
          why="Withdrawn (Elsevier, 'WITHDRAWN:' in the record title)."),
        C("oconnor2020association", R, retraction=ret,
          title="Association of tinnitus with cognitive impairment: a meta-analysis",
          authors="O'Connor, S.; Ni Bhriain, A.; MacCarthy, D.", year=2020,
          venue="Laryngoscope", doi="10.1002/lary.28765", work="oconnor2020",
          tags=("withdrawal", "irish_names"), why="A withdrawn accepted article."),
    ]


def concerns() -> list[JSON]:
    E = "real_expression_of_concern"
    eoc = "expression_of_concern"
    return [
        C("rossi2021elevated", E, retraction=eoc,
          title="Elevated serum ferritin predicts mortality in hospitalized patients with "
                "COVID-19: a retrospective cohort study",
          authors="Rossi, M.; Bianchi, G.; Ferrari, L.", year=2021, venue="J. Clin. Med.",
          doi="10.3390/jcm10081742", work="rossi2021", tags=("publisher_notice",),
          why="An expression of concern deposited by the publisher."),
        C("ahmed2021five", E, retraction=eoc,
          title="A five-day course of ivermectin for the treatment of COVID-19 may reduce the "
                "duration of illness",
          authors="Ahmed, S.; Karim, M. M.; Ross, A. G.; Hossain, M. S.; Clemens, J. D.",
          year=2021, venue="International Journal of Infectious Diseases", volume=103,
          pages="214-216", work="ahmed2021ijid",
          tags=("retraction_watch", "no_identifier", "online_previous_year"),
          why="Retraction Watch's record of a concern; online in 2020, issue 2021."),
        C("sharma2016effect", E, retraction=eoc,
          title="Effect of curcumin supplementation on cognitive decline in older adults: a "
                "randomised trial", authors="Sharma, R.; Gupta, N.", year=2016,
          venue="J Assoc Physicians India", pmid="27759960", work="sharma2016",
          tags=("europepmc_only", "pmid_only"), why="Only Europe PMC links the concern."),
        C("andersson2018sleep", E, retraction=eoc,
          title="Sleep duration and academic performance among adolescents: a longitudinal "
                "study", authors="Andersson, E.; Lindgren, K.", year=2018, venue="PLoS One",
          doi="10.1371/journal.pone.0198765", work="andersson2018",
          tags=("publisher_notice",), why="A PLOS expression of concern."),
    ]


def corrections() -> list[JSON]:
    K = "real_correction"
    cor = "correction"
    return [
        C("holbrook2019global", K, retraction=cor,
          title="A global assessment of marine heatwaves and their drivers",
          authors="Holbrook, N. J.; Scannell, H. A.; Sen Gupta, A.; et al.", year=2019,
          venue="Nature Communications", volume=10, pages="2624",
          doi="10.1038/s41467-019-10206-z", work="holbrook2019",
          tags=("publisher_notice", "double_surname"), why="An author correction."),
        C("vanderlinden2016soil", K, retraction=cor,
          title="Soil moisture estimation from Sentinel-1 radar for irrigation scheduling",
          authors="[van der] Linden, P.; Smit, A.", year=2016, venue="Precision Agriculture",
          doi="10.1007/s11119-016-9474-2", work="vanderlinden2017",
          tags=("erratum", "online_first_year", "particle"),
          why="A Springer erratum; cited with the online year."),
        C("hoffmann2019urban", K, retraction=cor,
          title="Urban green space exposure and depressive symptoms in adults: a "
                "cross-sectional study in five European cities",
          authors="Hoffmann, K.; Janssen, P.", year=2019, venue="Environ Int", volume=131,
          pages="105010", work="hoffmann2019", tags=("corrigendum", "no_identifier"),
          why="An Elsevier corrigendum."),
        C("hosseini2010vitamin", K, retraction=cor,
          title="Vitamin D status and bone mineral density in postmenopausal women in Tehran",
          authors="Hosseini, M.; Rahimi, A.", year=2010, venue="Arch Iran Med",
          pmid="20804320", work="hosseini2010", tags=("europepmc_only", "pmid_only"),
          why="An erratum only Europe PMC links."),
        C("hansen2019physical", K, retraction=cor,
          title="Physical activity and cognitive function in older adults: the Tromso Study",
          authors="Hansen, O.; Jorgensen, L.", year=2019, venue="PLoS ONE",
          doi="10.1371/journal.pone.0213221", work="hansen2019",
          tags=("publisher_notice", "diacritics_dropped"),
          why="A PLOS correction; 'Tromsø' and 'Jørgensen' without ø."),
    ]
# fmt: on
