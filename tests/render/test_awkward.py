"""The awkward cases of a figure review, each drawn in every preset and checked for what it
must show: the data, or a warning at the data set that says what is not drawn as asked.

Every statistic a graph draws is checked elsewhere; this corpus checks what a graph does not
draw, or draws otherwise than asked: geometric means of values of zero or below, long forest
labels, lone XY centres, marks cut at a set range, error bars a log axis cuts, median CIs of
few values, parts of zero or below, n = 1, ties, 16 data sets, long labels, six decades on a
log axis, one row, and a very tall and a very wide table.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import matplotlib
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from plotdoc.contract.styles import PRESET_IDS
from plotdoc.render.artists.collections import PointSymbols
from plotdoc.render.engine import draw_graph, figure_bytes, rc_params
from plotdoc.render.notices import AMBIGUOUS, CAPPED, HIDDEN, THINNED, warning_code, warning_path

from .docs import column_doc, open_doc, project
from .row_docs import grouped_doc, mv_doc

Doc = dict[str, Any]


@dataclass(frozen=True)
class Drawn:
    fig: Figure
    warnings: list[Any]
    rc: dict[str, Any]

    def extent(self, gid: str) -> Any:
        """An element's box (pixels), measured in the fonts it is drawn with."""
        with matplotlib.rc_context(self.rc):
            return self.by_gid(gid).get_window_extent(FigureCanvasAgg(self.fig).get_renderer())

    def codes_at(self, code: str, path: tuple[Any, ...]) -> list[str]:
        return [w for w in self.warnings if warning_code(w) == code and warning_path(w) == path]

    def by_gid(self, gid: str) -> Any:
        found = self.fig.findobj(lambda a: a.get_gid() == gid)
        assert len(found) == 1, (gid, found)
        return found[0]

    def gids(self, prefix: str) -> list[str]:
        return sorted(
            str(a.get_gid()) for a in self.fig.findobj() if str(a.get_gid()).startswith(prefix)
        )

    def symbol_count(self, i: int) -> int:
        return sum(
            len(a.xy)
            for a in self.fig.findobj(PointSymbols)
            if str(a.get_gid()).startswith(("symbols/ds", "symbol/ds"))
            and f"ds{i}" in str(a.get_gid()).split("/")
        )


def _draw(doc: Doc, preset: str) -> Drawn:
    doc = copy.deepcopy(doc)
    for table in doc["tables"]:
        table.setdefault("graph", {})["activePresetId"] = preset
    p = open_doc(doc)
    table = p.tables[0]
    assert table.graph is not None
    rc = rc_params(table.graph)
    with matplotlib.rc_context(rc):
        fig, warnings = draw_graph(p, table, dpi=72)
        figure_bytes(fig, "svg", 72)  # draw-time layouts run
    return Drawn(fig, list(warnings), rc)


def _column(variant: str, values: list[list[float | None]], **graph: Any) -> Doc:
    return column_doc(variant, values=values, graph=graph or None)


def _xy(variant: str, x: list[float], sets: list[list[list[float | None]]], **graph: Any) -> Doc:
    reps = max(len(r) for s in sets for r in s)
    return project(
        {
            "name": "XY",
            "format": "xy",
            "replicates": reps,
            "x": x,
            "dataSets": [{"name": f"S{k}", "values": v} for k, v in enumerate(sets)],
            "graph": {"variantId": variant, **graph},
        }
    )


# -- the checks: each case's document and what its drawing must show -----------------------


def _geometric() -> tuple[Doc, Callable[[Drawn], None]]:
    doc = _column(
        "scatter-bar",
        [[2.0, 3.0, 4.0], [0.0, 3.0, 4.0]],
        plot={"family": "column", "options": {"mode": "geoMeanWithCi95"}},
    )

    def check(d: Drawn) -> None:
        assert d.codes_at(HIDDEN, ("dataSets", 1)), d.warnings
        assert d.symbol_count(1) == 3  # its values are still drawn

    return doc, check


