"""The conference series table (``works/venues.py``): one identity for every form of a name.

Each case is a venue string as bibliographies, registries and DBLP print it, and
the series and track it must name — or ``None`` (not a series known here) or
``NEUTRAL`` (a platform that holds many venues).
"""

from __future__ import annotations

import pytest

from ars_docs.works.venues import NEUTRAL, Venue, venue_identity


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NeurIPS", Venue("NeurIPS")),
        ("NIPS'17", Venue("NeurIPS")),
        ("Advances in Neural Information Processing Systems 33", Venue("NeurIPS")),
        ("Thirty-seventh Conference on Neural Information Processing Systems", Venue("NeurIPS")),
        ("Proceedings of the 40th International Conference on Machine Learning", Venue("ICML")),
        ("2023 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)", Venue("CVPR")),  # noqa: E501
        ("CVPR Workshops", Venue("CVPR", "workshop")),
        ("NeurIPS 2021 Workshop on Distribution Shifts", Venue("NeurIPS", "workshop")),
        ("Workshop on Robot Learning at NeurIPS", Venue("NeurIPS", "workshop")),
        ("Findings of the Association for Computational Linguistics: EMNLP 2021", Venue("EMNLP", "findings")),  # noqa: E501
        ("Proceedings of the 2019 Conference of the North American Chapter of the Association for Computational Linguistics", Venue("NAACL")),  # noqa: E501
        ("Annual Meeting of the Association for Computational Linguistics", Venue("ACL")),
        ("SIAM International Conference on Data Mining", Venue("SDM")),
        ("IEEE International Conference on Data Mining", Venue("ICDM")),
        ("SOUPS @ USENIX Security Symposium", Venue("SOUPS")),
        ("CHI Extended Abstracts", Venue("CHI", "companion")),
        ("Proc. VLDB Endow.", Venue("VLDB")),
        ("ACM Trans. Graph.", Venue("SIGGRAPH")),
        ("Proceedings of Machine Learning Research", NEUTRAL),
        ("OpenReview.net", NEUTRAL),
        ("Journal of Machine Learning Research", None),
        ("Symposium on Neural Scaling Laws", None),
        ("International Conference on Quantum Machine Learning", None),
        ("", None),
    ],
)  # fmt: skip
def test_venue_identity(text: str, expected: Venue | None) -> None:
    assert venue_identity(text) == expected


def test_a_workshop_is_shown_with_its_track() -> None:
    assert Venue("CVPR", "workshop").shown() == "CVPR (workshop)"
    assert Venue("ICML").shown() == "ICML"
