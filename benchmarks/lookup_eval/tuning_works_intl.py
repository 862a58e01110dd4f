"""Works in German, French, Italian, Spanish, Portuguese, Indonesian, Russian, Chinese,
Japanese and Korean (with the registries' habits: translated titles beside the original in
Crossref, MEDLINE's bracketed English titles, OpenAlex and Semantic Scholar holding the
English title, romanised names), and English-language works by authors whose names are
written many ways (Turkish, Vietnamese, Polish, Czech and Hungarian letters, Spanish double
surnames, Arabic particles, Indonesian mononyms)."""

from __future__ import annotations

from build_tuning import ORG, A, W
from tuning_people import people as P

OA_ONLY = ("openalex",)


def define() -> None:
    european()
    asian()
    names()


def european() -> None:
    W("schaefer2020", "Häufigkeit und Risikofaktoren des Burnout-Syndroms bei Pflegekräften in "
      "deutschen Krankenhäusern", P("Schäfer, Jürgen; Weiß, Sabine; Groß, Matthias"), 2020,
      cr_titles=["Prevalence and Risk Factors of Burnout Syndrome among Nurses in German "
                 "Hospitals"], venue="Das Gesundheitswesen", short="Gesundheitswesen",
      doi="10.1055/a-0832-2066", online=(2019, 3, 21), printed=(2020, 5), volume="82",
      issue="5", page="412-420", issn=["0941-3790", "1439-4421"],
      publisher="Georg Thieme Verlag KG", pmid="30900234", lang="de",
      epmc_title="[Prevalence and Risk Factors of Burnout Syndrome among Nurses in German "
                 "Hospitals].",
      epmc_journal=("Gesundheitswesen (Bundesverband der Arzte des Offentlichen "
                    "Gesundheitsdienstes (Germany))", "Gesundheitswesen"),
      s2_title="Prevalence and Risk Factors of Burnout Syndrome among Nurses in German "
               "Hospitals", citations=25)  # fmt: skip
    W("popper1935", "Logik der Forschung", P("Popper, Karl"), 1935, type="monograph",
      subtitle="Zur Erkenntnistheorie der Modernen Naturwissenschaft",
      venue="Schriften zur Wissenschaftlichen Weltauffassung", doi="10.1007/978-3-7091-4177-9",
      printed=(1935,), isbn=["9783709141786", "9783709141779"], publisher="Springer Vienna",
      lang="de", citations=5000)  # fmt: skip
    W("popper2002", "The Logic of Scientific Discovery", P("Popper, Karl"), 2002, type="book",
      doi="10.4324/9780203994627", printed=(2002, 9, 11), isbn=["9780203994627"],
      publisher="Routledge", citations=20000)  # fmt: skip
    W("bourdieu1979", "La distinction", P("Bourdieu, Pierre"), 1979, type="book",
      subtitle="critique sociale du jugement", publisher="Éditions de Minuit", lang="fr",
      registries=OA_ONLY, oa_title="La distinction : critique sociale du jugement",
      citations=20000)  # fmt: skip
    W("bourdieu1984", "Distinction: A Social Critique of the Judgement of Taste",
      P("Bourdieu, Pierre"), 1984, type="book", publisher="Harvard University Press",
      registries=OA_ONLY, citations=40000)  # fmt: skip
    W("lefevre2021", "Les inégalités sociales de santé en France : un état des lieux",
      P("Lefèvre, Hélène; Dubois, François"), 2021, venue="Revue française des affaires "
      "sociales", short="RFAS", doi="10.3917/rfas.213.0009", printed=(2021, 9), issue="3",
      page="9-30", issn=["0035-2985"], publisher="CAIRN", lang="fr",
      citations=4)  # fmt: skip
    W("munoz2020",
      "Prevalencia de síndrome metabólico en adultos de la Región de Valparaíso",
      P("Muñoz-Ibáñez, Carolina; Pérez de Arce, Rodrigo; Soto Gutiérrez, María José"), 2020,
      venue="Revista médica de Chile", short="Rev. méd. Chile",
      doi="10.4067/S0034-98872020000400455", printed=(2020, 4), volume="148", issue="4",
      page="455-462", issn=["0034-9887"],
      publisher="SciELO Agencia Nacional de Investigacion y Desarrollo (ANID)",
      pmid="33399659", lang="es",
      epmc_title="[Prevalence of metabolic syndrome in adults from Valparaíso region].",
      epmc_journal=("Revista medica de Chile", "Rev Med Chil"), citations=6)  # fmt: skip
    W("hernandez2018",
      "La violencia escolar en México: una revisión sistemática de la literatura",
      P("Hernández Sánchez, María Guadalupe; Ríos Saavedra, Tania"), 2018,
      venue="Revista Mexicana de Investigación Educativa", volume="23", issue="78",
      page="1123-1148", issn=["1405-6666"], lang="es", registries=OA_ONLY,
      citations=12)  # fmt: skip
    W("goncalves2019", "Fatores associados à insegurança alimentar em domicílios brasileiros",
      P("Gonçalves, João Pedro; Araújo-Lima, Fernanda; Conceição, Luís Henrique"), 2019,
      cr_titles=["Factors associated with food insecurity in Brazilian households"],
      venue="Revista de Saúde Pública", short="Rev. Saúde Pública",
      doi="10.11606/S1518-8787.2019053000883", online=(2019, 6, 3), volume="53", page="52",
      issn=["0034-8910", "1518-8787"],
      publisher="Universidade de Sao Paulo, Agencia USP de Gestao da Informacao Academica "
                "(AGUIA)", pmid="31166543", pmcid="PMC6536100", lang="pt",
      epmc_title="Factors associated with food insecurity in Brazilian households.",
      epmc_journal=("Revista de saude publica", "Rev Saude Publica"),
      oa_title="Factors associated with food insecurity in Brazilian households",
      citations=30)  # fmt: skip
    W("santos2015",
      "Modelagem hidrológica distribuída da bacia do rio Piracicaba",
      [A("Rafael de", "Oliveira Santos")], 2015, type="dissertation",
      doi="10.11606/D.18.2015.tde-14072015-101523", printed=(2015, 5, 29),
      institution="Universidade de São Paulo",
      publisher="Universidade de Sao Paulo, Agencia USP de Gestao da Informacao Academica "
                "(AGUIA)", lang="pt", citations=1)  # fmt: skip
    W("ferrari2019", "Reti sociali e benessere psicologico negli anziani: uno studio longitudinale",
      P("Ferrari, Chiara; De Luca, Matteo; Esposito, Giulia"), 2019, agency="medra",
      venue="Psicologia della salute", doi="10.3280/PDS2019-002005", printed=(2019, 6),
      issue="2", page="77-95", issn=["1721-0321", "1972-5167"], publisher="FrancoAngeli",
      lang="it", csl={"type": "article-journal", "issue": "2", "page": "77-95"},
      oa_title="Social networks and psychological well-being in older adults: a longitudinal "
               "study", citations=2)  # fmt: skip
    W("ivanova2018", "Социально-экономическое неравенство и здоровье населения России",
      P("Ivanova, Natalia A.; Smirnov, Sergey V."), 2018,
      cr_titles=["Socio-economic inequality and population health in Russia"],
      venue="Voprosy Ekonomiki", short="Vopr. Ekon.",
      doi="10.32609/0042-8736-2018-7-45-62", printed=(2018, 7, 10), issue="7",
      page="45-62", issn=["0042-8736", "2782-3482"], publisher="NP Voprosy Ekonomiki",
      lang="ru", s2_title="Socio-economic inequality and population health in Russia",
      citations=9)  # fmt: skip
    W("petrov2016", "Методы машинного обучения в задачах прогнозирования временных рядов",
      P("Petrov, A. V.; Kuznetsova, O. I."), 2016, venue="Информационные технологии",
      volume="22", issue="4", page="243-251", issn=["1684-6400"], lang="ru",
      registries=OA_ONLY, citations=3)  # fmt: skip


