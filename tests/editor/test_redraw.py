"""The graph kept between edits: a cell edit moves the changed data set's symbols, and the
picture is the one a fresh drawing gives, pixel for pixel; other changes draw afresh."""

from __future__ import annotations

import io
from collections.abc import Callable

import numpy as np
import pytest
from PIL import Image

from plotdoc.builder import ProjectBuilder
from plotdoc.editor import hits, redraw
from plotdoc.editor.work import project_copy
from plotdoc.model import Project, Table

ROWS = 3000  # past the crowd limit: the symbols are shrunk and translucent


def _project() -> Project:
    rng = np.random.default_rng(7)
    b = ProjectBuilder(title="points")
    b.add_table(
        "xy",
        {"A": rng.normal(size=ROWS), "B": rng.normal(size=ROWS) + 2.0},
        x=np.arange(float(ROWS)),
        id="pts",
        graph="scatter",
    )
    return b.project()


def _pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))


def _same_as_fresh(project: Project) -> hits.Screen:
    shown = redraw.screen(project_copy(project), "pts")
    fresh = hits.screen(project_copy(project), "pts")
    assert (shown.width, shown.height) == (fresh.width, fresh.height)
    assert np.array_equal(_pixels(shown.png), _pixels(fresh.png))
    assert shown.regions == fresh.regions
    assert shown.frame == fresh.frame
    assert shown.warnings == fresh.warnings
    return shown


def graph_title(table: Table, text: str) -> None:
    """Give ``table``'s graph the title ``text`` (as the editor's title edit does)."""
    table.titles = {**table.titles, "graph": {**table.titles.get("graph", {}), "text": text}}


pytestmark = pytest.mark.usefixtures("nothing_kept")


def test_a_cell_edit_moves_the_symbols_of_the_kept_figure() -> None:
    project = _project()
    _same_as_fresh(project)
    kept = redraw._kept
    assert kept is not None and 0 in kept.symbols and 1 in kept.symbols
    fig = kept.fig
    values = project.table("pts").data_sets[1].values
    before = _pixels(_same_as_fresh(project).png)
    values[10, 0] = 2.5  # inside the range: the axes stay as they are
    after = _same_as_fresh(project)
    assert redraw._kept is not None and redraw._kept.fig is fig  # moved, not drawn again
    assert not np.array_equal(_pixels(after.png), before)  # and the picture did change


@pytest.mark.parametrize("legend", ["auto", "upperLeft"])
def test_after_an_edit_only_the_symbols_are_drawn_again(legend: str) -> None:
    """The axes, axis titles and a legend beside the plot are kept as drawn; a legend inside
    the plot area is drawn again over the symbols, as a full drawing draws it, and the graph
    title, which meets nothing else, apart from the kept picture (a new title is then drawn
    as the symbols are). Every picture is the fresh drawing's, edit after edit."""
    project = _project()
    graph = project.table("pts").graph
    assert graph is not None
    graph.legend = {**(graph.legend or {}), "position": legend}
    _same_as_fresh(project)
    values = project.table("pts").data_sets[0].values
    for k, value in enumerate((0.5, -0.25, 1.0, 0.0)):
        values[20 + k, 0] = value
        _same_as_fresh(project)
        kept = redraw._kept
        assert kept is not None and kept.background is not None  # restored, not drawn whole
    live = {str(a.get_gid()) for a in kept.live}
    assert live >= {"symbols/ds0", "symbols/ds1"}
    assert ("legend" in live) == (legend == "upperLeft")
    assert not live & {"axis/x", "axis/y"}
    assert "title/graph" in live and kept.title is not None


def test_changes_that_move_more_than_the_symbols_are_drawn_afresh() -> None:
    project = _project()
    table = project.table("pts")
    _same_as_fresh(project)
    kept = redraw._kept
    assert kept is not None
    figures = {id(kept.fig)}
    changes: list[Callable[[], object]] = [
        lambda: table.data_sets[0].values.__setitem__((4, 0), 40.0),  # the Y range grows
        lambda: table.data_sets[0].values.__setitem__((6, 0), np.nan),  # a point goes
        lambda: table.x.__setitem__(3, 0.5) if table.x is not None else None,  # an X moves
        lambda: table.graph.style_overrides.update(  # type: ignore[union-attr]
            {"perDataSet": {"A": {"symbol": {"size": 9}}}}  # (a colour: see test_restyle.py)
        ),
    ]
    for change in changes:
        change()
        _same_as_fresh(project)
        kept = redraw._kept
        assert kept is not None and id(kept.fig) not in figures  # drawn again
        figures.add(id(kept.fig))


