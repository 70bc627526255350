"""The cyclic garbage collector paused while a document is read or written.

Reading builds, and saving builds and reads back, hundreds of thousands of small dicts and
lists that live until the step ends; the collector would scan them again and again without
finding garbage (on a save of 40,000 analyses it took half the time). Reference counting
still frees everything that is dropped; only cycles wait until the collector resumes.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic collector for the ``with`` block (nested uses are fine: the
    outermost one turns it back on, and only when it was on)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
