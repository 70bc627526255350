"""The 24 SymbolShape values as matplotlib marker paths.

Every shape is a :class:`matplotlib.path.Path` in a unit box (radius about 1) plus a fill kind:

* ``solid``: filled with the symbol colour, outlined with ``borderColor``;
* ``open``: the ``...Bordered`` shapes, filled with the plot background and outlined in the
  symbol colour (the journal's "open" symbols);
* ``stroke``: line shapes (asterisk, hash, plus, cross, male, female and the shapes with a dot,
  cross or diagonals inside), drawn with the symbol colour and no fill.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

import numpy as np
from matplotlib.path import Path

FillKind = Literal["solid", "open", "stroke"]


def _polygon(n: int, rotation_deg: float = 90.0, radius: float = 1.0) -> list[tuple[float, float]]:
    angles = np.deg2rad(rotation_deg + np.arange(n) * 360.0 / n)
    return [(float(radius * np.cos(a)), float(radius * np.sin(a))) for a in angles]


_MOVE, _LINE = int(Path.MOVETO), int(Path.LINETO)


def _closed(points: list[tuple[float, float]]) -> tuple[list[tuple[float, float]], list[int]]:
    verts = [*points, points[0]]
    codes = [_MOVE] + [_LINE] * (len(points) - 1) + [int(Path.CLOSEPOLY)]
    return verts, codes


def _segments(
    *segs: tuple[tuple[float, float], tuple[float, float]],
) -> tuple[list[tuple[float, float]], list[int]]:
    verts: list[tuple[float, float]] = []
    codes: list[int] = []
    for a, b in segs:
        verts += [a, b]
        codes += [_MOVE, _LINE]
    return verts, codes


def _join(*parts: tuple[list[tuple[float, float]], list[int]]) -> Path:
    verts: list[tuple[float, float]] = []
    codes: list[int] = []
    for v, c in parts:
        verts += v
        codes += c
    return Path(np.asarray(verts, dtype=float), codes)


def _circle(
    radius: float = 1.0, center: tuple[float, float] = (0.0, 0.0)
) -> tuple[list[tuple[float, float]], list[int]]:
    pts = _polygon(32, 0.0, radius)
    return _closed([(x + center[0], y + center[1]) for x, y in pts])


def _star(points: int = 5) -> list[tuple[float, float]]:
    outer = _polygon(points, 90.0, 1.0)
    inner = _polygon(points, 90.0 + 180.0 / points, 0.42)
    out: list[tuple[float, float]] = []
    for o, i in zip(outer, inner, strict=True):
        out += [o, i]
    return out


_SQUARE = [(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)]
_DIAMOND = [(0.0, 1.1), (0.8, 0.0), (0.0, -1.1), (-0.8, 0.0)]
_TRI_UP = [(0.0, 1.1), (-1.0, -0.7), (1.0, -0.7)]
_TRI_DOWN = [(0.0, -1.1), (1.0, 0.7), (-1.0, 0.7)]
_HEXAGON = _polygon(6, 0.0)
_PLUS = (((-1.0, 0.0), (1.0, 0.0)), ((0.0, -1.0), (0.0, 1.0)))
_CROSS = (((-0.75, -0.75), (0.75, 0.75)), ((-0.75, 0.75), (0.75, -0.75)))


#: a vertical tick (censored subjects on survival staircases); not a SymbolShape of the contract
TICK = "tick"


@cache
def symbol_path(shape: str) -> tuple[Path, FillKind]:
    """The marker path and fill kind of a SymbolShape (unknown shapes draw as circles)."""
    if shape == TICK:
        return _join(_segments(((0.0, -1.0), (0.0, 1.0)))), "stroke"
    base = shape.removesuffix("Bordered")
    kind: FillKind = "open" if shape.endswith("Bordered") else "solid"
    simple = {
        "circle": _circle(),
        "square": _closed(_SQUARE),
        "triangleUp": _closed(_TRI_UP),
        "triangleDown": _closed(_TRI_DOWN),
        "diamond": _closed(_DIAMOND),
        "star": _closed(_star()),
    }
    if base in simple:
        return _join(simple[base]), kind
    dot = _circle(0.18)
    compound: dict[str, Path] = {
        "circleDot": _join(_circle(), dot),
        "squareDot": _join(_closed(_SQUARE), dot),
        "hexagonDot": _join(_closed(_HEXAGON), dot),
        "circleCross": _join(_circle(), _segments(*_PLUS)),
        "squareCross": _join(
            _closed(_SQUARE),
            _segments(((-0.85, -0.85), (0.85, 0.85)), ((-0.85, 0.85), (0.85, -0.85))),
        ),
        "hexagonDiagonals": _join(
            _closed(_HEXAGON),
            _segments(*((_HEXAGON[i], _HEXAGON[i + 3]) for i in range(3))),
        ),
        "asterisk": _join(_segments(*((p, (-p[0], -p[1])) for p in _polygon(6, 90.0)[:3]))),
        "hash": _join(
            _segments(
                ((-0.4, -1.0), (-0.4, 1.0)),
                ((0.4, -1.0), (0.4, 1.0)),
                ((-1.0, -0.4), (1.0, -0.4)),
                ((-1.0, 0.4), (1.0, 0.4)),
            )
        ),
        "plus": _join(_segments(*_PLUS)),
        "cross": _join(_segments(*_CROSS)),
        "male": _join(
            _circle(0.6, (-0.3, -0.3)),
            _segments(
                ((0.12, 0.12), (1.0, 1.0)), ((0.45, 1.0), (1.0, 1.0)), ((1.0, 0.45), (1.0, 1.0))
            ),
        ),
        "female": _join(
            _circle(0.6, (0.0, 0.35)),
            _segments(((0.0, -0.25), (0.0, -1.1)), ((-0.4, -0.7), (0.4, -0.7))),
        ),
    }
    if base in compound:
        return compound[base], "stroke"
    return _join(_circle()), kind
