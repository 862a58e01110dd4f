"""Books (with and without DOIs, editions that share a title), chapters, reports, theses,
standards, and datasets and software with DataCite DOIs."""

from __future__ import annotations

from build_tuning import ORG, W
from tuning_people import people as P

OA_ONLY = ("openalex",)
CUP = "Cambridge University Press (CUP)"


def define() -> None:
    books()
    chapters()
    reports()
    theses()
    standards()
    data_and_software()


def books() -> None:
    W("goodfellow2016", "Deep Learning", P("Goodfellow, Ian; Bengio, Yoshua; Courville, Aaron"),
      2016, type="book", publisher="MIT Press", isbn=["9780262035613"], registries=OA_ONLY,
      citations=50000)  # fmt: skip
    W("hastie2009", "The Elements of Statistical Learning",
      P("Hastie, Trevor; Tibshirani, Robert; Friedman, Jerome"), 2009, type="book",
      subtitle="Data Mining, Inference, and Prediction", venue="Springer Series in Statistics",
      doi="10.1007/978-0-387-84858-7", printed=(2009,), isbn=["9780387848570", "9780387848587"],
      issn=["0172-7397"], citations=60000)  # fmt: skip
    W("hastie2001", "The Elements of Statistical Learning",
      P("Hastie, Trevor; Tibshirani, Robert; Friedman, Jerome"), 2001, type="book",
      subtitle="Data Mining, Inference, and Prediction", venue="Springer Series in Statistics",
      doi="10.1007/978-0-387-21606-5", printed=(2001,), isbn=["9780387952840", "9780387216065"],
      issn=["0172-7397"], citations=20000)  # fmt: skip
    W("sutton2018", "Reinforcement Learning: An Introduction", P("Sutton, Richard S.; Barto, "
      "Andrew G."), 2018, type="book", publisher="MIT Press", isbn=["9780262039246"],
      registries=OA_ONLY, citations=40000)  # fmt: skip
    W("sutton1998", "Reinforcement Learning: An Introduction", P("Sutton, Richard S.; Barto, "
      "Andrew G."), 1998, type="book", publisher="MIT Press", isbn=["9780262193986"],
      registries=OA_ONLY, citations=30000)  # fmt: skip
    W("sutton1998review", "Reinforcement Learning: An Introduction",
      P("Sutton, R.S.; Barto, A.G."), 1998, venue="IEEE Transactions on Neural Networks",
      short="IEEE Trans. Neural Netw.", doi="10.1109/TNN.1998.712192", printed=(1998, 9),
      volume="9", issue="5", page="1054-1054", issn=["1045-9227"], citations=9000)  # fmt: skip
    W("kuhn1962", "The Structure of Scientific Revolutions", P("Kuhn, Thomas S."), 1962,
      type="book", publisher="University of Chicago Press", registries=OA_ONLY,
      citations=60000)  # fmt: skip
    W("kuhn2012", "The Structure of Scientific Revolutions", P("Kuhn, Thomas S."), 2012,
      type="monograph", subtitle="50th Anniversary Edition",
      doi="10.7208/chicago/9780226458144.001.0001", printed=(2012, 4, 30),
      isbn=["9780226458113", "9780226458144"], publisher="University of Chicago Press",
      citations=3000)  # fmt: skip
    W("cohen1988", "Statistical Power Analysis for the Behavioral Sciences", P("Cohen, Jacob"),
      1988, type="book", publisher="Lawrence Erlbaum Associates", isbn=["9780805802832"],
      registries=OA_ONLY, citations=90000)  # fmt: skip
    W("cohen2013", "Statistical Power Analysis for the Behavioral Sciences", P("Cohen, Jacob"),
      2013, type="book", doi="10.4324/9780203771587", printed=(2013, 5, 13),
      isbn=["9780203771587"], publisher="Routledge", citations=20000)  # fmt: skip
    W("bishop2006", "Pattern Recognition and Machine Learning", P("Bishop, Christopher M."),
      2006, type="book", publisher="Springer", venue="Information Science and Statistics",
      isbn=["9780387310732"], registries=OA_ONLY, citations=60000)  # fmt: skip
    W("pearl2009", "Causality", P("Pearl, Judea"), 2009, type="book",
      subtitle="Models, Reasoning, and Inference", doi="10.1017/CBO9780511803161",
      online=(2013, 6, 5), printed=(2009, 9, 14), isbn=["9780521895606", "9780511803161"],
      citations=25000)  # fmt: skip
    W("pearl2000", "Causality: Models, Reasoning, and Inference", P("Pearl, Judea"), 2000,
      type="book", publisher="Cambridge University Press", isbn=["9780521773621"],
      registries=OA_ONLY, citations=9000)  # fmt: skip
    W("sawyer2014", "The Cambridge Handbook of the Learning Sciences", [], 2014,
      type="edited-book", editors=P("Sawyer, R. Keith"), doi="10.1017/CBO9781139519526",
      online=(2014, 11, 24), printed=(2014, 11, 3), isbn=["9781107626577", "9781139519526"],
      oa_names=[], citations=2500)  # fmt: skip
    W("jurafsky2009", "Speech and Language Processing", P("Jurafsky, Daniel; Martin, James H."),
      2009, type="book", subtitle="An Introduction to Natural Language Processing, "
      "Computational Linguistics, and Speech Recognition", publisher="Pearson Prentice Hall",
      isbn=["9780131873216"], registries=OA_ONLY, citations=12000)  # fmt: skip


