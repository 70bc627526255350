"""Deterministic placement of point labels that never overlap (no dependency, no randomness).

Labels are placed one by one, in the order given (the most important first). For each label
the candidate positions lie on rings around its anchor point: eight directions (right, upper
right, up, upper left, left, lower left, down, lower right) at growing distances. The label
takes the first candidate whose box stays inside the plot area and overlaps neither a label
already placed nor any marker box given as an obstacle; a label that finds no place is
dropped. The same input always gives the same output.

All coordinates are in display units (points or pixels, as long as they are the same).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

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
) -> list[Placement]:
    """Place a label of ``sizes[i]`` (width, height) near each ``anchors[i]``.

    ``gap`` is the distance between the anchor's marker (of radius ``radii[i]``, default 0) and
    the nearest label edge on the first ring;
    later rings move out by ``ring_step`` (default: the label height plus ``gap``). Returns the
    placements of the labels that found room, in input order.
    """
    placed: list[Placement] = []
    boxes: list[Box] = []
    obs = np.asarray(obstacles, dtype=float).reshape(-1, 4)
    # keep a small clearance around markers too
    obs = obs + np.array([-gap / 2, -gap / 2, gap / 2, gap / 2])
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
                if any(overlaps(box, b, gap / 2) for b in boxes):
                    continue
                if obs.shape[0] and bool(
                    np.any(
                        (obs[:, 0] < box[2])
                        & (box[0] < obs[:, 2])
                        & (obs[:, 1] < box[3])
                        & (box[1] < obs[:, 3])
                    )
                ):
                    continue
                found = Placement(i, cx, cy, box, ring > 0)
                break
            if found is not None:
                break
        if found is not None:
            placed.append(found)
            boxes.append(found.box)
    return placed
