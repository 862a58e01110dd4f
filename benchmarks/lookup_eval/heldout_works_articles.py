"""Held-out world: journal articles, conference papers, preprints and their published
versions, with the distractors their cases need.

Distractors: Lorenz's other 1963 paper; Granovetter's 1983 "revisited"; the Annals' other
stochastic-approximation paper; Zadeh's other 1960s paper in the same journal and his 1996
chapter with the same title; Warren and Marshall's 1983 letter with a near-identical title;
ATLAS and CMS (consecutive DOIs, same issue); "Denoising Diffusion Probabilistic" and
"... Implicit" models; the same authors' other arXiv paper; the ICMJE registration statement
co-published in four journals; a medRxiv preprint and its published version under another
title. The Lancet's legacy records have titles in capitals and given names without spaces.
"""

from __future__ import annotations

from build_tuning import A, Arxiv, W
from heldout_works import people as P

NATURE = ["0028-0836", "1476-4687"]
SCIENCE = ["0036-8075", "1095-9203"]
EP_NATURE = ("Nature", "Nature")
EP_SCIENCE = ("Science (New York, N.Y.)", "Science")
EP_LANCET = ("Lancet (London, England)", "Lancet")
QJE = "The Quarterly Journal of Economics"
OUP = "Oxford University Press (OUP)"
INF_CONTROL = "Information and Control"
NEURIPS = "Advances in Neural Information Processing Systems"
ARXIV_VENUE = "arXiv (Cornell University)"
OA_ONLY = ("openalex",)


def define() -> None:
    classics()
    statistics_and_physics()
    medicine()
    machine_learning()
    preprints()


def classics() -> None:
    W("lorenz1963", "Deterministic Nonperiodic Flow", P("Lorenz, Edward N."), 1963,
      venue="Journal of the Atmospheric Sciences", short="J. Atmos. Sci.",
      doi="10.1175/1520-0469(1963)020<0130:DNF>2.0.CO;2", printed=(1963, 3), volume="20",
      issue="2", page="130-141", issn=["0022-4928", "1520-0469"],
      publisher="American Meteorological Society", citations=25000)  # fmt: skip
    W("lorenz1963tnyas", "The Predictability of Hydrodynamic Flow", P("Lorenz, Edward N."),
      1963, venue="Transactions of the New York Academy of Sciences",
      short="Transactions of the New York Academy of Sciences",
      doi="10.1111/j.2164-0947.1963.tb01464.x", printed=(1963, 2), volume="25", issue="4",
      page="409-432", issn=["0028-7113"], citations=300)  # fmt: skip
    W("lorenz1969", "The predictability of a flow which possesses many scales of motion",
      P("Lorenz, Edward N."), 1969, venue="Tellus", short="Tellus",
      doi="10.3402/tellusa.v21i3.10086", printed=(1969, 1), volume="21", issue="3",
      page="289-307", issn=["0040-2826"], publisher="Stockholm University Press",
      citations=1500)  # fmt: skip
    W("granovetter1973", "The Strength of Weak Ties", P("Granovetter, Mark S."), 1973,
      venue="American Journal of Sociology", short="American Journal of Sociology",
      doi="10.1086/225469", printed=(1973, 5), volume="78", issue="6", page="1360-1380",
      issn=["0002-9602", "1537-5390"], publisher="University of Chicago Press",
      citations=60000)  # fmt: skip
    W("granovetter1983", "The Strength of Weak Ties: A Network Theory Revisited",
      P("Granovetter, Mark"), 1983, venue="Sociological Theory", doi="10.2307/202051",
      printed=(1983,), volume="1", page="201", issn=["0735-2751"], publisher="JSTOR",
      citations=9000)  # fmt: skip
    W("akerlof1970", 'The Market for "Lemons": Quality Uncertainty and the Market Mechanism',
      P("Akerlof, George A."), 1970,
      cr_title="The Market for “Lemons”: Quality Uncertainty and the Market Mechanism",
      venue=QJE, short=QJE, doi="10.2307/1879431", printed=(1970, 8), volume="84",
      issue="3", page="488", issn=["0033-5533", "1531-4650"], publisher=OUP,
      s2_title="The Market for “Lemons”: Quality Uncertainty and the Market Mechanism",
      citations=40000)  # fmt: skip
    W("spence1973", "Job Market Signaling", P("Spence, Michael"), 1973, venue=QJE, short=QJE,
      doi="10.2307/1882010", printed=(1973, 8), volume="87", issue="3", page="355",
      issn=["0033-5533", "1531-4650"], publisher=OUP, citations=15000)  # fmt: skip
    W("price1965", "Networks of Scientific Papers", [_person("Derek J.", "de Solla Price")],
      1965, venue="Science", short="Science", doi="10.1126/science.149.3683.510",
      printed=(1965, 7, 30), volume="149", issue="3683", page="510-515", issn=SCIENCE,
      pmid="14325149", epmc_journal=EP_SCIENCE, s2_names=["D. J. de Solla Price"],
      citations=5000)  # fmt: skip
    W("price1976", "A general theory of bibliometric and other cumulative advantage processes",
      P("Price, Derek De Solla"), 1976,
      venue="Journal of the American Society for Information Science",
      short="J. Am. Soc. Inf. Sci.", doi="10.1002/asi.4630270505", printed=(1976, 9),
      volume="27", issue="5", page="292-306", issn=["0002-8231", "1097-4571"],
      citations=2500)  # fmt: skip
    W("price1963", "Little Science, Big Science", P("Price, Derek J. de Solla"), 1963,
      type="book", publisher="Columbia University Press", registries=OA_ONLY,
      citations=6000)  # fmt: skip


