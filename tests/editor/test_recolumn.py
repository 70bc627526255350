"""A cell edit of a column graph draws the changed column again on the kept figure, and the
picture is a fresh drawing's, pixel for pixel, with the same hit regions, plot frame and
warnings; changes that move more than the column draw afresh."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from plotdoc.builder import ProjectBuilder
from plotdoc.contract.variants import VARIANTS, Arrangement
from plotdoc.editor import recolumn, redraw
from plotdoc.model import Project

from .test_redraw import _pixels, _same_as_fresh, graph_title

COLUMN_VARIANTS = sorted(v.id for v in VARIANTS.values() if v.family == "column")


def _project(variant: str = "scatter-bar", rows: int = 40, decimals: int = 1) -> Project:
    """Four data sets; one decimal place, so that 40 values hold ties (the plot widens for
    the longest row of equal values)."""
    rng = np.random.default_rng(7)
    b = ProjectBuilder(title="columns")
    sets = {f"G{j}": np.round(rng.normal(size=rows) + j + 1.5, decimals) for j in range(4)}
    b.add_table("column", sets, id="pts", graph=variant)
    return b.project()


pytestmark = pytest.mark.usefixtures("nothing_kept")


def _kept_figure() -> Any:
    kept = redraw._kept
    assert kept is not None and kept.column
    return kept.fig


def test_a_cell_edit_draws_the_column_again_on_the_kept_figure() -> None:
    project = _project(rows=300, decimals=3)
    before = _pixels(_same_as_fresh(project).png)
    fig = _kept_figure()
    values = project.table("pts").data_sets[1].values
    for k, value in enumerate((2.4, 2.9, 1.9, 2.5)):
        values[10 + k, 0] = value
        shown = _same_as_fresh(project)
        assert _kept_figure() is fig  # drawn again on the kept figure, not afresh
    assert redraw._kept is not None and redraw._kept.background is not None
    assert not np.array_equal(_pixels(shown.png), before)  # and the picture did change
    live = {str(a.get_gid()) for a in redraw._kept.live}
    assert {"bar/ds1", "errorbars/ds1", "symbols/ds1"} <= live


@pytest.mark.parametrize("variant", COLUMN_VARIANTS)
def test_every_column_variant_draws_as_a_fresh_drawing(variant: str) -> None:
    project = _project(variant)
    table = project.table("pts")
    assert redraw.updatable(table) == (
        variant not in ("column-before-after", "column-mean-error-connected")
    )
    _same_as_fresh(project)
    values = table.data_sets[2].values
    for value in (3.3, 3.6, 2.55):
        values[5, 0] = value
        _same_as_fresh(project)


def _sweep() -> Iterator[tuple[str, str, str, bool, str | None]]:
    for variant in COLUMN_VARIANTS:
        modes = VARIANTS[variant].modes
        for mode in modes[:: max(1, len(modes) // 4)]:
            yield variant, mode, "modern", False, None
            yield variant, mode, "classic", True, None
            yield variant, mode, "modern", False, "log10"


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "mode", "preset", "flip", "scale"), list(_sweep()))
def test_every_mode_preset_direction_and_scale_draws_as_a_fresh_drawing(
    variant: str, mode: str, preset: str, flip: bool, scale: str | None
) -> None:
    project = _project(variant, rows=40 if scale is None else 12)
    graph = project.table("pts").graph
    assert graph is not None
    graph.plot.options["mode"] = mode
    graph.active_preset_id = preset
    graph.plot.options["flipXY"] = flip
    if scale is not None:
        graph.axes.setdefault("leftY", {})["scale"] = scale
    _same_as_fresh(project)
    values = project.table("pts").data_sets[1].values
    for value in (2.4, 2.6, 3.05, 2.5):
        values[3, 0] = value
        _same_as_fresh(project)


def test_ties_that_change_the_plot_s_width_draw_afresh() -> None:
    """The plot area widens for the longest row of equal values: an edit that breaks the
    longest one (the kept figure was measured for it) or makes a longer one draws afresh."""
    project = _project(rows=40, decimals=4)
    values = project.table("pts").data_sets[1].values
    values[:5, 0] = 2.0  # five equal values: the widest row of ties
    first = _same_as_fresh(project)
    fig = _kept_figure()
    values[0, 0] = 2.1  # four now: the plot narrows
    narrower = _same_as_fresh(project)
    assert narrower.width < first.width
    assert _kept_figure() is not fig
    fig = _kept_figure()
    values[20, 0] = 2.0  # five again
    assert _same_as_fresh(project).width == first.width
    assert _kept_figure() is not fig
    fig = _kept_figure()
    values[30, 0] = 2.1  # two rows of equal values: the widest is still five
    _same_as_fresh(project)
    assert _kept_figure() is fig


def test_changes_that_move_more_than_the_column_are_drawn_afresh() -> None:
    project = _project(rows=60, decimals=3)
    table = project.table("pts")
    graph = table.graph
    assert graph is not None
    _same_as_fresh(project)
    figures = {id(_kept_figure())}
    changes: list[Callable[[], object]] = [
        lambda: table.data_sets[3].values.__setitem__((4, 0), 40.0),  # the Y range grows
        lambda: table.data_sets[0].values.__setitem__((6, 0), np.nan),  # a point goes
        lambda: table.data_sets[0].values.__setitem__((6, 0), 1.0),  # and comes back
        lambda: graph.plot.options.__setitem__("mode", "meanWithSem"),  # a setting
    ]
    for change in changes:
        change()
        _same_as_fresh(project)
        assert id(_kept_figure()) not in figures  # drawn again
        figures.add(id(_kept_figure()))


def test_a_hidden_data_set_s_edit_draws_afresh() -> None:
    project = _project(rows=60, decimals=3)
    graph = project.table("pts").graph
    assert graph is not None
    graph.data_set_visibility = {"2": False}
    _same_as_fresh(project)
    fig = _kept_figure()
    project.table("pts").data_sets[2].values[3, 0] = 3.3
    _same_as_fresh(project)
    assert _kept_figure() is not fig
    fig = _kept_figure()
    project.table("pts").data_sets[1].values[3, 0] = 2.2  # a shown one: kept
    _same_as_fresh(project)
    assert _kept_figure() is fig


def test_a_drawing_that_warns_is_drawn_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """A warning is worded from the whole drawing: a kept figure that warned, or a column
    drawn again that would warn, leaves the picture to a fresh drawing."""
    project = _project(rows=60, decimals=3)
    _same_as_fresh(project)
    fig = _kept_figure()

    def warn(ctx: Any) -> None:
        ctx.warnings.append("a warning of the whole drawing")

    monkeypatch.setattr("plotdoc.render.summary_notes._warn_summary_rows", warn)
    project.table("pts").data_sets[1].values[3, 0] = 2.2
    shown = _same_as_fresh(project)
    assert shown.warnings == ["a warning of the whole drawing"]
    assert _kept_figure() is not fig
    fig = _kept_figure()
    project.table("pts").data_sets[1].values[4, 0] = 2.3  # the kept figure warned
    _same_as_fresh(project)
    assert _kept_figure() is not fig


def test_graphs_whose_marks_cross_the_columns_are_not_kept() -> None:
    for variant in ("column-mean-error-connected", "column-before-after"):
        assert not recolumn.updatable(_project(variant).table("pts"))
    project = _project()
    table = project.table("pts")
    assert recolumn.updatable(table)
    table.entry = "meanSdN"
    assert not recolumn.updatable(table)


def test_a_new_graph_title_and_cell_edits_after_it_draw_as_a_fresh_drawing() -> None:
    """A title the user gave (not the table's name) is set on the kept figure, as for a
    scatter, and cell edits go on drawing only their column."""
    project = _project(rows=60, decimals=3)
    table = project.table("pts")

    graph_title(table, "Run")
    _same_as_fresh(project)
    fig = _kept_figure()
    for k in range(3):
        graph_title(table, f"Run {k}")
        _same_as_fresh(project)
        table.data_sets[0].values[k, 0] = 1.2 + 0.1 * k
        _same_as_fresh(project)
    assert _kept_figure() is fig


NESTED_VARIANTS = sorted(v.id for v in VARIANTS.values() if v.family == "nested")


def _nested(variant: str = "nested-scatter", rows: int = 30, subgroups: int = 3) -> Project:
    """Four treatments of ``subgroups`` subgroups (sub-columns) of ``rows`` values each."""
    rng = np.random.default_rng(8)
    b = ProjectBuilder(title="nested")
    sets = {f"T{j}": np.round(rng.normal(size=(rows, subgroups)) + j + 1.5, 2) for j in range(4)}
    b.add_table("nested", sets, id="pts", graph=variant)
    return b.project()


@pytest.mark.parametrize("variant", NESTED_VARIANTS)
@pytest.mark.parametrize("preset", ["modern", "classic"])
def test_a_nested_graph_draws_the_changed_treatment_again(variant: str, preset: str) -> None:
    """A graph of a mark per treatment (the subgroups in lanes inside it) draws the changed
    treatment again on the kept figure; one of a mark per subgroup draws afresh."""
    project = _nested(variant)
    table = project.table("pts")
    assert table.graph is not None
    table.graph.active_preset_id = preset
    separated = VARIANTS[variant].arrangement is Arrangement.SEPARATED
    assert recolumn.updatable(table) == (not separated)
    _same_as_fresh(project)
    if separated:
        return
    fig = _kept_figure()
    values = table.data_sets[2].values
    for row, sub, value in ((5, 0, 3.4), (7, 2, 3.75), (5, 1, 3.6), (0, 2, 3.52)):
        values[row, sub] = value
        _same_as_fresh(project)
        assert _kept_figure() is fig
    values[3, 1] = 40.0  # past every other value: the axis moves, drawn afresh
    _same_as_fresh(project)
    assert _kept_figure() is not fig


def test_a_nested_cell_that_empties_or_fills_draws_afresh() -> None:
    project = _nested()
    values = project.table("pts").data_sets[1].values
    _same_as_fresh(project)
    fig = _kept_figure()
    values[4, 2] = np.nan  # a point goes: its ids change
    _same_as_fresh(project)
    assert _kept_figure() is not fig
    fig = _kept_figure()
    values[4, 2] = 2.5
    _same_as_fresh(project)
    assert _kept_figure() is not fig


SURVIVAL_VARIANTS = sorted(v.id for v in VARIANTS.values() if v.family == "survival")


def _survival(variant: str = "survival-staircase-ticks", rows: int = 60) -> Project:
    """Three groups of ``rows`` subjects: times (one column for all) and event codes."""
    rng = np.random.default_rng(9)
    b = ProjectBuilder(title="survival")
    times = np.round(rng.exponential(20.0, size=rows), 1) + 0.5
    codes = {f"Arm {j}": (rng.random(rows) < 0.7).astype(float) for j in range(3)}
    b.add_table("survival", codes, id="pts", x=times, graph=variant)
    return b.project()


@pytest.mark.parametrize("variant", SURVIVAL_VARIANTS)
@pytest.mark.parametrize(
    "options",
    [{}, {"outcome": "death", "showAs": "fractions"}, {"errorBars": "ci"}, {"errorBars": "se"}],
)
def test_a_survival_code_edit_draws_the_group_s_curve_again(
    variant: str, options: dict[str, Any]
) -> None:
    project = _survival(variant)
    table = project.table("pts")
    assert table.graph is not None
    table.graph.plot.options.update(options)
    assert recolumn.updatable(table)
    _same_as_fresh(project)
    fig = _kept_figure()
    codes = table.data_sets[1].values
    # an event censored, a censored subject's event, the group's first and last subject
    for row in (3, 8, 3, int(np.argmax(table.x)), int(np.argmin(table.x))):
        codes[row, 0] = 1.0 - codes[row, 0]
        _same_as_fresh(project)
    assert _kept_figure() is fig


@pytest.mark.parametrize("preset", ["classic", "starry"])
def test_a_survival_code_edit_in_another_preset_draws_as_a_fresh_drawing(preset: str) -> None:
    project = _survival()
    table = project.table("pts")
    assert table.graph is not None
    table.graph.active_preset_id = preset
    _same_as_fresh(project)
    fig = _kept_figure()
    for row in (4, 11):
        table.data_sets[0].values[row, 0] = 1.0 - table.data_sets[0].values[row, 0]
        _same_as_fresh(project)
    assert _kept_figure() is fig


def test_survival_edits_that_move_more_than_a_curve_draw_afresh() -> None:
    project = _survival()
    table = project.table("pts")
    _same_as_fresh(project)
    fig = _kept_figure()
    table.data_sets[2].values[5, 0] = np.nan  # a subject left out: a warning, drawn afresh
    _same_as_fresh(project)
    assert _kept_figure() is not fig
    fig = _kept_figure()
    assert table.x is not None
    table.x[7] = 300.0  # a time (the X column, every group's): drawn afresh
    _same_as_fresh(project)
    assert _kept_figure() is not fig


@pytest.mark.parametrize("option", ["showNumberAtRisk", "showCumulativeCensored"])
def test_a_survival_graph_with_a_table_of_counts_under_it_is_not_kept(option: str) -> None:
    table = _survival().table("pts")
    assert recolumn.updatable(table)
    assert table.graph is not None
    table.graph.plot.options[option] = True
    assert not recolumn.updatable(table)