def chapters() -> None:
    W("braun2012", "Thematic analysis.", P("Braun, Virginia; Clarke, Victoria"), 2012,
      type="book-chapter",
      venue="APA handbook of research methods in psychology, Vol 2: Research designs: "
            "Quantitative, qualitative, neuropsychological, and biological.",
      doi="10.1037/13620-004", printed=(2012,), page="57-71", isbn=["9781433810053"],
      editors=P("Cooper, Harris; Camic, Paul M.; Long, Debra L.; Panter, A. T.; "
                "Rindskopf, David; Sher, Kenneth J."), citations=10000)  # fmt: skip
    W("geertz1973", "Thick Description: Toward an Interpretive Theory of Culture",
      P("Geertz, Clifford"), 1973, type="book-chapter",
      venue="The Interpretation of Cultures: Selected Essays", page="3-30",
      publisher="Basic Books", registries=OA_ONLY, citations=15000)  # fmt: skip
    W("ting2011", "Precision and Recall", P("Ting, Kai Ming"), 2011, type="reference-entry",
      venue="Encyclopedia of Machine Learning", doi="10.1007/978-0-387-30164-8_652",
      printed=(2011,), page="781-781", isbn=["9780387307688", "9780387301648"],
      editors=P("Sammut, Claude; Webb, Geoffrey I."), citations=300)  # fmt: skip
    W("ting2017", "Precision and Recall", P("Ting, Kai Ming"), 2017, type="reference-entry",
      venue="Encyclopedia of Machine Learning and Data Mining",
      doi="10.1007/978-1-4899-7687-1_659", printed=(2017,), page="990-991",
      isbn=["9781489976857", "9781489976871"], citations=150)  # fmt: skip


