"""A data set's symbols recoloured, the legend moved or restyled: set on the kept figure, and
every picture is the one a fresh drawing gives, pixel for pixel, with the same hit regions
and warnings; looks that warn, a legend at the top and any other style change are drawn
afresh."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from plotdoc.builder import ProjectBuilder
from plotdoc.editor import redraw
from plotdoc.editor.restyle import apart, recolours
from plotdoc.model import Annotation, Graph, PlotConfig, Project

from .test_redraw import _pixels, _same_as_fresh


def _project(rows: int, preset: str = "modern") -> Project:
    rng = np.random.default_rng(11)
    b = ProjectBuilder(title="points")
    b.add_table(
        "xy",
        {"A": rng.normal(size=rows), "B": rng.normal(size=rows) + 2.0, "C": rng.normal(size=rows)},
        x=np.arange(float(rows)),
        id="pts",
        graph="scatter",
    )
    project = b.project()
    graph = project.table("pts").graph
    assert graph is not None
    graph.active_preset_id = preset
    return project


def _graph(project: Project) -> Graph:
    graph = project.table("pts").graph
    assert graph is not None
    return graph


def _colour(project: Project, name: str, value: Any) -> None:
    per = _graph(project).style_overrides.setdefault("perDataSet", {})
    if value is None:
        per.get(name, {}).get("symbol", {}).pop("color", None)
    else:
        per.setdefault(name, {}).setdefault("symbol", {})["color"] = value


pytestmark = pytest.mark.usefixtures("nothing_kept")


#: colours that read on a light background, and on starry's dark one
DARK = ("#C00000", "#005000", "#1F3A93")
LIGHT = ("#FF8080", "#A0FFA0", "#80C0FF")


@pytest.mark.parametrize(
    ("rows", "preset", "legend", "colours"),
    [
        (3000, "modern", "auto", DARK),  # past the crowd limit: shrunk, translucent symbols
        (3000, "classic", "upperLeft", DARK),  # a legend inside the plot, over the symbols
        (40, "starry", "auto", LIGHT),  # a few symbols, drawn at full size with their borders
        (40, "modern", "bottom", DARK),
    ],
)
def test_a_symbol_colour_is_set_on_the_kept_figure(
    rows: int, preset: str, legend: str, colours: tuple[str, str, str]
) -> None:
    project = _project(rows, preset)
    _graph(project).legend = {**(_graph(project).legend or {}), "position": legend}
    _same_as_fresh(project)
    project.table("pts").data_sets[2].values[3, 0] += 0.01  # the kept picture is taken
    first = _pixels(_same_as_fresh(project).png)
    kept = redraw._kept
    assert kept is not None and kept.background is not None
    fig = kept.fig
    pictures = [first]
    for name, value in (
        ("A", {"hex": colours[0]}),
        ("C", {"hex": colours[1], "alpha": 0.8}),
        ("A", {"hex": colours[2]}),
        ("A", None),  # back to the preset's colour
    ):
        _colour(project, name, value)
        pictures.append(_pixels(_same_as_fresh(project).png))
        assert redraw._kept is not None and redraw._kept.fig is fig  # recoloured, not drawn again
    assert not np.array_equal(pictures[1], pictures[0])  # the picture did change
    kept = redraw._kept
    assert kept is not None and kept.background is not None  # restored, not drawn whole
    assert "legend" in {str(a.get_gid()) for a in kept.live}  # its swatches drawn again
    # and a cell edit after a recolour still moves the symbols of the same figure
    project.table("pts").data_sets[0].values[5, 0] = 0.25
    _same_as_fresh(project)
    assert redraw._kept is not None and redraw._kept.fig is fig


@pytest.mark.parametrize(
    "change",
    [
        # a colour that nearly vanishes on the white background: a warning names it
        lambda g: g.style_overrides.update(
            {"perDataSet": {"A": {"symbol": {"color": {"hex": "#FAFAFA"}}}}}
        ),
        # not a colour
        lambda g: g.style_overrides.update({"perDataSet": {"A": {"symbol": {"size": 9}}}}),
        lambda g: g.style_overrides.update({"global": {"symbol": {"color": {"hex": "#C00000"}}}}),
        # a point with a style of its own
        lambda g: g.style_overrides.update(
            {
                "perDataSet": {"A": {"symbol": {"color": {"hex": "#C00000"}}}},
                "perPoint": {"A": {"3": {"symbol": {"size": 12}}}},
            }
        ),
        # a legend entry hidden
        lambda g: (
            g.style_overrides.update(
                {"perDataSet": {"A": {"symbol": {"color": {"hex": "#C00000"}}}}}
            )
            or g.legend.update({"itemOverrides": {"1": {"hidden": True}}})
        ),
    ],
)
def test_other_style_changes_are_drawn_afresh(change: Any) -> None:
    project = _project(40)
    _same_as_fresh(project)
    kept = redraw._kept
    assert kept is not None
    fig = kept.fig
    change(_graph(project))
    _same_as_fresh(project)
    assert redraw._kept is not None and redraw._kept.fig is not fig


def test_a_warning_that_goes_with_the_new_colour_is_drawn_afresh() -> None:
    project = _project(40)
    _colour(project, "A", {"hex": "#FAFAFA"})
    assert _same_as_fresh(project).warnings  # the pale colour is named
    fig = redraw._kept.fig if redraw._kept else None
    _colour(project, "A", {"hex": "#C00000"})
    assert not _same_as_fresh(project).warnings
    assert redraw._kept is not None and redraw._kept.fig is not fig


LEGENDS: list[dict[str, Any]] = [
    {"position": "upperLeft"},
    {"position": "right"},
    {"position": "lowerRight", "frame": True},
    {"position": "bottom", "columns": 3},
    {"position": "left", "fontSize": 14, "title": "Groups"},
    {"position": "auto", "itemOverrides": {"1": {"text": "Treated (n = 3000)"}}},
    {"position": "upperRight", "itemOverrides": {"2": {"hidden": True}}},
    {"position": "upperRight", "show": False},
    {"position": "lowerLeft", "show": True},
]


@pytest.mark.parametrize("rows", [3000, 40])
def test_a_legend_moved_or_restyled_is_drawn_again_on_the_kept_figure(rows: int) -> None:
    project = _project(rows)
    _same_as_fresh(project)
    kept = redraw._kept
    assert kept is not None
    fig = kept.fig
    for change in LEGENDS:
        _graph(project).legend = {**(_graph(project).legend or {}), **change}
        _same_as_fresh(project)
        assert redraw._kept is not None and redraw._kept.fig is fig, change
        project.table("pts").data_sets[1].values[7, 0] += 0.01  # and a cell edit after it
        _same_as_fresh(project)
        assert redraw._kept is not None and redraw._kept.fig is fig, change


def test_a_legend_at_the_top_is_drawn_afresh() -> None:
    project = _project(40)
    _same_as_fresh(project)
    fig = redraw._kept.fig if redraw._kept else None
    _graph(project).legend = {**(_graph(project).legend or {}), "position": "top"}
    _same_as_fresh(project)  # the graph title is raised above it
    assert redraw._kept is not None and redraw._kept.fig is not fig
    fig = redraw._kept.fig
    _graph(project).legend = {**(_graph(project).legend or {}), "position": "right"}
    _same_as_fresh(project)  # and lowered again
    assert redraw._kept is not None and redraw._kept.fig is not fig


def test_legend_entries_that_come_to_look_alike_are_drawn_afresh() -> None:
    project = _project(40)
    circle = {"shape": "circle"}
    _graph(project).style_overrides["perDataSet"] = {
        "A": {"symbol": dict(circle)},
        "B": {"symbol": {**circle, "color": {"hex": "#C00000"}}},
    }
    assert not _same_as_fresh(project).warnings
    fig = redraw._kept.fig if redraw._kept else None
    _colour(project, "A", {"hex": "#C00000"})  # now A and B look the same in the legend
    assert any("look alike" in w or "alike" in w for w in _same_as_fresh(project).warnings)
    assert redraw._kept is not None and redraw._kept.fig is not fig


def test_only_symbol_colours_of_data_sets_count_as_recolouring() -> None:
    plot = PlotConfig("xy", {})
    old = Graph("scatter", plot, style_overrides={"perDataSet": {"A": {"symbol": {"size": 4}}}})

    def new(**change: Any) -> Graph:
        return Graph("scatter", plot, **change)

    symbol = {"A": {"symbol": {"size": 4, "color": {"hex": "#C00000"}}}}
    assert recolours(old, new(style_overrides={"perDataSet": symbol})) == {"A"}
    line = {"A": {"symbol": {"size": 4}, "line": {"color": {"hex": "#C00000"}}}}
    assert recolours(old, new(style_overrides={"perDataSet": line})) is None
    assert (
        recolours(old, new(style_overrides={"perDataSet": {"A": {"symbol": {"size": 5}}}})) is None
    )
    same = new(style_overrides=old.style_overrides, active_preset_id="classic")
    assert recolours(old, same) is None  # the preset changes every colour and more
    assert recolours(old, new(style_overrides=old.style_overrides)) == set()


def test_a_legend_that_meets_another_artist_is_not_drawn_apart() -> None:
    """Drawn apart (after the live artists, over the kept picture) only when it meets nothing:
    an artist under a legend beside the plot would then be drawn over it."""
    project = _project(40)
    _same_as_fresh(project)
    kept = redraw._kept
    assert kept is not None
    renderer = kept.fig.canvas.get_renderer()
    ax = kept.fig.axes[0]
    legend = ax.get_legend()
    assert legend is not None and apart(kept.fig, renderer, legend)  # beside the plot
    x0, y0, x1, y1 = legend.get_window_extent(renderer).extents
    under = ax.annotate("note", ((x0 + x1) / 2, (y0 + y1) / 2), xycoords="figure pixels")
    assert not apart(kept.fig, renderer, legend)
    under.remove()
    assert apart(kept.fig, renderer, legend)


NOTES: list[Annotation] = [
    Annotation("t1", "text", {"text": "n = 40", "x": 20.0, "y": 180.0}),
    Annotation(
        "s1",
        "shape",
        {"shape": "arrow", "points": [{"x": 40.0, "y": 40.0}, {"x": 120.0, "y": 90.0}]},
    ),
    Annotation(
        "t2", "text", {"text": "outlier", "x": 12.0, "y": 1.5, "coordinates": "data", "bold": True}
    ),
]


def test_annotations_added_moved_and_removed_are_drawn_on_the_kept_figure() -> None:
    project = _project(3000)
    table = project.table("pts")
    _same_as_fresh(project)
    kept = redraw._kept
    assert kept is not None
    fig = kept.fig
    for note in NOTES:  # added one by one
        table.annotations.append(copy.deepcopy(note))
        _same_as_fresh(project)
        assert redraw._kept is not None and redraw._kept.fig is fig
    table.annotations[0].props["x"] = 60.0  # moved
    table.annotations[2].props["text"] = "far out"
    _same_as_fresh(project)
    table.data_sets[0].values[8, 0] = 0.5  # a cell edit with annotations on the graph
    _same_as_fresh(project)
    del table.annotations[1]  # removed
    _same_as_fresh(project)
    # a colour and the legend changed under the annotations, which stay drawn over them
    _colour(project, "B", {"hex": "#C00000"})
    _same_as_fresh(project)
    _graph(project).legend = {**(_graph(project).legend or {}), "position": "upperLeft"}
    _same_as_fresh(project)
    table.annotations.append(
        Annotation("t3", "text", {"text": "over the legend", "x": 8.0, "y": 200.0})
    )
    _same_as_fresh(project)
    assert redraw._kept is not None and redraw._kept.fig is fig


def test_an_annotation_that_cannot_be_placed_warns_as_a_fresh_drawing_does() -> None:
    project = _project(40)
    table = project.table("pts")
    for ds in table.data_sets:  # every value above zero, on a log Y axis
        ds.values[:] = np.abs(ds.values) + 0.1
    graph = _graph(project)
    graph.axes = {**graph.axes, "leftY": {**graph.axes.get("leftY", {}), "scale": "log10"}}
    assert not _same_as_fresh(project).warnings
    fig = redraw._kept.fig if redraw._kept else None
    below = {"text": "here", "x": 5.0, "y": -1.0, "coordinates": "data"}
    table.annotations.append(Annotation("t", "text", below))
    assert _same_as_fresh(project).warnings  # not drawn, and said so
    assert redraw._kept is not None and redraw._kept.fig is fig
    table.annotations.append(Annotation("u", "text", {"text": "later", "x": 5.0, "y": 5.0}))
    assert _same_as_fresh(project).warnings  # the drawing warned: drawn afresh
    assert redraw._kept is not None and redraw._kept.fig is not fig