def asian() -> None:
    W("ncip2020", "新型冠状病毒肺炎流行病学特征分析",
      [ORG("新型冠状病毒肺炎应急响应机制流行病学组")], 2020,
      cr_titles=["The epidemiological characteristics of an outbreak of 2019 novel "
                 "coronavirus diseases (COVID-19) in China"],
      venue="Chinese Journal of Epidemiology", container_extra=["中华流行病学杂志"],
      doi="10.3760/cma.j.issn.0254-6450.2020.02.003", printed=(2020, 2, 10), volume="41",
      issue="2", page="145-151", issn=["0254-6450"], publisher="Chinese Medical Association",
      pmid="32064853", lang="zh",
      epmc_title="[The epidemiological characteristics of an outbreak of 2019 novel "
                 "coronavirus diseases (COVID-19) in China].",
      epmc_journal=("Zhonghua liu xing bing xue za zhi = Zhonghua liuxingbingxue zazhi",
                    "Zhonghua Liu Xing Bing Xue Za Zhi"),
      oa_title="The epidemiological characteristics of an outbreak of 2019 novel coronavirus "
               "diseases (COVID-19) in China",
      oa_names=["Novel Coronavirus Pneumonia Emergency Response Epidemiology Team"],
      s2_title="[The epidemiological characteristics of an outbreak of 2019 novel coronavirus "
               "diseases (COVID-19) in China].",
      s2_names=["Novel Coronavirus Pneumonia Emergency Response Epidemiology Team"],
      citations=3000)  # fmt: skip
    W("wang2020cn", "基于深度学习的遥感影像建筑物提取方法研究",
      P("Wang, Xiaoming; Li, Hua; Zhang, Wei"), 2020,
      cr_titles=["Building extraction from remote sensing images based on deep learning"],
      venue="Acta Geodaetica et Cartographica Sinica", container_extra=["测绘学报"],
      doi="10.11947/j.AGCS.2020.20190234", printed=(2020, 4, 20), volume="49", issue="4",
      page="452-462", issn=["1001-1595"], publisher="Surveying and Mapping Press", lang="zh",
      oa_title="Building extraction from remote sensing images based on deep learning",
      citations=40)  # fmt: skip
    W("wang2021cn", "基于深度学习的高分辨率遥感影像道路提取方法",
      P("Wang, Xiaoming; Zhang, Wei; Liu, Yang"), 2021,
      cr_titles=["Road extraction from high-resolution remote sensing images based on deep "
                 "learning"],
      venue="Acta Geodaetica et Cartographica Sinica", container_extra=["测绘学报"],
      doi="10.11947/j.AGCS.2021.20200311", printed=(2021, 3, 20), volume="50", issue="3",
      page="321-330", issn=["1001-1595"], publisher="Surveying and Mapping Press", lang="zh",
      oa_title="Road extraction from high-resolution remote sensing images based on deep "
               "learning", citations=15)  # fmt: skip
    W("sato2019", "地域在住高齢者における社会的孤立と健康関連指標との関連",
      P("Sato, Hanako; Tanaka, Ichiro; Kondo, Katsunori"), 2019, agency="jalc",
      venue="日本公衆衛生雑誌", doi="10.11236/jph.66.5_220", online=(2019, 5, 15), volume="66",
      issue="5", page="220-229", publisher="Japanese Society of Public Health", lang="ja",
      pmid="31155553",
      csl={"type": "article-journal",
           "author": [{"family": "佐藤", "given": "花子"}, {"family": "田中", "given": "一郎"},
                      {"family": "近藤", "given": "克則"}],
           "container-title": "日本公衆衛生雑誌", "volume": "66", "issue": "5",
           "page": "220-229"},
      oa_title="Association between social isolation and health-related indicators among "
               "community-dwelling older adults",
      s2_title="[Association between social isolation and health-related indicators among "
               "community-dwelling older adults].",
      epmc_title="[Association between social isolation and health-related indicators among "
                 "community-dwelling older adults].",
      epmc_journal=("[Nihon koshu eisei zasshi] Japanese journal of public health",
                    "Nihon Koshu Eisei Zasshi"), citations=8)  # fmt: skip
    W("kim2020kr", "한국 청소년의 스마트폰 과의존과 우울의 관계: 자기통제력의 매개효과",
      P("Kim, Minsu; Lee, Jiyoung"), 2020,
      cr_authors=[A("민수", "김"), A("지영", "이")],
      cr_titles=["The Relationship between Smartphone Overdependence and Depression in Korean "
                 "Adolescents: The Mediating Effect of Self-Control"],
      venue="Korean Journal of Counseling and Psychotherapy",
      container_extra=["한국심리학회지: 상담 및 심리치료"],
      doi="10.23844/kjcp.2020.05.32.2.789", printed=(2020, 5, 31), volume="32", issue="2",
      page="789-811", issn=["1229-0351"], publisher="Korean Counseling Psychological "
      "Association", lang="ko",
      oa_title="The Relationship between Smartphone Overdependence and Depression in Korean "
               "Adolescents: The Mediating Effect of Self-Control", citations=3)  # fmt: skip
    W("sutrisno2019", "Faktor-faktor yang berhubungan dengan kejadian stunting pada balita di "
      "Kabupaten Bogor", P("Sutrisno; Rahmawati, Dewi Kartika; Nugroho, Budi"), 2019,
      cr_titles=["Factors related to stunting among children under five in Bogor Regency"],
      venue="Jurnal Kesehatan Masyarakat", short="KEMAS", doi="10.15294/kemas.v15i2.17032",
      printed=(2019, 11, 30), volume="15", issue="2", page="178-186",
      issn=["1858-1196", "2355-3596"], publisher="Universitas Negeri Semarang", lang="id",
      citations=10)  # fmt: skip