def _person(given: str, family: str) -> dict[str, str]:
    return {"given": given, "family": family}


def statistics_and_physics() -> None:
    ams = dict(venue="The Annals of Mathematical Statistics", short="Ann. Math. Statist.",
               issn=["0003-4851"], publisher="Institute of Mathematical Statistics")  # fmt: skip
    W("robbins1951", "A Stochastic Approximation Method", P("Robbins, Herbert; Monro, Sutton"),
      1951, doi="10.1214/aoms/1177729586", printed=(1951, 9), volume="22", issue="3",
      page="400-407", s2_venue="Annals of Mathematical Statistics", citations=9000,
      **ams)  # fmt: skip
    W("kiefer1952", "Stochastic Estimation of the Maximum of a Regression Function",
      P("Kiefer, J.; Wolfowitz, J."), 1952, doi="10.1214/aoms/1177729392",
      printed=(1952, 9), volume="23", issue="3", page="462-466", citations=2500,
      **ams)  # fmt: skip
    W("zadeh1965", "Fuzzy sets", P("Zadeh, L.A."), 1965, venue=INF_CONTROL, short=INF_CONTROL,
      doi="10.1016/S0019-9958(65)90241-X", printed=(1965, 6), volume="8", issue="3",
      page="338-353", issn=["0019-9958"], citations=90000)  # fmt: skip
    W("zadeh1968", "Fuzzy algorithms", P("Zadeh, L.A."), 1968, venue=INF_CONTROL,
      short=INF_CONTROL, doi="10.1016/S0019-9958(68)90211-8", printed=(1968, 2), volume="12",
      issue="2", page="94-102", issn=["0019-9958"], citations=1500)  # fmt: skip
    W("zadeh1996", "Fuzzy Sets", P("Zadeh, Lotfi A."), 1996, type="book-chapter",
      venue="Advances in Fuzzy Systems — Applications and Theory",
      container_extra=["Fuzzy Sets, Fuzzy Logic, and Fuzzy Systems"],
      doi="10.1142/9789814261302_0001", printed=(1996, 5), page="19-34",
      isbn=["9789810224219"], publisher="WORLD SCIENTIFIC",
      editors=P("Klir, George J.; Yuan, Bo"), citations=300)  # fmt: skip
    W("goguen1967", "L-fuzzy sets", P("Goguen, J.A."), 1967,
      venue="Journal of Mathematical Analysis and Applications",
      short="Journal of Mathematical Analysis and Applications",
      doi="10.1016/0022-247X(67)90189-8", printed=(1967, 1), volume="18", issue="1",
      page="145-174", issn=["0022-247X"], citations=4000)  # fmt: skip
    W("kirkpatrick1983", "Optimization by Simulated Annealing",
      P("Kirkpatrick, S.; Gelatt, C. D.; Vecchi, M. P."), 1983, venue="Science",
      short="Science", doi="10.1126/science.220.4598.671", printed=(1983, 5, 13),
      volume="220", issue="4598", page="671-680", issn=SCIENCE, pmid="17813860",
      epmc_journal=EP_SCIENCE, citations=45000)  # fmt: skip
    W("cerny1985", "Thermodynamical approach to the traveling salesman problem: An efficient "
      "simulation algorithm", P("Černý, V."), 1985,
      venue="Journal of Optimization Theory and Applications",
      short="J Optim Theory Appl", doi="10.1007/BF00940812", printed=(1985, 1), volume="45",
      issue="1", page="41-51", issn=["0022-3239", "1573-2878"], citations=3000)  # fmt: skip
    atlas = (
        "Aad, G.; Abajyan, T.; Abdallah, J.; Abdel Khalek, S.; Abdelalim, A.A.; "
        "Abdinov, O.; Aben, R.; Abolins, M."
    )
    W("atlas2012", "Observation of a new particle in the search for the Standard Model Higgs "
      "boson with the ATLAS detector at the LHC", P(atlas), 2012, venue="Physics Letters B",
      short="Physics Letters B", doi="10.1016/j.physletb.2012.08.020", online=(2012, 8, 14),
      printed=(2012, 9), volume="716", issue="1", page="1-29", issn=["0370-2693"],
      arxiv=Arxiv("1207.7214", [("2012-07-31T19:57:49Z", None), ("2012-08-31T15:23:13Z", None)],
                  ["hep-ex"], journal_ref="Phys.Lett. B716 (2012) 1-29",
                  doi="10.1016/j.physletb.2012.08.020", names=["ATLAS Collaboration"]),
      citations=15000)  # fmt: skip
    cms = (
        "Chatrchyan, S.; Khachatryan, V.; Sirunyan, A.M.; Tumasyan, A.; Adam, W.; Aguilo, E.; "
        "Bergauer, T.; Dragicevic, M.; Erö, J.; Fabjan, C."
    )
    W("cms2012", "Observation of a new boson at a mass of 125 GeV with the CMS experiment at the "
      "LHC", P(cms), 2012, venue="Physics Letters B", short="Physics Letters B",
      doi="10.1016/j.physletb.2012.08.021", online=(2012, 8, 14), printed=(2012, 9),
      volume="716", issue="1", page="30-61", issn=["0370-2693"],
      arxiv=Arxiv("1207.7235", [("2012-07-31T20:01:54Z", None), ("2013-01-28T13:49:45Z", None)],
                  ["hep-ex"], journal_ref="Phys. Lett. B 716 (2012) 30",
                  doi="10.1016/j.physletb.2012.08.021", names=["CMS Collaboration"]),
      citations=14000)  # fmt: skip
    W("okonkwo2023",
      "Solar mini-grid tariffs and household electricity demand in rural Nigeria",
      P("Okonkwo, Chidinma; Bello, Tunde; Falola, Ifeoluwa"), 2023, venue="Energy Policy",
      short="Energy Policy", doi="10.1016/j.enpol.2022.113372", online=(2022, 12, 20),
      printed=(2023, 2), volume="173", page="113372", issn=["0301-4215"],
      citations=14)  # fmt: skip
    W("okonkwo2021", "Solar mini-grids and household welfare in rural Nigeria: evidence from a "
      "staggered rollout", P("Okonkwo, Chidinma; Bello, Tunde"), 2021,
      venue="World Development", short="World Development",
      doi="10.1016/j.worlddev.2021.105512", online=(2021, 4, 2), printed=(2021, 8),
      volume="144", page="105512", issn=["0305-750X"], citations=30)  # fmt: skip


