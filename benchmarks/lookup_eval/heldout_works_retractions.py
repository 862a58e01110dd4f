"""Held-out world: retracted works, an expression of concern, corrections, and the notices.

Where each registry learns of an update (see ``build_tuning.Update``):

- publisher notices (Crossref ``update-to`` on the notice, ``updated-by`` on the work):
  Schön's Science and Nature papers, PREDIMED 2013 (retracted and republished), Lesné 2006
  (an editor's note of concern in 2022, then a retraction in 2024), a corrected MDPI paper;
- Retraction Watch in Crossref (``source: retraction-watch``, the notice without
  ``update-to``): Jungebluth 2011, and a paper whose publisher deposited a correction and
  Retraction Watch later a retraction;
- only OpenAlex (``is_retracted``): a paper-mill paper, beside an unretracted sibling with a
  near-identical title;
- only Europe PMC: a PMID-only paper's retraction, a DOI paper's expression of concern.

Notices carry the titles their publishers give them (``Retraction``, ``Retraction Note:``,
``Editor's Note:``, ``Correction to:``, MDPI's ``Correction: Author et al. Title. Journal
year, volume, page``, NEJM's ``Retraction and Republication:``).
"""

from __future__ import annotations

from build_tuning import Update, W
from heldout_works import people as P

NATURE = ["0028-0836", "1476-4687"]
SCIENCE = ["0036-8075", "1095-9203"]
NEJM = ["0028-4793", "1533-4406"]
EP_NATURE = ("Nature", "Nature")
EP_NEJM = ("The New England journal of medicine", "N Engl J Med")


def define() -> None:
    publisher_notices()
    retraction_watch()
    single_registry()


