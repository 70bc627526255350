"""A frequency distribution of thousands of bins, drawn as bars, draws in seconds.

A 1 KB file (a column table whose frequencyDistribution's bin width makes 10,000 bins in each
of two data sets, its results table graphed as bars: 20,000 bars) took 14 s to draw on an
idle machine, several minutes under load. The bars were already one artist per data set;
the time went to a full summary (median CI, quartiles...) of every one-value cell and to a
value-label style looked up for every bar. Now a one-value cell's centre is the value itself
(the same numbers, tested against the full summary) and the label style is looked up once
per data set. The tests count that work instead of timing it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from plotdoc.contract.plots import CENTER_ERROR_MODES, XY_CENTERS, XY_ERRORS
from plotdoc.render import render_table_checked
from plotdoc.render.context import DrawContext
from plotdoc.render.notices import CAPPED, warning_code, warning_path
from plotdoc.stats import center_and_error, descriptive

from ..docs import open_doc, project


def _frequencies(bins: int, graph: dict[str, Any] | None = None) -> dict[str, Any]:
    top = bins - 1
    fr: dict[str, Any] = {
        "id": "fr",
        "name": "Frequencies",
        "format": "grouped",
        "derivedFrom": {"sourceTableId": "c", "analysisId": "f"},
        "graph": {"variantId": "grouped-interleaved-bars", **(graph or {})},
    }
    source = {
        "id": "c",
        "name": "Data",
        "format": "column",
        "dataSets": [
            {"name": "A", "values": [[0], [top + 0.5], [3], [3], [top / 2]]},
            {"name": "B", "values": [[0.5], [top], [7], [top * 0.7]]},
        ],
        "analyses": [{"id": "f", "method": "frequencyDistribution", "params": {"binWidth": 1}}],
    }
    return project(source, fr)


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many full summaries and value-label style lookups a drawing makes."""
    counts = {"summarize": 0, "valueAnnotation": 0}
    real_summarize = descriptive.summarize
    real_style = DrawContext._style

    def summarize(*args: Any, **kwargs: Any) -> Any:
        counts["summarize"] += 1
        return real_summarize(*args, **kwargs)

    def style(self: DrawContext, element: str, *args: Any, **kwargs: Any) -> Any:
        if element == "valueAnnotation":
            counts["valueAnnotation"] += 1
        return real_style(self, element, *args, **kwargs)

    monkeypatch.setattr(descriptive, "summarize", summarize)
    monkeypatch.setattr(DrawContext, "_style", style)
    return counts


@pytest.mark.parametrize("variant", ["grouped-interleaved-bars", "grouped-stacked-bars"])
def test_one_value_bars_cost_no_summary_and_one_style_per_data_set(
    variant: str, work: dict[str, int]
) -> None:
    p = open_doc(_frequencies(2_000, {"variantId": variant}))
    table = p.table("fr")
    assert [ds.values.shape for ds in table.data_sets] == [(2_000, 1), (2_000, 1)]
    drawn = render_table_checked(p, table, fmt="svg", dpi=72)
    assert drawn.data.count(b'id="bar/ds0/row') == 2_000 - (variant == "grouped-stacked-bars") * (
        sum(table.data_sets[0].values[:, 0] == 0)
    )
    assert work["summarize"] == 0
    assert work["valueAnnotation"] <= 2 * 2  # at most twice per data set, not once per bar


CHOICES = (
    [(m, None) for m in CENTER_ERROR_MODES]
    + [(c, e) for c in XY_CENTERS for e in XY_ERRORS]
    + [("lineAtMean", None), ("lineAtMedian", None)]
)


@pytest.mark.parametrize(("center", "error"), CHOICES)
def test_one_value_gives_what_the_full_summary_gives(center: str, error: str | None) -> None:
    for value in (0.0, -0.0, 1.0, -2.5, 3.5, 1e-300, 1e300, -1e308, 7.0 / 3.0):
        quick = center_and_error(np.array([value]), center, error)
        full = center_and_error([value], center, error)  # not an array: the full summary
        # compared as text: NaN ends are unequal to themselves, and -0.0 == 0.0
        assert repr(quick) == repr(full), value


@pytest.mark.slow
def test_twenty_thousand_bars_with_a_tiny_major_interval_draw_capped() -> None:
    graph = {"axesOverrides": {"leftY": {"majorInterval": 1e-9, "rangeMin": 0, "rangeMax": 100}}}
    p = open_doc(_frequencies(10_000, graph))
    drawn = render_table_checked(p, p.table("fr"), fmt="png", dpi=72)
    assert drawn.data.startswith(b"\x89PNG")
    capped = [w for w in drawn.warnings if warning_code(w) == CAPPED]
    assert [warning_path(w) for w in capped] == [
        ("graph", "axesOverrides", "leftY", "majorInterval")
    ]