def medicine() -> None:
    title = "Unidentified curved bacilli in the stomach of patients with gastritis and peptic "
    title += "ulceration"
    W("marshall1984", title, P("Marshall, Barry J.; Warren, J. Robin"), 1984,
      cr_title=title.upper(), cr_authors=[A("BarryJ.", "Marshall"), A("J.Robin", "Warren")],
      venue="The Lancet", short="The Lancet", doi="10.1016/S0140-6736(84)91816-6",
      printed=(1984, 6), volume="323", issue="8390", page="1311-1315", issn=["0140-6736"],
      pmid="6145023", epmc_journal=EP_LANCET, citations=5000)  # fmt: skip
    title = "Unidentified curved bacilli on gastric epithelium in active chronic gastritis"
    W("warren1983", title, P("Warren, J. Robin; Marshall, Barry"), 1983,
      cr_title=title.upper(), cr_authors=[A("J.Robin", "Warren"), A("Barry", "Marshall")],
      venue="The Lancet", short="The Lancet", doi="10.1016/S0140-6736(83)92719-8",
      printed=(1983, 6), volume="321", issue="8336", page="1273-1275", issn=["0140-6736"],
      pmid="6134060", epmc_journal=EP_LANCET, citations=2500)  # fmt: skip
    icmje = (
        "De Angelis, Catherine; Drazen, Jeffrey M.; Frizelle, Frank A.; Haug, Charlotte; "
        "Hoey, John; Horton, Richard; Kotzin, Sheldon; Laine, Christine; Marusic, Ana; "
        "Overbeke, A. John P.M.; Schroeder, Torben V.; Sox, Hal C.; Van Der Weyden, Martin B."
    )
    title = (
        "Clinical Trial Registration: A Statement from the International Committee of "
        "Medical Journal Editors"
    )
    W("deangelis2004nejm", title, P(icmje), 2004, venue="New England Journal of Medicine",
      short="N Engl J Med", doi="10.1056/NEJMe048225", online=(2004, 9, 8),
      printed=(2004, 9, 16), volume="351", issue="12", page="1250-1251",
      issn=["0028-4793", "1533-4406"], pmid="15356289",
      epmc_journal=("The New England journal of medicine", "N Engl J Med"),
      citations=1500)  # fmt: skip
    lancet = title.replace("Trial", "trial").replace("Registration: A", "registration: a")
    W("deangelis2004lancet", lancet, P(icmje.replace("Marusic", "Marušić")), 2004,
      venue="The Lancet", short="The Lancet",
      doi="10.1016/S0140-6736(04)17034-7", printed=(2004, 9), volume="364", issue="9438",
      page="911-912", issn=["0140-6736"], pmid="15364170", epmc_journal=EP_LANCET,
      citations=600)  # fmt: skip
    W("deangelis2004jama", title, P(icmje), 2004, venue="JAMA", short="JAMA",
      doi="10.1001/jama.292.11.1363", printed=(2004, 9, 15), volume="292", issue="11",
      page="1363-1364", issn=["0098-7484"], pmid="15355936",
      publisher="American Medical Association (AMA)", epmc_journal=("JAMA", "JAMA"),
      citations=900)  # fmt: skip
    W("deangelis2004annals", title, P(icmje), 2004, venue="Annals of Internal Medicine",
      short="Ann Intern Med", doi="10.7326/0003-4819-141-6-200409210-00109",
      printed=(2004, 9, 21), volume="141", issue="6", page="477-478",
      issn=["0003-4819", "1539-3704"], pmid="15355883",
      publisher="American College of Physicians",
      epmc_journal=("Annals of internal medicine", "Ann Intern Med"),
      citations=400)  # fmt: skip
    W("okeke2009", "Prevalence of intestinal helminth infections among primary schoolchildren "
      "in Enugu, south-east Nigeria", P("Okeke, Chinwe N.; Adebayo, Funmilayo O."), 2009,
      venue="Nigerian Journal of Medicine", short="Niger J Med", printed=(2009, 4),
      volume="18", issue="2", page="150-155", issn=["1115-2613"], pmid="19630368",
      epmc_journal=("Nigerian journal of medicine : journal of the National Association of "
                    "Resident Doctors of Nigeria", "Niger J Med"), citations=12)  # fmt: skip


