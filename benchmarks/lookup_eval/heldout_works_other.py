"""Held-out world: books and their editions, a chapter and its reprint, reports, a thesis, a
standard and its previous revision, datasets (DataCite), editorials that share a title, and
works in German, Turkish, Persian and Ukrainian.

Distractors: Nudge's "final edition" and its authors' AER article; three editions of Box and
Jenkins's "Time Series Analysis" (one with a DOI, printed 2008 and online 2013); Tajfel and
Turner's 1986 chapter and the 2004 reprint of their 1979 chapter; the World Development
Report's overview and its 2016 edition; the thesis author's journal article; IEEE 802.11-2016
(same title); ERA5 on pressure levels and the ERA5 paper; four GBIF downloads titled
"Occurrence Download"; three editorials titled "Editorial"; Heisenberg's 1925 paper and Born
and Jordan's in the same journal.
"""

from __future__ import annotations

from build_tuning import ORG, W
from heldout_works import people as P

OA_ONLY = ("openalex",)
OUP = "Oxford University Press (OUP)"
NASEM = "National Academies of Sciences, Engineering, and Medicine"


def define() -> None:
    books_and_chapters()
    reports_theses_standards()
    datasets()
    editorials()
    other_languages()


def books_and_chapters() -> None:
    nudge = "Thaler, Richard H.; Sunstein, Cass R."
    W("thaler2008", "Nudge: Improving Decisions About Health, Wealth, and Happiness", P(nudge),
      2008, type="book", publisher="Yale University Press", isbn=["9780300122237"],
      registries=OA_ONLY, citations=20000)  # fmt: skip
    W("thaler2021", "Nudge: The Final Edition", P(nudge), 2021, type="book",
      publisher="Penguin Books", isbn=["9780143137009"], registries=OA_ONLY,
      citations=500)  # fmt: skip
    W("thaler2003", "Libertarian Paternalism", P("Thaler, Richard H; Sunstein, Cass R"), 2003,
      venue="American Economic Review", short="American Economic Review",
      doi="10.1257/000282803321947001", printed=(2003, 4, 1), volume="93", issue="2",
      page="175-179", issn=["0002-8282"], publisher="American Economic Association",
      citations=2500)  # fmt: skip
    box = "Box, George E. P.; Jenkins, Gwilym M.; Reinsel, Gregory C."
    title = "Time Series Analysis: Forecasting and Control"
    W("box2008", title, P(box), 2008, type="book", venue="Wiley Series in Probability and "
      "Statistics", doi="10.1002/9781118619193", printed=(2008, 6, 30), online=(2013, 3, 6),
      isbn=["9780470272848", "9781118619193"], publisher="Wiley",
      citations=9000)  # fmt: skip
    W("box2015", title, P(box + "; Ljung, Greta M."), 2015, type="book",
      publisher="John Wiley & Sons", isbn=["9781118675021"], registries=OA_ONLY,
      citations=4000)  # fmt: skip
    W("box1970", "Time Series Analysis: Forecasting and Control",
      P("Box, George E. P.; Jenkins, Gwilym M."), 1970, type="book", publisher="Holden-Day",
      isbn=["9780816211043"], registries=OA_ONLY, citations=30000)  # fmt: skip
    W("tajfel1979", "An integrative theory of intergroup conflict",
      P("Tajfel, Henri; Turner, John C."), 1979, type="book-chapter",
      venue="The Social Psychology of Intergroup Relations", page="33-47",
      publisher="Brooks/Cole", editors=P("Austin, William G.; Worchel, Stephen"),
      registries=OA_ONLY, citations=25000)  # fmt: skip
    W("tajfel1986", "The social identity theory of intergroup behavior",
      P("Tajfel, Henri; Turner, John C."), 1986, type="book-chapter",
      venue="Psychology of Intergroup Relations", page="7-24", publisher="Nelson-Hall",
      editors=P("Worchel, Stephen; Austin, William G."), registries=OA_ONLY,
      citations=20000)  # fmt: skip
    W("tajfel2004", "An Integrative Theory of Intergroup Conflict",
      P("Tajfel, Henri; Turner, John"), 2004, type="book-chapter",
      venue="Organizational Identity: A Reader", doi="10.1093/oso/9780199269464.003.0005",
      printed=(2004,), page="56-65", isbn=["9780199269464"], publisher=OUP,
      editors=P("Hatch, Mary Jo; Schultz, Majken"), citations=900)  # fmt: skip


