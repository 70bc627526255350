"""An analysis whose line or curve a graph cannot draw is reported with the analysis's path and
its reason, never left out silently; a logX fit over raw doses says what logX expects."""

from __future__ import annotations

from typing import Any

from plotdoc.render import render_table_checked
from plotdoc.render.notices import ANALYSIS_NOT_DRAWN, warning_code, warning_path

from ..docs import open_doc, project

_DOSES = [1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0, 10000.0]
_RESP = [[2.0], [3.0], [8.0], [20.0], [50.0], [78.0], [92.0], [97.0], [99.0]]


def _doc(x: list[float], values: list[list[float | None]], analyses: list[Any]) -> Any:
    return project(
        {
            "name": "Dose",
            "format": "xy",
            "x": x,
            "dataSets": [{"name": "R", "values": values}],
            "graph": {"variantId": "scatter"},
            "analyses": analyses,
        }
    )


def _warnings(doc: Any) -> list[str]:
    p = open_doc(doc)
    return render_table_checked(p, p.tables[0]).warnings


def test_a_fit_that_does_not_converge_is_reported_with_its_path() -> None:
    doc = _doc(
        _DOSES,
        _RESP,
        [
            {"id": "reg", "method": "linearRegression", "params": {"confidenceLevel": 95}},
            {"id": "fit", "method": "nonlinearRegression", "params": {"model": "logX"}},
        ],
    )
    found = [w for w in _warnings(doc) if warning_code(w) == ANALYSIS_NOT_DRAWN]
    assert len(found) == 1, found
    assert warning_path(found[0]) == ("analyses", 1)
    text = str(found[0])
    assert "'fit'" in text and "'R'" in text and "did-not-converge" in text
    assert "logX expects log10 doses" in text and "linearX fits doses as entered" in text


def test_the_same_doses_as_log10_draw_without_a_warning() -> None:
    import math

    doc = _doc(
        [math.log10(d) for d in _DOSES],
        _RESP,
        [{"id": "fit", "method": "nonlinearRegression", "params": {"model": "logX"}}],
    )
    assert _warnings(doc) == []


def test_a_regression_with_too_few_points_is_reported() -> None:
    doc = _doc(
        [1.0, 2.0, 3.0],
        [[1.0], [None], [None]],
        [{"id": "reg", "method": "linearRegression", "params": {"confidenceLevel": 95}}],
    )
    found = [w for w in _warnings(doc) if warning_code(w) == ANALYSIS_NOT_DRAWN]
    assert len(found) == 1
    assert warning_path(found[0]) == ("analyses", 0)
    assert "is not drawn (too-few-values)" in found[0]


def test_a_line_without_degrees_of_freedom_is_drawn_and_its_missing_band_said() -> None:
    doc = _doc(
        [1.0, 2.0],
        [[1.0], [2.0]],
        [{"id": "reg", "method": "linearRegression", "params": {"confidenceLevel": 95}}],
    )
    found = [w for w in _warnings(doc) if warning_code(w) == ANALYSIS_NOT_DRAWN]
    assert len(found) == 1
    assert "drawn without its confidence band" in found[0]


def test_an_analysis_over_its_budget_is_reported() -> None:
    import orjson

    from plotdoc.api import loads
    from plotdoc.stats.budget import Budget

    doc = _doc(
        [math_log(d) for d in _DOSES],
        _RESP,
        [{"id": "fit", "method": "nonlinearRegression", "params": {"model": "logX"}}],
    )
    p = loads(orjson.dumps(doc), budget=Budget(seconds=1e-9))
    found = render_table_checked(p, p.tables[0]).warnings
    assert [warning_code(w) for w in found] == [ANALYSIS_NOT_DRAWN]
    assert "budget-exceeded" in found[0], found


def math_log(d: float) -> float:
    import math

    return math.log10(d)


def test_an_ambiguous_fit_is_drawn_with_a_warning_naming_why() -> None:
    from plotdoc.render.notices import AMBIGUOUS

    # only the bottom of the curve is observed: the EC50 is an extrapolation
    x = [-9.0 + 0.25 * i for i in range(9)]
    noise = [0.3, -0.2, 0.1, 0, -0.1, 0.2, -0.3, 0.1, 0]
    low = [[10 + 90 / (1 + 10 ** (-5.5 - v)) + e] for v, e in zip(x, noise, strict=True)]
    doc = _doc(x, low, [{"id": "fit", "method": "nonlinearRegression", "params": {}}])
    found = [w for w in _warnings(doc) if warning_code(w) == AMBIGUOUS]
    assert len(found) == 1, found
    assert warning_path(found[0]) == ("analyses", 0)
    assert (
        "'fit'" in found[0]
        and "'R'" in found[0]
        and "is drawn, but its fit is ambiguous" in found[0]
    )
    assert "outside the range of X" in found[0]