def _forest_label() -> tuple[Doc, Callable[[Drawn], None]]:
    long = "Randomised participants aged 65 or older"
    sets = [("or", [0.8, 1.3]), ("lo", [0.6, 1.1]), ("hi", [1.0, 1.6]), ("study", [long, "B"])]
    doc = mv_doc("mv-forest", "forest", {"x": 0, "lower": 1, "upper": 2, "label": 3}, sets)

    def check(d: Drawn) -> None:
        assert d.extent("label/p0").x0 >= 0

    return doc, check


def _lone_centre() -> tuple[Doc, Callable[[Drawn], None]]:
    doc = _xy("xy-line-only", [1.0, 2.0, 3.0, 4.0, 5.0], [[[1.0], [2.0], [None], [4.0], [None]]])

    def check(d: Drawn) -> None:
        line = d.by_gid("line/ds0")
        assert line.get_marker() == "o" and list(line.get_markevery()) == [3]  # X = 4

    return doc, check


def _cut_at_range() -> tuple[Doc, Callable[[Drawn], None]]:
    doc = _column(
        "bar",
        [[100.0, 110.0, 120.0, 777.0], [115.0, 125.0, 135.0, 130.0]],
        axesOverrides={"leftY": {"rangeMin": 0, "rangeMax": 140}},
    )

    def check(d: Drawn) -> None:
        assert any("drawn cut" in w for w in d.codes_at(HIDDEN, ("dataSets", 0))), d.warnings
        assert not d.codes_at(HIDDEN, ("dataSets", 1))

    return doc, check


def _log_error_bar() -> tuple[Doc, Callable[[Drawn], None]]:
    doc = _column(
        "column-mean-error",
        [[10.0, 11.0, 12.0], [1.0, 2.0, 30.0]],
        axesOverrides={"leftY": {"scale": "log10"}},
    )

    def check(d: Drawn) -> None:
        assert d.codes_at(AMBIGUOUS, ("dataSets", 1)), d.warnings

    return doc, check


def _median_ci() -> tuple[Doc, Callable[[Drawn], None]]:
    doc = _column(
        "column-mean-error",
        [[1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]],
        plot={"family": "column", "options": {"mode": "medianWithCi95"}},
    )

    def check(d: Drawn) -> None:
        found = d.codes_at(AMBIGUOUS, ("dataSets", 0))
        assert found and "87.5% for n = 4" in found[0], d.warnings
        assert not d.codes_at(AMBIGUOUS, ("dataSets", 1))

    return doc, check


def _negative_part() -> tuple[Doc, Callable[[Drawn], None]]:
    doc = project(
        {
            "name": "Parts",
            "format": "partsOfWhole",
            "rowLabels": ["A", "B", "C"],
            "dataSets": [{"name": "V", "values": [[50.0], [-20.0], [30.0]]}],
            "graph": {"variantId": "parts-pie"},
        }
    )

    def check(d: Drawn) -> None:
        assert d.codes_at(HIDDEN, ("dataSets", 0)), d.warnings
        assert d.gids("slice/") == ["slice/row0", "slice/row2"]

    return doc, check


def _n_one() -> tuple[Doc, Callable[[Drawn], None]]:
    doc = _column("scatter-bar", [[5.0], [7.0]])

    def check(d: Drawn) -> None:
        assert d.gids("bar/ds") == ["bar/ds0", "bar/ds1"]
        assert d.symbol_count(0) == 1 and d.symbol_count(1) == 1

    return doc, check


def _ties() -> tuple[Doc, Callable[[Drawn], None]]:
    doc = _column("column-scatter-only", [[3.0] * 12, [3.0, 3.0, 4.0, 4.0]])

    def check(d: Drawn) -> None:
        assert d.symbol_count(0) == 12 and d.symbol_count(1) == 4
        # tied values are spread side by side, not drawn on one spot
        xs = {round(float(p[0]), 6) for a in d.fig.findobj(PointSymbols) for p in a.xy
              if str(a.get_gid()) == "symbols/ds0"}  # fmt: skip
        assert len(xs) > 1

    return doc, check


def _sixteen() -> tuple[Doc, Callable[[Drawn], None]]:
    sets = [[[float(k + x)] for x in range(4)] for k in range(16)]
    doc = _xy("scatter", [1.0, 2.0, 3.0, 4.0], sets, legend={"show": True})

    def check(d: Drawn) -> None:
        assert all(d.symbol_count(k) == 4 for k in range(16))
        assert len(d.by_gid("legend").get_texts()) == 16

    return doc, check


