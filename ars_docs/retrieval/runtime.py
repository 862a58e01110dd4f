"""What a network run (``retrieve``, ``lookup``) lets a test or an application inject.

Kept in a module of its own, without the chain's imports, so ``lookup`` can
take the same ``Runtime`` as ``retrieve`` without loading the retrieval chain.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from ars_docs.core.clock import Clock
from ars_docs.retrieval.net.transport import BaseTransport, HttpxTransport

if TYPE_CHECKING:
    from ars_docs.retrieval.net.cache import ResponseStore
    from ars_docs.retrieval.net.http import PoliteHttp, Politeness

__all__ = ["Runtime"]


@dataclass
class Runtime:
    """Everything a test or an embedding application may inject."""

    transport: BaseTransport | None = None
    sleep: Callable[[float], None] = time.sleep
    monotonic: Callable[[], float] = time.monotonic
    wall: Callable[[], float] = time.time
    clock: Clock | None = None
    environ: Mapping[str, str] | None = None
    progress: TextIO | None = None
    """Where progress goes (a bar on a terminal, else plain lines); ``None``: quiet."""
    run_id: str | None = None
    """``retrieve``: written on every attempt-log line of the run; random when not given."""

    def http(
        self, politeness: Politeness, cache: ResponseStore | None, *, refresh: bool
    ) -> PoliteHttp:
        """The polite HTTP layer over the injected transport (else the real network) and
        the injected clocks."""
        from ars_docs.retrieval.net.http import PoliteHttp

        return PoliteHttp(
            self.transport or HttpxTransport(),
            politeness,
            cache=cache,
            refresh=refresh,
            sleep=self.sleep,
            monotonic=self.monotonic,
            wall=self.wall,
        )
