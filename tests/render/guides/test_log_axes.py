"""Log axes: ticks at 0.1, 1, 10 (10ⁿ over wide spans), and a warning for values they cannot show."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from plotdoc.cli import main
from plotdoc.render import render_table_checked

from ..docs import open_doc, project, svg_of


def _doc(ys: list[float], scale: str = "log10") -> dict[str, object]:
    x = [float(k + 1) for k in range(len(ys))]
    return project(
        {
            "name": "Log",
            "format": "xy",
            "x": x,
            "dataSets": [{"name": "S", "values": [[y] for y in ys]}],
            "graph": {"variantId": "scatter", "axesOverrides": {"leftY": {"scale": scale}}},
        }
    )


def _y_tick_texts(svg_text: str) -> list[str]:
    # tick labels are the text of the ytick groups
    return re.findall(r'<g id="ytick_\d+">.*?<text[^>]*>([^<]*)</text>', svg_text, flags=re.S)


def test_narrow_span_reads_as_plain_numbers() -> None:
    svg = svg_of(_doc([0.2, 0.5, 1.0, 3.0, 8.0]))
    labels = [t for t in _y_tick_texts(svg.data.decode()) if t]
    assert "1" in labels and ("0.5" in labels or "0.2" in labels)
    assert not any("\u00d7" in t for t in labels)  # never 4×10⁻¹


def test_wide_span_reads_as_powers_of_ten() -> None:
    svg = svg_of(_doc([1e-6, 1e-3, 1.0, 1e3, 1e6]))
    labels = [t for t in _y_tick_texts(svg.data.decode()) if t]
    assert labels and all(t.startswith("10") for t in labels)


def test_values_a_log_axis_cannot_show_give_a_warning() -> None:
    p = open_doc(_doc([0.0, -1.0, 1.0, 3.0]))
    warnings = render_table_checked(p, p.tables[0]).warnings
    assert len(warnings) == 1 and "2 values" in warnings[0] and "log Y axis" in warnings[0]
    fine = open_doc(_doc([0.5, 1.0, 3.0]))
    assert render_table_checked(fine, fine.tables[0]).warnings == []


def test_plotdoc_render_prints_the_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "log.plotdoc"
    src.write_bytes(orjson.dumps(_doc([0.0, 1.0, 3.0])))
    assert main(["render", str(src), "-o", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err
    assert "render-value-hidden" in err and "log Y axis" in err
