"""A table of summary data is written as Prism's mean/SD/N (or SEM) format and read back the
same, by plotdoc and by the independent `pzfx` package."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

import numpy as np
import pytest

from plotdoc.api import loads
from plotdoc.builder import ProjectBuilder
from plotdoc.exporters import export_pzfx, to_pzfx
from plotdoc.importers.pzfx import read_pzfx


def _project() -> object:
    b = ProjectBuilder("Summaries")
    b.add_table(
        "column", {"Control": (10.2, 1.5, 6), "Drug": (14.8, 2.1, 5)}, name="col", entry="meanSdN"
    )
    b.add_table(
        "grouped",
        {"WT": [[5, 0.5, 4], [7, 0.6, 4]], "KO": [[4, 0.4, 5], [None, None, None]]},
        row_labels=["Day 1", "Day 2"],
        name="grp",
        entry="meanSemN",
    )
    b.add_table("xy", {"A": [[1, 0.2, 3], [2, 0.3, 3]]}, x=[0, 1], name="xy", entry="meanSdN")
    return b.project()


def test_summary_tables_are_written_in_prism_summary_formats_and_read_back() -> None:
    project = _project()
    data, _ = to_pzfx(project)  # type: ignore[arg-type]
    root = ET.fromstring(data)
    tables = root.findall("Table")
    assert [(t.get("TableType"), t.get("YFormat")) for t in tables] == [
        ("TwoWay", "SDN"),
        ("TwoWay", "SEN"),
        ("XY", "SDN"),
    ]
    assert all(c.get("Subcolumns") == "3" for t in tables for c in t.findall("YColumn"))
    again = loads(read_pzfx(data).document)
    for a, b in zip(project.tables, again.tables, strict=True):  # type: ignore[attr-defined]
        assert (b.format, b.entry, b.replicates) == (a.format, a.entry, 3)
        assert [d.name for d in b.data_sets] == [d.name for d in a.data_sets]
        for da, db in zip(a.data_sets, b.data_sets, strict=True):
            np.testing.assert_array_equal(db.values, da.values)


def test_the_pzfx_package_reads_mean_sd_and_n(tmp_path: Path) -> None:
    pzfx = pytest.importorskip("pzfx")
    out = tmp_path / "s.pzfx"
    export_pzfx(_project(), out)  # type: ignore[arg-type]
    frame = pzfx.read_pzfx(str(out), table=1)
    assert list(frame.columns) == [
        "Control_MEAN",
        "Control_SD",
        "Control_N",
        "Drug_MEAN",
        "Drug_SD",
        "Drug_N",
    ]
    assert frame.iloc[0].tolist() == [10.2, 1.5, 6.0, 14.8, 2.1, 5.0]
    grouped = pzfx.read_pzfx(str(out), table=2)
    assert list(grouped.columns)[1:4] == ["WT_MEAN", "WT_SEM", "WT_N"]
