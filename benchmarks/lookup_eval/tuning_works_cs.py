"""Computer science: conference papers, arXiv e-prints (with versions whose titles change),
papers known only to OpenAlex and Semantic Scholar (JMLR, NeurIPS), bioRxiv, medRxiv and
SSRN posted content, and the published versions of preprints."""

from __future__ import annotations

from build_tuning import Arxiv, W
from tuning_people import people as P

NEURIPS = "Advances in Neural Information Processing Systems"
JMLR = "Journal of Machine Learning Research"
ARXIV_VENUE = "arXiv (Cornell University)"
OA_ONLY = ("openalex",)
OA_S2 = ("openalex", "s2")


def define() -> None:
    vision_and_learning()
    language()
    systems_and_theory()
    preprint_servers()


def vision_and_learning() -> None:
    W("he2016", "Deep Residual Learning for Image Recognition",
      P("He, Kaiming; Zhang, Xiangyu; Ren, Shaoqing; Sun, Jian"), 2016,
      type="proceedings-article",
      venue="2016 IEEE Conference on Computer Vision and Pattern Recognition (CVPR)",
      doi="10.1109/CVPR.2016.90", printed=(2016, 6), page="770-778", isbn=["9781467388511"],
      oa_id="W2194775991", s2_venue="Computer Vision and Pattern Recognition",
      arxiv=Arxiv("1512.03385", [("2015-12-10T19:51:55Z", None)], ["cs.CV"],
                  comment="Tech report"), citations=180000)  # fmt: skip
    W("he2016eccv", "Identity Mappings in Deep Residual Networks",
      P("He, Kaiming; Zhang, Xiangyu; Ren, Shaoqing; Sun, Jian"), 2016, type="book-chapter",
      venue="Lecture Notes in Computer Science",
      container_extra=["Computer Vision – ECCV 2016"], doi="10.1007/978-3-319-46493-0_38",
      printed=(2016,), page="630-645", isbn=["9783319464923", "9783319464930"],
      issn=["0302-9743", "1611-3349"], s2_venue="European Conference on Computer Vision",
      arxiv=Arxiv("1603.05027", [("2016-03-16T00:52:31Z", None), ("2016-07-25T17:55:35Z", None)],
                  ["cs.CV"]), citations=9000)  # fmt: skip
    W("krizhevsky2012", "ImageNet Classification with Deep Convolutional Neural Networks",
      P("Krizhevsky, Alex; Sutskever, Ilya; Hinton, Geoffrey E."), 2012,
      type="proceedings-article", venue=NEURIPS + " 25", page="1097-1105", registries=OA_S2,
      s2_venue="Neural Information Processing Systems", citations=120000)  # fmt: skip
    W("krizhevsky2017", "ImageNet classification with deep convolutional neural networks",
      P("Krizhevsky, Alex; Sutskever, Ilya; Hinton, Geoffrey E."), 2017,
      venue="Communications of the ACM", short="Commun. ACM", doi="10.1145/3065386",
      online=(2017, 5, 24), printed=(2017, 6), volume="60", issue="6", page="84-90",
      issn=["0001-0782", "1557-7317"], citations=30000)  # fmt: skip
    W("goodfellow2014", "Generative Adversarial Nets",
      P("Goodfellow, Ian; Pouget-Abadie, Jean; Mirza, Mehdi; Xu, Bing; Warde-Farley, David; "
        "Ozair, Sherjil; Courville, Aaron; Bengio, Yoshua"), 2014,
      type="proceedings-article", venue=NEURIPS + " 27", page="2672-2680", registries=OA_S2,
      s2_venue="Neural Information Processing Systems", citations=40000)  # fmt: skip
    W("goodfellow2014arxiv", "Generative Adversarial Networks",
      P("Goodfellow, Ian J.; Pouget-Abadie, Jean; Mirza, Mehdi; Xu, Bing; Warde-Farley, David; "
        "Ozair, Sherjil; Courville, Aaron; Bengio, Yoshua"), 2014,
      type="posted-content", venue=ARXIV_VENUE, s2_venue="arXiv.org",
      arxiv=Arxiv("1406.2661", [("2014-06-10T18:58:17Z", None)], ["stat.ML", "cs.LG"]),
      citations=30000)  # fmt: skip
    W("goodfellow2020cacm", "Generative adversarial networks",
      P("Goodfellow, Ian; Pouget-Abadie, Jean; Mirza, Mehdi; Xu, Bing; Warde-Farley, David; "
        "Ozair, Sherjil; Courville, Aaron; Bengio, Yoshua"), 2020,
      venue="Communications of the ACM", short="Commun. ACM", doi="10.1145/3422622",
      online=(2020, 10, 22), printed=(2020, 11), volume="63", issue="11", page="139-144",
      issn=["0001-0782", "1557-7317"], citations=4000)  # fmt: skip
    W("ronneberger2015", "U-Net: Convolutional Networks for Biomedical Image Segmentation",
      P("Ronneberger, Olaf; Fischer, Philipp; Brox, Thomas"), 2015, type="book-chapter",
      venue="Lecture Notes in Computer Science",
      container_extra=["Medical Image Computing and Computer-Assisted Intervention – MICCAI 2015"],
      doi="10.1007/978-3-319-24574-4_28", printed=(2015,), page="234-241",
      isbn=["9783319245737", "9783319245744"], issn=["0302-9743", "1611-3349"],
      s2_venue="International Conference on Medical Image Computing and Computer-Assisted "
               "Intervention",
      arxiv=Arxiv("1505.04597", [("2015-05-18T11:28:37Z", None)], ["cs.CV"],
                  comment="conditionally accepted at MICCAI 2015"), citations=70000)  # fmt: skip
    W("kingma2014", "Adam: A Method for Stochastic Optimization",
      P("Kingma, Diederik P.; Ba, Jimmy"), 2014, type="posted-content", venue=ARXIV_VENUE,
      s2_venue="International Conference on Learning Representations", s2_year=2014,
      arxiv=Arxiv("1412.6980", [("2014-12-22T13:54:29Z", None), ("2015-01-17T20:04:32Z", None),
                                ("2015-03-03T03:12:31Z", None), ("2015-07-23T20:20:43Z", None),
                                ("2016-03-03T08:30:47Z", None), ("2016-12-26T07:46:17Z", None),
                                ("2016-12-30T22:37:01Z", None), ("2017-01-02T16:49:38Z", None),
                                ("2017-01-30T01:27:54Z", None)], ["cs.LG"],
                  comment="Published as a conference paper at the 3rd International "
                          "Conference for Learning Representations, San Diego, 2015"),
      citations=150000)  # fmt: skip
    W("srivastava2014", "Dropout: A Simple Way to Prevent Neural Networks from Overfitting",
      P("Srivastava, Nitish; Hinton, Geoffrey; Krizhevsky, Alex; Sutskever, Ilya; "
        "Salakhutdinov, Ruslan"), 2014, venue=JMLR, volume="15", issue="56", page="1929-1958",
      issn=["1532-4435"], registries=OA_S2, oa_merged=("W2095705004",),
      s2_venue="Journal of machine learning research", citations=40000)  # fmt: skip
    W("blei2003", "Latent Dirichlet Allocation", P("Blei, David M.; Ng, Andrew Y.; Jordan, "
      "Michael I."), 2003, venue=JMLR, volume="3", page="993-1022", issn=["1532-4435"],
      registries=OA_S2, oa_id="W1880262756", s2_venue="Journal of machine learning research",
      citations=45000)  # fmt: skip
    W("blei2001", "Latent Dirichlet Allocation", P("Blei, David M.; Ng, Andrew Y.; Jordan, "
      "Michael I."), 2001, type="proceedings-article", venue=NEURIPS + " 14", page="601-608",
      registries=OA_S2, s2_venue="Neural Information Processing Systems",
      citations=1500)  # fmt: skip
    W("vandermaaten2008", "Visualizing Data using t-SNE",
      P("van der Maaten, Laurens; Hinton, Geoffrey"), 2008, venue=JMLR, volume="9",
      issue="86", page="2579-2605", issn=["1532-4435"], registries=OA_S2,
      oa_id="W2187089797", s2_names=["L. V. D. Maaten", "Geoffrey E. Hinton"],
      s2_title="Visualizing Data using t-SNE", citations=40000)  # fmt: skip
    W("chen2016", "XGBoost: A Scalable Tree Boosting System", P("Chen, Tianqi; Guestrin, Carlos"),
      2016, type="proceedings-article",
      venue="Proceedings of the 22nd ACM SIGKDD International Conference on Knowledge "
            "Discovery and Data Mining", doi="10.1145/2939672.2939785", printed=(2016, 8, 13),
      page="785-794", isbn=["9781450342322"], s2_venue="Knowledge Discovery and Data Mining",
      arxiv=Arxiv("1603.02754", [("2016-03-09T01:11:51Z", None), ("2016-06-10T06:02:31Z", None),
                                 ("2016-06-10T23:00:21Z", None)], ["cs.LG"],
                  comment="KDD'16 changed all figures to type1"), citations=40000)  # fmt: skip


