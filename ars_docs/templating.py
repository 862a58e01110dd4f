"""Jinja environment for the templates shipped inside the package.

Compiling a template costs ~15 ms per process; compiled templates are kept
as Jinja byte code in the user's ars-docs cache folder (``templates/``, see
``ars_docs.session.cache``), checked against the template's source by Jinja
itself. Byte code is executed when loaded, so the
folder is used only when no other user can write to it.
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
        bytecode_cache=_bytecode_cache(),
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
        bytecode_cache=_bytecode_cache(),
    )


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    from ars_docs.session.cache import cache_folder, private_folder

    folder = cache_folder()
    private = private_folder(folder / "templates") if folder is not None else None
    if private is None:  # no usable cache only costs speed
        return None
    return jinja2.FileSystemBytecodeCache(str(private))


def render_template(name: str, /, **context: Any) -> str:
    return environment().get_template(name).render(**context)