def reports_theses_standards() -> None:
    W("nasem2019", "Reproducibility and Replicability in Science", [ORG(NASEM)], 2019,
      type="report", doi="10.17226/25303", printed=(2019, 9, 20), isbn=["9780309486163"],
      publisher="National Academies Press", institution="National Academies Press",
      citations=1200)  # fmt: skip
    W("nasem2017", "Fostering Integrity in Research", [ORG(NASEM)], 2017, type="report",
      doi="10.17226/21896", printed=(2017, 4, 11), isbn=["9780309391252"],
      publisher="National Academies Press", institution="National Academies Press",
      citations=400)  # fmt: skip
    wb = "Washington, DC: World Bank"
    W("worldbank2021", "World Development Report 2021: Data for Better Lives",
      [ORG("World Bank")], 2021, type="report", doi="10.1596/978-1-4648-1600-0",
      printed=(2021, 3, 24), isbn=["9781464816000"], publisher=wb,
      url="https://openknowledge.worldbank.org/handle/10986/35218", citations=500)  # fmt: skip
    W("worldbank2021ov", "World Development Report 2021: Data for Better Lives. Overview",
      [ORG("World Bank")], 2021, type="report", publisher="World Bank", registries=OA_ONLY,
      url="https://openknowledge.worldbank.org/handle/10986/35217", citations=40)  # fmt: skip
    W("worldbank2016", "World Development Report 2016: Digital Dividends", [ORG("World Bank")],
      2016, type="report", doi="10.1596/978-1-4648-0671-1", printed=(2016, 1, 13),
      isbn=["9781464806711"], publisher=wb, citations=3000)  # fmt: skip
    W("mwangi2018", "Smallholder dairy cooperatives and household food security in central "
      "Kenya", P("Mwangi, Grace Wanjiru"), 2018, type="dissertation",
      institution="University of Nairobi", publisher="University of Nairobi",
      registries=OA_ONLY, url="http://erepository.uonbi.ac.ke/handle/11295/104512",
      citations=2)  # fmt: skip
    W("mwangi2019", "Dairy cooperative membership and household food security: evidence from "
      "smallholder farmers in central Kenya", P("Mwangi, Grace W.; Kiprono, Daniel; "
      "Njoroge, Peter"), 2019, venue="Food Security", short="Food Sec.",
      doi="10.1007/s12571-019-00912-x", online=(2019, 3, 5), printed=(2019, 4), volume="11",
      issue="2", page="381-394", issn=["1876-4517", "1876-4525"], citations=25)  # fmt: skip
    title = (
        "IEEE Standard for Information Technology--Telecommunications and Information Exchange "
        "between Systems - Local and Metropolitan Area Networks--Specific Requirements - Part "
        "11: Wireless LAN Medium Access Control (MAC) and Physical Layer (PHY) Specifications"
    )
    W("ieee80211_2020", title, [], 2021, type="standard",
      venue="IEEE Std 802.11-2020 (Revision of IEEE Std 802.11-2016)",
      doi="10.1109/IEEESTD.2021.9363693", printed=(2021, 2, 26), page="1-4379",
      isbn=["9781504471497"], oa_names=[], citations=900)  # fmt: skip
    W("ieee80211_2016", title, [], 2016, type="standard",
      venue="IEEE Std 802.11-2016 (Revision of IEEE Std 802.11-2012)",
      doi="10.1109/IEEESTD.2016.7786995", printed=(2016, 12, 14), page="1-3534",
      isbn=["9781504436458"], oa_names=[], citations=2500)  # fmt: skip


def datasets() -> None:
    era5 = (
        "Hersbach, H.; Bell, B.; Berrisford, P.; Biavati, G.; Horányi, A.; Muñoz Sabater, J.; "
        "Nicolas, J.; Peubey, C.; Radu, R.; Rozum, I.; Schepers, D.; Simmons, A.; Soci, C.; "
        "Dee, D.; Thépaut, J-N."
    )
    for key, levels, doi in (
        ("era5_single", "single levels", "10.24381/cds.adbb2d47"),
        ("era5_pressure", "pressure levels", "10.24381/cds.bd0915c6"),
    ):
        W(key, f"ERA5 hourly data on {levels} from 1940 to present", P(era5), 2023,
          type="dataset", agency="datacite", doi=doi, online=(2023, 6, 14), publisher="ECMWF",
          url=f"https://cds.climate.copernicus.eu/doi/{doi}",
          csl={"type": "dataset", "categories": ["FOS: Earth and related environmental sciences"]},
          citations=3000)  # fmt: skip
    W("hersbach2020", "The ERA5 global reanalysis",
      P("Hersbach, Hans; Bell, Bill; Berrisford, Paul; Hirahara, Shoji; Horányi, András; "
        "Muñoz‐Sabater, Joaquín; Nicolas, Julien; Peubey, Carole; Radu, Raluca; "
        "Schepers, Dinand; Simmons, Adrian; Soci, Cornel; Abdalla, Saleh; Abellan, Xavier; "
        "Balsamo, Gianpaolo"), 2020,
      venue="Quarterly Journal of the Royal Meteorological Society",
      short="Q.J.R. Meteorol. Soc.", doi="10.1002/qj.3803", online=(2020, 6, 15),
      printed=(2020, 7), volume="146", issue="730", page="1999-2049",
      issn=["0035-9009", "1477-870X"], citations=15000)  # fmt: skip
    for key, doi, date, number in (
        ("gbif2024a", "10.15468/dl.8k2mzv", (2024, 3, 12), "0034567-240229165702484"),
        ("gbif2024b", "10.15468/dl.q4xw7n", (2024, 5, 2), "0021876-240425142415019"),
        ("gbif2024c", "10.15468/dl.3jfy6c", (2024, 9, 18), "0015543-240906103802322"),
        ("gbif2023", "10.15468/dl.v9hq2b", (2023, 11, 7), "0049921-231002084531237"),
    ):
        W(key, "Occurrence Download", [ORG("GBIF.Org User")], date[0], type="dataset",
          agency="datacite", doi=doi, online=date,
          publisher="The Global Biodiversity Information Facility",
          url=f"https://www.gbif.org/occurrence/download/{number}",
          csl={"type": "dataset", "categories": ["FOS: Biological sciences"]},
          citations=0)  # fmt: skip


