"""Prism summary-data tables (mean with SD, SEM, CV, N, errors or limits): every column is kept,
the default graph draws the means only (the others hidden through its data-set visibility),
and the import warning says so. Checked with the real files of the shared Prism corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from plotdoc.api import loads
from plotdoc.importers.pzfx import read_pzfx
from plotdoc.render import render_table_checked

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpora" / "pzfx"
YUE = CORPUS / "Yue-Jiang_pzfx"
SUMMARY = [
    "column_sd.pzfx",
    "column_sdn.pzfx",
    "column_se.pzfx",
    "column_sen.pzfx",
    "column_cv.pzfx",
    "column_cvn.pzfx",
    "column_low-high.pzfx",
    "column_upper-lower-limits.pzfx",
    "x_error_y_sdn.pzfx",
]


@pytest.mark.parametrize("name", SUMMARY)
def test_summary_tables_draw_the_means_only_and_keep_every_column(name: str) -> None:
    path = YUE / name
    if not path.is_file():
        pytest.skip(f"the shared Prism corpus is absent: {CORPUS}")
    result = read_pzfx(path)
    table = result.document["tables"][0]
    names = [d["name"] for d in table["dataSets"]]
    visibility = table["graph"]["dataSetVisibility"]
    shown = [n for n in names if visibility.get(n, True)]  # ids are the names here
    assert shown and all(n.endswith("(mean)") for n in shown), shown
    assert len(names) > len(shown)  # SD, SEM, CV, N, errors, limits: kept, hidden
    said = [p.message for p in result.problems if "summary data" in p.message]
    assert said and "draws the means only" in said[0]
    project = loads(result.document)
    rendered = render_table_checked(project, project.tables[0])
    assert rendered.data  # drawn
