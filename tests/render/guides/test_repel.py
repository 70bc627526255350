"""Label placement: the same placements as comparing every pair, in near-linear work."""

from __future__ import annotations

import random
from typing import Any

from plotdoc.render.guides.repel import _DIRECTIONS, Box, overlaps, place_labels


def _brute_force(
    anchors: list[tuple[float, float]],
    sizes: list[tuple[float, float]],
    bounds: Box,
    obstacles: list[Box],
    gap: float = 3.0,
    rings: int = 8,
) -> list[tuple[int, float, float]]:
    """The placement rule compared with every placed label and every marker."""
    placed: list[tuple[int, float, float]] = []
    boxes: list[Box] = []
    obs = [(o[0] - gap / 2, o[1] - gap / 2, o[2] + gap / 2, o[3] + gap / 2) for o in obstacles]
    for i, ((ax, ay), (w, h)) in enumerate(zip(anchors, sizes, strict=True)):
        done = False
        for ring in range(rings):
            reach = gap + ring * (h + gap)
            for dx, dy in _DIRECTIONS:
                cx, cy = ax + dx * (reach + w / 2), ay + dy * (reach + h / 2)
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                inside = (
                    box[0] >= bounds[0]
                    and box[1] >= bounds[1]
                    and box[2] <= bounds[2]
                    and box[3] <= bounds[3]
                )
                if not inside or any(overlaps(box, b, gap / 2) for b in boxes):
                    continue
                if any(overlaps(box, o) for o in obs):
                    continue
                placed.append((i, cx, cy))
                boxes.append(box)
                done = True
                break
            if done:
                break
    return placed


def _case(n: int, side: float, seed: int = 1) -> tuple[list, list, Box, list]:
    rnd = random.Random(seed)
    anchors = [(rnd.uniform(0, side), rnd.uniform(0, side)) for _ in range(n)]
    sizes = [(rnd.uniform(10, 60), 9.0) for _ in range(n)]
    obstacles = [(x - 3, y - 3, x + 3, y + 3) for x, y in anchors]
    return anchors, sizes, (0.0, 0.0, side, side), obstacles


def test_grid_gives_the_placements_of_the_pairwise_rule() -> None:
    for seed in range(3):
        anchors, sizes, bounds, obstacles = _case(300, 400.0, seed)
        got = [(p.index, p.cx, p.cy) for p in place_labels(anchors, sizes, bounds, obstacles)]
        assert got == _brute_force(anchors, sizes, bounds, obstacles)
        assert 0 < len(got) < 300  # a crowded plot: some labels find no room


def test_work_grows_linearly_with_the_number_of_labels() -> None:
    """Same density, 16 times the labels: at most about 16 times the comparisons (a pairwise
    rule makes ~256 times)."""
    counts = []
    for n, side in ((500, 1000.0), (8000, 4000.0)):
        work: dict[str, int] = {}
        anchors, sizes, bounds, obstacles = _case(n, side)
        place_labels(anchors, sizes, bounds, obstacles, work=work)
        counts.append(work["pair_checks"])
    assert counts[1] < 24 * counts[0], counts


def test_each_point_label_is_measured_once_per_drawing() -> None:
    """A drawing lays point labels out twice (the tight box, then the drawing): the texts are
    measured once."""
    from plotdoc.render.guides.point_labels import PointLabels

    from ..row_docs import by_gid, figure_of, mv_doc

    names = [f"gene-{i}" for i in range(40)]
    sets = [("x", list(range(40))), ("y", [i % 7 for i in range(40)]), ("name", names)]
    doc = mv_doc("mv-scatter", "scatter", {"x": 0, "y": 1, "label": 2}, sets)
    doc["tables"][0]["variableTypes"] = {"name": "label"}  # type: ignore[index]
    labels = by_gid(figure_of(doc), "labels")
    assert isinstance(labels, PointLabels)
    assert labels.measured == 40


def test_point_labels_past_the_cap_are_not_drawn(monkeypatch: Any) -> None:
    """Only the first MAX_POINT_LABELS labels (data order) are measured, placed and drawn."""
    from plotdoc.render.guides import point_labels

    from ..docs import svg_of
    from ..row_docs import mv_doc

    monkeypatch.setattr(point_labels, "MAX_POINT_LABELS", 10)
    names = [f"g{i}" for i in range(40)]
    sets = [("x", [i * 10 for i in range(40)]), ("y", [i % 2 for i in range(40)]), ("name", names)]
    doc = mv_doc("mv-scatter", "scatter", {"x": 0, "y": 1, "label": 2}, sets)
    doc["tables"][0]["variableTypes"] = {"name": "label"}  # type: ignore[index]
    drawn = svg_of(doc).ids("label/p")
    assert 0 < len(drawn) <= 10, drawn
    assert all(int(sid.removeprefix("label/p")) < 10 for sid in drawn), drawn


def test_the_point_label_cap_is_one_a_real_figure_never_reaches() -> None:
    from plotdoc.render.guides.point_labels import MAX_POINT_LABELS

    assert MAX_POINT_LABELS >= 1_000
