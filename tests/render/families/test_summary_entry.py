"""Graphs of summary data (`entry` mean, SD or SEM, and N) draw the given means and errors:
the same figure as raw values with those means, SDs and Ns; rows that cannot give an error
bar say so."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from plotdoc.render import render_table_checked

from ..docs import Svg, open_doc, render

RNG = np.random.default_rng(7)
RAW = [RNG.normal(10 + 3 * k, 1 + k, size=n) for k, n in enumerate((5, 8, 3))]


def _doc(table: dict[str, Any]) -> dict[str, Any]:
    return {"format": "plotdoc-project", "schemaVersion": 2, "tables": [table]}


def _summary(v: np.ndarray, entry: str) -> list[float]:
    sd = float(np.std(v, ddof=1))
    return [float(np.mean(v)), sd if entry == "meanSdN" else sd / math.sqrt(v.size), float(v.size)]


def _graph(variant: str, family: str, **options: Any) -> dict[str, Any]:
    return {"variantId": variant, "plot": {"family": family, "options": options}}


@pytest.mark.parametrize("entry", ["meanSdN", "meanSemN"])
@pytest.mark.parametrize(
    ("variant", "mode"),
    [
        ("bar", "meanWithSd"),
        ("bar", "meanWithSem"),
        ("column-mean-error", "meanWithCi95"),
        ("column-mean-error-connected", "mean"),
    ],
)
def test_a_column_of_summaries_draws_what_its_raw_values_draw(
    entry: str, variant: str, mode: str
) -> None:
    graph = _graph(variant, "column", mode=mode)
    raw = {
        "format": "column",
        "dataSets": [
            {"name": f"G{k}", "values": [[float(x)] for x in v]} for k, v in enumerate(RAW)
        ],
        "graph": graph,
    }
    summ = {
        "format": "column",
        "entry": entry,
        "dataSets": [{"name": f"G{k}", "values": [_summary(v, entry)]} for k, v in enumerate(RAW)],
        "graph": graph,
    }
    a, b = Svg(render(_doc(raw))), Svg(render(_doc(summ)))
    assert a.ids() == b.ids()
    for sid in a.ids():
        if a.path_points(sid):
            np.testing.assert_allclose(b.bbox(sid), a.bbox(sid), atol=0.01, err_msg=sid)


@pytest.mark.parametrize(
    ("family", "variant", "options"),
    [
        ("grouped", "grouped-interleaved-bars", {"mode": "meanWithSem"}),
        ("grouped", "grouped-superimposed-symbols-line", {"mode": "meanWithCi95"}),
        ("xy", "xy-points-line-error", {"error": "ci95"}),
        ("xy", "xy-line-error", {"error": "sd"}),
    ],
)
def test_rows_of_summaries_draw_what_their_raw_values_draw(
    family: str, variant: str, options: dict[str, Any]
) -> None:
    width = max(v.size for v in RAW)
    grid = [[float(x) for x in v] + [None] * (width - v.size) for v in RAW]
    rows = {"xy": {"x": [1.0, 2.0, 4.0]}, "grouped": {"rowLabels": ["a", "b", "c"]}}[family]
    graph = _graph(variant, family, **options)
    raw = {"format": family, **rows, "dataSets": [{"name": "A", "values": grid}], "graph": graph}
    summ = {
        "format": family,
        "entry": "meanSdN",
        **rows,
        "dataSets": [{"name": "A", "values": [_summary(v, "meanSdN") for v in RAW]}],
        "graph": graph,
    }
    a, b = Svg(render(_doc(raw))), Svg(render(_doc(summ)))
    assert a.ids() == b.ids()
    assert any(i.startswith("errorbar") for i in a.ids())
    for sid in a.ids():
        if a.path_points(sid):
            np.testing.assert_allclose(b.bbox(sid), a.bbox(sid), atol=0.01, err_msg=sid)


def test_rows_without_an_error_bar_are_told_and_the_mean_is_still_drawn() -> None:
    table = {
        "format": "grouped",
        "entry": "meanSemN",
        "rowLabels": ["a", "b", "c", "d"],
        "dataSets": [
            {"name": "KO", "values": [[4, 0.4, 5], [5, None, 4], [6, 1.0, 1], [None, None, None]]}
        ],
        "graph": _graph("grouped-interleaved-bars", "grouped", mode="meanWithCi95"),
    }
    project = open_doc(_doc(table))
    checked = render_table_checked(project, project.tables[0], fmt="svg", dpi=72)
    svg = Svg(checked.data)
    assert [svg.has(f"bar/ds0/row{r}") for r in range(4)] == [True, True, True, False]
    assert svg.ids("errorbar/ds0/") == ["errorbar/ds0/row0"]
    messages = [str(w) for w in checked.warnings]
    assert any(
        "data set 'KO'" in m and "1 row lacks the SEM;" in m and "1 row has N = 1" in m
        for m in messages
    ), messages


def _sweep() -> list[Any]:
    from plotdoc.contract.variants import VARIANTS
    from plotdoc.contract.variants.from_summary import (
        SUMMARY_MODES,
        SUMMARY_XY_ERRORS,
        drawable_from_summary,
    )

    cases = []
    for v in VARIANTS.values():
        if v.family not in ("column", "grouped", "xy") or not drawable_from_summary(v):
            continue
        if v.family == "xy":
            cases += [pytest.param(v.id, {"error": e}, id=f"{v.id}-{e}") for e in SUMMARY_XY_ERRORS]
        else:
            modes = [m for m in v.modes if m in SUMMARY_MODES] or [None]
            cases += [pytest.param(v.id, {"mode": m} if m else {}, id=f"{v.id}-{m}") for m in modes]
    return cases


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "options"), _sweep())
def test_every_variant_and_mode_offered_for_summaries_opens_and_draws(
    variant: str, options: dict[str, Any]
) -> None:
    from plotdoc.contract.variants import VARIANTS

    family = VARIANTS[variant].family
    rows = [[5.0, 0.5, 4.0], [7.0, 0.6, 4.0]]
    table: dict[str, Any] = {
        "format": family,
        "entry": "meanSemN",
        "dataSets": [{"name": "A", "values": rows[:1] if family == "column" else rows}],
        "graph": {"variantId": variant, "plot": {"family": family, "options": options}},
    }
    if family == "column":
        table["dataSets"].append({"name": "B", "values": [[6.0, 0.4, 5.0]]})
    elif family == "xy":
        table["x"] = [1.0, 2.0]
    else:
        table["rowLabels"] = ["a", "b"]
    project = open_doc(_doc(table))
    drawn = render_table_checked(project, project.tables[0], fmt="svg", dpi=72)
    assert drawn.data.startswith(b"<?xml")


@pytest.mark.parametrize("entry", ["meanSdN", "meanSemN"])
@pytest.mark.parametrize("mode", ["meanWithSd", "meanWithSem", "meanWithCi95", "mean"])
def test_a_whole_column_of_summaries_is_each_cell_summarised(entry: str, mode: str) -> None:
    """The bars of a grouped table of summaries are summarised a data set at a time (one
    array pass): each cell as its own summary gives, awkward cells included."""
    from plotdoc.render.marks.summary import cell_summary, column_summaries

    cells = [
        [4.0, 1.5, 8.0],
        [None, 1.0, 5.0],  # no mean: an empty cell
        [2.5, None, 6.0],  # no spread: the mean without a bar
        [3.0, 2.0, 1.0],  # N = 1: no bar
        [3.0, 2.0, None],  # no N
        [-7.25, 0.5, 2.0],  # a negative mean
        [1e300, 1e300, 3.0],  # the bar's end overflows
        [0.0, 0.0, 2.0],
    ]
    table = {
        "format": "grouped",
        "entry": entry,
        "dataSets": [
            {"name": "A", "values": cells},
            {"name": "B", "values": cells[:3]},  # shorter than the table
        ],
    }
    project = open_doc(_doc(table))
    t = project.tables[0]
    for i in range(2):
        whole = column_summaries(t, i, mode)
        each = [cell_summary(t, i, r, mode) for r in range(t.n_rows)]
        assert len(whole) == len(each) == t.n_rows
        for got, want in zip(whole, each, strict=True):
            if want is None:
                assert got is None
                continue
            assert got is not None
            np.testing.assert_equal(
                [got.center, got.lower, got.upper, got.n, got.top],
                [want.center, want.lower, want.upper, want.n, want.top],
            )