def publisher_notices() -> None:
    W("schon2001", "Field-Effect Modulation of the Conductance of Single Molecules",
      P("Schön, J. H.; Meng, H.; Bao, Z."), 2001, venue="Science", short="Science",
      doi="10.1126/science.1066171", online=(2001, 11, 8), printed=(2001, 12, 14),
      volume="294", issue="5549", page="2138-2140", issn=SCIENCE, pmid="11701892",
      epmc_journal=("Science (New York, N.Y.)", "Science"),
      updates=[Update("retraction", (2002, 11, 1), notice="10.1126/science.298.5595.961b",
                      notice_pmid="12411686", title="Retraction")], citations=300)  # fmt: skip
    title = "Self-assembled monolayer organic field-effect transistors"
    W("schon2001nature", title, P("Schön, Jan Hendrik; Meng, Hong; Bao, Zhenan"), 2001,
      venue="Nature", short="Nature", doi="10.1038/35099520", printed=(2001, 10, 18),
      volume="413", issue="6857", page="713-716", issn=NATURE, pmid="11607026",
      epmc_journal=EP_NATURE,
      updates=[Update("retraction", (2003, 3, 6), notice="10.1038/nature01484",
                      notice_pmid="12621440", title=f"Retraction: {title}")],
      citations=250)  # fmt: skip
    predimed = (
        "Estruch, Ramón; Ros, Emilio; Salas-Salvadó, Jordi; Covas, Maria-Isabel; "
        "Corella, Dolores; Arós, Fernando; Gómez-Gracia, Enrique; Ruiz-Gutiérrez, Valentina; "
        "Fiol, Miquel; Lapetra, José; Lamuela-Raventos, Rosa Maria; Serra-Majem, Lluís; "
        "Pintó, Xavier; Basora, Josep; Muñoz, Miguel Angel; Sorlí, José V.; "
        "Martínez, José Alfredo; Martínez-González, Miguel Angel"
    )
    title = "Primary Prevention of Cardiovascular Disease with a Mediterranean Diet"
    W("estruch2013", title, P(predimed), 2013, venue="New England Journal of Medicine",
      short="N Engl J Med", doi="10.1056/NEJMoa1200303", online=(2013, 2, 25),
      printed=(2013, 4, 4), volume="368", issue="14", page="1279-1290", issn=NEJM,
      pmid="23432189", epmc_journal=EP_NEJM,
      updates=[Update("retraction", (2018, 6, 13), notice="10.1056/NEJMc1806491",
                      notice_pmid="29897867",
                      title=f"Retraction and Republication: {title}. N Engl J Med "
                            "2013;368:1279-90.")], citations=6000)  # fmt: skip
    W("estruch2018", title + " Supplemented with Extra-Virgin Olive Oil or Nuts",
      P(predimed + "; Fitó, Montserrat; Gea, Alfredo; Hernán, Miguel A."), 2018,
      venue="New England Journal of Medicine", short="N Engl J Med",
      doi="10.1056/NEJMoa1800389", online=(2018, 6, 13), printed=(2018, 6, 21), volume="378",
      issue="25", page="e34", issn=NEJM, pmid="29897866", epmc_journal=EP_NEJM,
      citations=2500)  # fmt: skip
    title = "A specific amyloid-β protein assembly in the brain impairs memory"
    W("lesne2006", title,
      P("Lesné, Sylvain; Koh, Ming Teng; Kotilinek, Linda; Kayed, Rakez; Glabe, Charles G.; "
        "Yang, Austin; Gallagher, Michela; Ashe, Karen H."), 2006, venue="Nature",
      short="Nature", doi="10.1038/nature04533", online=(2006, 3, 15), printed=(2006, 3, 16),
      volume="440", issue="7082", page="352-357", issn=NATURE, pmid="16541076",
      epmc_journal=EP_NATURE,
      epmc_title="A specific amyloid-beta protein assembly in the brain impairs memory.",
      updates=[Update("expression_of_concern", (2022, 7, 14),
                      notice="10.1038/s41586-022-05063-8", notice_pmid="35835847",
                      title=f"Editor’s Note: {title}"),
               Update("retraction", (2024, 6, 24), notice="10.1038/s41586-024-07691-8",
                      notice_pmid="38914762", title=f"Retraction Note: {title}")],
      citations=2300)  # fmt: skip
    title = "Microplastic Abundance in Riverbed Sediments of the Morava River Basin, Czech Republic"
    W("novak2021", title, P("Novák, Tomáš; Horváthová, Eva; Dvořáček, Jan"), 2021,
      venue="Water", short="Water", doi="10.3390/w13040512", online=(2021, 2, 16),
      volume="13", issue="4", page="512", issn=["2073-4441"],
      updates=[Update("correction", (2021, 4, 29), notice="10.3390/w13091210",
                      title=f"Correction: Novák et al. {title}. Water 2021, 13, 512")],
      citations=11)  # fmt: skip