def reports() -> None:
    W("ipcc2021", "Climate Change 2021 – The Physical Science Basis",
      [ORG("Intergovernmental Panel on Climate Change (Ipcc)")], 2021, type="monograph",
      subtitle="Working Group I Contribution to the Sixth Assessment Report of the "
               "Intergovernmental Panel on Climate Change",
      doi="10.1017/9781009157896", online=(2023, 7, 6), printed=(2021,),
      isbn=["9781009157889", "9781009157896"], oa_names=["Ipcc"], citations=6000)  # fmt: skip
    W("chetty2020", "The Economic Impacts of COVID-19: Evidence from a New Public Database "
      "Built Using Private Sector Data", P("Chetty, Raj; Friedman, John; Hendren, Nathaniel; "
      "Stepner, Michael; {The Opportunity Insights Team}"), 2020, type="report",
      doi="10.3386/w27431", printed=(2020, 6), publisher="National Bureau of Economic Research",
      institution="National Bureau of Economic Research", citations=900)  # fmt: skip
    W("chetty2024", "The Economic Impacts of COVID-19: Evidence from a New Public Database "
      "Built Using Private Sector Data", P("Chetty, Raj; Friedman, John N; Stepner, Michael; "
      "{Opportunity Insights Team}"), 2024, venue="The Quarterly Journal of Economics",
      short="The Quarterly Journal of Economics", doi="10.1093/qje/qjad048",
      online=(2023, 11, 2), printed=(2024, 3, 19), volume="139", issue="2", page="829-889",
      issn=["0033-5533", "1531-4650"], publisher="Oxford University Press (OUP)",
      citations=150)  # fmt: skip
    W("wilsdon2015", "The Metric Tide: Report of the Independent Review of the Role of Metrics "
      "in Research Assessment and Management",
      P("Wilsdon, James; Allen, Liz; Belfiore, Eleonora; Campbell, Philip; Curry, Stephen; "
        "Hill, Steven; Jones, Richard; Kain, Roger; Kerridge, Simon; Thelwall, Mike; "
        "Tinkler, Jane; Viney, Ian; Wouters, Paul; Hill, Jude; Johnson, Ben"), 2015,
      type="report", agency="datacite", doi="10.13140/RG.2.1.4929.1363", online=(2015, 7),
      publisher="Unpublished", csl={"type": "report"}, citations=800)  # fmt: skip
    W("wilsdon2016", "The Metric Tide: Independent Review of the Role of Metrics in Research "
      "Assessment and Management", P("Wilsdon, James"), 2016, type="book",
      doi="10.4135/9781473978782", printed=(2016,), isbn=["9781473973060", "9781473978782"],
      publisher="SAGE Publications Ltd", citations=150)  # fmt: skip
    W("who2023", "Global tuberculosis report 2023", [ORG("World Health Organization")], 2023,
      type="report", publisher="World Health Organization", isbn=["9789240083851"],
      registries=OA_ONLY, citations=400)  # fmt: skip
    W("who2022", "Global tuberculosis report 2022", [ORG("World Health Organization")], 2022,
      type="report", publisher="World Health Organization", isbn=["9789240061729"],
      registries=OA_ONLY, citations=700)  # fmt: skip
    W("oecd2019", "PISA 2018 Results (Volume I)", [ORG("OECD")], 2019, type="report",
      subtitle="What Students Know and Can Do", doi="10.1787/5f07c754-en", printed=(2019, 12, 3),
      publisher="Organisation for Economic Co-Operation and Development (OECD)",
      venue="PISA", citations=1500)  # fmt: skip
    W("grassi2017", "Digital identity guidelines: revision 3",
      P("Grassi, Paul A; Garcia, Michael E; Fenton, James L"), 2017, type="report",
      doi="10.6028/NIST.SP.800-63-3", printed=(2017, 6),
      publisher="National Institute of Standards and Technology",
      institution="National Institute of Standards and Technology", citations=300)  # fmt: skip


def theses() -> None:
    W("shannon1940", "A symbolic analysis of relay and switching circuits", P("Shannon, Claude "
      "Elwood"), 1940, type="dissertation", institution="Massachusetts Institute of Technology",
      publisher="Massachusetts Institute of Technology", registries=OA_ONLY,
      url="http://hdl.handle.net/1721.1/11173", citations=900)  # fmt: skip
    W("shannon1938", "A Symbolic Analysis of Relay and Switching Circuits", P("Shannon, Claude "
      "E."), 1938, venue="Transactions of the American Institute of Electrical Engineers",
      short="Trans. Am. Inst. Electr. Eng.", doi="10.1109/T-AIEE.1938.5057767",
      printed=(1938, 12), volume="57", issue="12", page="713-723", issn=["0096-3860"],
      citations=1500)  # fmt: skip
    W("brandli2021", "Data-driven models of snow avalanche release in alpine terrain",
      P("Brändli, Lukas"), 2021, type="dissertation", agency="datacite",
      doi="10.3929/ethz-b-000487512", online=(2021, 5, 20), publisher="ETH Zurich",
      institution="ETH Zurich", csl={"type": "thesis", "genre": "Doctoral Thesis"},
      citations=3)  # fmt: skip
    W("nakamura2019", "Essays on the economics of platform competition",
      P("Nakamura, Emi R."), 2019, type="dissertation", institution="Harvard University",
      publisher="Harvard University", registries=OA_ONLY, citations=2)  # fmt: skip


