"""Author lists for the work files, written compactly.

``people("He, Kaiming; Zhang, Xiangyu; {Open Science Collaboration}; Sutrisno")`` is
four deposited authors: a family and given name split at the first comma, an organisation
in braces, a mononym (family name only). Particles stay in the family name, as publishers
deposit them (``van der Maaten, Laurens``).
"""

from __future__ import annotations

from typing import Any

from build_tuning import ORG, A


def people(spec: str) -> list[dict[str, Any]]:
    out = []
    for item in spec.split(";"):
        item = item.strip()
        if not item:
            continue
        if item.startswith("{") and item.endswith("}"):
            out.append(ORG(item[1:-1]))
        elif "," in item:
            family, given = (x.strip() for x in item.split(",", 1))
            out.append(A(given or None, family))
        else:
            out.append(A(None, item))
    return out
