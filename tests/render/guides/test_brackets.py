"""Significance brackets stack narrow below wide, whatever their order in the file."""

from __future__ import annotations

from ..docs import column_doc, svg_of


def _bracket(a: int, b: int, text: str) -> dict[str, object]:
    return {
        "type": "bracket",
        "left": {"kind": "group", "groupIndex": a},
        "right": {"kind": "group", "groupIndex": b},
        "text": text,
    }


def test_narrow_bracket_stands_below_the_wide_one() -> None:
    wide, narrow = _bracket(0, 2, "***"), _bracket(0, 1, "*")
    for order in ([wide, narrow], [narrow, wide]):
        svg = svg_of(column_doc("bar", annotations=order))
        w, n = (0, 1) if order[0] is wide else (1, 0)
        wide_box, narrow_box = svg.bbox(f"bracket/{w}"), svg.bbox(f"bracket/{n}")
        # SVG y grows downwards: the narrow bracket and its label lie wholly below the wide one
        assert narrow_box[1] > wide_box[3] - 1, order


def _superimposed(*brackets: dict[str, object]) -> dict[str, object]:
    from plotdoc.publish.samples import sample_document

    doc = sample_document("grouped-superimposed-scatter")  # 3 data sets over 3 rows
    doc["tables"][0]["annotations"] = list(brackets)
    doc["schemaVersion"] = 1  # the brackets number plotted groups, as version 1 wrote them
    return doc


def test_a_bracket_with_no_width_names_its_data_sets() -> None:
    """A superimposed arrangement draws every data set of a row at one place, so each data
    set stands at the middle of the rows, all at one place: a bracket between two of them has
    no width, and the warning says so at the bracket's path, naming the two data sets."""
    from plotdoc.render import render_table_checked
    from plotdoc.render.notices import AMBIGUOUS, warning_code, warning_path

    from ..docs import open_doc

    doc = _superimposed(_bracket(0, 1, "*"), _bracket(2, 2, "x"))
    p = open_doc(doc)
    drawn = render_table_checked(p, p.tables[0], fmt="svg")
    said = {warning_path(w): str(w) for w in drawn.warnings if warning_code(w) == AMBIGUOUS}
    assert set(said) == {("annotations", 0), ("annotations", 1)}
    names = [ds.name for ds in p.tables[0].data_sets]
    assert (
        f"the data sets {names[0]!r} and {names[1]!r} are drawn at the same place"
        in said[("annotations", 0)]
    )
    assert f"it joins the data set {names[2]!r} to itself" in said[("annotations", 1)]


def test_a_bracket_on_a_hidden_data_set_is_not_drawn_and_says_so() -> None:
    from plotdoc.render import render_table_checked
    from plotdoc.render.notices import HIDDEN, warning_code, warning_path

    from ..docs import Svg, open_doc

    doc = column_doc("bar", annotations=[_bracket(0, 1, "*"), _bracket(0, 2, "**")])
    doc["tables"][0]["graph"]["dataSetVisibility"] = {"1": False}
    p = open_doc(doc)  # version 1: group 1 is the second plotted data set, C2
    assert p.tables[0].annotations[0].props["right"]["groupIndex"] == 2
    p.tables[0].annotations[1].props["right"]["groupIndex"] = 1  # now on the hidden C1
    drawn = render_table_checked(p, p.tables[0], fmt="svg")
    said = {warning_path(w): str(w) for w in drawn.warnings if warning_code(w) == HIDDEN}
    assert set(said) == {("annotations", 1)}
    assert "its data set 'C1' is not drawn" in said[("annotations", 1)]
    svg = Svg(drawn.data)
    assert svg.has("bracket/0") and not svg.has("bracket/1")


def test_brackets_between_places_give_no_warning() -> None:
    from plotdoc.render import render_table_checked

    from ..docs import open_doc

    p = open_doc(column_doc("bar", annotations=[_bracket(0, 1, "*"), _bracket(0, 2, "**")]))
    assert not render_table_checked(p, p.tables[0], fmt="svg").warnings
