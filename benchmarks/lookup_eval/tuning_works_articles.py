"""Journal articles: natural science, medicine, statistics, psychology, economics.

Registries by default: Crossref (with a DOI), OpenAlex, Semantic Scholar, Europe PMC (with
a PMID). Each work's ``key`` is what the cases name in ``work``.
"""

from __future__ import annotations

from build_tuning import Arxiv, W
from tuning_people import people as P

NATURE = ["0028-0836", "1476-4687"]
SCIENCE = ["0036-8075", "1095-9203"]
LANCET = ["0140-6736"]
NEJM = ["0028-4793", "1533-4406"]
PLOSMED = ["1549-1277", "1549-1676"]
BMJ = ["0959-8138", "1756-1833"]
PNAS = ["0027-8424", "1091-6490"]
JRSSB = ["0035-9246", "2517-6161"]
PRL = ["0031-9007", "1079-7114"]
CELL = ["0092-8674"]

EP_NATURE = ("Nature", "Nature")
EP_SCIENCE = ("Science (New York, N.Y.)", "Science")
EP_LANCET = ("Lancet (London, England)", "Lancet")
EP_NEJM = ("The New England journal of medicine", "N Engl J Med")
EP_PLOSMED = ("PLoS medicine", "PLoS Med")
EP_BMJ = ("BMJ (Clinical research ed.)", "BMJ")
EP_CELL = ("Cell", "Cell")


def define() -> None:
    natural_science()
    medicine()
    reporting_guidelines()
    statistics_and_social_science()


