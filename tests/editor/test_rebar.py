"""A cell edit of a bar graph of many rows moves the changed bars on the kept figure and draws
again only the window they cover; the picture is a fresh drawing's, pixel for pixel, with
the same hit regions, plot frame and warnings; changes that move more draw afresh."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from plotdoc.builder import ProjectBuilder
from plotdoc.contract.styles import PRESET_IDS
from plotdoc.editor import kept_picture, rebar, redraw
from plotdoc.model import Project
from plotdoc.render.marks.primitives import MANY_BARS

from .test_redraw import _pixels, _same_as_fresh, graph_title

VARIANTS = ("grouped-interleaved-bars", "grouped-separated-bars")
SETS = 10  # from the eighth data set on, the themes fill bars with a pattern
#: rows per data set: Agg snaps the path of a data set's 200 bars (1,000 vertices) to pixels,
#: not that of 300 (see plotdoc.render.artists.window); both are drawn in windows
SNAPPED, UNSNAPPED = MANY_BARS // SETS, 300


def _project(
    variant: str = VARIANTS[0],
    rows: int = UNSNAPPED,
    entry: str = "meanSdN",
    least: float = 3.0,
) -> Project:
    """A grouped table of ``SETS`` data sets of ``rows`` rows: means, SD (or SEM) and N, or
    three replicates (``entry`` "values"); data set j's means are about ``least + j``."""
    rng = np.random.default_rng(11)
    b = ProjectBuilder(title="bars")
    sets = {}
    for j in range(SETS):
        mean = np.round(rng.normal(size=rows) + j + least, 3)
        if entry == "values":
            cells = mean[:, None] + np.round(rng.normal(scale=0.4, size=(rows, 3)), 3)
        else:
            cells = np.column_stack([mean, np.full(rows, 0.5), np.full(rows, 6.0)])
        sets[f"G{j}"] = cells
    b.add_table("grouped", sets, id="pts", entry=entry, graph=variant)
    return b.project()


def _counts(variant: str = "contingency-interleaved-bar", rows: int = UNSNAPPED) -> Project:
    """A contingency table of ``SETS`` data sets of ``rows`` counts (data set j's about
    ``20 + 5 j``)."""
    rng = np.random.default_rng(12)
    b = ProjectBuilder(title="counts")
    sets = {f"C{j}": rng.poisson(20 + 5 * j, size=rows).astype(float) for j in range(SETS)}
    b.add_table("contingency", sets, id="pts", graph=variant)
    return b.project()