def _long_labels() -> tuple[Doc, Callable[[Drawn], None]]:
    values = [[float(k + v) for v in range(3)] for k in range(12)]
    doc = column_doc("bar", values=values)
    for k, ds in enumerate(doc["tables"][0]["dataSets"]):
        ds["name"] = f"Treatment group {k} with a long descriptive name"

    def check(d: Drawn) -> None:
        assert d.gids("bar/ds") == sorted(f"bar/ds{k}" for k in range(12))
        labels = [t.get_text() for t in d.fig.axes[0].get_xticklabels() if t.get_text()]
        assert len(labels) == 12 or [w for w in d.warnings if warning_code(w) == THINNED]

    return doc, check


def _six_decades() -> tuple[Doc, Callable[[Drawn], None]]:
    ys = [[10.0**e] for e in range(-3, 4)]
    doc = _xy(
        "scatter",
        [float(k) for k in range(7)],
        [ys],
        axesOverrides={"leftY": {"scale": "log10"}},
    )

    def check(d: Drawn) -> None:
        assert d.symbol_count(0) == 7
        lo, hi = d.fig.axes[0].get_ylim()
        assert lo <= 1e-3 and hi >= 1e3
        assert not [w for w in d.warnings if warning_code(w) == HIDDEN]

    return doc, check


def _one_row() -> tuple[Doc, Callable[[Drawn], None]]:
    doc = grouped_doc(
        "grouped-interleaved-bars", values=[[[1.0, 2.0]], [[2.0, 3.0]]], rows=["Only"]
    )

    def check(d: Drawn) -> None:
        assert d.gids("bar/ds0/") == ["bar/ds0/row0"] and d.gids("bar/ds1/") == ["bar/ds1/row0"]

    return doc, check


def _tall() -> tuple[Doc, Callable[[Drawn], None]]:
    rng = np.random.default_rng(3)
    n = 5000
    ys = [[float(v)] for v in rng.normal(10, 2, n)]
    doc = _xy("scatter", [float(k) for k in range(n)], [ys])

    def check(d: Drawn) -> None:
        assert d.symbol_count(0) == n

    return doc, check


def _wide() -> tuple[Doc, Callable[[Drawn], None]]:
    values = [[float(k % 7 + v) for v in range(3)] for k in range(120)]
    doc = column_doc("column-scatter-only", values=values)

    def check(d: Drawn) -> None:
        assert all(d.symbol_count(k) == 3 for k in range(120))
        labels = [t.get_text() for t in d.fig.axes[0].get_xticklabels() if t.get_text()]
        codes = {warning_code(w) for w in d.warnings}
        assert len(labels) == 120 or THINNED in codes or CAPPED in codes

    return doc, check


CASES: dict[str, Callable[[], tuple[Doc, Callable[[Drawn], None]]]] = {
    "geometric-with-zero": _geometric,
    "forest-long-label": _forest_label,
    "xy-lone-centre": _lone_centre,
    "bar-cut-at-set-range": _cut_at_range,
    "log-error-bar-below-zero": _log_error_bar,
    "median-ci-n4": _median_ci,
    "pie-negative-part": _negative_part,
    "n-one": _n_one,
    "ties": _ties,
    "sixteen-data-sets": _sixteen,
    "long-labels": _long_labels,
    "six-decades-log": _six_decades,
    "one-row": _one_row,
}
SLOW_CASES: dict[str, Callable[[], tuple[Doc, Callable[[Drawn], None]]]] = {
    "tall-table-5000-rows": _tall,
    "wide-table-120-data-sets": _wide,
}


@pytest.mark.parametrize("preset", PRESET_IDS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_awkward_case_shows_its_data_or_says_why(case: str, preset: str) -> None:
    doc, check = CASES[case]()
    check(_draw(doc, preset))


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_IDS)
@pytest.mark.parametrize("case", sorted(SLOW_CASES))
def test_large_awkward_case_shows_its_data_or_says_why(case: str, preset: str) -> None:
    doc, check = SLOW_CASES[case]()
    check(_draw(doc, preset))