def natural_science() -> None:
    W("lecun2015", "Deep learning", P("LeCun, Yann; Bengio, Yoshua; Hinton, Geoffrey"), 2015,
      venue="Nature", short="Nature", doi="10.1038/nature14539", online=(2015, 5, 27),
      printed=(2015, 5, 28), volume="521", issue="7553", page="436-444", issn=NATURE,
      pmid="26017442", epmc_journal=EP_NATURE, citations=61234)  # fmt: skip
    W("jumper2021", "Highly accurate protein structure prediction with AlphaFold",
      P("Jumper, John; Evans, Richard; Pritzel, Alexander; Green, Tim; Figurnov, Michael; "
        "Ronneberger, Olaf; Tunyasuvunakool, Kathryn; Bates, Russ; Žídek, Augustin; "
        "Potapenko, Anna; Bridgland, Alex; Meyer, Clemens; Kohl, Simon A. A.; "
        "Ballard, Andrew J.; Hassabis, Demis"), 2021,
      venue="Nature", short="Nature", doi="10.1038/s41586-021-03819-2", online=(2021, 7, 15),
      printed=(2021, 8, 26), volume="596", issue="7873", page="583-589", issn=NATURE,
      pmid="34265844", pmcid="PMC8371605", epmc_journal=EP_NATURE, citations=25311)  # fmt: skip
    W("tunyasuvunakool2021", "Highly accurate protein structure prediction for the human proteome",
      P("Tunyasuvunakool, Kathryn; Adler, Jonas; Wu, Zachary; Green, Tim; Zielinski, Michal; "
        "Žídek, Augustin; Bridgland, Alex; Cowie, Andrew; Meyer, Clemens; Laydon, Agata; "
        "Jumper, John; Hassabis, Demis"), 2021,
      venue="Nature", short="Nature", doi="10.1038/s41586-021-03828-1", online=(2021, 7, 22),
      printed=(2021, 8, 26), volume="596", issue="7873", page="590-596", issn=NATURE,
      pmid="34293799", pmcid="PMC8387240", epmc_journal=EP_NATURE, citations=2400)  # fmt: skip
    W("watson1953",
      "Molecular Structure of Nucleic Acids: A Structure for Deoxyribose Nucleic Acid",
      P("Watson, J. D.; Crick, F. H. C."), 1953, venue="Nature", short="Nature",
      doi="10.1038/171737a0", printed=(1953, 4, 25), volume="171", issue="4356", page="737-738",
      issn=NATURE, pmid="13054692", epmc_journal=EP_NATURE, citations=14000)  # fmt: skip
    W("novoselov2004", "Electric Field Effect in Atomically Thin Carbon Films",
      P("Novoselov, K. S.; Geim, A. K.; Morozov, S. V.; Jiang, D.; Zhang, Y.; Dubonos, S. V.; "
        "Grigorieva, I. V.; Firsov, A. A."), 2004,
      venue="Science", short="Science", doi="10.1126/science.1102896", printed=(2004, 10, 22),
      volume="306", issue="5696", page="666-669", issn=SCIENCE, pmid="15499015",
      epmc_journal=EP_SCIENCE, s2_title="Electric Field Effect in Atomically Thin Carbon Films",
      citations=58000)  # fmt: skip
    W("higgs1964", "Broken Symmetries and the Masses of Gauge Bosons", P("Higgs, Peter W."), 1964,
      venue="Physical Review Letters", short="Phys. Rev. Lett.", doi="10.1103/PhysRevLett.13.508",
      printed=(1964, 10, 19), volume="13", issue="16", page="508-509", issn=PRL,
      citations=9000)  # fmt: skip
    W("epr1935",
      "Can Quantum-Mechanical Description of Physical Reality Be Considered Complete?",
      P("Einstein, A.; Podolsky, B.; Rosen, N."), 1935, venue="Physical Review",
      short="Phys. Rev.", doi="10.1103/PhysRev.47.777", printed=(1935, 5, 15), volume="47",
      issue="10", page="777-780", issn=["0031-899X"], citations=23000)  # fmt: skip
    W("ligo2016", "Observation of Gravitational Waves from a Binary Black Hole Merger",
      P("Abbott, B. P.; Abbott, R.; Abbott, T. D.; Abernathy, M. R.; Acernese, F.; Ackley, K.; "
        "{LIGO Scientific Collaboration and Virgo Collaboration}"), 2016,
      venue="Physical Review Letters", short="Phys. Rev. Lett.",
      doi="10.1103/PhysRevLett.116.061102", online=(2016, 2, 11), volume="116", issue="6",
      page="061102", issn=PRL, pmid="26918975",
      arxiv=Arxiv("1602.03837", [("2016-02-11T16:22:05Z", None)], ["gr-qc", "astro-ph.HE"],
                  journal_ref="Phys. Rev. Lett. 116, 061102 (2016)",
                  doi="10.1103/PhysRevLett.116.061102",
                  names=["The LIGO Scientific Collaboration", "the Virgo Collaboration",
                         "B. P. Abbott", "R. Abbott"]),
      s2_names=["B. Abbott", "R. Abbott", "T. Abbott", "M. Abernathy", "F. Acernese",
                "K. Ackley"],
      citations=15000)  # fmt: skip
    W("ligo2016b",
      "GW151226: Observation of Gravitational Waves from a 22-Solar-Mass Binary Black Hole "
      "Coalescence",
      P("Abbott, B. P.; Abbott, R.; Abbott, T. D.; Abernathy, M. R.; Acernese, F.; "
        "{LIGO Scientific Collaboration and Virgo Collaboration}"), 2016,
      venue="Physical Review Letters", short="Phys. Rev. Lett.",
      doi="10.1103/PhysRevLett.116.241103", online=(2016, 6, 15), volume="116", issue="24",
      page="241103", issn=PRL, citations=3500)  # fmt: skip
    W("planck2020", "Planck 2018 results", P(
        "{Planck Collaboration}; Aghanim, N.; Akrami, Y.; Ashdown, M.; Aumont, J.; "
        "Baccigalupi, C.; Ballardini, M."), 2020,
      subtitle="VI. Cosmological parameters", venue="Astronomy &amp; Astrophysics",
      short="A&amp;A", doi="10.1051/0004-6361/201833910", online=(2020, 9, 11), volume="641",
      page="A6", issn=["0004-6361", "1432-0746"], publisher="EDP Sciences",
      oa_title="Planck 2018 results. VI. Cosmological parameters",
      s2_title="Planck 2018 results. VI. Cosmological parameters",
      s2_venue="Astronomy & Astrophysics",
      arxiv=Arxiv("1807.06209", [("2018-07-17T17:57:38Z", None),
                                 ("2021-08-09T11:02:17Z", None)], ["astro-ph.CO"],
                  journal_ref="A&A 641, A6 (2020)", doi="10.1051/0004-6361/201833910",
                  names=["Planck Collaboration", "N. Aghanim", "Y. Akrami"]),
      citations=12000)  # fmt: skip
    W("planck2020i", "Planck 2018 results", P(
        "{Planck Collaboration}; Aghanim, N.; Akrami, Y.; Arroja, F.; Ashdown, M."), 2020,
      subtitle="I. Overview and the cosmological legacy of Planck",
      venue="Astronomy &amp; Astrophysics", short="A&amp;A", doi="10.1051/0004-6361/201833880",
      online=(2020, 9, 11), volume="641", page="A1", issn=["0004-6361", "1432-0746"],
      publisher="EDP Sciences", s2_venue="Astronomy & Astrophysics",
      oa_title="Planck 2018 results. I. Overview and the cosmological legacy of Planck",
      s2_title="Planck 2018 results. I. Overview and the cosmological legacy of Planck",
      citations=1500)  # fmt: skip
    W("spillantini1997", "α-Synuclein in Lewy bodies",
      P("Spillantini, Maria Grazia; Schmidt, Marie Luise; Lee, Virginia M.-Y.; "
        "Trojanowski, John Q.; Jakes, Ross; Goedert, Michel"), 1997,
      venue="Nature", short="Nature", doi="10.1038/42166", printed=(1997, 8, 28), volume="388",
      issue="6645", page="839-840", issn=NATURE, pmid="9278044", epmc_journal=EP_NATURE,
      epmc_title="Alpha-synuclein in Lewy bodies.", s2_title="α-Synuclein in Lewy bodies",
      citations=7000)  # fmt: skip
    W("zhang2017", "30 Years of NF-κB: A Blossoming of Relevance to Human Pathobiology",
      P("Zhang, Qian; Lenardo, Michael J.; Baltimore, David"), 2017, venue="Cell", short="Cell",
      doi="10.1016/j.cell.2016.12.012", online=(2017, 1, 12), printed=(2017, 1, 12),
      volume="168", issue="1-2", page="37-57", issn=CELL, pmid="28086098",
      pmcid="PMC5268070", epmc_journal=EP_CELL,
      epmc_title="30 Years of NF-κB: A Blossoming of Relevance to Human Pathobiology.",
      citations=2600)  # fmt: skip
    W("gruber2019", "The oceanic sink for anthropogenic CO2 from 1994 to 2007",
      P("Gruber, Nicolas; Clement, Dominic; Carter, Brendan R.; Feely, Richard A.; "
        "van Heuven, Steven; Hoppema, Mario; Ishii, Masao; Key, Robert M.; Kozyr, Alex; "
        "Lauvset, Siv K."), 2019,
      cr_title="The oceanic sink for anthropogenic CO <sub>2</sub> from 1994 to 2007",
      venue="Science", short="Science", doi="10.1126/science.aau5153", printed=(2019, 3, 15),
      volume="363", issue="6432", page="1193-1199", issn=SCIENCE, pmid="30872519",
      epmc_journal=EP_SCIENCE, citations=900)  # fmt: skip
    W("adams2000", "The Genome Sequence of Drosophila melanogaster",
      P("Adams, Mark D.; Celniker, Susan E.; Holt, Robert A.; Evans, Cheryl A.; "
        "Gocayne, Jeannine D.; Amanatides, Peter G.; Scherer, Steven E.; Li, Peter W."), 2000,
      cr_title="The Genome Sequence of <i>Drosophila melanogaster</i>", venue="Science",
      short="Science", doi="10.1126/science.287.5461.2185", printed=(2000, 3, 24), volume="287",
      issue="5461", page="2185-2195", issn=SCIENCE, pmid="10731132", epmc_journal=EP_SCIENCE,
      citations=6000)  # fmt: skip
    W("kagome2022", "Spin waves and magnon band topology in the kagome ferromagnet Fe3Sn2",
      P("Hirschberger, Lukas; Okamura, Yoshihiro; Nagaosa, Naoto; Tokura, Yoshinori"), 2022,
      cr_title='Spin waves and magnon band topology in the kagome ferromagnet <mml:math '
               'xmlns:mml="http://www.w3.org/1998/Math/MathML"><mml:mrow><mml:msub><mml:mi>'
               'Fe</mml:mi><mml:mn>3</mml:mn></mml:msub><mml:msub><mml:mi>Sn</mml:mi><mml:mn>2'
               '</mml:mn></mml:msub></mml:mrow></mml:math>',
      venue="Physical Review B", short="Phys. Rev. B", doi="10.1103/PhysRevB.105.L100405",
      online=(2022, 3, 14), volume="105", issue="10", page="L100405",
      issn=["2469-9950", "2469-9969"], citations=40)  # fmt: skip
    W("takahashi2006",
      "Induction of Pluripotent Stem Cells from Mouse Embryonic and Adult Fibroblast Cultures "
      "by Defined Factors", P("Takahashi, Kazutoshi; Yamanaka, Shinya"), 2006,
      venue="Cell", short="Cell", doi="10.1016/j.cell.2006.07.024", online=(2006, 8, 10),
      printed=(2006, 8, 25), volume="126", issue="4", page="663-676", issn=CELL,
      pmid="16904174", epmc_journal=EP_CELL, citations=24000)  # fmt: skip
    W("takahashi2007",
      "Induction of Pluripotent Stem Cells from Adult Human Fibroblasts by Defined Factors",
      P("Takahashi, Kazutoshi; Tanabe, Koji; Ohnuki, Mari; Narita, Megumi; Ichisaka, Tomoko; "
        "Tomoda, Kiichiro; Yamanaka, Shinya"), 2007,
      venue="Cell", short="Cell", doi="10.1016/j.cell.2007.11.019", online=(2007, 11, 20),
      printed=(2007, 11, 30), volume="131", issue="5", page="861-872", issn=CELL,
      pmid="18035408", epmc_journal=EP_CELL, citations=19000)  # fmt: skip
    W("jinek2012", "A Programmable Dual-RNA–Guided DNA Endonuclease in Adaptive Bacterial Immunity",
      P("Jinek, Martin; Chylinski, Krzysztof; Fonfara, Ines; Hauer, Michael; Doudna, Jennifer A.; "
        "Charpentier, Emmanuelle"), 2012,
      venue="Science", short="Science", doi="10.1126/science.1225829", online=(2012, 6, 28),
      printed=(2012, 8, 17), volume="337", issue="6096", page="816-821", issn=SCIENCE,
      pmid="22745249", pmcid="PMC6286148", epmc_journal=EP_SCIENCE,
      s2_title="A Programmable Dual-RNA–Guided DNA Endonuclease in Adaptive Bacterial Immunity",
      citations=14000)  # fmt: skip
    W("cong2013", "Multiplex Genome Engineering Using CRISPR/Cas Systems",
      P("Cong, Le; Ran, F. Ann; Cox, David; Lin, Shuailiang; Barretto, Robert; Habib, Naomi; "
        "Hsu, Patrick D.; Wu, Xuebing; Jiang, Wenyan; Marraffini, Luciano A.; Zhang, Feng"), 2013,
      venue="Science", short="Science", doi="10.1126/science.1231143", online=(2013, 1, 3),
      printed=(2013, 2, 15), volume="339", issue="6121", page="819-823", issn=SCIENCE,
      pmid="23287718", epmc_journal=EP_SCIENCE, citations=13000)  # fmt: skip
    W("mali2013", "RNA-Guided Human Genome Engineering via Cas9",
      P("Mali, Prashant; Yang, Luhan; Esvelt, Kevin M.; Aach, John; Guell, Marc; "
        "DiCarlo, James E.; Norville, Julie E.; Church, George M."), 2013,
      venue="Science", short="Science", doi="10.1126/science.1232033", online=(2013, 1, 3),
      printed=(2013, 2, 15), volume="339", issue="6121", page="823-826", issn=SCIENCE,
      pmid="23287722", epmc_journal=EP_SCIENCE, citations=8000)  # fmt: skip
    W("lloydsmith2005",
      "Superspreading and the effect of individual variation on disease emergence",
      P("Lloyd-Smith, J. O.; Schreiber, S. J.; Kopp, P. E.; Getz, W. M."), 2005,
      venue="Nature", short="Nature", doi="10.1038/nature04153", printed=(2005, 11, 17),
      volume="438", issue="7066", page="355-359", issn=NATURE, pmid="16292310",
      epmc_journal=EP_NATURE, citations=2600)  # fmt: skip
    W("torres2022", "Mining for encrypted peptide antibiotics in the human proteome",
      P("Torres, Marcelo D. T.; Melo, Marcelo C. R.; Flowers, Laurice; Crescenzi, Orlando; "
        "Notomista, Eugenio; de la Fuente-Nunez, Cesar"), 2022,
      venue="Nature Biomedical Engineering", short="Nat. Biomed. Eng.",
      doi="10.1038/s41551-021-00801-1", online=(2021, 10, 11), printed=(2022, 1),
      volume="6", issue="1", page="67-75", issn=["2157-846X"], pmid="34737399",
      epmc_journal=("Nature biomedical engineering", "Nat Biomed Eng"), citations=120)  # fmt: skip
    W("ihgsc2001", "Initial sequencing and analysis of the human genome",
      P("{International Human Genome Sequencing Consortium}"), 2001, venue="Nature",
      short="Nature", doi="10.1038/35057062", printed=(2001, 2, 15), volume="409",
      issue="6822", page="860-921", issn=NATURE, pmid="11237011", epmc_journal=EP_NATURE,
      oa_names=["Eric S. Lander"], s2_names=["E. Lander", "L. Linton", "B. Birren"],
      citations=21000)  # fmt: skip
    W("nagamatsu2001", "Superconductivity at 39 K in magnesium diboride",
      P("Nagamatsu, Jun; Nakagawa, Norimasa; Muranaka, Takahiro; Zenitani, Yuji; "
        "Akimitsu, Jun"), 2001, venue="Nature", short="Nature", doi="10.1038/35065039",
      printed=(2001, 3, 1), volume="410", issue="6824", page="63-64", issn=NATURE,
      citations=9000)  # fmt: skip
    W("silver2016", "Mastering the game of Go with deep neural networks and tree search",
      P("Silver, David; Huang, Aja; Maddison, Chris J.; Guez, Arthur; Sifre, Laurent; "
        "van den Driessche, George; Schrittwieser, Julian; Antonoglou, Ioannis; "
        "Panneershelvam, Veda; Lanctot, Marc; Hassabis, Demis"), 2016,
      venue="Nature", short="Nature", doi="10.1038/nature16961", printed=(2016, 1, 28),
      volume="529", issue="7587", page="484-489", issn=NATURE, pmid="26819042",
      epmc_journal=EP_NATURE, citations=16000)  # fmt: skip
    W("silver2017", "Mastering the game of Go without human knowledge",
      P("Silver, David; Schrittwieser, Julian; Simonyan, Karen; Antonoglou, Ioannis; "
        "Huang, Aja; Guez, Arthur; Hubert, Thomas; Baker, Lucas; Lai, Matthew; "
        "Hassabis, Demis"), 2017,
      venue="Nature", short="Nature", doi="10.1038/nature24270", online=(2017, 10, 18),
      printed=(2017, 10, 19), volume="550", issue="7676", page="354-359", issn=NATURE,
      pmid="29052630", epmc_journal=EP_NATURE, citations=9000)  # fmt: skip
    W("mnih2015", "Human-level control through deep reinforcement learning",
      P("Mnih, Volodymyr; Kavukcuoglu, Koray; Silver, David; Rusu, Andrei A.; Veness, Joel; "
        "Bellemare, Marc G.; Graves, Alex; Riedmiller, Martin; Hassabis, Demis"), 2015,
      venue="Nature", short="Nature", doi="10.1038/nature14236", printed=(2015, 2, 26),
      volume="518", issue="7540", page="529-533", issn=NATURE, pmid="25719670",
      epmc_journal=EP_NATURE, citations=25000)  # fmt: skip