pytestmark = pytest.mark.usefixtures("nothing_kept")


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each drawing drew only the window the edit changed."""
    drawn: list[bool] = []
    real = kept_picture.window_drawn

    def spy(*args: Any) -> bool:
        done = real(*args)
        drawn.append(done)
        return done

    monkeypatch.setattr(kept_picture, "window_drawn", spy)
    return drawn


def _kept_figure() -> Any:
    kept = redraw._kept
    assert kept is not None and kept.bar_graph
    return kept.fig


def _cells(project: Project, i: int) -> Any:
    return project.table("pts").data_sets[i].values


@pytest.mark.parametrize("rows", [SNAPPED, UNSNAPPED])
def test_a_summary_cell_edit_draws_only_the_window_of_the_moved_bar(
    rows: int, windows: list[bool]
) -> None:
    project = _project(rows=rows)
    before = _pixels(_same_as_fresh(project).png)
    fig = _kept_figure()
    for k, mean in enumerate((3.4, 2.9, 3.7, 3.1, 3.2)):
        _cells(project, 1)[20 + k % 3, 0] = mean
        shown = _same_as_fresh(project)
        assert _kept_figure() is fig  # moved on the kept figure, not drawn afresh
    assert windows == [True] * 5  # the first edit too, on the fresh drawing's picture
    assert not np.array_equal(_pixels(shown.png), before)  # and the picture did change
    kept = redraw._kept
    assert kept is not None and kept.bars is not None and set(kept.bars.rects) == set(range(SETS))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("preset", PRESET_IDS)
def test_every_preset_draws_as_a_fresh_drawing(
    variant: str, preset: str, windows: list[bool]
) -> None:
    project = _project(variant)
    graph = project.table("pts").graph
    assert graph is not None
    graph.active_preset_id = preset
    _same_as_fresh(project)
    fig = _kept_figure()
    for i, row, column, value in (
        (0, 3, 0, 3.6),  # a mean
        (9, 7, 1, 0.8),  # an SD: the error bar alone moves (a patterned data set)
        (4, 150, 0, 7.1),
        (9, 7, 0, 11.8),
        (2, 0, 1, 0.2),
    ):
        _cells(project, i)[row, column] = value
        _same_as_fresh(project)
    assert _kept_figure() is fig
    assert windows and all(windows)


def _sweep() -> Iterator[tuple[str, str, str, bool, str | None]]:
    for variant in VARIANTS:
        for entry, mode in (("meanSdN", "meanWithSem"), ("meanSemN", "meanWithSd")):
            yield variant, entry, mode, False, None
        for mode in ("meanWithSd", "meanWithCi95", "median", "meanWithRange"):
            yield variant, "values", mode, False, None
        yield variant, "meanSdN", "meanWithSd", True, None
        yield variant, "values", "meanWithSd", True, "log10"
        yield variant, "meanSdN", "meanWithSd", False, "log10"


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "entry", "mode", "flip", "scale"), list(_sweep()))
def test_every_entry_mode_direction_and_scale_draws_as_a_fresh_drawing(
    variant: str, entry: str, mode: str, flip: bool, scale: str | None
) -> None:
    project = _project(variant, entry=entry, least=3.0 if scale is None else 6.0)
    graph = project.table("pts").graph
    assert graph is not None
    graph.plot.options["mode"] = mode
    graph.plot.options["flipXY"] = flip
    if scale is not None:
        graph.axes.setdefault("leftY", {})["scale"] = scale
    _same_as_fresh(project)
    fig = _kept_figure()
    cells = _cells(project, 1)
    for row, step in ((5, 0.05), (6, -0.08), (5, 0.1), (90, -0.04)):
        cells[row, 0] += step  # a small change: the axes keep their range
        _same_as_fresh(project)
    assert _kept_figure() is fig


def test_a_legend_over_the_bars_is_drawn_with_them(windows: list[bool]) -> None:
    """A legend in the plot area is drawn over the bars: an edit under it draws every bar and
    the legend again, not a window."""
    project = _project()
    graph = project.table("pts").graph
    assert graph is not None
    graph.legend = {**(graph.legend or {}), "position": "upperLeft"}
    _same_as_fresh(project)
    fig = _kept_figure()
    for value in (11.3, 11.8, 11.5):
        _cells(project, 0)[1, 0] = value  # a tall bar of the first rows: under the legend
        _same_as_fresh(project)
        _cells(project, 5)[100, 0] = value - 3.0  # in the middle: beside it
        _same_as_fresh(project)
    assert _kept_figure() is fig
    assert False in windows and True in windows


def test_edits_that_move_more_than_their_bars_are_drawn_afresh(windows: list[bool]) -> None:
    project = _project()
    table = project.table("pts")
    graph = table.graph
    assert graph is not None
    _same_as_fresh(project)
    figures = {id(_kept_figure())}
    changes: list[Callable[[], object]] = [
        lambda: _cells(project, 3).__setitem__((4, 0), 40.0),  # the value range grows
        lambda: _cells(project, 3).__setitem__((4, 0), 6.0),  # and shrinks back
        lambda: _cells(project, 0).__setitem__((6, 0), np.nan),  # a bar goes
        lambda: _cells(project, 0).__setitem__((6, 0), 3.0),  # and comes back
        lambda: table.__setattr__("row_labels", [f"row {r}" for r in range(table.n_rows)]),
        lambda: graph.plot.options.__setitem__("mode", "meanWithSem"),  # a setting
    ]
    for change in changes:
        change()
        _same_as_fresh(project)
        assert id(_kept_figure()) not in figures  # drawn again
        figures.add(id(_kept_figure()))
    assert windows == []


def test_an_error_bar_that_goes_and_comes_back_is_kept(windows: list[bool]) -> None:
    """An error bar that goes is set to its bar's end (a bar of no length, not drawn), so
    it can come back on the kept figure; one where none was drawn is drawn afresh."""
    project = _project(entry="values")
    _cells(project, 3)[9, 1:] = np.nan  # one value: no error bar
    _same_as_fresh(project)
    fig = _kept_figure()
    cells = _cells(project, 2)
    for equal in (False, True, False):
        cells[8, 1:] = cells[8, 0] if equal else np.nan  # three equal values, or one: none
        _same_as_fresh(project)
        cells[8, 1:] = [cells[8, 0] - 0.2, cells[8, 0] + 0.1]  # its error bar again
        _same_as_fresh(project)
    assert _kept_figure() is fig and all(windows)
    _cells(project, 3)[9, 1] = _cells(project, 3)[9, 0] + 0.1  # an error bar appears
    _same_as_fresh(project)
    assert _kept_figure() is not fig


def test_bars_that_gain_or_lose_their_edges_are_drawn_afresh(windows: list[bool]) -> None:
    """Bars narrower or lower than three edge widths (the median of a data set's) are filled
    only: an edit that moves the median across that line changes every bar of the data
    set, and is drawn afresh."""
    project = _project()
    graph = project.table("pts").graph
    assert graph is not None
    per = graph.style_overrides.setdefault("perDataSet", {})
    per["G1"] = {"bar": {"borderWidth": 0.02, "borderColor": {"hex": "#000000"}}}
    cells = _cells(project, 1)
    cells[: UNSNAPPED // 2, 0] = 0.0001  # half the bars a hair high: the median is not
    _same_as_fresh(project)
    fig = _kept_figure()
    cells[UNSNAPPED - 1, 0] = 4.5  # a tall bar stays tall: kept
    _same_as_fresh(project)
    assert _kept_figure() is fig
    cells[UNSNAPPED - 1, 0] = 0.0001  # most are a hair high now: no edges
    _same_as_fresh(project)
    assert _kept_figure() is not fig


def test_an_edit_of_a_row_without_a_bar_changes_nothing_drawn(windows: list[bool]) -> None:
    project = _project()
    _cells(project, 4)[12] = np.nan  # an empty cell: no bar, no error bar
    _same_as_fresh(project)
    fig = _kept_figure()
    _cells(project, 1)[3, 0] = 3.9
    _same_as_fresh(project)
    _cells(project, 4)[12, 2] = 5.0  # an N alone: still no bar
    _same_as_fresh(project)
    _same_as_fresh(project)  # nothing changed (another table's edit): nothing drawn
    assert _kept_figure() is fig
    assert windows == [True, True, True]


def test_a_hidden_data_set_s_edit_draws_afresh() -> None:
    project = _project()
    graph = project.table("pts").graph
    assert graph is not None
    graph.data_set_visibility = {"2": False}
    _same_as_fresh(project)
    fig = _kept_figure()
    _cells(project, 2)[3, 0] = 3.3
    _same_as_fresh(project)
    assert _kept_figure() is not fig
    fig = _kept_figure()
    _cells(project, 1)[3, 0] = 3.2  # a shown one: kept
    _same_as_fresh(project)
    assert _kept_figure() is fig


def test_a_warning_that_follows_the_cells_draws_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept drawing's own warnings (category labels left out, which no cell changes)
    stay; a drawing whose cells give a warning leaves the picture to a fresh drawing."""
    project = _project()
    shown = _same_as_fresh(project)
    assert any("category labels are not shown" in w for w in shown.warnings)
    fig = _kept_figure()
    _cells(project, 1)[3, 0] = 3.2
    _same_as_fresh(project)
    assert _kept_figure() is fig  # kept, its warnings with it

    def warn(ctx: Any) -> None:
        ctx.warnings.append("a warning of the whole drawing")

    monkeypatch.setattr("plotdoc.render.summary_notes._warn_summary_rows", warn)
    _cells(project, 1)[4, 0] = 3.3
    assert "a warning of the whole drawing" in _same_as_fresh(project).warnings
    assert _kept_figure() is not fig
    fig = _kept_figure()
    _cells(project, 1)[5, 0] = 3.4  # the kept figure warned so
    _same_as_fresh(project)
    assert _kept_figure() is not fig


def test_a_warning_the_edit_ends_draws_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept drawing that gave a warning which follows the cells is not kept, even when
    the edit ends the warning (its warnings would be the kept drawing's)."""
    project = _project()

    def warn(ctx: Any) -> None:
        if ctx.table.data_sets[1].values[3, 0] == 3.25:
            ctx.warnings.append("a warning of one cell")

    monkeypatch.setattr("plotdoc.render.summary_notes._warn_summary_rows", warn)
    _cells(project, 1)[3, 0] = 3.25
    assert "a warning of one cell" in _same_as_fresh(project).warnings
    fig = _kept_figure()
    _cells(project, 1)[3, 0] = 3.5
    assert "a warning of one cell" not in _same_as_fresh(project).warnings
    assert _kept_figure() is not fig


@pytest.mark.parametrize("variant", ["contingency-interleaved-bar", "contingency-separated-bar"])
@pytest.mark.parametrize(
    "preset", [PRESET_IDS[0], pytest.param(PRESET_IDS[-1], marks=pytest.mark.slow)]
)
def test_a_count_edit_of_a_contingency_table_draws_only_its_window(
    variant: str, preset: str, windows: list[bool]
) -> None:
    project = _counts(variant)
    graph = project.table("pts").graph
    assert graph is not None
    graph.active_preset_id = preset
    before = _pixels(_same_as_fresh(project).png)
    fig = _kept_figure()
    for i, row, count in ((1, 20, 31.0), (9, 7, 50.0), (4, 150, 0.0), (9, 7, 48.0)):
        _cells(project, i)[row, 0] = count  # data set 9's bars are patterned
        shown = _same_as_fresh(project)
        assert _kept_figure() is fig
    assert windows == [True] * 4
    assert not np.array_equal(_pixels(shown.png), before)
    _cells(project, 2)[5, 0] = np.nan  # its bar goes: drawn afresh
    _same_as_fresh(project)
    assert _kept_figure() is not fig


def test_only_bars_side_by_side_of_grouped_and_contingency_tables_are_kept() -> None:
    assert all(rebar.updatable(_project(v).table("pts")) for v in VARIANTS)
    assert not rebar.updatable(_project("grouped-stacked-bars", rows=5).table("pts"))
    scatter_bar = "grouped-interleaved-scatter-bar"  # (points: raw values only)
    assert not rebar.updatable(_project(scatter_bar, rows=5, entry="values").table("pts"))
    table = _project(rows=5).table("pts")
    table.analyses = [{"id": "a", "type": "twoWayAnova"}]  # type: ignore[list-item]
    assert not rebar.updatable(table)
    # a contingency table's bars side by side too: a count per bar, no error bars
    assert rebar.updatable(_counts("contingency-separated-bar", rows=5).table("pts"))
    assert not rebar.updatable(_counts("contingency-stacked-bar", rows=5).table("pts"))


def test_a_graph_of_too_many_bars_is_left_to_a_child_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The editor draws a kept figure in a thread; a graph of more than ``MAX_BARS`` bars,
    whose fresh drawing takes seconds, is drawn in a child process that Cancel ends."""
    table = _project().table("pts")
    assert rebar.updatable(table)
    monkeypatch.setattr(rebar, "MAX_BARS", UNSNAPPED * SETS - 1)
    assert not rebar.updatable(table) and not redraw.updatable(table)


def test_few_bars_are_drawn_afresh(windows: list[bool]) -> None:
    """Under ``MANY_BARS`` each bar is its own artist, quick to draw afresh."""
    project = _project(rows=20)
    _same_as_fresh(project)
    fig = _kept_figure()
    _cells(project, 1)[3, 0] = 3.2
    _same_as_fresh(project)
    assert _kept_figure() is not fig
    assert windows == []


@pytest.mark.parametrize("first", ["title", "cells"])
def test_a_new_graph_title_and_cell_edits_draw_as_a_fresh_drawing(
    first: str, windows: list[bool]
) -> None:
    """A title the user gave is set on the kept figure, as for a scatter, with a cell edit
    or before or after one (the fresh drawing's picture no longer shows the graph once the
    title changed); cell edits go on drawing their windows."""
    project = _project()
    table = project.table("pts")

    graph_title(table, "Run")
    _same_as_fresh(project)
    fig = _kept_figure()
    # both at once, before the first edit: the fresh picture shows neither
    graph_title(table, "Run and a cell")
    _cells(project, 3)[7, 0] = 5.7
    _same_as_fresh(project)
    for k in range(3):
        if first == "title":
            graph_title(table, f"Run {k}")
            _same_as_fresh(project)
        _cells(project, 2)[k, 0] = 4.2 + 0.1 * k
        _same_as_fresh(project)
        if first == "cells":
            graph_title(table, f"Run {k}")
            _same_as_fresh(project)
    assert _kept_figure() is fig
    assert windows.count(True) >= 2