def language() -> None:
    W("vaswani2017", "Attention is All you Need",
      P("Vaswani, Ashish; Shazeer, Noam; Parmar, Niki; Uszkoreit, Jakob; Jones, Llion; "
        "Gomez, Aidan N; Kaiser, Łukasz; Polosukhin, Illia"), 2017,
      type="proceedings-article", venue=NEURIPS + " 30", page="5998-6008",
      s2_venue="Neural Information Processing Systems",
      arxiv=Arxiv("1706.03762", [("2017-06-12T17:57:34Z", "Attention Is All You Need"),
                                 ("2017-06-19T16:49:45Z", None), ("2017-06-20T15:11:18Z", None),
                                 ("2017-06-30T17:29:30Z", None), ("2017-12-06T03:30:32Z", None),
                                 ("2023-08-01T00:57:46Z", None), ("2023-08-02T00:41:18Z", None)],
                  ["cs.CL", "cs.LG"], comment="15 pages, 5 figures"),
      citations=130000)  # fmt: skip
    W("dong2021", "Attention is not all you need: pure attention loses rank doubly "
      "exponentially with depth",
      P("Dong, Yihe; Cordonnier, Jean-Baptiste; Loukas, Andreas"), 2021,
      type="proceedings-article", venue="Proceedings of the 38th International Conference on "
      "Machine Learning", page="2793-2803", registries=("openalex", "s2", "arxiv"),
      s2_venue="International Conference on Machine Learning",
      arxiv=Arxiv("2103.03404", [("2021-03-05T00:39:02Z", "Attention is Not All You Need: "
                                  "Pure Attention Loses Rank Doubly Exponentially with "
                                  "Depth")], ["cs.LG"]), citations=300)  # fmt: skip
    acl = "Association for Computational Linguistics"
    naacl = (
        "Proceedings of the 2019 Conference of the North American Chapter of the "
        "Association for Computational Linguistics: Human Language Technologies, Volume 1 "
        "(Long and Short Papers)"
    )
    W("devlin2019", "BERT: Pre-training of Deep Bidirectional Transformers for Language "
      "Understanding", P("Devlin, Jacob; Chang, Ming-Wei; Lee, Kenton; Toutanova, Kristina"),
      2019, type="proceedings-article", venue=naacl, doi="10.18653/v1/N19-1423",
      printed=(2019,), page="4171-4186", publisher=acl,
      s2_venue="North American Chapter of the Association for Computational Linguistics",
      arxiv=Arxiv("1810.04805", [("2018-10-11T00:50:01Z", None), ("2019-05-24T20:37:26Z", None)],
                  ["cs.CL"]), citations=90000)  # fmt: skip
    W("jain2019", "Attention is not Explanation", P("Jain, Sarthak; Wallace, Byron C."), 2019,
      type="proceedings-article", venue=naacl, doi="10.18653/v1/N19-1357", printed=(2019,),
      page="3543-3556", publisher=acl, arxiv=Arxiv("1902.10186", [("2019-02-26T18:54:14Z", None),
      ("2019-05-08T17:52:43Z", None)], ["cs.CL"]), citations=1200)  # fmt: skip
    W("wiegreffe2019", "Attention is not not Explanation", P("Wiegreffe, Sarah; Pinter, Yuval"),
      2019, type="proceedings-article", venue="Proceedings of the 2019 Conference on Empirical "
      "Methods in Natural Language Processing and the 9th International Joint Conference on "
      "Natural Language Processing (EMNLP-IJCNLP)", doi="10.18653/v1/D19-1002", printed=(2019,),
      page="11-20", publisher=acl, citations=900)  # fmt: skip
    W("liu2019roberta", "RoBERTa: A Robustly Optimized BERT Pretraining Approach",
      P("Liu, Yinhan; Ott, Myle; Goyal, Naman; Du, Jingfei; Joshi, Mandar; Chen, Danqi; "
        "Levy, Omer; Lewis, Mike; Zettlemoyer, Luke; Stoyanov, Veselin"), 2019,
      type="posted-content", venue=ARXIV_VENUE, s2_venue="arXiv.org",
      arxiv=Arxiv("1907.11692", [("2019-07-26T17:48:29Z", None)], ["cs.CL"]),
      citations=20000)  # fmt: skip
    W("brown2020", "Language Models are Few-Shot Learners",
      P("Brown, Tom B.; Mann, Benjamin; Ryder, Nick; Subbiah, Melanie; Kaplan, Jared; "
        "Dhariwal, Prafulla; Neelakantan, Arvind; Shyam, Pranav; Sastry, Girish; "
        "Askell, Amanda; Amodei, Dario"), 2020, type="posted-content", agency="datacite",
      doi="10.48550/ARXIV.2005.14165", publisher="arXiv", online=(2020, 5, 28),
      venue=ARXIV_VENUE, s2_venue="Neural Information Processing Systems",
      csl={"type": "article", "keyword": "Computation and Language (cs.CL)",
           "copyright": "arXiv.org perpetual, non-exclusive license", "container-title": None},
      arxiv=Arxiv("2005.14165", [("2020-05-28T17:29:03Z", None), ("2020-06-01T17:03:51Z", None),
                                 ("2020-06-05T02:52:35Z", None), ("2020-07-22T19:47:17Z", None)],
                  ["cs.CL"], comment="40+32 pages"), citations=30000)  # fmt: skip
    W("mikolov2013a", "Efficient Estimation of Word Representations in Vector Space",
      P("Mikolov, Tomas; Chen, Kai; Corrado, Greg; Dean, Jeffrey"), 2013,
      type="posted-content", venue=ARXIV_VENUE, s2_venue="International Conference on "
      "Learning Representations", arxiv=Arxiv("1301.3781", [("2013-01-16T18:24:43Z", None),
      ("2013-09-06T20:20:19Z", None), ("2013-09-07T00:30:40Z", None)], ["cs.CL"]),
      citations=35000)  # fmt: skip
    W("mikolov2013b",
      "Distributed Representations of Words and Phrases and their Compositionality",
      P("Mikolov, Tomas; Sutskever, Ilya; Chen, Kai; Corrado, Greg S; Dean, Jeff"), 2013,
      type="proceedings-article", venue=NEURIPS + " 26", page="3111-3119",
      s2_venue="Neural Information Processing Systems",
      arxiv=Arxiv("1310.4546", [("2013-10-16T23:28:53Z", None)], ["cs.CL", "cs.LG", "stat.ML"]),
      citations=35000)  # fmt: skip
    W("pennington2014", "Glove: Global Vectors for Word Representation",
      P("Pennington, Jeffrey; Socher, Richard; Manning, Christopher"), 2014,
      type="proceedings-article", venue="Proceedings of the 2014 Conference on Empirical "
      "Methods in Natural Language Processing (EMNLP)", doi="10.3115/v1/D14-1162",
      printed=(2014,), page="1532-1543", publisher=acl,
      s2_title="GloVe: Global Vectors for Word Representation",
      s2_venue="Conference on Empirical Methods in Natural Language Processing",
      citations=35000)  # fmt: skip
    W("hoffmann2022", "Training Compute-Optimal Large Language Models",
      P("Hoffmann, Jordan; Borgeaud, Sebastian; Mensch, Arthur; Buchatskaya, Elena; "
        "Cai, Trevor; Rutherford, Eliza; de Las Casas, Diego; Hendricks, Lisa Anne; "
        "Welbl, Johannes; Clark, Aidan; Sifre, Laurent"), 2022, type="posted-content",
      venue=ARXIV_VENUE,
      s2_title="An empirical analysis of compute-optimal large language model training",
      s2_venue="Neural Information Processing Systems",
      arxiv=Arxiv("2203.15556", [("2022-03-29T13:38:03Z", None)], ["cs.CL", "cs.LG"]),
      citations=1500)  # fmt: skip
    W("hoffmann2022neurips",
      "An empirical analysis of compute-optimal large language model training",
      P("Hoffmann, Jordan; Borgeaud, Sebastian; Mensch, Arthur; Buchatskaya, Elena; "
        "Cai, Trevor; Rutherford, Eliza; de Las Casas, Diego; Hendricks, Lisa Anne; "
        "Welbl, Johannes; Clark, Aidan; Sifre, Laurent"), 2022, type="proceedings-article",
      venue=NEURIPS + " 35", page="30016-30030", registries=OA_ONLY,
      citations=200)  # fmt: skip
    W("raman2021",
      "Learned routing in sparse mixture-of-experts models for multilingual speech recognition",
      P("Raman, Priya; Lindqvist, Tobias; Chen, Mei"), 2021, type="posted-content",
      venue=ARXIV_VENUE, s2_venue="arXiv.org",
      arxiv=Arxiv("2106.04521", [
          ("2021-06-08T17:12:09Z",
           "Sparse mixture-of-experts routing for multilingual speech recognition"),
          ("2021-10-14T09:41:55Z",
           "Learned routing in sparse mixture-of-experts models for multilingual speech "
           "recognition")], ["eess.AS", "cs.CL"],
                  comment="v2: new experiments on 32 languages; title changed"),
      citations=12)  # fmt: skip
    W("raman2021moe",
      "Mixture-of-experts acoustic models for low-resource multilingual speech recognition",
      P("Lindqvist, Tobias; Raman, Priya"), 2020, type="posted-content", venue=ARXIV_VENUE,
      arxiv=Arxiv("2011.08113", [("2020-11-16T12:00:41Z", None)], ["eess.AS"]),
      citations=5)  # fmt: skip


