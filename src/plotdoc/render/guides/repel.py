"""Deterministic placement of point labels that never overlap (no dependency, no randomness).

Labels are placed one by one, in the order given (the most important first). For each label
the candidate positions lie on rings around its anchor point: eight directions (right, upper
right, up, upper left, left, lower left, down, lower right) at growing distances. The label
takes the first candidate whose box stays inside the plot area and overlaps neither a label
already placed nor any marker box given as an obstacle; a label that finds no place is
dropped. The same input always gives the same output.

Overlap tests go through a uniform grid (a spatial index with cells about a label's size): a
candidate is compared only with the boxes in the cells it covers, so placing n labels costs
about n times a constant, not n squared (``work["pair_checks"]`` counts the comparisons).

All coordinates are in display units (points or pixels, as long as they are the same).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, MutableMapping, Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

# unit directions, in the order they are tried
_DIRECTIONS: tuple[tuple[float, float], ...] = (
    (1.0, 0.0),
    (0.7071, 0.7071),
    (0.0, 1.0),
    (-0.7071, 0.7071),
    (-1.0, 0.0),
    (-0.7071, -0.7071),
    (0.0, -1.0),
    (0.7071, -0.7071),
)


@dataclass(frozen=True, slots=True)
class Placement:
    index: int
    #: the label box's center
    cx: float
    cy: float
    box: Box
    #: True when the label stands away from its point (draw a leader line)
    far: bool


def overlaps(a: Box, b: Box, pad: float = 0.0) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def _inside(box: Box, bounds: Box) -> bool:
    return (
        box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2] and box[3] <= bounds[3]
    )


class _Grid:
    """Boxes filed by the grid cells they cover."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[Box]] = {}
        self.checks = 0

    def _keys(self, box: Box) -> Iterator[tuple[int, int]]:
        c = self.cell
        i0, i1 = math.floor(box[0] / c), math.floor(box[2] / c)
        j0, j1 = math.floor(box[1] / c), math.floor(box[3] / c)
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                yield (i, j)

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self.cells.setdefault(key, []).append(box)

    def hits(self, box: Box, pad: float) -> bool:
        """Whether ``box`` overlaps a filed box (closer than ``pad``)."""
        near = (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad)
        for key in self._keys(near):
            for other in self.cells.get(key, ()):
                self.checks += 1
                if overlaps(box, other, pad):
                    return True
        return False


def _cell_size(sizes: Sequence[tuple[float, float]], bounds: Box) -> float:
    """About one label across (the median of the larger sides), and never so small that the
    plot area holds more than ~4 million cells."""
    sides = sorted(max(w, h) for w, h in sizes) or [1.0]
    median = sides[len(sides) // 2]
    area = max((bounds[2] - bounds[0]) * (bounds[3] - bounds[1]), 1.0)
    return max(median, math.sqrt(area / 4e6), 1e-6)


def place_labels(
    anchors: Sequence[tuple[float, float]],
    sizes: Sequence[tuple[float, float]],
    bounds: Box,
    obstacles: Sequence[Box] = (),
    *,
    gap: float = 3.0,
    rings: int = 8,
    ring_step: float | None = None,
    radii: Sequence[float] | None = None,
    work: MutableMapping[str, int] | None = None,
) -> list[Placement]:
    """Place a label of ``sizes[i]`` (width, height) near each ``anchors[i]``.

    ``gap`` is the distance between the anchor's marker (of radius ``radii[i]``, default 0) and
    the nearest label edge on the first ring;
    later rings move out by ``ring_step`` (default: the label height plus ``gap``). Returns the
    placements of the labels that found room, in input order. ``work``, when given, receives
    the number of box comparisons made (``pair_checks``).
    """
    placed: list[Placement] = []
    cell = _cell_size(sizes, bounds)
    labels = _Grid(cell)
    # keep a small clearance around markers too
    markers = _Grid(cell)
    for o in obstacles:
        markers.add((o[0] - gap / 2, o[1] - gap / 2, o[2] + gap / 2, o[3] + gap / 2))
    for i, ((ax, ay), (w, h)) in enumerate(zip(anchors, sizes, strict=True)):
        step = ring_step if ring_step is not None else h + gap
        found: Placement | None = None
        for ring in range(rings):
            reach = (radii[i] if radii is not None else 0.0) + gap + ring * step
            for dx, dy in _DIRECTIONS:
                # the label's nearest edge is ``reach`` away from the anchor
                cx = ax + dx * (reach + w / 2)
                cy = ay + dy * (reach + h / 2)
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                if not _inside(box, bounds):
                    continue
                if labels.hits(box, gap / 2) or markers.hits(box, 0.0):
                    continue
                found = Placement(i, cx, cy, box, ring > 0)
                break
            if found is not None:
                break
        if found is not None:
            placed.append(found)
            labels.add(found.box)
    if work is not None:
        work["pair_checks"] = work.get("pair_checks", 0) + labels.checks + markers.checks
    return placed