def test_a_graph_that_is_not_a_plain_scatter_is_not_kept() -> None:
    project = _project()
    graph = project.table("pts").graph
    assert graph is not None
    graph.variant_id = "line"  # the line follows every value
    assert not redraw.updatable(project.table("pts"))
    _same_as_fresh(project)
    assert redraw._kept is None


def test_opening_another_project_frees_the_kept_figure() -> None:
    from plotdoc.editor.server import Server

    server = Server()
    server.session.open_project(_project(), "points.plotdoc")
    redraw.screen(project_copy(server.session.project), "pts")
    assert redraw._kept is not None  # a scatter's figure is kept between edits
    server.session.new()  # another project: nothing of the last one's figure stays in memory
    assert redraw._kept is None


def test_a_drawing_replaced_frees_its_figure_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A figure is tied in reference cycles that only a full collection frees: each fresh
    drawing of a large scatter held its arrays until then (30 MB per title change at
    1,000,000 cells). The kept figure a fresh drawing replaces, and a figure that is not
    kept, are cleared as soon as their picture is made."""
    import gc

    from plotdoc.render import engine

    project = _project()
    redraw.screen(project_copy(project), "pts")
    assert redraw._kept is not None
    first = redraw._kept.fig
    project.table("pts").titles["graph"]["text"] = "Another title"  # drawn afresh
    gc.disable()  # what is freed must be freed without the collector
    try:
        redraw.screen(project_copy(project), "pts")
        assert redraw._kept is not None and redraw._kept.fig is not first
        assert first.axes == []  # its artists and their arrays are gone
        # a graph that is not kept (a line follows every value: not updatable)
        drawn: list[object] = []
        draw = engine.draw_graph

        def spy(*args: object, **kwargs: object) -> object:
            out = draw(*args, **kwargs)  # type: ignore[arg-type]
            drawn.append(out[0])
            return out

        monkeypatch.setattr(engine, "draw_graph", spy)
        graph = project.table("pts").graph
        assert graph is not None
        graph.variant_id = "line"
        shown = redraw.screen(project_copy(project), "pts")
        assert redraw._kept is None
        assert shown.png and len(drawn) == 1
        assert drawn[0].axes == []  # type: ignore[attr-defined]
    finally:
        gc.enable()
    redraw.forget()


def test_a_new_graph_title_is_set_on_the_kept_figure() -> None:
    """A graph title's text typed anew is set on the kept figure (no new figure is built)
    and the picture and its regions are a fresh drawing's; any other change of the titles
    is drawn afresh."""
    project = _project()
    titles = project.table("pts").titles
    titles["graph"]["text"] = "First"
    _same_as_fresh(project)
    assert redraw._kept is not None
    fig = redraw._kept.fig
    project.table("pts").data_sets[0].values[3, 0] = 0.25  # symbols moved: a kept picture
    _same_as_fresh(project)
    for text in (
        "Body weight",
        "Typing gjpqy descenders",
        "A title long enough to be wrapped onto a second line at the plot's width, "
        "then a third, as the engine wraps it when it draws the graph afresh",
        "Ünïcödé → α² ≤ β₁",
        "x",
    ):
        titles["graph"]["text"] = text
        _same_as_fresh(project)
        assert redraw._kept is not None and redraw._kept.fig is fig, text
        # drawn over the kept picture, as the symbols are: nothing else is drawn again
        assert redraw._kept.background is not None and redraw._kept.title is not None, text
        project.table("pts").data_sets[1].values[4, 0] = 1.5 if len(text) % 2 else 1.25
        _same_as_fresh(project)  # and a cell edit after it keeps the new title
        assert redraw._kept.fig is fig
    for change in (
        lambda: titles["x"].__setitem__("text", "Time (s)"),  # another title
        lambda: titles["graph"].__setitem__("text", None),  # automatic: the table's name
        lambda: titles["graph"].__setitem__("text", "x^{q}"),  # a run drawn raised
        lambda: titles["graph"].__setitem__("show", False),
    ):
        change()
        _same_as_fresh(project)
        assert redraw._kept is not None and redraw._kept.fig is not fig
        fig = redraw._kept.fig
