"""Output: formats, determinism, files per graph, lazy matplotlib, registry of drawers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from plotdoc.render import render_project, render_table
from plotdoc.render.families import drawer_for

from .docs import column_doc, open_doc, project, xy_doc


def test_formats_have_their_signatures() -> None:
    p = open_doc(xy_doc("line"))
    t = p.tables[0]
    assert render_table(p, t, fmt="png", dpi=50).startswith(b"\x89PNG")
    assert render_table(p, t, fmt="pdf").startswith(b"%PDF")
    assert b"<svg" in render_table(p, t, fmt="svg")
    with pytest.raises(ValueError, match="format"):
        render_table(p, t, fmt="gif")


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf"])
def test_same_document_same_bytes(fmt: str) -> None:
    doc = xy_doc(
        "xy-points-line-error",
        reps=3,
        annotations=[{"type": "text", "x": 5, "y": 5, "text": "a^{2}"}],
    )
    a = open_doc(doc)
    b = open_doc(doc)
    assert render_table(a, a.tables[0], fmt=fmt) == render_table(b, b.tables[0], fmt=fmt)


def test_render_project_one_file_per_graph(tmp_path: Path) -> None:
    t1 = xy_doc("scatter")["tables"][0]
    t2 = column_doc("bar")["tables"][0]
    t3 = dict(column_doc("bar")["tables"][0], name="Col")  # same name: made unique
    t4 = dict(column_doc("bar")["tables"][0], name="a/b: c?")
    no_graph = {
        "name": "Data only",
        "format": "column",
        "dataSets": [{"name": "A", "values": [[1]]}],
    }
    p = open_doc(project(t1, t2, t3, t4, no_graph))
    seen: list[str] = []
    paths = render_project(p, tmp_path, fmt="svg", progress=lambda t, path: seen.append(path.name))
    # the reader gives a table without a graph its family's default graph
    assert [x.name for x in paths] == [
        "XY.svg",
        "Col.svg",
        "Col-2.svg",
        "a_b_c.svg",
        "Data_only.svg",
    ]
    assert seen == [x.name for x in paths]
    assert all(x.read_bytes().startswith(b"<?xml") for x in paths)
    only = render_project(p, tmp_path / "one", fmt="png", dpi=40, table_ids=[p.tables[1].id])
    assert [x.name for x in only] == ["Col.png"]


def test_table_without_graph_is_refused() -> None:
    p = open_doc(
        project({"name": "D", "format": "column", "dataSets": [{"name": "A", "values": [[1]]}]})
    )
    p.tables[0].graph = None
    with pytest.raises(ValueError, match="no graph"):
        render_table(p, p.tables[0])


def test_unknown_family_is_refused() -> None:
    with pytest.raises(ValueError, match="no drawer"):
        drawer_for("no-such-family")


def test_reader_does_not_import_matplotlib() -> None:
    code = 'import plotdoc, plotdoc.api, sys; plotdoc.api.loads(b\'{"format":"plotdoc-project","schemaVersion":1,"tables":[]}\'); import plotdoc.render; print(\'matplotlib\' in sys.modules)'
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_rc_params_restored_after_render() -> None:
    import matplotlib

    before = dict(matplotlib.rcParams)
    p = open_doc(xy_doc("scatter"))
    render_table(p, p.tables[0])
    assert dict(matplotlib.rcParams) == before
    assert matplotlib.rcParams["text.usetex"] is False


def test_same_bytes_in_another_process() -> None:
    doc = xy_doc("xy-points-line-error", reps=3)
    p = open_doc(doc)
    here = render_table(p, p.tables[0], fmt="svg")
    code = (
        "import sys, orjson; from plotdoc.api import loads; from plotdoc.render import render_table;"
        "p = loads(sys.stdin.buffer.read()); sys.stdout.buffer.write(render_table(p, p.tables[0], fmt='svg'))"
    )
    import orjson

    out = subprocess.run(
        [sys.executable, "-c", code], input=orjson.dumps(doc), capture_output=True, check=True
    )
    assert out.stdout == here