def editorials() -> None:
    for key, doi, online, volume, issue, page in (
        ("bergstrom2020", "10.1177/1403494820971234", (2020, 11, 20), "48", "8", "791-792"),
        ("bergstrom2021a", "10.1177/14034948211004212", (2021, 3, 1), "49", "2", "115-116"),
        ("bergstrom2021b", "10.1177/14034948211043101", (2021, 9, 10), "49", "7", "689-690"),
    ):
        W(key, "Editorial", P("Bergström, Maja"), online[0],
          venue="Scandinavian Journal of Public Health", short="Scand J Public Health",
          doi=doi, online=online, volume=volume, issue=issue, page=page,
          issn=["1403-4948", "1651-1905"], publisher="SAGE Publications",
          citations=1)  # fmt: skip


def other_languages() -> None:
    zphys = dict(venue="Zeitschrift für Physik", short="Z. Physik",
                 issn=["1434-6001", "1434-601X"], lang="de")  # fmt: skip
    W("heisenberg1927", "Über den anschaulichen Inhalt der quantentheoretischen Kinematik und "
      "Mechanik", P("Heisenberg, W."), 1927, doi="10.1007/BF01397280", printed=(1927, 3),
      volume="43", issue="3-4", page="172-198", citations=4000, **zphys)  # fmt: skip
    W("heisenberg1925", "Über quantentheoretische Umdeutung kinematischer und mechanischer "
      "Beziehungen", P("Heisenberg, W."), 1925, doi="10.1007/BF01328377", printed=(1925, 12),
      volume="33", issue="1", page="879-893", citations=2000, **zphys)  # fmt: skip
    W("born1925", "Zur Quantenmechanik", P("Born, M.; Jordan, P."), 1925,
      doi="10.1007/BF01328531", printed=(1925, 12), volume="34", issue="1", page="858-888",
      citations=1200, **zphys)  # fmt: skip
    english = (
        "The relationship between smartphone addiction and sleep quality among university students"
    )
    W("yilmaz2019", "Üniversite öğrencilerinde akıllı telefon bağımlılığı ile uyku kalitesi "
      "arasındaki ilişki", P("Yılmaz, Zeynep; Aktaş, Oğuz"), 2019, cr_titles=[english],
      venue="Bağımlılık Dergisi", short="Bağımlılık Dergisi", doi="10.51982/bagimli.572310",
      printed=(2019, 9, 30), volume="20", issue="3", page="145-153", issn=["2149-1305"],
      publisher="Bagimlilik Dergisi", lang="tr", s2_title=english, citations=9)  # fmt: skip
    english = (
        "Prevalence of obesity and its related factors among primary school children in Tabriz"
    )
    W("rezaei2018", "شیوع چاقی و عوامل مرتبط با آن در کودکان دبستانی شهر تبریز",
      P("Rezaei, Maryam; Hosseinzadeh, Ali; Jafari, Nasrin"), 2018, cr_titles=[english],
      venue="Iranian Journal of Epidemiology", container_extra=["مجله اپیدمیولوژی ایران"],
      doi="10.61186/ije.14.2.118", printed=(2018, 7), volume="14", issue="2", page="118-127",
      issn=["1735-7489"], publisher="Tehran University of Medical Sciences", lang="fa",
      oa_title=english, s2_title=english, citations=3)  # fmt: skip
    english = "The impact of war on the mental health of university students"
    W("kovalenko2022", "Вплив війни на психічне здоров’я студентів університетів",
      P("Kovalenko, Olena; Shevchuk, Andrii"), 2022, cr_titles=[english],
      venue="Psychosomatic Medicine and General Practice",
      container_extra=["Психосоматична медицина та загальна практика"],
      doi="10.26766/pmgp.v7i3.389", printed=(2022, 9, 30), volume="7", issue="3",
      page="e0703389", issn=["2519-8572"], publisher="Publishing House Medknyha", lang="uk",
      s2_title=english, citations=4)  # fmt: skip
