"""The Python surface: dir(plotdoc), loads of a dict, repr and notebook display."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import plotdoc
from plotdoc.problems import PlotdocError

from ..conftest import CORPUS

GOOD = CORPUS / "valid" / "minimal.plotdoc"


def test_dir_lists_the_public_names_before_they_are_loaded() -> None:
    code = (
        "import plotdoc, sys; names = dir(plotdoc);"
        "print(all(n in names for n in plotdoc.__all__), 'numpy' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.split() == ["True", "False"]
    public = [n for n in dir(plotdoc) if not n.startswith("_")]
    assert public == sorted(n for n in plotdoc.__all__ if not n.startswith("_"))
    assert "loads" in public and "Project" in public


def test_loads_accepts_a_dict_with_every_check() -> None:
    doc = json.loads(GOOD.read_bytes())
    project = plotdoc.loads(doc)
    assert [ds.name for ds in project.tables[0].data_sets] == ["Control", "Treated"]
    doc["tables"][0]["graph"]["variantId"] = "pie"
    with pytest.raises(PlotdocError) as info:
        plotdoc.loads(doc)
    assert info.value.errors[0].code == "unknown-variant"
    doc = json.loads(GOOD.read_bytes())
    doc["tables"][0]["dataSets"][0]["values"][0][0] = float("nan")
    with pytest.raises(PlotdocError, match="NaN or Infinity"):
        plotdoc.loads(doc)


def test_repr_is_short_and_readable() -> None:
    project = plotdoc.open_project(GOOD)
    assert repr(project) == "<Project '': 1 table(s) ['table-1']>"
    assert repr(project.tables[0]) == (
        "<Table 'table-1' 'Table 1': column, 2 data set(s) x 4 row(s), graph scatter-bar>"
    )


def test_a_notebook_shows_the_graphs() -> None:
    project = plotdoc.open_project(CORPUS / "valid" / "every-family.plotdoc")
    svg = project.tables[0]._repr_svg_()
    assert svg is not None
    assert ET.fromstring(svg.encode()).tag.endswith("svg")
    bundle = project._repr_mimebundle_()
    assert bundle["text/plain"] == repr(project)
    with_graph = [t for t in project.tables if t.graph is not None]
    assert bundle["text/html"].count("<figure>") == len(with_graph)
    assert bundle["text/html"].count("<svg") == len(with_graph)
