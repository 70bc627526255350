"""Linear axes end on a major tick, never across zero when the data keep to one side of it."""

from __future__ import annotations

import pytest

from ..docs import column_doc, svg_of, xy_doc
from ..row_docs import figure_of


@pytest.mark.parametrize(
    "doc",
    [
        xy_doc("scatter"),
        column_doc("bar"),
        column_doc("scatter-bar", values=[[-1.2, -0.8, 0.3], [1.5, 2.2, 0.9], [-3.1, -2.4, -3.5]]),
    ],
)
def test_axes_end_on_major_ticks(doc: dict[str, object]) -> None:
    ax = figure_of(doc).axes[0]
    for lim, ticks in ((ax.get_ylim(), ax.get_yticks()), (ax.get_xlim(), ax.get_xticks())):
        if (
            ax.get_xticklabels()
            and lim == ax.get_xlim()
            and ax.xaxis.get_major_locator().__class__.__name__ == "FixedLocator"
        ):
            continue  # a category axis
        lo, hi = sorted(lim)
        assert any(abs(t - lo) < 1e-9 * max(1.0, abs(hi - lo)) for t in ticks), (lo, ticks)
        assert any(abs(t - hi) < 1e-9 * max(1.0, abs(hi - lo)) for t in ticks), (hi, ticks)


def test_positive_data_starts_at_zero_and_negative_bars_hang_from_it() -> None:
    ax = figure_of(xy_doc("scatter")).axes[0]
    assert ax.get_xlim()[0] >= 0.0 and ax.get_ylim()[0] >= 0.0
    svg = svg_of(column_doc("bar", values=[[-2.0, -3.0], [2.0, 4.0], [1.0, 1.5]]))
    neg, pos = svg.bbox("bar/ds0"), svg.bbox("bar/ds1")
    assert abs(neg[1] - pos[3]) < 0.5  # the negative bar hangs from the positive one's base
