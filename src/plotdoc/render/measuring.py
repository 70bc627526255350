"""The renderer that measures what a figure holds before (or instead of) drawing it.

matplotlib keeps the size of each text a renderer measured for as long as that renderer
lives. A renderer made for one measurement (``RendererAgg(1, 1, dpi)``) lays every text out
again the next time, so a graph drawn again (each edit in the editor) measured all its
labels afresh. One renderer per resolution is kept here instead; it only measures (its
canvas is one pixel), so drawing never touches it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.backends.backend_agg import RendererAgg


@lru_cache(maxsize=8)
def measuring_renderer(dpi: float) -> RendererAgg:
    """The renderer that measures texts and extents at ``dpi``, kept across figures."""
    from matplotlib.backends.backend_agg import RendererAgg

    return RendererAgg(1, 1, dpi)  # type: ignore[no-untyped-call]
