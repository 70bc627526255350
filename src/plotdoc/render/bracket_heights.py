"""The heights brackets are drawn at, read back from a drawing of the graph.

The stacking rule itself is the drawing's (:mod:`plotdoc.render.guides.brackets`); this module
is apart from it because it draws a whole graph, and the drawing imports that one.
"""

from __future__ import annotations

import matplotlib

from ..model import Project, Table
from .engine import draw_graph, rc_params
from .guides.brackets import Bracket


def stacked(project: Project, table: Table) -> dict[int, float]:
    """The height (Y data units) each bracket of ``table`` is drawn at, by annotation index.

    The drawing's stacking rule: a bracket without a height stands above the data it spans (error
    bars included) and above the brackets already placed over an overlapping span, the
    narrowest first, so that none overlaps another or the data. Adding brackets with their
    heights from here (:func:`plotdoc.editing.brackets.add_pairwise_brackets`) fixes what the
    drawing would do, so that each can then be moved.
    """
    assert table.graph is not None
    with matplotlib.rc_context(rc_params(table.graph)):  # type: ignore[arg-type]
        fig, _ = draw_graph(project, table)
    return {
        art.index: float(art.y)
        for art in fig.findobj(lambda a: isinstance(a, Bracket))
        if isinstance(art, Bracket)
    }
