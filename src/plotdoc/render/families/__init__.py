"""Family drawers: :data:`DRAWERS` maps each table family to the ``draw(ctx)`` of its module.

A family module composes marks (:mod:`plotdoc.render.marks`) into the variants it offers; the
drawing context is documented in :mod:`plotdoc.render.context`.
"""

from __future__ import annotations

from collections.abc import Callable

from ...contract.variants import Mark
from ..context import DrawContext
from . import column, contingency, grouped, multivariables, nested, parts, survival, xy

Drawer = Callable[[DrawContext], None]

#: table family -> its drawer
DRAWERS: dict[str, Drawer] = {
    "xy": xy.draw,
    "column": column.draw,
    "nested": nested.draw,
    "survival": survival.draw,
    "grouped": grouped.draw,
    "contingency": contingency.draw,
    "partsOfWhole": parts.draw,
    "multipleVariables": multivariables.draw,
}


#: table family -> the marks its drawer can draw (a variant's record lists the ones it draws)
MARKS: dict[str, frozenset[Mark]] = {
    "xy": xy.MARKS,
    "column": column.MARKS,
    "nested": nested.MARKS,
    "survival": survival.MARKS,
    "grouped": grouped.MARKS,
    "contingency": contingency.MARKS,
    "partsOfWhole": parts.MARKS,
    "multipleVariables": multivariables.MARKS,
}


def drawer_for(family: str) -> Drawer:
    """The drawer of ``family``; ValueError for a family the project format does not have."""
    try:
        return DRAWERS[family]
    except KeyError:
        raise ValueError(f"no drawer for table family {family!r}") from None
