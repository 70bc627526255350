"""The Format panel keeps its controls after an edit made in one of them only when every other
control would show what it shows now."""

from __future__ import annotations

from plotdoc import loads
from plotdoc.editing import Session
from plotdoc.editor.fields import set_value
from plotdoc.editor.shown import Shown
from plotdoc.publish.examples import example_bytes

SYMBOL = ("graph", "styleOverrides", "perDataSet", "Control", "symbol")
BAR = ("graph", "styleOverrides", "perDataSet", "Control", "bar")


def panel(session: Session) -> tuple[Shown, list[str]]:
    table = session.project.table("weights")
    shown, restyled = Shown(), []
    shown.clear("frame")
    shown.add(table, (*SYMBOL, "color"), "color", lambda: restyled.append("color"))
    shown.add(table, (*SYMBOL, "borderColor"), "color", lambda: restyled.append("border"))
    shown.add(table, (*SYMBOL, "size"), "number")
    shown.add(table, (*BAR, "fill"), "color", lambda: restyled.append("fill"))
    return shown, restyled


def test_a_colour_edit_keeps_the_panel_and_shows_the_colours_that_follow_it() -> None:
    session = Session(loads(example_bytes("complete")))
    shown, restyled = panel(session)
    shown.edit((*SYMBOL, "color"))
    session.apply(set_value, "weights", (*SYMBOL, "color"), {"hex": "#00C000"})
    assert shown.still_shown(session.project.table("weights"), "frame")
    # the border, left to the style, takes the symbol's colour; the bar's fill does not
    assert restyled == ["border"]


def test_anything_else_shown_that_changed_rebuilds_the_panel() -> None:
    session = Session(loads(example_bytes("complete")))
    table = session.project.table("weights")
    shown, _ = panel(session)
    shown.edit((*SYMBOL, "color"))
    session.apply(set_value, "weights", (*SYMBOL, "size"), 11)  # another control's value
    assert not shown.still_shown(table, "frame")
    shown, _ = panel(session)
    shown.edit((*SYMBOL, "color"))
    assert not shown.still_shown(table, "another frame")  # e.g. another selection


def test_a_control_whose_widget_may_show_it_otherwise_rebuilds_the_panel() -> None:
    session = Session(loads(example_bytes("complete")))
    shown, _ = panel(session)
    shown.edit((*SYMBOL, "size"))  # a number: "1e1" typed is shown as 10 when rebuilt
    session.apply(set_value, "weights", (*SYMBOL, "size"), 10)
    assert not shown.still_shown(session.project.table("weights"), "frame")
    shown, _ = panel(session)
    assert not shown.still_shown(session.project.table("weights"), "frame")  # no edit told


def test_a_title_typed_in_its_field_keeps_the_panel_and_another_title_rebuilds_it() -> None:
    from plotdoc.editing import set_title

    session = Session(loads(example_bytes("complete")))
    table = session.project.table("weights")
    shown = Shown()
    shown.clear("frame")
    for which in ("graph", "x"):
        shown.add(table, ("titles", which, "text"), "title")
    shown.edit(("titles", "graph", "text"))  # the field shows the text it set
    session.apply(set_title, "weights", "graph", "Body weight")
    assert shown.still_shown(table, "frame")
    shown.edit(("titles", "graph", "text"))
    session.apply(set_title, "weights", "x", "Age (weeks)")  # shown by the X title's field
    assert not shown.still_shown(table, "frame")
