"""docs/editor-coverage.md is what the contract and the Format panel's declared controls give
now, and every settable field has a control or a named reason."""

from __future__ import annotations

from pathlib import Path

from plotdoc.editor.coverage import markdown, rows, unknown_controls
from plotdoc.editor.widgets import node_at, widget_of

DOC = Path(__file__).resolve().parents[2] / "docs" / "editor-coverage.md"


def test_the_coverage_doc_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == markdown(), (
        "docs/editor-coverage.md is out of date: run python tools/editor_coverage.py"
    )


def test_every_settable_field_has_a_control_or_a_reason() -> None:
    table = rows()
    assert len(table) > 500
    assert [r for r in table if r[2] == "NONE"] == []
    # reference lines (schema version 2) are set from Python or the file until the axis
    # section lists them; no other field may join them without a control
    assert sum(r[2].startswith("none:") and ".referenceLines[" not in r[0] for r in table) <= 8


def test_every_declared_control_names_a_settable_field() -> None:
    assert unknown_controls() == []


def test_widgets_follow_the_contracts_types() -> None:
    def widget(*path: str | int) -> str:
        node = node_at(path, {"type": "shape"} if path[0] == "annotations" else None)
        assert node is not None, path
        w = widget_of(node)
        assert w is not None
        return w.kind

    style = ("graph", "styleOverrides", "perDataSet", "Control")
    assert widget(*style, "symbol", "color") == "color"
    assert widget(*style, "symbol", "shape") == "select"
    assert widget(*style, "barsSpikesDroplines", "widthRatio") == "number"
    assert widget("graph", "axesOverrides", "leftY", "rangeMin") == "auto-number"
    assert widget("graph", "axesOverrides", "leftY", "reverse") == "check"
    assert widget("graph", "elementActivation", "global", "symbols") == "switch"
    assert widget("annotations", 0, "fill") == "color"
    assert node_at(("graph", "axesOverrides", "xCategorical", "rangeMin")) is None
