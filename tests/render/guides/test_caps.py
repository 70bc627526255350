"""Drawing bounds that bite are reported: a ``render-capped`` warning per bound reached, with
the JSON path of what asked for it and what was drawn (docs/reliability.md, "Drawing bounds")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from plotdoc.cli import main
from plotdoc.render import render_table_checked
from plotdoc.render.guides import annotations, point_labels
from plotdoc.render.notices import CAPPED, warning_code, warning_path

from ..docs import column_doc, open_doc, xy_doc
from ..row_docs import mv_doc, parts_doc


def _warnings(doc: dict[str, Any], dpi: float = 150) -> list[str]:
    p = open_doc(doc)
    return render_table_checked(p, p.tables[0], dpi=dpi).warnings


def _capped(doc: dict[str, Any], dpi: float = 150) -> list[str]:
    return [w for w in _warnings(doc, dpi) if warning_code(w) == CAPPED]


def test_point_labels_past_the_cap_are_reported(monkeypatch: Any) -> None:
    monkeypatch.setattr(point_labels, "MAX_POINT_LABELS", 10)
    names = [f"g{i}" for i in range(40)]
    sets = [("x", [i * 10 for i in range(40)]), ("y", [i % 2 for i in range(40)]), ("name", names)]
    doc = mv_doc("mv-scatter", "scatter", {"x": 0, "y": 1, "label": 2}, sets)
    doc["tables"][0]["variableTypes"] = {"name": "label"}
    (w,) = _capped(doc)
    assert "40 point labels asked for; the first 10 are placed" in w
    assert warning_path(w) == ("graph",)


def test_text_annotations_past_the_cap_are_reported(monkeypatch: Any) -> None:
    monkeypatch.setattr(annotations, "MAX_TEXT_LINES", 10)
    text = "\n".join(f"line {k}" for k in range(8))
    notes = [{"type": "text", "text": text, "x": 0.0, "y": 20.0 * k} for k in range(3)]
    (w,) = _capped(column_doc(annotations=notes))
    assert warning_path(w) == ("annotations", 1)
    assert "ask for 24 lines" in w and "the first 10 lines" in w


def test_a_canvas_past_the_pixel_bound_is_reported() -> None:
    doc = xy_doc(graph={"plotGeometry": {"widthPt": 3000.0, "heightPt": 3000.0}})
    (w,) = _capped(doc, dpi=2400)
    assert "asked for at 2400 dpi; drawn at" in w
    assert _capped(doc, dpi=20) == []


@pytest.mark.parametrize("size", [1e6, 1e300])
def test_sizes_past_their_bound_are_reported(size: float) -> None:
    (w,) = _capped(parts_doc("parts-pie", options={"graphicSizePt": size}))
    assert warning_path(w) == ("graph", "plot", "options", "graphicSizePt")
    assert "drawn at 3000" in w
    geometry = xy_doc(graph={"plotGeometry": {"widthPt": size}})
    paths = [warning_path(w) for w in _capped(geometry)]
    assert ("graph", "plotGeometry", "widthPt") in paths


def test_a_graph_within_every_bound_has_no_warning() -> None:
    assert _warnings(column_doc()) == []


def test_plotdoc_render_prints_the_caps(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "big.plotdoc"
    src.write_bytes(orjson.dumps(parts_doc("parts-pie", options={"graphicSizePt": 1e6})))
    assert main(["render", str(src), "-o", str(tmp_path / "out"), "--json"]) == 0
    out = orjson.loads(capsys.readouterr().out)
    # the sample's part of zero is named too (a pie has no slice for it)
    (w,) = [w for w in out["files"][0]["warnings"] if w["code"] == CAPPED]
    assert "graphicSizePt" in w["message"]
