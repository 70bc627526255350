"""Where a pie's labels stand (drawn by :mod:`.slices`), in pie radii from its centre.

Each label stands just outside its slice (:func:`beside`) unless two would touch or one would
leave the graphic's height. Then every label becomes a call-out: in a column left and right of
the pie (:func:`columns`, :func:`callouts`), with a leader to its slice that goes round the
pie rather than across it (:func:`leader_points`). When the columns cannot hold every
call-out, the largest parts are labelled (:func:`labelled`). A pie may have 10,000 parts, so
the work over all parts is done in numpy passes.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

F64 = NDArray[np.float64]

Spot = tuple[float, float, str, str]  # x, y (pie radii from the centre), ha, va

#: the radius of a leader's elbow, out of its slice, and of its way round the pie (whose
#: radius is 1)
LEADER_OUT = 1.1
#: the steps of a leader's way round the pie, in radians: every leader turns at the same
#: angles, so leaders that go round together lie on one line
LEADER_STEP = np.deg2rad(3.0)


def _text_sizes(texts: list[str], font: float) -> tuple[F64, F64]:
    """Estimated width and height of each label; ``font`` is the font size in pie radii."""
    lines = [t.split("\n") for t in texts]
    widest = np.fromiter((max(map(len, ls)) for ls in lines), float, len(texts))
    count = np.fromiter(map(len, lines), float, len(texts))
    return widest * 0.6 * font, count * 1.25 * font


def _sides(where: F64) -> NDArray[np.str_]:
    """The alignment of each label just outside its slice, along one axis (the slice's
    middle's cosine for ``ha``, its sine for ``va``): away from the pie, centred near 0."""
    return np.where(where > 0.05, "far", np.where(where < -0.05, "near", "center"))


def beside(texts: list[str], mids: F64, font: float, half: float) -> list[Spot] | None:
    """Each label just outside its slice, or None when two would touch or one leaves the
    graphic's height (``half``: half of it, in pie radii)."""
    cx, cy = np.cos(mids), np.sin(mids)
    x, y = 1.08 * cx, 1.08 * cy
    w, h = _text_sizes(texts, font)
    hs, vs = _sides(cx), _sides(cy)
    x0 = np.where(hs == "far", x, np.where(hs == "near", x - w, x - w / 2))
    y0 = np.where(vs == "far", y, np.where(vs == "near", y - h, y - h / 2))
    x1, y1 = x0 + w, y0 + h
    if np.any(y0 < -half) or np.any(y1 > half):
        return None
    # labels that do not touch fit in a bounded room, so this ends after a few labels
    for k in range(len(texts) - 1):
        rest = slice(k + 1, None)
        if np.any(
            (x0[k] < x1[rest]) & (x0[rest] < x1[k]) & (y0[k] < y1[rest]) & (y0[rest] < y1[k])
        ):
            return None
    has = {"far": "left", "near": "right", "center": "center"}
    vas = {"far": "bottom", "near": "top", "center": "center"}
    return [
        (a, b, has[c], vas[d])
        for a, b, c, d in zip(x.tolist(), y.tolist(), hs.tolist(), vs.tolist(), strict=True)
    ]


def _line_height(text: str, font: float) -> float:
    """The height a call-out of ``text`` takes in its column, with the gap below it."""
    return len(text.split("\n")) * 1.25 * font + 0.15 * font


def per_column(texts: list[str], font: float, room: float) -> int:
    """How many call-outs fit in a column of height ``room`` (call-outs are one line each)."""
    tallest = max((_line_height(t, font) for t in texts), default=1.0)
    return int(np.searchsorted(np.cumsum(np.full(len(texts), tallest)), room, side="right"))


def labelled(texts: list[str], values: list[float], font: float, room: float) -> list[int]:
    """The parts whose call-outs fit in the two columns (each of height ``room``): the
    largest parts; of equal parts at the cut, ones spread evenly round the pie (the first of
    them would bunch on one side, with long leaders to the rest of the column). In drawing
    order."""
    n = len(texts)
    take = min(n, 2 * per_column(texts, font, room))
    if take == n:
        return list(range(n))
    size = np.asarray(values, dtype=float)
    cut = size[np.argsort(-size, kind="stable")[take - 1]] if take else np.inf
    above = np.flatnonzero(size > cut)
    equal = np.flatnonzero(size == cut)
    q = take - len(above)
    spread = equal[(2 * np.arange(q) + 1) * len(equal) // (2 * q)] if q > 0 else equal[:0]
    return sorted(np.concatenate([above, spread]).tolist())


def columns(mids: F64, fit: int) -> tuple[list[int], list[int]]:
    """The call-outs of the right and the left column, each top down. A part's call-out
    stands on its slice's side; a column taller than the graphic (more than ``fit``) and
    than the other column hands its call-outs nearest 12 or 6 o'clock to the other column's
    end there, until it is neither. The columns stay two runs of the slices in their order
    round the pie, so leaders do not cross. ``mids`` are the slices' middles (radians), in
    drawing order (clockwise from 12 o'clock)."""
    # each middle's place round the pie, clockwise from 12 o'clock, from 0 to 1
    turn = ((np.pi / 2 - mids) / (2 * np.pi)) % 1.0
    right = np.cos(mids) >= 0
    # right top down is clockwise; left is kept clockwise (bottom up) and read reversed
    rights = [k for k in range(len(mids)) if right[k]]
    lefts = [k for k in range(len(mids)) if not right[k]]
    while len(rights) > max(fit, len(lefts) + 1):
        if turn[rights[0]] <= 0.5 - turn[rights[-1]]:  # nearer 12 o'clock: left column's top
            lefts.append(rights.pop(0))
        else:
            lefts.insert(0, rights.pop())
    while len(lefts) > max(fit, len(rights) + 1):
        if 1.0 - turn[lefts[-1]] <= turn[lefts[0]] - 0.5:  # nearer 12: right column's top
            rights.insert(0, lefts.pop())
        else:
            rights.append(lefts.pop(0))
    return rights, lefts[::-1]


def callouts(texts: list[str], mids: F64, font: float, half: float, fit: int) -> list[Spot]:
    """Labels in a column left and right of the pie (:func:`columns`), each at its slice's
    height where it can, moved apart just enough not to touch, within the graphic's height
    where they fit (a taller column reaches as far below it as above it)."""
    spots: list[Spot] = [(0.0, 0.0, "left", "center")] * len(texts)
    for side, members in zip((1.0, -1.0), columns(mids, fit), strict=True):
        heights = [_line_height(texts[k], font) for k in members]
        ys = [LEADER_OUT * float(np.sin(mids[k])) for k in members]  # at its leader's elbow
        for j in range(len(ys)):  # top down: each below the one above
            ys[j] = min(ys[j], half - heights[j] / 2)
            if j:
                ys[j] = min(ys[j], ys[j - 1] - (heights[j - 1] + heights[j]) / 2)
        for j in range(len(ys) - 1, -1, -1):  # bottom up: back inside, still apart
            ys[j] = max(ys[j], -half + heights[j] / 2)
            if j < len(ys) - 1:
                ys[j] = max(ys[j], ys[j + 1] + (heights[j + 1] + heights[j]) / 2)
        if ys and (over := ys[0] + heights[0] / 2 - half) > 0:
            ys = [y - over / 2 for y in ys]  # taller than the graphic: as much below as above
        for k, y in zip(members, ys, strict=True):
            spots[k] = (1.35 * side, y, "left" if side > 0 else "right", "center")
    return spots


def leader_points(mid: float, end: tuple[float, float]) -> tuple[list[float], list[float]]:
    """A call-out's leader, in pie radii: out of its slice along the slice's middle to the
    elbow, on the circle of radius :data:`LEADER_OUT`, then the shortest way to the label's
    ``end`` that stays outside that circle: straight when the label lies outward of the
    elbow, else round the circle (the shorter way) to where a straight line to ``end``
    touches it. Leaders of call-outs in the order of their slices round the pie (see
    :func:`columns`) do not cross: they go round together and leave the circle in turn."""
    c, s = float(np.cos(mid)), float(np.sin(mid))
    ex, ey = LEADER_OUT * c, LEADER_OUT * s
    x, y = end
    if (x - ex) * c + (y - ey) * s >= 0.0:  # outward of the elbow: straight
        return [c, ex, x], [s, ey, y]
    far = float(np.hypot(x, y))
    start = float(np.arctan2(s, c))
    touch = float(np.arccos(min(1.0, LEADER_OUT / far)))
    toward = float(np.arctan2(y, x))
    turns = [(a - start + np.pi) % (2 * np.pi) - np.pi for a in (toward + touch, toward - touch)]
    stop = start + min(turns, key=abs)
    low, high = sorted((start, stop))
    steps = np.arange(np.floor(low / LEADER_STEP) + 1, np.ceil(high / LEADER_STEP)) * LEADER_STEP
    arc = np.concatenate([[start], steps if stop > start else steps[::-1], [stop]])
    xs = (LEADER_OUT * np.cos(arc)).tolist()
    ys = (LEADER_OUT * np.sin(arc)).tolist()
    return [c, *xs, x], [s, *ys, y]