def systems_and_theory() -> None:
    W("dean2008", "MapReduce: simplified data processing on large clusters",
      P("Dean, Jeffrey; Ghemawat, Sanjay"), 2008, venue="Communications of the ACM",
      short="Commun. ACM", doi="10.1145/1327452.1327492", printed=(2008, 1), volume="51",
      issue="1", page="107-113", issn=["0001-0782", "1557-7317"], citations=25000)  # fmt: skip
    W("dean2004", "MapReduce: Simplified Data Processing on Large Clusters",
      P("Dean, Jeffrey; Ghemawat, Sanjay"), 2004, type="proceedings-article",
      venue="6th Symposium on Operating Systems Design and Implementation (OSDI 2004)",
      page="137-150", registries=OA_S2, s2_venue="USENIX Symposium on Operating Systems "
      "Design and Implementation", citations=8000)  # fmt: skip
    W("brin1998", "The anatomy of a large-scale hypertextual Web search engine",
      P("Brin, Sergey; Page, Lawrence"), 1998, venue="Computer Networks and ISDN Systems",
      short="Computer Networks and ISDN Systems", doi="10.1016/S0169-7552(98)00110-X",
      printed=(1998, 4), volume="30", issue="1-7", page="107-117", issn=["0169-7552"],
      citations=20000)  # fmt: skip
    W("hochreiter1997", "Long Short-Term Memory", P("Hochreiter, Sepp; Schmidhuber, Jürgen"),
      1997, venue="Neural Computation", short="Neural Computation",
      doi="10.1162/neco.1997.9.8.1735", printed=(1997, 11, 1), volume="9", issue="8",
      page="1735-1780", issn=["0899-7667", "1530-888X"], publisher="MIT Press",
      pmid="9377276", epmc_journal=("Neural computation", "Neural Comput"),
      citations=90000)  # fmt: skip
    W("schmidhuber2015", "Deep learning in neural networks: An overview",
      P("Schmidhuber, Jürgen"), 2015, venue="Neural Networks", short="Neural Networks",
      doi="10.1016/j.neunet.2014.09.003", online=(2014, 10, 13), printed=(2015, 1),
      volume="61", page="85-117", issn=["0893-6080"], pmid="25462637",
      epmc_journal=("Neural networks : the official journal of the International Neural "
                    "Network Society", "Neural Netw"), citations=15000)  # fmt: skip
    W("breiman2001", "Random Forests", P("Breiman, Leo"), 2001, venue="Machine Learning",
      short="Machine Learning", doi="10.1023/A:1010933404324", printed=(2001, 10),
      volume="45", issue="1", page="5-32", issn=["0885-6125"],
      publisher="Springer Science and Business Media LLC", citations=100000)  # fmt: skip
    W("cortes1995", "Support-vector networks", P("Cortes, Corinna; Vapnik, Vladimir"), 1995,
      venue="Machine Learning", short="Mach Learn", doi="10.1007/BF00994018",
      printed=(1995, 9), volume="20", issue="3", page="273-297",
      issn=["0885-6125", "1573-0565"], citations=50000)  # fmt: skip
    W("muller2001", "An introduction to kernel-based learning algorithms",
      P("Müller, K.-R.; Mika, S.; Rätsch, G.; Tsuda, K.; Schölkopf, B."), 2001,
      venue="IEEE Transactions on Neural Networks", short="IEEE Trans. Neural Netw.",
      doi="10.1109/72.914517", printed=(2001, 3), volume="12", issue="2", page="181-201",
      issn=["1045-9227"], pmid="18244377", s2_names=["K. Müller", "S. Mika", "G. Rätsch",
      "K. Tsuda", "B. Schölkopf"],
      epmc_journal=("IEEE transactions on neural networks", "IEEE Trans Neural Netw"),
      citations=4000)  # fmt: skip
    W("scholkopf1998", "Nonlinear Component Analysis as a Kernel Eigenvalue Problem",
      P("Schölkopf, Bernhard; Smola, Alexander; Müller, Klaus-Robert"), 1998,
      venue="Neural Computation", short="Neural Computation",
      doi="10.1162/089976698300017467", printed=(1998, 7, 1), volume="10", issue="5",
      page="1299-1319", issn=["0899-7667", "1530-888X"], publisher="MIT Press",
      citations=9000)  # fmt: skip
    W("vonluxburg2007", "A tutorial on spectral clustering", P("von Luxburg, Ulrike"), 2007,
      venue="Statistics and Computing", short="Stat Comput", doi="10.1007/s11222-007-9033-z",
      online=(2007, 8, 22), printed=(2007, 12), volume="17", issue="4", page="395-416",
      issn=["0960-3174", "1573-1375"], oa_names=["Ulrike von Luxburg"],
      s2_names=["U. V. Luxburg"],
      arxiv=Arxiv("0711.0189", [("2007-11-01T17:30:55Z", None)], ["cs.DS", "cs.LG"],
                  journal_ref="Statistics and Computing 17(4), 2007"),
      citations=12000)  # fmt: skip
    W("maldacena1998",
      "The Large N Limit of Superconformal Field Theories and Supergravity",
      P("Maldacena, Juan"), 1998, venue="Advances in Theoretical and Mathematical Physics",
      short="Adv. Theor. Math. Phys.", doi="10.4310/ATMP.1998.v2.n2.a1", printed=(1998,),
      volume="2", issue="2", page="231-252", issn=["1095-0761", "1095-0753"],
      publisher="International Press of Boston",
      arxiv=Arxiv("hep-th/9711200", [("1997-11-27T19:27:13Z", None),
                                     ("1998-01-22T17:20:55Z", None)], ["hep-th"],
                  journal_ref="Adv.Theor.Math.Phys.2:231-252,1998",
                  doi="10.1023/A:1026654312961", names=["Juan M. Maldacena"]),
      citations=18000)  # fmt: skip
    W("maldacena1999",
      "The Large N Limit of Superconformal Field Theories and Supergravity",
      P("Maldacena, Juan"), 1999, venue="International Journal of Theoretical Physics",
      short="Int. J. Theor. Phys.", doi="10.1023/A:1026654312961", printed=(1999,),
      volume="38", issue="4", page="1113-1133", issn=["0020-7748"],
      publisher="Springer Science and Business Media LLC", citations=12000)  # fmt: skip
    W("perelman2002", "The entropy formula for the Ricci flow and its geometric applications",
      P("Perelman, Grisha"), 2002, type="posted-content", venue=ARXIV_VENUE,
      arxiv=Arxiv("math/0211159", [("2002-11-11T16:11:49Z", None)], ["math.DG"]),
      s2_names=["G. Perelman"], citations=3000)  # fmt: skip


