"""Legend entries come from the mark each variant names, not from drawing order."""

from __future__ import annotations

from typing import Any

import pytest

from plotdoc.contract.variants import VARIANTS, Swatch

from ..docs import NS, svg_of
from ..row_docs import grouped_doc


def _markers_in_legend(variant: str) -> int:
    svg = svg_of(grouped_doc(variant, graph={"legend": {"show": True}}))
    return len(list(svg["legend"].iter(f"{{{NS['svg']}}}use")))


def test_bar_variants_show_the_bar_swatch_with_its_error_bar() -> None:
    assert VARIANTS["grouped-separated-bars"].legend is Swatch.BAR_ERROR
    # two data sets: each entry's bar with the error bar (one marker) the graph draws
    assert _markers_in_legend("grouped-separated-bars") == 2
    assert VARIANTS["grouped-interleaved-low-high"].legend is Swatch.BAR
    assert _markers_in_legend("grouped-interleaved-low-high") == 0


def test_scatter_bar_shows_the_bar_with_its_symbol() -> None:
    assert VARIANTS["grouped-interleaved-scatter-bar"].legend is Swatch.SCATTER_BAR
    assert _markers_in_legend("grouped-interleaved-scatter-bar") > 0


def test_scatter_shows_the_symbol() -> None:
    assert _markers_in_legend("grouped-interleaved-scatter") > 0


@pytest.mark.parametrize("family", ["column", "nested", "grouped", "contingency"])
def test_every_variant_names_a_known_legend_mark(family: str) -> None:
    from plotdoc.contract.variants import Mark, variants_of
    from plotdoc.render.marks.swatches import SWATCHES

    for v in variants_of(family):
        if v.draws(Mark.HEAT_CELL):  # a colour bar, no legend entries
            assert v.legend is None
        elif not v.draws(Mark.SUBJECT_LINES):  # subjects make their own entries
            assert v.legend in SWATCHES, v.id


@pytest.mark.parametrize(
    ("variant", "markers"), [("nested-bar", 2), ("nested-violin", 0), ("nested-scatter", 2)]
)
def test_nested_legend_shows_the_named_mark(variant: str, markers: int) -> None:
    from ..docs import nested_doc

    svg = svg_of(nested_doc(variant, graph={"legend": {"show": True}}))
    assert len(list(svg["legend"].iter(f"{{{NS['svg']}}}use"))) == markers


def _legend_figure(with_title: bool) -> tuple[Any, Any]:
    import matplotlib

    from plotdoc.render.engine import draw_graph, rc_params

    from ..docs import open_doc, xy_doc

    legend: dict[str, Any] = {"show": True, "title": "Doses"} if with_title else {"show": True}
    p = open_doc(xy_doc(n_sets=4, graph={"legend": legend}))
    table = p.tables[0]
    with matplotlib.rc_context(rc_params(table.graph)):  # type: ignore[arg-type]
        fig, _ = draw_graph(p, table, dpi=100)
    return fig, fig.axes[0].get_legend()


def _pixels(fig: Any) -> Any:
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba()).copy()


@pytest.mark.parametrize("with_title", [False, True])
def test_a_legend_laid_out_once_per_draw_draws_what_matplotlib_draws(with_title: bool) -> None:
    """The legend keeps each text's layout for the length of one draw or measure: the
    picture and the legend's box are matplotlib's own, and nothing is left on its texts."""
    import numpy as np

    fig, leg = _legend_figure(with_title)
    kept = _pixels(fig)
    canvas_renderer = fig.canvas.get_renderer()
    kept_box = leg.get_window_extent(canvas_renderer).bounds
    texts = [*leg.get_texts(), leg.get_title()]
    assert all("_get_layout" not in vars(t) for t in texts)
    for name in ("draw", "get_window_extent", "get_tightbbox"):
        delattr(leg, name)  # matplotlib's own methods again
    assert np.array_equal(kept, _pixels(fig))
    assert leg.get_window_extent(fig.canvas.get_renderer()).bounds == kept_box


def test_a_legend_text_changed_between_draws_is_laid_out_again() -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig, leg = _legend_figure(False)

    renderer = FigureCanvasAgg(fig).get_renderer()
    before = leg.get_window_extent(renderer).width
    leg.get_texts()[0].set_text("a much longer name for the first data set")
    after = leg.get_window_extent(renderer).width
    assert after > before + 50
