"""Text annotations draw at most a bounded number of lines and characters per graph."""

from __future__ import annotations

from typing import Any

from plotdoc.render.guides import annotations
from plotdoc.render.guides.annotations import ELLIPSIS, MAX_TEXT_CHARS, MAX_TEXT_LINES

from ..docs import column_doc, svg_of


def _doc(count: int, lines: int) -> dict[str, Any]:
    text = "\n".join(f"n{i}" for i in range(lines))
    anns = [{"type": "text", "text": text, "x": 10, "y": 10 + 5 * k} for k in range(count)]
    return column_doc(annotations=anns)


def _drawn_lines(svg: Any, count: int) -> list[list[str]]:
    out = []
    for k in range(count):
        sid = f"annotation/text/{k}"
        if svg.has(sid):
            out.append([t.text or "" for t in svg[sid].iter("{http://www.w3.org/2000/svg}text")])
    return out


def test_text_annotations_past_the_line_bound_are_cut_with_an_ellipsis(monkeypatch: Any) -> None:
    monkeypatch.setattr(annotations, "MAX_TEXT_LINES", 25)
    drawn = _drawn_lines(svg_of(_doc(5, 10)), 5)
    # 10 + 10 + 5 lines, then a line "…"; the last two annotations are not drawn
    assert len(drawn) == 3, drawn
    texts = [" ".join(d) for d in drawn]
    assert "n9" in texts[1]
    assert "n4" in texts[2] and "n5" not in texts[2] and ELLIPSIS in texts[2]


def test_text_budget_bounds_characters() -> None:
    budget = annotations.TextBudget()
    budget.chars = 7
    assert budget.take("abcd\nefgh\nij") == "abcd\nefg" + ELLIPSIS
    assert budget.take("more") is None


def test_the_bounds_are_ones_a_real_figure_never_reaches() -> None:
    assert MAX_TEXT_LINES >= 10_000 and MAX_TEXT_CHARS >= 500_000
