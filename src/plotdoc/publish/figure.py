"""The part of the AI prompt that teaches a typical figure: titles, annotations, style
overrides and axes, with the field names read from the contract and examples that open.

Each example is one JSON value on a line of its own after ``Example (<where>):``; the prompt's
tests build a figure from these lines alone and open it.
"""

from __future__ import annotations

import json
from typing import Any

from ..contract import styles as S
from ..contract.document import ANNOTATION, AXES, ELEMENTS, TITLE_ENTRY
from ..contract.nodes import Node, Obj, OneOf

#: Examples by where they go; together they make a figure with axis titles, a significance
#: bracket and a colour override on the minimal example's column table.
EXAMPLES: dict[str, Any] = {
    "table.titles": {
        "graph": {"text": "Response to treatment"},
        "x": {"text": "Group"},
        "y": {"text": "Concentration (mM)"},
    },
    "table.annotations": [
        {
            "type": "bracket",
            "left": {"kind": "dataSet", "dataSetId": "Control"},
            "right": {"kind": "dataSet", "dataSetId": "Treated"},
            "text": "**",
        },
        {"type": "text", "x": 20, "y": 150, "text": "n = 4 per group"},
        {
            "type": "shape",
            "shape": "arrow",
            "points": [{"x": 40, "y": 140}, {"x": 60, "y": 110}],
        },
    ],
    "graph.styleOverrides": {
        "global": {"errorBar": {"thickness": 1.5}},
        "perDataSet": {"Treated": {"bar": {"fill": {"hex": "#d62728", "alpha": 0.8}}}},
    },
    "graph.axesOverrides": {
        "leftY": {"rangeMin": 0, "rangeMax": 10, "majorInterval": 2},
        "xCategorical": {"labelRotation": 45},
    },
}


def example_line(where: str) -> str:
    return f"Example ({where}):\n`{json.dumps(EXAMPLES[where])}`"


def _fields(node: Node) -> str:
    assert isinstance(node, Obj)
    return ", ".join(f"`{k}`" for k in node.props)


def _annotation(kind: str) -> Obj:
    assert isinstance(ANNOTATION, OneOf)
    for option in ANNOTATION.options:
        assert isinstance(option, Obj)
        if getattr(option.props["type"], "value", None) == kind:
            return option
    raise KeyError(kind)


def _required(node: Obj) -> str:
    """``required `a`, `b`; `` or, when every field has a default, ``no field required; ``."""
    names = ", ".join(f"`{k}`" for k in node.required if k != "type")
    return f"required {names}; " if names else "no field required; "


def figure_section() -> list[str]:
    bracket, text, shape = (_annotation(k) for k in ("bracket", "text", "shape"))
    elements = [f"  - `{name}`: {_fields(node)}" for name, node in ELEMENTS.items()]
    axes = [f"  - `{name}`: {_fields(node)}" for name, node in AXES.props.items()]
    return [
        "## A typical figure: titles, annotations, style overrides, axes",
        "",
        "Every field below is optional unless said required; leave out what the preset "
        "should decide.",
        "",
        f"- Titles (`table.titles`): keys {', '.join(f'`{k}`' for k in S.TITLE_KEYS)} (the "
        "graph title and the X and Y axis titles); each an object with "
        f"{_fields(TITLE_ENTRY)}. `text` null (the default) is automatic: the table name, "
        "the X column or data set name.",
        "",
        example_line("table.titles"),
        "",
        "- Annotations (`table.annotations[]`), told apart by `type`; positions are in points "
        "from the plot area's lower-left corner, y upwards:",
        f"  - `bracket` (a significance bracket between two groups): {_required(bracket)}"
        f"fields {_fields(bracket)}. Each of `left` and `right` is an anchor: "
        '`{"kind": "dataSet", "dataSetId": id}` (snapped to that data set) or '
        '`{"kind": "free", "x": number}` (points from the left edge). `y` is the bar '
        "height in Y data units (null: just above the data); `text` is the label "
        '("*", "**", "p = 0.003").',
        f"  - `text`: {_required(text)}fields {_fields(text)}.",
        f"  - `shape`: {_required(shape)}fields {_fields(shape)}; `shape` one of "
        f'{", ".join(S.ANNOTATION_SHAPES)}; `points` two or three `{{"x", "y"}}` points.',
        "",
        example_line("table.annotations"),
        "",
        "- Style overrides (`graph.styleOverrides`): `global` (every data set), `perDataSet` "
        "(keyed by data set id) and `perPoint` (by data set id, then row index as a "
        "string); each holds elements, and each element only the fields it changes. "
        'Colours are `"theme"` or `{"hex": "#rrggbb", "alpha": 0..1}`. The elements and '
        "their fields:",
        *elements,
        "",
        example_line("graph.styleOverrides"),
        "",
        "- Axes (`graph.axesOverrides`), by section; `rangeMin`, `rangeMax`, `majorInterval` "
        'and `minorTicks` take `"auto"` (the default) or a number; `labelRotation` takes '
        '`"auto"`, `"stacked"` or an angle in degrees:',
        *axes,
        "",
        example_line("graph.axesOverrides"),
    ]
