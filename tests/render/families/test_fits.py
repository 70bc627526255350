"""Fitted lines and bands: sampled evenly in the X axis' own scale."""

from __future__ import annotations

import numpy as np
import pytest

from ..docs import project, svg_of

_CONC = [1e-9, 3e-9, 1e-8, 3e-8, 1e-7, 3e-7, 1e-6, 3e-6, 1e-5]
_RESP = [[2.0], [3.0], [8.0], [20.0], [50.0], [78.0], [92.0], [97.0], [99.0]]


def _dose_doc(method: str, params: dict[str, object], scale: str) -> dict[str, object]:
    return project(
        {
            "name": "Dose",
            "format": "xy",
            "x": _CONC,
            "dataSets": [{"name": "R", "values": _RESP}],
            "graph": {
                "variantId": "scatter",
                "axesOverrides": {"xContinuous": {"scale": scale}},
                "elementActivation": {"graph": {"predictionBand": True}},
            },
            "analyses": [{"id": "a", "method": method, "params": params}],
        }
    )


def _even(xs: list[float]) -> None:
    steps = np.diff(np.asarray(xs))
    assert steps.size > 100  # dense enough to be smooth at any size
    assert steps.min() > 0
    assert steps.max() - steps.min() < 0.01 * steps.mean(), (steps.min(), steps.max())


@pytest.mark.parametrize("scale", ["log10", "linear"])
def test_four_pl_curve_and_band_even_in_axis_scale(scale: str) -> None:
    svg = svg_of(_dose_doc("nonlinearRegression", {"model": "linearX"}, scale))
    curve = svg.path_points("curve/fit/a/ds0")
    _even([p[0] for p in curve])
    band = svg.path_points("band/confidence/a/ds0")
    assert len(band) > 200
    if scale == "log10":  # sigmoid on a log axis: rises steepest near the middle
        ys = np.asarray([p[1] for p in curve])
        mid = len(ys) // 2
        assert abs(ys[mid + 5] - ys[mid - 5]) > 5 * abs(ys[15] - ys[5])


def test_regression_line_even_on_log_axis() -> None:
    svg = svg_of(_dose_doc("linearRegression", {}, "log10"))
    _even([p[0] for p in svg.path_points("curve/regression/a/ds0")])
