"""A figure drawn at a print width (``width="85mm"``): the whole figure is scaled to exactly
that width in every format, and text or lines too small to print are warned of."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from typing import Any

import pytest
from PIL import Image

from plotdoc.render import render_table_checked
from plotdoc.render.notices import TOO_SMALL
from plotdoc.render.print_size import parse_width

from .docs import column_doc, open_doc
from .row_docs import grouped_doc

MM = 72 / 25.4


def _grouped_many() -> dict[str, Any]:
    """A grouped graph of 12 rows of 3 data sets: drawn about 8 in wide."""
    values = [[[float(r + k), float(r + k + 1)] for r in range(12)] for k in range(3)]
    return grouped_doc(
        "grouped-interleaved-bars", values=values, rows=[f"Row {r}" for r in range(12)]
    )


def _width_pt(data: bytes, fmt: str) -> float:
    if fmt == "svg":
        m = re.search(rb'<svg[^>]*?width="([0-9.]+)pt"', data)
        assert m is not None
        return float(m.group(1))
    if fmt == "pdf":
        m = re.search(rb"/MediaBox \[ *0 +0 +([0-9.]+)", data)
        assert m is not None
        return float(m.group(1))
    image = Image.open(io.BytesIO(data))
    dpi = image.info["dpi"][0]
    assert round(dpi) == 300  # print resolution by default
    return image.size[0] / dpi * 72


@pytest.mark.parametrize("fmt", ["svg", "pdf", "png"])
@pytest.mark.parametrize("width", ["85mm", "180mm"])
def test_output_is_as_wide_as_asked(fmt: str, width: str) -> None:
    project = open_doc(column_doc("bar"))
    drawn = render_table_checked(project, project.tables[0], fmt=fmt, width=width)
    assert _width_pt(drawn.data, fmt) == pytest.approx(parse_width(width), abs=1.0)


def test_svg_scales_the_whole_drawing() -> None:
    project = open_doc(column_doc("bar"))
    natural = render_table_checked(project, project.tables[0]).data
    printed = render_table_checked(project, project.tables[0], width="85mm").data
    # the drawing is the same; only the size it prints at differs (its view box scales it)
    view = re.compile(rb'viewBox="([^"]+)"')
    assert view.search(natural).group(1) == view.search(printed).group(1)  # type: ignore[union-attr]
    assert _width_pt(printed, "svg") == pytest.approx(85 * MM, abs=1.0)
    assert _width_pt(natural, "svg") != pytest.approx(85 * MM, abs=5.0)


def test_units() -> None:
    assert parse_width("85mm") == pytest.approx(85 * MM)
    assert parse_width("8.5cm") == pytest.approx(85 * MM)
    assert parse_width("1in") == 72
    assert parse_width(" 241pt ") == 241
    for bad in ("85", "85 px", "-3mm", "0mm", "2m", "5000mm"):
        with pytest.raises(ValueError, match="expected a width"):
            parse_width(bad)


def test_small_text_at_a_single_column_is_warned_of() -> None:
    """A grouped graph of many rows whose document fixes its plot size is wide: at one column
    its text prints at a few points."""
    doc = _grouped_many()
    doc["tables"][0]["graph"]["plotGeometry"] = {"widthPt": 560, "heightPt": 216}
    project = open_doc(doc)
    own = render_table_checked(project, project.tables[0])
    assert not [w for w in own.warnings if getattr(w, "code", "") == TOO_SMALL]
    small = render_table_checked(project, project.tables[0], width="85mm")
    found = [w for w in small.warnings if getattr(w, "code", "") == TOO_SMALL]
    assert found and "smallest text prints at" in found[0]
    size = float(re.search(r"prints at ([0-9.]+) pt", found[0]).group(1))  # type: ignore[union-attr]
    assert size < 6
    # the width at which the text reaches 6 pt, said in the unit asked for
    wide = float(re.search(r"reaches 6 pt at ([0-9]+)mm wide", found[0]).group(1))  # type: ignore[union-attr]
    assert wide == pytest.approx(85 * 6 / size, rel=0.02)
    wide = render_table_checked(project, project.tables[0], width="180mm")
    assert len([w for w in wide.warnings if getattr(w, "code", "") == TOO_SMALL]) < len(found) + 1


@pytest.mark.slow
def test_cli_width_and_its_usage_error(tmp_path: object) -> None:
    from pathlib import Path

    import orjson

    out = Path(str(tmp_path))
    src = out / "g.plotdoc"
    doc = _grouped_many()
    doc["tables"][0]["graph"]["plotGeometry"] = {"widthPt": 560, "heightPt": 216}  # fixed
    src.write_bytes(orjson.dumps(doc))
    run = [sys.executable, "-m", "plotdoc", "render", str(src)]
    bad = subprocess.run([*run, "--width", "85"], capture_output=True, text=True)
    assert bad.returncode == 2 and "expected a width with its unit" in bad.stderr
    assert "Traceback" not in bad.stderr
    ok = subprocess.run(
        [*run, "--width", "85mm", "-o", str(out / "g.png"), "--json"],
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0, ok.stderr
    data = orjson.loads(ok.stdout)
    codes = [w["code"] for f in data["files"] for w in f["warnings"]]
    assert TOO_SMALL in codes
    assert _width_pt((out / "g.png").read_bytes(), "png") == pytest.approx(85 * MM, abs=1.0)


def test_a_subscript_in_an_annotation_counts_as_the_smallest_text() -> None:
    """The complete example's calibration graph: 9 pt text scaled by 0.7 reaches 6.3 pt, but
    its annotation's subscript (A_{562}, a 70 % run) prints near 4.4 pt."""
    from plotdoc.api import loads
    from plotdoc.publish.examples import example_bytes

    project = loads(example_bytes("complete"))
    table = project.table("calibration")
    found = [
        w
        for w in render_table_checked(project, table, width="85mm").warnings
        if getattr(w, "code", "") == TOO_SMALL
    ]
    assert found and "(6.3 pt scaled" in found[0], found


def _too_small(project: Any, width: str) -> list[str]:
    """The ``render-too-small`` warnings of the project's graph at ``width`` (measured on the
    figure as it is finally drawn and scaled)."""
    drawn = render_table_checked(project, project.tables[0], fmt="svg", width=width)
    return [w for w in drawn.warnings if getattr(w, "code", "") == TOO_SMALL]


def test_at_a_print_width_the_plot_area_gives_way_before_the_text() -> None:
    """A wide graph of automatic size keeps its text at 6 pt or more at one column: its plot
    area is narrowed (shape kept), the figure is exactly as wide as asked, nothing warns."""
    project = open_doc(_grouped_many())
    assert _too_small(project, "85mm") == []
    data = render_table_checked(project, project.tables[0], fmt="pdf", width="85mm").data
    assert _width_pt(data, "pdf") == pytest.approx(85 * MM, abs=1.0)


def test_a_plot_area_the_document_fixes_or_annotates_in_points_is_not_narrowed() -> None:
    """Annotations in points would leave their data if the plot area moved under them: such
    a graph is scaled whole, and warns, as a graph with a plot size of its own does."""
    doc = _grouped_many()
    doc["tables"][0]["annotations"] = [{"type": "text", "x": 20, "y": 20, "text": "note"}]
    assert _too_small(open_doc(doc), "85mm")
    # in data units (the second row, at 5) it follows the data
    doc["tables"][0]["annotations"] = [
        {"type": "text", "coordinates": "data", "x": 1, "y": 5, "text": "note"}
    ]
    doc["schemaVersion"] = 2
    assert _too_small(open_doc(doc), "85mm") == []
