"""An axis range edit set on the kept scatter: every picture is the one a fresh drawing gives,
pixel for pixel, with the same hit regions, plot frame and warnings; the edits whose drawing
follows the range otherwise (symbols beyond it, a log axis, an automatic end, reference lines,
an origin in data units...) are drawn afresh."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from plotdoc.editor import redraw
from plotdoc.model import Annotation, Project

from .test_redraw import _pixels, _same_as_fresh
from .test_restyle import _graph
from .test_restyle import _project as scatter_project

pytestmark = pytest.mark.usefixtures("nothing_kept")


def _project(preset: str = "modern") -> Project:
    return scatter_project(300, preset)


def _axis(project: Project, key: str) -> dict[str, Any]:
    node: dict[str, Any] = _graph(project).axes.setdefault(key, {})
    return node


def _kept_fig() -> Any:
    kept = redraw._kept
    assert kept is not None
    return kept.fig


#: a graph's settings before its range edits: a reversed axis, ticks every step, bold tick
#: labels, an offset frame, a legend inside the plot
SETTINGS: dict[str, Callable[[Project], None]] = {
    "plain": lambda p: None,
    "reversed Y": lambda p: _axis(p, "leftY").update(reverse=True),
    "ticks every 2": lambda p: _axis(p, "leftY").update(majorInterval=2, minorTicks=1),
    "bold tick labels": lambda p: _axis(p, "titlesAndFonts").update(
        tickLabelFont={"bold": True, "size": 13}
    ),
    "offset frame": lambda p: _axis(p, "frameAndOrigin").update(
        frameStyle="offsetXY", majorGrid={"show": True}
    ),
    "legend in the plot": lambda p: _graph(p).legend.update(position="upperLeft"),
}

#: range edits in a row: (axis, end, value)
EDITS = [
    ("leftY", "rangeMax", 8.0),
    ("leftY", "rangeMax", 120.0),  # wider tick labels: the picture grows to the left
    ("leftY", "rangeMin", -6.5),
    ("xContinuous", "rangeMax", 450.0),
    ("xContinuous", "rangeMin", -20.0),
    ("leftY", "rangeMax", 7.25),
]


@pytest.mark.parametrize("preset", ["modern", "classic", "starry"])
@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_range_edits_are_set_on_the_kept_figure(preset: str, setting: str) -> None:
    project = _project(preset)
    SETTINGS[setting](project)
    _same_as_fresh(project)
    fig = _kept_fig()
    pictures = []
    for key, end, value in EDITS:
        _axis(project, key)[end] = value
        pictures.append(_pixels(_same_as_fresh(project).png))
        assert _kept_fig() is fig  # set on the kept figure, not drawn afresh
    assert all(not np.array_equal(a, b) for a, b in itertools.pairwise(pictures))
    # a cell edit after the range edits moves its symbols over a newly taken picture
    project.table("pts").data_sets[1].values[7, 0] = 2.5
    _same_as_fresh(project)
    kept = redraw._kept
    assert kept is not None and kept.fig is fig and kept.background is not None
    _axis(project, "leftY")["rangeMax"] = 9.0  # and a range edit after the cell edit
    _same_as_fresh(project)
    assert _kept_fig() is fig


def _annotated(p: Project) -> None:
    p.table("pts").annotations.append(
        Annotation(id="note", type="text", props={"x": 10.0, "y": 1.0, "text": "n = 3"})
    )


#: edits drawn afresh, each made on a graph whose range is set (0 to 10 on Y)
AFRESH: dict[str, Callable[[Project], None]] = {
    "an end back to automatic": lambda p: _axis(p, "leftY").update(rangeMax="auto"),
    "symbols beyond the range": lambda p: _axis(p, "leftY").update(rangeMax=1.0),
    "a minimum above the maximum": lambda p: _axis(p, "leftY").update(rangeMin=12.0),
    "ticks that do not fit": lambda p: _axis(p, "leftY").update(rangeMax=1e90),
    "a log axis": lambda p: _axis(p, "leftY").update(scale="log10", rangeMax=20.0),
    "a range and another setting": lambda p: _axis(p, "leftY").update(rangeMax=11.0, reverse=True),
}

#: graphs whose range edit is drawn afresh: something else follows the range
FOLLOWS: dict[str, Callable[[Project], None]] = {
    "a reference line": lambda p: _axis(p, "leftY").update(referenceLines=[{"value": 1.0}]),
    "an origin in data units": lambda p: _axis(p, "frameAndOrigin").update(
        originMode="custom", originY=1.0
    ),
    "a right axis": lambda p: _axis(p, "rightY").update(show=True),
    "an annotation": _annotated,
    "a legend at the top": lambda p: _graph(p).legend.update(position="top"),
}


@pytest.mark.parametrize("edit", sorted(AFRESH))
def test_range_edits_that_change_more_are_drawn_afresh(edit: str) -> None:
    project = _project()
    _axis(project, "leftY").update(rangeMin=-4.0, rangeMax=10.0, majorInterval=1)
    _same_as_fresh(project)
    fig = _kept_fig()
    AFRESH[edit](project)
    _same_as_fresh(project)
    assert _kept_fig() is not fig


@pytest.mark.parametrize("graph", sorted(FOLLOWS))
def test_a_range_edit_of_a_graph_that_follows_its_range_is_drawn_afresh(graph: str) -> None:
    project = _project()
    FOLLOWS[graph](project)
    _same_as_fresh(project)
    fig = _kept_fig()
    _axis(project, "leftY")["rangeMax"] = 9.0
    _same_as_fresh(project)
    assert _kept_fig() is not fig


def test_a_graph_that_warned_is_drawn_afresh_and_one_that_stops_warning_too() -> None:
    project = _project()
    _axis(project, "leftY")["rangeMax"] = 1.0  # symbols beyond: a warning
    assert _same_as_fresh(project).warnings
    fig = _kept_fig()
    _axis(project, "leftY")["rangeMax"] = 10.0
    assert not _same_as_fresh(project).warnings
    assert _kept_fig() is not fig
