"""Edits of a graph's look are marked, so the analyses are not computed again for them."""

from __future__ import annotations

from typing import Any

from plotdoc import loads
from plotdoc.editing import Session, set_cell
from plotdoc.editor.fields import apply_style, current, set_value, styled_since
from plotdoc.publish.examples import example_bytes


class FakeView:
    def __init__(self, session: Session) -> None:
        self.session = session

    def apply_look(self, op: Any, *args: Any) -> bool:
        self.session.apply(op, *args)
        return True


def test_style_edits_keep_the_analyses_and_data_edits_do_not() -> None:
    session = Session(loads(example_bytes("complete")))
    view = FakeView(session)
    computed_at = session.version
    path = ("graph", "styleOverrides", "perDataSet", "Control", "bar", "fill")
    assert apply_style(view, set_value, "weights", path, {"hex": "#123456"})  # type: ignore[arg-type]
    assert current(session.project.table("weights"), path) == {"hex": "#123456"}
    assert styled_since(session, computed_at)
    session.apply(set_cell, "weights", 0, 0, 100.0)
    assert not styled_since(session, computed_at)
    assert not styled_since(session, None)
    assert styled_since(session, session.version)


def test_rich_text_is_previewed_as_drawn() -> None:
    from plotdoc.editor.controls import rich_html

    assert rich_html("A_{562} = b c^{2}") == "A<sub>562</sub> = b c<sup>2</sup>"
    assert rich_html("<b>x</b>\\nnext") == "&lt;b&gt;x&lt;/b&gt;<br>next"


def test_an_empty_colour_field_shows_the_colour_the_graph_draws() -> None:
    """The placeholder of a colour the document leaves to the style is the colour the SVG
    output strokes with (error bars of each data set, after a colour given to the symbols)."""
    import re

    from plotdoc.editing import set_field
    from plotdoc.editor.fields import style_colour
    from plotdoc.render import render_table

    project = loads(example_bytes("complete"))
    set_field(
        project,
        'tables[0].graph.styleOverrides.perDataSet["BSA standard"].symbol.color',
        {"hex": "#2ca02c"},
    )
    table = project.table("calibration")
    svg = render_table(project, table, fmt="svg").decode()
    for k, ds in enumerate(table.data_sets):
        drawn = re.search(rf'id="errorbar/ds{k}/row0"[^>]*stroke: (#[0-9a-f]{{6}})', svg)
        assert drawn is not None
        path = ("graph", "styleOverrides", "perDataSet", ds.name, "errorBar", "color")
        assert style_colour(table, path) == drawn.group(1)