def retraction_watch() -> None:
    title = (
        "Tracheobronchial transplantation with a stem-cell-seeded bioartificial nanocomposite: "
        "a proof-of-concept study"
    )
    W("jungebluth2011", title,
      P("Jungebluth, Philipp; Alici, Evren; Baiguera, Silvia; Le Blanc, Katarina; "
        "Blomberg, Pontus; Bozóky, Béla; Crowley, Claire; Einarsson, Oskar; "
        "Grinnemo, Karl-Henrik; Gudbjartsson, Tomas; Le Guyader, Sylvie; Henriksson, Gert; "
        "Hermanson, Ola; Juto, Jan Erik; Leidner, Bertil; Lilja, Tobias; Liska, Jan; "
        "Luedde, Tom; Lundin, Vanessa; Moll, Guido; Nilsson, Bo; Roderburg, Christoph; "
        "Strömblad, Staffan; Sutlu, Tolga; Teixeira, Ana Isabel; Watz, Emma; "
        "Seifalian, Alexander; Macchiarini, Paolo"), 2011, venue="The Lancet",
      short="The Lancet", doi="10.1016/S0140-6736(11)61715-7", online=(2011, 11, 24),
      printed=(2011, 12), volume="378", issue="9808", page="1997-2004", issn=["0140-6736"],
      pmid="22119609", epmc_journal=("Lancet (London, England)", "Lancet"),
      updates=[Update("retraction", (2023, 4, 20), source="retraction-watch",
                      notice="10.1016/S0140-6736(23)00716-5", record_id=42718,
                      notice_pmid="37087238", title=f"Retraction—{title}")],
      citations=700)  # fmt: skip
    title = (
        "Arsenic removal from groundwater using iron oxide–coated biochar: kinetics and "
        "isotherm modelling"
    )
    W("ghosh2020", title, P("Ghosh, Arindam; Mukherjee, Sourav; Das, Priyanka"), 2020,
      venue="Environmental Science and Pollution Research", short="Environ Sci Pollut Res",
      doi="10.1007/s11356-020-08012-3", online=(2020, 2, 24), printed=(2020, 5), volume="27",
      issue="13", page="15432-15444", issn=["0944-1344", "1614-7499"], pmid="32096067",
      epmc_journal=("Environmental science and pollution research international",
                    "Environ Sci Pollut Res Int"),
      updates=[Update("correction", (2020, 3, 12), notice="10.1007/s11356-020-08234-5",
                      notice_pmid="32162233", title=f"Correction to: {title}"),
               Update("retraction", (2023, 6, 2), source="retraction-watch",
                      notice="10.1007/s11356-023-27999-5", record_id=44871,
                      notice_pmid="37266812", title=f"Retraction Note: {title}")],
      citations=40)  # fmt: skip


def single_registry() -> None:
    jeph = dict(venue="Journal of Environmental and Public Health",
                short="Journal of Environmental and Public Health",
                issn=["1687-9805", "1687-9813"], publisher="Hindawi Limited")  # fmt: skip
    W("tang2022", "Evaluation of Community Health Service Quality Based on Fuzzy "
      "Comprehensive Evaluation and Deep Neural Network", P("Tang, Xiaoling; Wu, Hao"), 2022,
      doi="10.1155/2022/4367218", online=(2022, 7, 28), volume="2022", page="1-9",
      oa_retracted=True, citations=3, **jeph)  # fmt: skip
    W("liu2022", "Evaluation of Community Elderly Care Service Quality Based on Fuzzy "
      "Comprehensive Evaluation and BP Neural Network", P("Liu, Fang"), 2022,
      doi="10.1155/2022/4367291", online=(2022, 7, 30), volume="2022", page="1-10",
      citations=2, **jeph)  # fmt: skip
    W("kaur2015", "Serum magnesium levels in type 2 diabetes mellitus patients with and "
      "without diabetic retinopathy", P("Kaur, Harpreet; Singh, Gurpreet"), 2015,
      venue="Journal of the Indian Medical Association", short="J Indian Med Assoc",
      printed=(2015, 4), volume="113", issue="4", page="212-215", issn=["0019-5847"],
      pmid="26710491",
      epmc_journal=("Journal of the Indian Medical Association", "J Indian Med Assoc"),
      updates=[Update("retraction", (2017, 3, 1), in_crossref=False, notice_pmid="28345012")],
      oa_retracted=False, citations=6)  # fmt: skip
    W("adeyemi2019", "Effect of Moringa oleifera leaf supplementation on haemoglobin "
      "concentration in pregnant women: a randomised controlled trial",
      P("Adeyemi, Oluwaseun; Balogun, Temitope; Okafor, Ngozi"), 2019,
      venue="BMC Pregnancy and Childbirth", short="BMC Pregnancy Childbirth",
      doi="10.1186/s12884-019-2456-7", online=(2019, 8, 27), volume="19", issue="1",
      page="312", issn=["1471-2393"], pmid="31455270", pmcid="PMC6712803",
      epmc_journal=("BMC pregnancy and childbirth", "BMC Pregnancy Childbirth"),
      updates=[Update("expression_of_concern", (2021, 9, 14), in_crossref=False,
                      notice_pmid="34521045")], citations=18)  # fmt: skip