def medicine() -> None:
    W("zhou2020", "A pneumonia outbreak associated with a new coronavirus of probable bat origin",
      P("Zhou, Peng; Yang, Xing-Lou; Wang, Xian-Guang; Hu, Ben; Zhang, Lei; Zhang, Wei; "
        "Si, Hao-Rui; Zhu, Yan; Li, Bei; Huang, Chao-Lin; Shi, Zheng-Li"), 2020,
      venue="Nature", short="Nature", doi="10.1038/s41586-020-2012-7", online=(2020, 2, 3),
      printed=(2020, 3, 12), volume="579", issue="7798", page="270-273", issn=NATURE,
      pmid="32015507", pmcid="PMC7095418", epmc_journal=EP_NATURE,
      s2_names=["P. Zhou", "Xinglou Yang", "Xian-Guang Wang", "Ben Hu", "Lei Zhang"],
      citations=20000)  # fmt: skip
    W("huang2020",
      "Clinical features of patients infected with 2019 novel coronavirus in Wuhan, China",
      P("Huang, Chaolin; Wang, Yeming; Li, Xingwang; Ren, Lili; Zhao, Jianping; Hu, Yi; "
        "Zhang, Li; Fan, Guohui; Xu, Jiuyang; Gu, Xiaoying; Cao, Bin"), 2020,
      venue="The Lancet", short="The Lancet", doi="10.1016/S0140-6736(20)30183-5",
      online=(2020, 1, 24), printed=(2020, 2), volume="395", issue="10223", page="497-506",
      issn=LANCET, pmid="31986264", pmcid="PMC7159299", epmc_journal=EP_LANCET,
      citations=40000)  # fmt: skip
    W("recovery2021", "Dexamethasone in Hospitalized Patients with Covid-19",
      P("{The RECOVERY Collaborative Group}"), 2021,
      venue="New England Journal of Medicine", short="N Engl J Med",
      doi="10.1056/NEJMoa2021436", online=(2020, 7, 17), printed=(2021, 2, 25), volume="384",
      issue="8", page="693-704", issn=NEJM, pmid="32678530", pmcid="PMC7383595",
      epmc_journal=EP_NEJM, s2_title="Dexamethasone in Hospitalized Patients with Covid-19",
      oa_names=["Peter Horby", "Wei Shen Lim", "Jonathan R. Emberson"],
      citations=9000)  # fmt: skip
    W("polack2020", "Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine",
      P("Polack, Fernando P.; Thomas, Stephen J.; Kitchin, Nicholas; Absalon, Judith; "
        "Gurtman, Alejandra; Lockhart, Stephen; Perez, John L.; Pérez Marc, Gonzalo; "
        "Moreira, Edson D.; Zerbini, Cristiano; Gruber, William C."), 2020,
      venue="New England Journal of Medicine", short="N Engl J Med",
      doi="10.1056/NEJMoa2034577", online=(2020, 12, 10), printed=(2020, 12, 31),
      volume="383", issue="27", page="2603-2615", issn=NEJM, pmid="33301246",
      pmcid="PMC7745181", epmc_journal=EP_NEJM, citations=12000)  # fmt: skip
    W("baden2021", "Efficacy and Safety of the mRNA-1273 SARS-CoV-2 Vaccine",
      P("Baden, Lindsey R.; El Sahly, Hana M.; Essink, Brandon; Kotloff, Karen; Frey, Sharon; "
        "Novak, Rick; Diemert, David; Spector, Stephen A.; Rouphael, Nadine; Zaks, Tal"), 2021,
      venue="New England Journal of Medicine", short="N Engl J Med",
      doi="10.1056/NEJMoa2035389", online=(2020, 12, 30), printed=(2021, 2, 4), volume="384",
      issue="5", page="403-416", issn=NEJM, pmid="33378609", pmcid="PMC7787219",
      epmc_journal=EP_NEJM, citations=9000)  # fmt: skip
    W("bland1986",
      "Statistical methods for assessing agreement between two methods of clinical measurement",
      P("Bland, J. Martin; Altman, Douglas G."), 1986,
      venue="The Lancet", short="The Lancet", doi="10.1016/S0140-6736(86)90837-8",
      printed=(1986, 2), volume="327", issue="8476", page="307-310", issn=LANCET,
      pmid="2868172", epmc_journal=EP_LANCET, citations=45000)  # fmt: skip
    W("lowry1951", "Protein measurement with the Folin phenol reagent",
      P("Lowry, O. H.; Rosebrough, N. J.; Farr, A. L.; Randall, R. J."), 1951,
      venue="The Journal of Biological Chemistry", short="J Biol Chem", printed=(1951, 11),
      volume="193", issue="1", page="265-275", issn=["0021-9258"], pmid="14907713",
      epmc_journal=("The Journal of biological chemistry", "J Biol Chem"),
      citations=200000)  # fmt: skip
    W("bradford1976",
      "A rapid and sensitive method for the quantitation of microgram quantities of protein "
      "utilizing the principle of protein-dye binding", P("Bradford, Marion M."), 1976,
      venue="Analytical Biochemistry", short="Analytical Biochemistry",
      doi="10.1016/0003-2697(76)90527-3", printed=(1976, 5), volume="72", issue="1-2",
      page="248-254", issn=["0003-2697"], pmid="942051",
      epmc_journal=("Analytical biochemistry", "Anal Biochem"), citations=230000)  # fmt: skip
    W("laemmli1970",
      "Cleavage of Structural Proteins during the Assembly of the Head of Bacteriophage T4",
      P("Laemmli, U. K."), 1970, venue="Nature", short="Nature", doi="10.1038/227680a0",
      printed=(1970, 8), volume="227", issue="5259", page="680-685", issn=NATURE,
      pmid="5432063", epmc_journal=EP_NATURE,
      epmc_title="Cleavage of structural proteins during the assembly of the head of "
                 "bacteriophage T4.", citations=250000)  # fmt: skip
    W("folstein1975",
      "“Mini-mental state”: A practical method for grading the cognitive state of patients "
      "for the clinician", P("Folstein, Marshal F.; Folstein, Susan E.; McHugh, Paul R."), 1975,
      venue="Journal of Psychiatric Research", short="Journal of Psychiatric Research",
      doi="10.1016/0022-3956(75)90026-6", printed=(1975, 11), volume="12", issue="3",
      page="189-198", issn=["0022-3956"], pmid="1202204",
      epmc_journal=("Journal of psychiatric research", "J Psychiatr Res"),
      epmc_title='"Mini-mental state". A practical method for grading the cognitive state of '
                 "patients for the clinician.", citations=80000)  # fmt: skip
    W("hamilton1960", "A rating scale for depression", P("Hamilton, M."), 1960,
      venue="Journal of Neurology, Neurosurgery &amp; Psychiatry",
      short="J Neurol Neurosurg Psychiatry",
      doi="10.1136/jnnp.23.1.56", printed=(1960, 2, 1), volume="23", issue="1", page="56-62",
      issn=["0022-3050"], pmid="14399272", pmcid="PMC495331", publisher="BMJ",
      epmc_journal=("Journal of neurology, neurosurgery, and psychiatry",
                    "J Neurol Neurosurg Psychiatry"), citations=30000)  # fmt: skip
    W("beck1961", "An inventory for measuring depression",
      P("Beck, A. T.; Ward, C. H.; Mendelson, M.; Mock, J.; Erbaugh, J."), 1961,
      venue="Archives of General Psychiatry", short="Archives of General Psychiatry",
      printed=(1961, 6, 1), volume="4", issue="6", page="561-571", issn=["0003-990X"],
      pmid="13688369", epmc_journal=("Archives of general psychiatry", "Arch Gen Psychiatry"),
      citations=30000)  # fmt: skip
    W("ioannidis2005", "Why Most Published Research Findings Are False",
      P("Ioannidis, John P. A."), 2005, venue="PLoS Medicine", short="PLoS Med",
      doi="10.1371/journal.pmed.0020124", online=(2005, 8, 30), volume="2", issue="8",
      page="e124", issn=PLOSMED, pmid="16060722", pmcid="PMC1182327",
      epmc_journal=EP_PLOSMED, citations=11000)  # fmt: skip
    W("hirsch2005", "An index to quantify an individual's scientific research output",
      P("Hirsch, J. E."), 2005, venue="Proceedings of the National Academy of Sciences",
      short="Proc. Natl. Acad. Sci. U.S.A.", doi="10.1073/pnas.0507655102",
      online=(2005, 11, 7), printed=(2005, 11, 15), volume="102", issue="46",
      page="16569-16572", issn=PNAS, pmid="16275915", pmcid="PMC1283832",
      epmc_journal=("Proceedings of the National Academy of Sciences of the United States of "
                    "America", "Proc Natl Acad Sci U S A"), citations=9000)  # fmt: skip
    W("ioannidis2008", "Why Most Discovered True Associations Are Inflated",
      P("Ioannidis, John P. A."), 2008, venue="Epidemiology", short="Epidemiology",
      doi="10.1097/EDE.0b013e31818131e7", printed=(2008, 9), volume="19", issue="5",
      page="640-648", issn=["1044-3983"], pmid="18633328",
      publisher="Ovid Technologies (Wolters Kluwer Health)",
      epmc_journal=("Epidemiology (Cambridge, Mass.)", "Epidemiology"), citations=1300)  # fmt: skip
    W("gbd2020",
      "Global burden of 369 diseases and injuries in 204 countries and territories, "
      "1990–2019: a systematic analysis for the Global Burden of Disease Study 2019",
      P("{GBD 2019 Diseases and Injuries Collaborators}"), 2020, venue="The Lancet",
      short="The Lancet", doi="10.1016/S0140-6736(20)30925-9", printed=(2020, 10),
      volume="396", issue="10258", page="1204-1222", issn=LANCET, pmid="33069326",
      pmcid="PMC7567026", epmc_journal=EP_LANCET,
      oa_names=["Theo Vos", "Stephen S Lim", "Cristiana Abbafati"], citations=8000)  # fmt: skip
    W("page2021",
      "The PRISMA 2020 statement: an updated guideline for reporting systematic reviews",
      P("Page, Matthew J; McKenzie, Joanne E; Bossuyt, Patrick M; Boutron, Isabelle; "
        "Hoffmann, Tammy C; Mulrow, Cynthia D; Shamseer, Larissa; Tetzlaff, Jennifer M; "
        "Akl, Elie A; Moher, David"), 2021, venue="BMJ", short="BMJ", doi="10.1136/bmj.n71",
      online=(2021, 3, 29), page="n71", volume="372", issn=BMJ, pmid="33782057",
      pmcid="PMC8005924", publisher="BMJ", epmc_journal=EP_BMJ, citations=60000)  # fmt: skip