def names() -> None:
    W("yildiz2021", "Deep convolutional features for pavement crack detection in urban road "
      "images", P("Yıldız, Özlem; Çelik, Tuğba; Güneş, Ahmet"), 2021,
      venue="Turkish Journal of Electrical Engineering and Computer Sciences",
      short="Turk J Elec Eng & Comp Sci", doi="10.3906/elk-2004-112", printed=(2021, 1, 27),
      volume="29", issue="1", page="346-361", issn=["1300-0632", "1303-6203"],
      publisher="The Scientific and Technological Research Council of Turkey (TUBITAK-ULAKBIM)"
                " - DIGITAL COMMONS JOURNALS",
      s2_names=["Ö. Yıldız", "T. Çelik", "A. Güneş"], citations=7)  # fmt: skip
    W("martinez2022",
      "Socioeconomic inequalities in COVID-19 vaccination coverage in Catalonia",
      P("Martínez García, José Luis; Rodríguez-Pérez, Ana; de la Cruz Ortega, Marta"), 2022,
      venue="Gaceta Sanitaria", short="Gaceta Sanitaria", doi="10.1016/j.gaceta.2022.04.003",
      online=(2022, 5, 12), printed=(2022, 11), volume="36", issue="6", page="512-519",
      issn=["0213-9111"], pmid="35618514", epmc_journal=("Gaceta sanitaria", "Gac Sanit"),
      citations=5)  # fmt: skip
    W("kim2019", "Prevalence of myopia among Korean adolescents: a nationwide population-based "
      "study", P("Kim, Ji-Hoon; Park, Seo-Yeon; Lee, Dong Hyun"), 2019, venue="Ophthalmology",
      short="Ophthalmology", doi="10.1016/j.ophtha.2019.02.015", online=(2019, 2, 21),
      printed=(2019, 7), volume="126", issue="7", page="1000-1008", issn=["0161-6420"],
      pmid="30797905", epmc_journal=("Ophthalmology", "Ophthalmology"),
      s2_names=["Ji-Hoon Kim", "Seo-Yeon Park", "D. Lee"], citations=60)  # fmt: skip
    W("nguyen2021", "Air pollution and hospital admissions for respiratory diseases in Hanoi, "
      "Vietnam: a time-series study",
      P("Nguyễn, Thị Thu Hà; Trần, Văn Minh; Phạm, Quốc Bảo"), 2021,
      venue="Environmental Research", short="Environmental Research",
      doi="10.1016/j.envres.2021.111009", online=(2021, 3, 15), printed=(2021, 6),
      volume="197", page="111009", issn=["0013-9351"], pmid="33744270",
      epmc_journal=("Environmental research", "Environ Res"), citations=20)  # fmt: skip
    W("wisniewski2018", "Sentiment analysis of Polish tweets with recurrent neural networks",
      P("Wiśniewski, Łukasz; Dvořák, Jiří; Kowalczyk, Małgorzata"), 2018,
      type="proceedings-article", venue="Proceedings of the 2018 Federated Conference on "
      "Computer Science and Information Systems", doi="10.15439/2018F112",
      printed=(2018, 9, 21), page="213-220", publisher="Polish Information Processing "
      "Society (PTI)", citations=4)  # fmt: skip
    W("alkhalili2019", "Machine learning prediction of diabetic retinopathy from fundus images "
      "in Saudi Arabia", P("Al-Khalili, Omar; Al-Saud, Noura; El-Sayed, Mahmoud"), 2019,
      venue="Saudi Medical Journal", short="Saudi Med J", doi="10.15537/smj.2019.7.24300",
      printed=(2019, 7), volume="40", issue="7", page="660-668",
      issn=["0379-5284", "1658-3175"], publisher="Saudi Medical Journal", pmid="31287125",
      pmcid="PMC6757206", epmc_journal=("Saudi medical journal", "Saudi Med J"),
      citations=11)  # fmt: skip
    W("barabasi1999", "Emergence of Scaling in Random Networks",
      P("Barabási, Albert-László; Albert, Réka"), 1999, venue="Science", short="Science",
      doi="10.1126/science.286.5439.509", printed=(1999, 10, 15), volume="286",
      issue="5439", page="509-512", issn=["0036-8075", "1095-9203"], pmid="10521342",
      epmc_journal=("Science (New York, N.Y.)", "Science"), citations=40000)  # fmt: skip
    W("albert2002", "Statistical mechanics of complex networks",
      P("Albert, Réka; Barabási, Albert-László"), 2002, venue="Reviews of Modern Physics",
      short="Rev. Mod. Phys.", doi="10.1103/RevModPhys.74.47", online=(2002, 1, 30),
      volume="74", issue="1", page="47-97", issn=["0034-6861", "1539-0756"],
      arxiv=None, citations=20000)  # fmt: skip