def standards() -> None:
    W("ieee754_2019", "IEEE Standard for Floating-Point Arithmetic", [], 2019, type="standard",
      venue="IEEE Std 754-2019 (Revision of IEEE 754-2008)",
      doi="10.1109/IEEESTD.2019.8766229", printed=(2019, 7, 22), page="1-84",
      isbn=["9781504459242"], oa_names=[], citations=800)  # fmt: skip
    W("ieee754_2008", "IEEE Standard for Floating-Point Arithmetic", [], 2008, type="standard",
      venue="IEEE Std 754-2008", doi="10.1109/IEEESTD.2008.4610935", printed=(2008, 8, 29),
      page="1-70", isbn=["9780738157528"], citations=3000)  # fmt: skip
    W("fips197", "Advanced Encryption Standard (AES)",
      [ORG("National Institute of Standards and Technology")], 2001, type="standard",
      venue="Federal Information Processing Standards Publication 197",
      doi="10.6028/NIST.FIPS.197", printed=(2001, 11, 26),
      publisher="National Institute of Standards and Technology", citations=5000)  # fmt: skip
    W("fips197upd1", "Advanced Encryption Standard (AES)",
      [ORG("National Institute of Standards and Technology")], 2023, type="standard",
      venue="Federal Information Processing Standards Publication 197-upd1",
      doi="10.6028/NIST.FIPS.197-upd1", printed=(2023, 5, 9),
      publisher="National Institute of Standards and Technology", citations=20)  # fmt: skip
    W("astm2022", "Standard Test Methods for Tension Testing of Metallic Materials", [], 2022,
      type="standard", venue="ASTM E8/E8M-22", doi="10.1520/E0008_E0008M-22",
      printed=(2022, 6, 1), publisher="ASTM International", citations=400)  # fmt: skip


