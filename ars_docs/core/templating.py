"""Jinja environment for the templates shipped inside the package.

Templates are compiled in every process that renders one; there is no
byte-code cache. Jinja byte code is executed when it is loaded, so a cache of
it is only as safe as every file in its folder, and interrupted writes leave
``__jinja2_*.tmp`` files behind. Measured (issue 29 §9,
``benchmarks/bench_template_cache.py``): compiling a report template costs
30-40 ms of CPU where loading its byte code costs 1 ms; a whole ``drift-log`` or
``scope-report`` process takes 0.42-0.66 s of CPU, so the cache saved 5-8 % of
commands run once or twice a session — not worth code loaded from a cache
folder. ``finalize``, the command run often, builds its checklist without
Jinja.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("ars_docs", "templates"),
        autoescape=False,  # markdown output, not HTML
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


@lru_cache(maxsize=1)
def html_environment() -> jinja2.Environment:
    """For HTML pages (the session report): every value is escaped unless marked safe."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("ars_docs", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


def render_template(name: str, /, **context: Any) -> str:
    return environment().get_template(name).render(**context)