def machine_learning() -> None:
    W("rombach2022", "High-Resolution Image Synthesis with Latent Diffusion Models",
      P("Rombach, Robin; Blattmann, Andreas; Lorenz, Dominik; Esser, Patrick; Ommer, Bjorn"),
      2022, type="proceedings-article",
      venue="2022 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)",
      doi="10.1109/CVPR52688.2022.01042", printed=(2022, 6), page="10674-10685",
      oa_names=["Robin Rombach", "Andreas Blattmann", "Dominik Lorenz", "Patrick Esser",
                "Björn Ommer"], s2_venue="Computer Vision and Pattern Recognition",
      arxiv=Arxiv("2112.10752", [("2021-12-20T17:55:34Z", None), ("2022-04-13T11:38:44Z", None)],
                  ["cs.CV"], comment="CVPR 2022"), citations=9000)  # fmt: skip
    W("esser2021", "Taming Transformers for High-Resolution Image Synthesis",
      P("Esser, Patrick; Rombach, Robin; Ommer, Bjorn"), 2021, type="proceedings-article",
      venue="2021 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)",
      doi="10.1109/CVPR46437.2021.01268", printed=(2021, 6), page="12868-12878",
      s2_venue="Computer Vision and Pattern Recognition",
      arxiv=Arxiv("2012.09841", [("2020-12-17T18:57:28Z", None), ("2021-06-23T16:12:45Z", None)],
                  ["cs.CV"]), citations=2500)  # fmt: skip
    W("ho2020", "Denoising Diffusion Probabilistic Models",
      P("Ho, Jonathan; Jain, Ajay; Abbeel, Pieter"), 2020, type="proceedings-article",
      venue=NEURIPS + " 33", page="6840-6851", registries=("openalex", "s2", "arxiv"),
      s2_venue="Neural Information Processing Systems",
      arxiv=Arxiv("2006.11239", [("2020-06-19T17:24:44Z", None), ("2020-12-16T21:24:46Z", None)],
                  ["cs.LG", "stat.ML"]), citations=12000)  # fmt: skip
    W("song2020ddim", "Denoising Diffusion Implicit Models",
      P("Song, Jiaming; Meng, Chenlin; Ermon, Stefano"), 2020, type="posted-content",
      venue=ARXIV_VENUE, s2_venue="International Conference on Learning Representations",
      arxiv=Arxiv("2010.02502", [("2020-10-06T06:15:51Z", None), ("2020-11-25T19:54:01Z", None),
                                 ("2021-10-05T02:56:09Z", None)], ["cs.LG", "cs.CV"]),
      citations=5000)  # fmt: skip
    W("song2019", "Generative Modeling by Estimating Gradients of the Data Distribution",
      P("Song, Yang; Ermon, Stefano"), 2019, type="proceedings-article",
      venue=NEURIPS + " 32", page="11918-11930", registries=("openalex", "s2", "arxiv"),
      s2_venue="Neural Information Processing Systems",
      arxiv=Arxiv("1907.05600", [("2019-07-12T17:52:12Z", None)], ["cs.LG", "stat.ML"]),
      citations=3000)  # fmt: skip