def data_and_software() -> None:
    W("sklearn2023", "scikit-learn/scikit-learn: Scikit-learn 1.3.0",
      P("Grisel, Olivier; Mueller, Andreas; Lars; Gramfort, Alexandre; Louppe, Gilles; "
        "Fan, Thomas J.; Prettenhofer, Peter; Blondel, Mathieu; Niculae, Vlad; "
        "Nothman, Joel; Lemaitre, Guillaume"), 2023, type="dataset", agency="datacite",
      doi="10.5281/zenodo.8098905", online=(2023, 6, 30), publisher="Zenodo",
      csl={"type": "software", "version": "1.3.0"}, citations=20)  # fmt: skip
    W("pedregosa2011", "Scikit-learn: Machine Learning in Python",
      P("Pedregosa, Fabian; Varoquaux, Gaël; Gramfort, Alexandre; Michel, Vincent; "
        "Thirion, Bertrand; Grisel, Olivier; Blondel, Mathieu; Prettenhofer, Peter; "
        "Weiss, Ron; Dubourg, Vincent; Vanderplas, Jake; Passos, Alexandre; "
        "Cournapeau, David; Brucher, Matthieu; Perrot, Matthieu; Duchesnay, Édouard"), 2011,
      venue="Journal of Machine Learning Research", volume="12", issue="85", page="2825-2830",
      issn=["1532-4435"], registries=("openalex", "s2"), citations=80000)  # fmt: skip
    W("harris2020", "Array programming with NumPy",
      P("Harris, Charles R.; Millman, K. Jarrod; van der Walt, Stéfan J.; Gommers, Ralf; "
        "Virtanen, Pauli; Cournapeau, David; Wieser, Eric; Taylor, Julian; Berg, Sebastian; "
        "Smith, Nathaniel J.; Kern, Robert; Picus, Matti; Hoyer, Stephan; "
        "van Kerkwijk, Marten H.; Brett, Matthew; Haldane, Allan; Fernández del Río, Jaime; "
        "Wiebe, Mark; Peterson, Pearu; Gérard-Marchant, Pierre; Oliphant, Travis E."), 2020,
      venue="Nature", short="Nature", doi="10.1038/s41586-020-2649-2", online=(2020, 9, 16),
      printed=(2020, 9, 17), volume="585", issue="7825", page="357-362",
      issn=["0028-0836", "1476-4687"], pmid="32939066", pmcid="PMC7759461",
      epmc_journal=("Nature", "Nature"), citations=15000)  # fmt: skip
    W("sunday2011data",
      "Data from: Global analysis of thermal tolerance and latitude in ectotherms",
      P("Sunday, Jennifer M.; Bates, Amanda E.; Dulvy, Nicholas K."), 2011, type="dataset",
      agency="datacite", doi="10.5061/dryad.1597", online=(2011, 1, 19), publisher="Dryad",
      csl={"type": "dataset"}, citations=10)  # fmt: skip
    W("sunday2011", "Global analysis of thermal tolerance and latitude in ectotherms",
      P("Sunday, Jennifer M.; Bates, Amanda E.; Dulvy, Nicholas K."), 2011,
      venue="Proceedings of the Royal Society B: Biological Sciences",
      short="Proc. R. Soc. B.", doi="10.1098/rspb.2010.1295", online=(2010, 12, 22),
      printed=(2011, 6, 7), volume="278", issue="1713", page="1823-1830",
      issn=["0962-8452", "1471-2954"], publisher="The Royal Society", pmid="21106582",
      epmc_journal=("Proceedings. Biological sciences", "Proc Biol Sci"),
      citations=1000)  # fmt: skip
    W("pangaea2020", "Seawater carbonate chemistry and calcification of the coral Stylophora "
      "pistillata during experiments", P("Yang, Yan; Hansson, Lina; Gattuso, Jean-Pierre"),
      2020, type="dataset", agency="datacite", doi="10.1594/PANGAEA.912345",
      online=(2020, 3, 4), publisher="PANGAEA", csl={"type": "dataset"},
      citations=0)  # fmt: skip
    W("figshare2021", "Supplementary data for: Chronic pain prevalence among adults in Norway",
      P("Nygaard, Ingrid; Solheim, Øystein; Aas, Kari"), 2021, type="dataset",
      agency="datacite", doi="10.6084/m9.figshare.14161145.v2", online=(2021, 3, 10),
      publisher="figshare", csl={"type": "dataset"}, citations=0)  # fmt: skip
    W("addhealth2018", "National Longitudinal Study of Adolescent to Adult Health (Add Health), "
      "1994-2008 [Public Use]", P("Harris, Kathleen Mullan; Udry, J. Richard"), 2018,
      type="dataset", agency="datacite", doi="10.3886/ICPSR21600.v21", online=(2018, 8, 6),
      publisher="Inter-university Consortium for Political and Social Research [distributor]",
      csl={"type": "dataset", "version": "v21"}, citations=400)  # fmt: skip
    W("astropy2022",
      "The Astropy Project: Sustaining and Growing a Community-oriented Open-source Project "
      "and the Latest Major Release (v5.0) of the Core Package",
      P("{Astropy Collaboration}; Price-Whelan, Adrian M.; Lim, Pey Lian; Earl, Nicholas; "
        "Starkman, Nathaniel; Bradley, Larry; Shupe, David L."), 2022,
      venue="The Astrophysical Journal", short="ApJ", doi="10.3847/1538-4357/ac7c74",
      online=(2022, 8, 24), printed=(2022, 8, 20), volume="935", issue="2", page="167",
      issn=["0004-637X", "1538-4357"], publisher="American Astronomical Society",
      citations=5000)  # fmt: skip
