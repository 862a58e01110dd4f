"""Performance helpers shared by the loaders and the parser."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building many objects.

    Building a 10,000-entry corpus or the token tree of a 5 MB draft allocates
    hundreds of thousands of containers, which triggers repeated collections
    that find nothing (none of it is garbage yet); pausing saves 20-40 %.
    Reference counting still frees everything as usual.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
