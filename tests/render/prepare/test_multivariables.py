"""Volcano groups and label choice, bubble areas, forest rows."""

from __future__ import annotations

import numpy as np
import pytest

from plotdoc.render.prepare.multivariables import (
    DOWN,
    NS,
    UP,
    bubble_areas,
    bubble_order,
    forest_rows,
    nice_sizes,
    volcano,
)

X = np.array([2.0, -3.0, 0.5, 1.5, -1.2, np.nan])
P = np.array([0.001, 0.0001, 1e-8, 0.2, 0.01, 0.01])


def test_volcano_groups_and_strongest_labels() -> None:
    v = volcano(X, P, {"log2FcCutoff": 1.0, "pCutoff": 0.05, "maxLabels": 2})
    assert v.group == [UP, DOWN, NS, NS, DOWN, NS]
    assert v.y[1] == pytest.approx(4.0)
    assert v.y_cutoff == pytest.approx(-np.log10(0.05))
    assert v.label_rows == [1, 0]
    assert np.isnan(v.y[5])


def test_volcano_takes_y_as_is_when_already_neg_log10() -> None:
    v = volcano(X, np.array([3.0, 4.0, 8.0, 0.7, 2.0, 2.0]), {"yIsNegLog10": True})
    assert v.group[:2] == [UP, DOWN]
    assert v.y[2] == 8.0


def test_volcano_zero_p_is_drawn_at_the_smallest_p() -> None:
    v = volcano(np.array([3.0]), np.array([0.0]), {})
    assert v.y[0] == pytest.approx(300.0)


def test_bubble_area_is_proportional_to_size() -> None:
    areas = bubble_areas(np.array([1.0, 4.0, np.nan, -1.0]), 20.0)
    assert areas.tolist() == [100.0, 400.0, 0.0, 0.0]
    assert bubble_order(areas) == [1, 0]
    assert nice_sizes(np.array([3.0, 1408.0])) == [200.0, 500.0, 1000.0]


def test_forest_rows_first_on_top_with_labels() -> None:
    rows = forest_rows(
        np.array([1.0, np.nan, 0.5]),
        np.array([0.8, np.nan, 0.3]),
        np.array([1.2, np.nan, 0.9]),
        ["a", None, None],
    )
    assert [r.row for r in rows] == [0, 2]
    assert rows[0].y > rows[1].y
    assert [r.label for r in rows] == ["a", "Row 3"]