def reporting_guidelines() -> None:
    """Statements published at once in several journals: without a venue or DOI, a citation
    of one of them cannot be told from the others."""
    prisma = "Moher, David; Liberati, Alessandro; Tetzlaff, Jennifer; Altman, Douglas G."
    W("moher2009plos",
      "Preferred Reporting Items for Systematic Reviews and Meta-Analyses: The PRISMA Statement",
      P(prisma + "; {The PRISMA Group}"), 2009, venue="PLoS Medicine", short="PLoS Med",
      doi="10.1371/journal.pmed.1000097", online=(2009, 7, 21), volume="6", issue="7",
      page="e1000097", issn=PLOSMED, pmid="19621072", pmcid="PMC2707599",
      epmc_journal=EP_PLOSMED, citations=70000)  # fmt: skip
    W("moher2009bmj",
      "Preferred reporting items for systematic reviews and meta-analyses: the PRISMA statement",
      P(prisma), 2009, venue="BMJ", short="BMJ", doi="10.1136/bmj.b2535", online=(2009, 7, 21),
      volume="339", page="b2535", issn=BMJ, pmid="19622551", pmcid="PMC2714657",
      publisher="BMJ", epmc_journal=EP_BMJ, citations=40000)  # fmt: skip
    W("moher2009aim",
      "Preferred Reporting Items for Systematic Reviews and Meta-Analyses: The PRISMA Statement",
      P(prisma), 2009, venue="Annals of Internal Medicine", short="Ann Intern Med",
      doi="10.7326/0003-4819-151-4-200908180-00135", printed=(2009, 8, 18), volume="151",
      issue="4", page="264-269", issn=["0003-4819"], pmid="19622511",
      publisher="American College of Physicians",
      epmc_journal=("Annals of internal medicine", "Ann Intern Med"), citations=30000)  # fmt: skip
    W("moher2009jce",
      "Preferred reporting items for systematic reviews and meta-analyses: the PRISMA statement",
      P(prisma), 2009, venue="Journal of Clinical Epidemiology", short="Journal of Clinical "
      "Epidemiology", doi="10.1016/j.jclinepi.2009.06.005", printed=(2009, 10), volume="62",
      issue="10", page="1006-1012", issn=["0895-4356"], pmid="19631508",
      epmc_journal=("Journal of clinical epidemiology", "J Clin Epidemiol"),
      citations=12000)  # fmt: skip
    strobe_title = (
        "The Strengthening the Reporting of Observational Studies in Epidemiology "
        "(STROBE) statement: guidelines for reporting observational studies"
    )
    strobe = (
        "von Elm, Erik; Altman, Douglas G; Egger, Matthias; Pocock, Stuart J; "
        "Gøtzsche, Peter C; Vandenbroucke, Jan P"
    )
    W("vonelm2007lancet", strobe_title, P(strobe), 2007, venue="The Lancet", short="The Lancet",
      doi="10.1016/S0140-6736(07)61602-X", printed=(2007, 10), volume="370", issue="9596",
      page="1453-1457", issn=LANCET, pmid="18064739", epmc_journal=EP_LANCET,
      citations=9000)  # fmt: skip
    W("vonelm2007plos", strobe_title, P(strobe), 2007, venue="PLoS Medicine", short="PLoS Med",
      doi="10.1371/journal.pmed.0040296", online=(2007, 10, 16), volume="4", issue="10",
      page="e296", issn=PLOSMED, pmid="17941714", pmcid="PMC2020495", epmc_journal=EP_PLOSMED,
      citations=7000)  # fmt: skip
    W("vonelm2007bmj",
      "Strengthening the Reporting of Observational Studies in Epidemiology (STROBE) statement: "
      "guidelines for reporting observational studies", P(strobe), 2007, venue="BMJ",
      short="BMJ", doi="10.1136/bmj.39335.541782.AD", printed=(2007, 10, 20), volume="335",
      issue="7624", page="806-808", issn=BMJ, pmid="17947786", pmcid="PMC2034723",
      publisher="BMJ", epmc_journal=EP_BMJ, citations=6000)  # fmt: skip
    consort_title = (
        "CONSORT 2010 Statement: updated guidelines for reporting parallel group randomised trials"
    )
    consort = "Schulz, Kenneth F; Altman, Douglas G; Moher, David; {CONSORT Group}"
    W("schulz2010bmj", consort_title, P(consort), 2010, venue="BMJ", short="BMJ",
      doi="10.1136/bmj.c332", online=(2010, 3, 23), volume="340", page="c332", issn=BMJ,
      pmid="20332509", pmcid="PMC2844940", publisher="BMJ", epmc_journal=EP_BMJ,
      citations=9000)  # fmt: skip
    W("schulz2010plos", "CONSORT 2010 Statement: Updated Guidelines for Reporting Parallel "
      "Group Randomised Trials", P(consort), 2010, venue="PLoS Medicine", short="PLoS Med",
      doi="10.1371/journal.pmed.1000251", online=(2010, 3, 24), volume="7", issue="3",
      page="e1000251", issn=PLOSMED, pmid="20352064", pmcid="PMC2844794",
      epmc_journal=EP_PLOSMED, citations=5000)  # fmt: skip
    W("schulz2010trials", consort_title, P(consort), 2010, venue="Trials", short="Trials",
      doi="10.1186/1745-6215-11-32", online=(2010, 3, 24), volume="11", issue="1", page="32",
      issn=["1745-6215"], pmid="20334632", pmcid="PMC2857832",
      epmc_journal=("Trials", "Trials"), citations=3000)  # fmt: skip


