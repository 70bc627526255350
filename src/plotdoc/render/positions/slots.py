"""Positions on a categorical axis (the sideways spread of points is in :mod:`.spread`).

Every mark (bar, box, column of points) gets a *slot* one unit wide; it draws ``barWidthRatio``
of it. Gaps are added between slots, in slot units, from ``graphSettingsOverride``:
``columnGapRatio`` between the columns of a one-level layout, ``seriesGapRatio`` between the
slots of one cluster, ``groupGapRatio`` between clusters, ``firstGapRatio`` before the first
slot and ``lastGapRatio`` after the last. Layouts:

* ``single``: one slot per item (column and nested graphs: one per data set);
* ``interleaved``: clusters are rows, each holding one slot per series;
* ``separated``: clusters are series, each holding one slot per row;
* ``stacked`` / ``superimposed``: one slot per row, shared by every series.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class CategoryLayout:
    #: slot centre of (cluster, item)
    centers: dict[tuple[int, int], float]
    #: drawn width of a mark, in axis units
    width: float
    #: axis range
    limits: tuple[float, float]
    #: tick positions and labels (one per cluster, or per item for ``single``)
    ticks: list[float] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)

    def center(self, cluster: int, item: int = 0) -> float:
        return self.centers[(cluster, item)]


def ratio(settings: Mapping[str, Any], key: str, default: float, high: float = 10.0) -> float:
    """A gap or width ratio, kept within [0, high] (ten slots of gap at most)."""
    try:
        v = float(settings.get(key, default))
    except (TypeError, ValueError):
        return default
    return min(max(v, 0.0), high) if v == v else default


@dataclass(frozen=True, slots=True)
class SlotRun:
    """Slots placed one after another: clusters of items, with gaps between them."""

    #: ``centers[c][k]``: the middle of item ``k``'s slot in cluster ``c``
    centers: list[list[float]]
    #: ``spans[c]``: the left edge of cluster ``c``'s first slot and the right edge of its last
    spans: list[tuple[float, float]]
    #: the right edge of the last slot plus the last gap (the axis end)
    end: float


def place_slots(
    sizes: Sequence[int], cluster_gap: float, item_gap: float, first: float, last: float
) -> SlotRun:
    """The slot engine of every categorical layout.

    Cluster ``c`` holds ``sizes[c]`` slots one unit wide, ``item_gap`` apart; clusters are
    ``cluster_gap`` apart; ``first`` pads before the first slot and ``last`` after the last.
    """
    centers: list[list[float]] = []
    spans: list[tuple[float, float]] = []
    pos = first  # left edge of the next slot
    for c, n in enumerate(sizes):
        if c:
            pos += cluster_gap
        start = pos
        row: list[float] = []
        for k in range(n):
            if k:
                pos += item_gap
            row.append(pos + 0.5)
            pos += 1.0
        centers.append(row)
        spans.append((start, pos))
    return SlotRun(centers, spans, pos + last)


def category_layout(
    kind: str,
    n_clusters: int,
    n_items: int,
    settings: Mapping[str, Any],
    cluster_labels: list[str] | None = None,
) -> CategoryLayout:
    """Slot positions for ``n_clusters`` clusters of ``n_items`` slots (see module doc)."""
    width = ratio(settings, "barWidthRatio", 0.7, 1.0)
    first = ratio(settings, "firstGapRatio", 0.5)
    last = ratio(settings, "lastGapRatio", 0.5)
    if kind == "single":
        gap_between_clusters = ratio(settings, "columnGapRatio", 0.4)
        gap_between_items = 0.0
        n_items = 1
    elif kind in ("stacked", "superimposed"):
        gap_between_clusters = ratio(settings, "groupGapRatio", 0.5)
        gap_between_items = 0.0
        n_items = 1
    else:
        gap_between_clusters = ratio(settings, "groupGapRatio", 0.5)
        gap_between_items = ratio(settings, "seriesGapRatio", 0.0)
    run = place_slots([n_items] * n_clusters, gap_between_clusters, gap_between_items, first, last)
    centers = {(c, i): x for c, row in enumerate(run.centers) for i, x in enumerate(row)}
    ticks = [(start + stop) / 2 for start, stop in run.spans]
    labels = (
        list(cluster_labels)
        if cluster_labels is not None
        else [str(c + 1) for c in range(n_clusters)]
    )
    return CategoryLayout(centers, width, (0.0, max(run.end, 1.0)), ticks, labels)
