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