def preprint_servers() -> None:
    csh = "Cold Spring Harbor Laboratory"
    santa_clara = P(
        "Bendavid, Eran; Mulaney, Bianca; Sood, Neeraj; Shah, Soleil; Ling, Emilia; "
        "Bromley-Dulfano, Rebecca; Lai, Cara; Weissberg, Zoe; Saavedra-Walker, Rodrigo; "
        "Tedrow, Jim; Tversky, Dona; Bogan, Andrew; Kupiec, Thomas; Eichner, Daniel; "
        "Gupta, Ribhav; Ioannidis, John P.A.; Bhattacharya, Jay"
    )
    W("bendavid2020", "COVID-19 Antibody Seroprevalence in Santa Clara County, California",
      santa_clara, 2020, type="posted-content", doi="10.1101/2020.04.14.20062463",
      online=(2020, 4, 17), publisher=csh, institution="medRxiv", epmc_source="PPR",
      s2_venue="medRxiv",
      relation={"is-preprint-of": [{"id-type": "doi", "id": "10.1093/ije/dyab010",
                                    "asserted-by": "subject"}]}, citations=900)  # fmt: skip
    W("bendavid2021", "COVID-19 antibody seroprevalence in Santa Clara County, California",
      santa_clara, 2021, venue="International Journal of Epidemiology",
      short="International Journal of Epidemiology", doi="10.1093/ije/dyab010",
      online=(2021, 2, 18), printed=(2021, 4, 17), volume="50", issue="2", page="410-419",
      issn=["0300-5771", "1464-3685"], publisher="Oxford University Press (OUP)",
      pmid="33615345", pmcid="PMC7928865",
      epmc_journal=("International journal of epidemiology", "Int J Epidemiol"),
      citations=300)  # fmt: skip
    aging = (
        "Ximerakis, Methodios; Lipnick, Scott L.; Simmons, Sean K.; Adiconis, Xian; "
        "Innes, Brendan T.; Dionne, Danielle; Levin, Joshua Z.; Regev, Aviv; Rubin, Lee L."
    )
    W("ximerakis2018",
      "Single-cell transcriptomics of the aged mouse brain reveals convergent, divergent and "
      "unique aging signatures", P(aging), 2018, type="posted-content", doi="10.1101/440032",
      online=(2018, 10, 11), publisher=csh, institution="bioRxiv", epmc_source="PPR",
      s2_venue="bioRxiv",
      relation={"is-preprint-of": [{"id-type": "doi", "id": "10.1038/s41593-019-0491-3",
                                    "asserted-by": "subject"}]}, citations=40)  # fmt: skip
    W("ximerakis2019", "Single-cell transcriptomic profiling of the aging mouse brain",
      P(aging), 2019, venue="Nature Neuroscience", short="Nat Neurosci",
      doi="10.1038/s41593-019-0491-3", online=(2019, 9, 2), printed=(2019, 10), volume="22",
      issue="10", page="1696-1708", issn=["1097-6256", "1546-1726"], pmid="31551601",
      epmc_journal=("Nature neuroscience", "Nat Neurosci"), citations=600)  # fmt: skip
    W("wick2019",
      "Benchmarking of long-read assemblers for prokaryote whole genome sequencing",
      P("Wick, Ryan R.; Holt, Kathryn E."), 2019, type="posted-content",
      doi="10.1101/745471", online=(2019, 8, 23), publisher=csh, institution="bioRxiv",
      epmc_source="PPR", s2_venue="bioRxiv", citations=30)  # fmt: skip
    W("bursztyn2020", "Misinformation During a Pandemic",
      P("Bursztyn, Leonardo; Rao, Aakaash; Roth, Christopher; Yanagizawa-Drott, David"), 2020,
      type="posted-content", doi="10.2139/ssrn.3580487", online=(2020, 4, 20),
      publisher="Elsevier BV", institution="SSRN", s2_venue="Social Science Research Network",
      citations=250)  # fmt: skip
