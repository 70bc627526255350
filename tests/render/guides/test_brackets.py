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


def test_a_bracket_with_no_width_says_where_the_groups_are() -> None:
    """A superimposed arrangement draws every data set of a row at one place: groups 0 and 1
    are one place, and a bracket between them has no width; the warning says so at the
    bracket's path and names the first group of each place, counted from the drawing."""
    from plotdoc.render import render_table_checked
    from plotdoc.render.notices import AMBIGUOUS, warning_code, warning_path

    from ..docs import open_doc

    doc = _superimposed(_bracket(0, 1, "*"), _bracket(0, 3, "ns"), _bracket(4, 4, "x"))
    p = open_doc(doc)
    drawn = render_table_checked(p, p.tables[0], fmt="svg")
    said = {warning_path(w): str(w) for w in drawn.warnings if warning_code(w) == AMBIGUOUS}
    assert set(said) == {("annotations", 0), ("annotations", 2)}
    assert "groups 0 and 1 are drawn at the same place" in said[("annotations", 0)]
    assert "joins a group to itself" in said[("annotations", 2)]
    assert said[("annotations", 0)].endswith("the first group at each place is 0, 3, 6")
    # the one between two places spans them: groups 0 and 3 are the first two rows
    from ..docs import Svg

    svg = Svg(drawn.data)
    x0, _, x1, _ = svg.bbox("bracket/1")
    assert x1 - x0 > 20
    x0, _, x1, _ = svg.bbox("bracket/0")
    assert x1 - x0 < 12  # no width: its text is all there is across


def test_brackets_between_places_give_no_warning() -> None:
    from plotdoc.render import render_table_checked

    from ..docs import open_doc

    p = open_doc(column_doc("bar", annotations=[_bracket(0, 1, "*"), _bracket(0, 2, "**")]))
    assert not render_table_checked(p, p.tables[0], fmt="svg").warnings