def statistics_and_social_science() -> None:
    W("kahneman1979", "Prospect Theory: An Analysis of Decision under Risk",
      P("Kahneman, Daniel; Tversky, Amos"), 1979, venue="Econometrica", short="Econometrica",
      doi="10.2307/1914185", printed=(1979, 3), volume="47", issue="2", page="263",
      issn=["0012-9682"], publisher="JSTOR", citations=70000)  # fmt: skip
    W("tversky1974", "Judgment under Uncertainty: Heuristics and Biases",
      P("Tversky, Amos; Kahneman, Daniel"), 1974, venue="Science", short="Science",
      doi="10.1126/science.185.4157.1124", printed=(1974, 9, 27), volume="185", issue="4157",
      page="1124-1131", issn=SCIENCE, pmid="17835457", epmc_journal=EP_SCIENCE,
      citations=50000)  # fmt: skip
    W("osc2015", "Estimating the reproducibility of psychological science",
      P("{Open Science Collaboration}"), 2015, venue="Science", short="Science",
      doi="10.1126/science.aac4716", printed=(2015, 8, 28), volume="349", issue="6251",
      page="aac4716", issn=SCIENCE, pmid="26315443", epmc_journal=EP_SCIENCE,
      oa_names=["Alexander A. Aarts"], s2_names=["Alexander A. Aarts", "Joanna E. Anderson"],
      citations=8000)  # fmt: skip
    W("shannon1948", "A Mathematical Theory of Communication", P("Shannon, C. E."), 1948,
      venue="Bell System Technical Journal", short="Bell System Technical Journal",
      doi="10.1002/j.1538-7305.1948.tb01338.x", printed=(1948, 7), volume="27", issue="3",
      page="379-423", issn=["0005-8580"], citations=100000)  # fmt: skip
    W("shannon1948b", "A Mathematical Theory of Communication", P("Shannon, C. E."), 1948,
      venue="Bell System Technical Journal", short="Bell System Technical Journal",
      doi="10.1002/j.1538-7305.1948.tb00917.x", printed=(1948, 10), volume="27", issue="4",
      page="623-656", issn=["0005-8580"], citations=15000)  # fmt: skip
    W("fisher1936", "The Use of Multiple Measurements in Taxonomic Problems",
      P("Fisher, R. A."), 1936,
      cr_title="THE USE OF MULTIPLE MEASUREMENTS IN TAXONOMIC PROBLEMS",
      venue="Annals of Eugenics", short="Annals of Eugenics",
      doi="10.1111/j.1469-1809.1936.tb02137.x", printed=(1936, 9), volume="7", issue="2",
      page="179-188", issn=["2050-1420", "2050-1439"], citations=18000)  # fmt: skip
    W("dempster1977", "Maximum Likelihood from Incomplete Data Via the EM Algorithm",
      P("Dempster, A. P.; Laird, N. M.; Rubin, D. B."), 1977,
      cr_title="Maximum Likelihood from Incomplete Data Via the <i>EM</i> Algorithm",
      venue="Journal of the Royal Statistical Society: Series B (Methodological)",
      short="Journal of the Royal Statistical Society: Series B (Methodological)",
      doi="10.1111/j.2517-6161.1977.tb01600.x", printed=(1977, 9), volume="39", issue="1",
      page="1-22", issn=JRSSB, citations=65000)  # fmt: skip
    W("benjamini1995",
      "Controlling the False Discovery Rate: A Practical and Powerful Approach to Multiple "
      "Testing", P("Benjamini, Yoav; Hochberg, Yosef"), 1995,
      venue="Journal of the Royal Statistical Society: Series B (Methodological)",
      short="Journal of the Royal Statistical Society: Series B (Methodological)",
      doi="10.1111/j.2517-6161.1995.tb02031.x", printed=(1995, 1), volume="57", issue="1",
      page="289-300", issn=JRSSB, citations=110000)  # fmt: skip
    W("benjamini2001",
      "The control of the false discovery rate in multiple testing under dependency",
      P("Benjamini, Yoav; Yekutieli, Daniel"), 2001, venue="The Annals of Statistics",
      short="Ann. Statist.", doi="10.1214/aos/1013699998", printed=(2001, 8, 1), volume="29",
      issue="4", page="1165-1188", issn=["0090-5364"],
      publisher="Institute of Mathematical Statistics", citations=12000)  # fmt: skip
    W("tibshirani1996", "Regression Shrinkage and Selection Via the Lasso",
      P("Tibshirani, Robert"), 1996,
      venue="Journal of the Royal Statistical Society: Series B (Methodological)",
      short="Journal of the Royal Statistical Society: Series B (Methodological)",
      doi="10.1111/j.2517-6161.1996.tb02080.x", printed=(1996, 1), volume="58", issue="1",
      page="267-288", issn=JRSSB, s2_title="Regression Shrinkage and Selection via the Lasso",
      citations=60000)  # fmt: skip
    W("friedman2010",
      "Regularization Paths for Generalized Linear Models via Coordinate Descent",
      P("Friedman, Jerome; Hastie, Trevor; Tibshirani, Rob"), 2010,
      venue="Journal of Statistical Software", short="J. Stat. Soft.",
      doi="10.18637/jss.v033.i01", printed=(2010,), volume="33", issue="1",
      issn=["1548-7660"], publisher="Foundation for Open Access Statistic", pmid="20808728",
      pmcid="PMC2929880", epmc_journal=("Journal of statistical software", "J Stat Softw"),
      citations=18000)  # fmt: skip
    W("cox1972", "Regression Models and Life-Tables", P("Cox, D. R."), 1972,
      venue="Journal of the Royal Statistical Society: Series B (Methodological)",
      short="Journal of the Royal Statistical Society: Series B (Methodological)",
      doi="10.1111/j.2517-6161.1972.tb00899.x", printed=(1972, 1), volume="34", issue="2",
      page="187-202", issn=JRSSB, citations=55000)  # fmt: skip
    W("kaplan1958", "Nonparametric Estimation from Incomplete Observations",
      P("Kaplan, E. L.; Meier, Paul"), 1958, venue="Journal of the American Statistical "
      "Association", short="Journal of the American Statistical Association",
      doi="10.1080/01621459.1958.10501452", printed=(1958, 6), volume="53", issue="282",
      page="457-481", issn=["0162-1459", "1537-274X"], citations=60000)  # fmt: skip
    W("cohen1960", "A Coefficient of Agreement for Nominal Scales", P("Cohen, Jacob"), 1960,
      venue="Educational and Psychological Measurement",
      short="Educational and Psychological Measurement", doi="10.1177/001316446002000104",
      printed=(1960, 4), volume="20", issue="1", page="37-46", issn=["0013-1644", "1552-3888"],
      citations=40000)  # fmt: skip
    W("bem2011",
      "Feeling the future: Experimental evidence for anomalous retroactive influences on "
      "cognition and affect.", P("Bem, Daryl J."), 2011,
      venue="Journal of Personality and Social Psychology", short="Journal of Personality and "
      "Social Psychology", doi="10.1037/a0021524", printed=(2011,), volume="100", issue="3",
      page="407-425", issn=["1939-1315", "0022-3514"], pmid="21280961",
      epmc_journal=("Journal of personality and social psychology", "J Pers Soc Psychol"),
      citations=1500)  # fmt: skip
    W("simmons2011",
      "False-Positive Psychology: Undisclosed Flexibility in Data Collection and Analysis "
      "Allows Presenting Anything as Significant",
      P("Simmons, Joseph P.; Nelson, Leif D.; Simonsohn, Uri"), 2011,
      venue="Psychological Science", short="Psychol Sci", doi="10.1177/0956797611417632",
      online=(2011, 10, 17), printed=(2011, 11), volume="22", issue="11", page="1359-1366",
      issn=["0956-7976", "1467-9280"], pmid="22006061",
      epmc_journal=("Psychological science", "Psychol Sci"), citations=7000)  # fmt: skip
    W("braun2006", "Using thematic analysis in psychology", P("Braun, Virginia; Clarke, Victoria"),
      2006, venue="Qualitative Research in Psychology", short="Qualitative Research in "
      "Psychology", doi="10.1191/1478088706qp063oa", printed=(2006, 1), volume="3", issue="2",
      page="77-101", issn=["1478-0887", "1478-0895"], publisher="Informa UK Limited",
      citations=150000)  # fmt: skip
    W("reinhart2010", "Growth in a Time of Debt", P("Reinhart, Carmen M; Rogoff, Kenneth S"),
      2010, venue="American Economic Review", short="American Economic Review",
      doi="10.1257/aer.100.2.573", printed=(2010, 5, 1), volume="100", issue="2",
      page="573-578", issn=["0002-8282"], publisher="American Economic Association",
      citations=4000)  # fmt: skip
    W("herndon2014",
      "Does high public debt consistently stifle economic growth? A critique of Reinhart and "
      "Rogoff", P("Herndon, T.; Ash, M.; Pollin, R."), 2014,
      venue="Cambridge Journal of Economics", short="Cambridge Journal of Economics",
      doi="10.1093/cje/bet075", online=(2013, 12, 24), printed=(2014, 3, 1), volume="38",
      issue="2", page="257-279", issn=["0309-166X", "1464-3545"],
      publisher="Oxford University Press (OUP)", citations=900)  # fmt: skip
    W("acemoglu2001",
      "The Colonial Origins of Comparative Development: An Empirical Investigation",
      P("Acemoglu, Daron; Johnson, Simon; Robinson, James A"), 2001,
      venue="American Economic Review", short="American Economic Review",
      doi="10.1257/aer.91.5.1369", printed=(2001, 12, 1), volume="91", issue="5",
      page="1369-1401", issn=["0002-8282"], publisher="American Economic Association",
      citations=20000)  # fmt: skip
    W("acemoglu2002",
      "Reversal of Fortune: Geography and Institutions in the Making of the Modern World "
      "Income Distribution", P("Acemoglu, D.; Johnson, S.; Robinson, J. A."), 2002,
      venue="The Quarterly Journal of Economics", short="The Quarterly Journal of Economics",
      doi="10.1162/003355302320935025", printed=(2002, 11, 1), volume="117", issue="4",
      page="1231-1294", issn=["0033-5533"], publisher="Oxford University Press (OUP)",
      citations=6000)  # fmt: skip
