"""Family drawers: ``DRAWERS[family](ctx)`` draws a table's data marks.

Each family lives in its own module with a ``draw(ctx: DrawContext) -> None`` function (the
context is documented in :mod:`plotdoc.render.engine`). :data:`FAMILY_MODULES` maps every
table family to its module; a module is imported on first use; when it does not exist
yet, :func:`drawer_for` raises :class:`NotImplementedError` for it. Adding a
family is adding its module (``grouped.py``, ``contingency.py``, ``parts.py``,
``multivariables.py``) with a ``draw`` function.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..context import DrawContext

Drawer = Callable[["DrawContext"], None]

#: table family -> module of this package that draws it
FAMILY_MODULES: dict[str, str] = {
    "xy": "xy",
    "column": "column",
    "nested": "nested",
    "survival": "survival",
    "grouped": "grouped",
    "contingency": "contingency",
    "partsOfWhole": "parts",
    "multipleVariables": "multivariables",
}


class _Drawers(dict[str, Drawer]):
    """``family -> draw``; a family's module is imported the first time it is asked for."""

    def __missing__(self, family: str) -> Drawer:
        module = FAMILY_MODULES.get(family)
        if module is None:
            raise KeyError(family)
        try:
            mod = importlib.import_module(f"{__name__}.{module}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{module}":
                raise
            raise KeyError(family) from None
        draw: Drawer = mod.draw
        self[family] = draw
        return draw


#: family -> drawer, filled on first use (so one family's module never breaks another's)
DRAWERS: dict[str, Drawer] = _Drawers()


def drawer_for(family: str) -> Drawer:
    """The drawer of ``family``; NotImplementedError when none is registered yet."""
    try:
        return DRAWERS[family]
    except KeyError:
        raise NotImplementedError(f"drawing {family!r} graphs is not implemented yet") from None


def available_families() -> list[str]:
    """Families whose drawer can be loaded."""
    out = []
    for family in FAMILY_MODULES:
        try:
            drawer_for(family)
        except NotImplementedError:
            continue
        out.append(family)
    return out