def preprints() -> None:
    W("loshchilov2017", "Decoupled Weight Decay Regularization",
      P("Loshchilov, Ilya; Hutter, Frank"), 2017, type="posted-content", venue=ARXIV_VENUE,
      s2_venue="International Conference on Learning Representations",
      arxiv=Arxiv("1711.05101", [("2017-11-14T18:51:55Z", "Fixing Weight Decay Regularization "
                                  "in Adam"), ("2018-02-14T16:26:24Z", None),
                                 ("2019-01-04T09:51:40Z", "Decoupled Weight Decay "
                                  "Regularization")], ["cs.LG", "cs.NE", "math.OC"],
                  comment="Published as a conference paper at ICLR 2019"),
      citations=6000)  # fmt: skip
    W("loshchilov2016", "SGDR: Stochastic Gradient Descent with Warm Restarts",
      P("Loshchilov, Ilya; Hutter, Frank"), 2016, type="posted-content", venue=ARXIV_VENUE,
      s2_venue="International Conference on Learning Representations",
      arxiv=Arxiv("1608.03983", [("2016-08-13T14:09:32Z", None), ("2017-05-03T13:43:52Z", None)],
                  ["cs.LG", "cs.NE", "math.OC"]), citations=5000)  # fmt: skip
    authors = "McAllister, Fiona; Dunbar, Callum; Ross, Iain; Mackenzie, Eilidh"
    W("mcallister2021", "Persistent symptoms after SARS-CoV-2 infection in Scottish primary "
      "care: a cohort study", P(authors), 2021, type="posted-content",
      doi="10.1101/2021.03.10.21253271", online=(2021, 3, 12), institution="medRxiv",
      s2_venue="medRxiv", epmc_source="PPR",
      relation={"is-preprint-of": [{"id-type": "doi", "id": "10.1136/bmjopen-2021-057163",
                                    "asserted-by": "subject"}]}, citations=20)  # fmt: skip
    W("mcallister2022", "Symptom burden and recovery after COVID-19 in primary care: a Scottish "
      "cohort study", P(authors + "; Guthrie, Bruce"), 2022, venue="BMJ Open",
      short="BMJ Open", doi="10.1136/bmjopen-2021-057163", online=(2022, 4, 20), volume="12",
      issue="4", page="e057163", issn=["2044-6055"], publisher="BMJ", pmid="35443957",
      pmcid="PMC9021789", epmc_journal=("BMJ open", "BMJ Open"),
      relation={"has-preprint": [{"id-type": "doi", "id": "10.1101/2021.03.10.21253271",
                                  "asserted-by": "object"}]}, citations=35)  # fmt: skip
