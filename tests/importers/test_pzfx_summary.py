"""Prism summary-data tables. Mean with SD or SEM, and N (``SDN``, ``SEN``; ``SD``, ``SE``
without N) become tables of summary data (`entry`) holding exactly the numbers of the corpus's
own .tab exports; the other summary formats (CV, errors or limits) keep every column, the
default graph draws the means only, and the import warning says so. Checked with the real files
of the shared Prism corpus."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from plotdoc.api import loads
from plotdoc.importers.pzfx import read_pzfx
from plotdoc.render import render_table_checked

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpora" / "pzfx"
YUE = CORPUS / "Yue-Jiang_pzfx"
SUMMARY = [
    "column_cv.pzfx",
    "column_cvn.pzfx",
    "column_low-high.pzfx",
    "column_upper-lower-limits.pzfx",
]
#: file -> (entry, spread column suffix in the .tab, has N)
ENTRY = {
    "column_sd.pzfx": ("meanSdN", "SD", False),
    "column_sdn.pzfx": ("meanSdN", "SD", True),
    "column_se.pzfx": ("meanSemN", "SE", False),
    "column_sen.pzfx": ("meanSemN", "SEM", True),
    "x_error_y_sdn.pzfx": ("meanSdN", "SD", True),
}


def _corpus_file(name: str) -> Path:
    path = YUE / name
    if not path.is_file():
        pytest.skip(f"the shared Prism corpus is absent: {CORPUS}")
    return path


def _tab(path: Path) -> dict[str, list[float | None]]:
    """The columns of the .tab export beside a .pzfx (Prism's own numbers)."""
    lines = path.with_suffix(".tab").read_text().splitlines()
    header = lines[0].split("\t")
    cols: dict[str, list[float | None]] = {h: [] for h in header}
    for line in lines[1:]:
        for h, cell in zip(header, line.split("\t"), strict=False):
            try:
                cols[h].append(float(cell))
            except ValueError:
                cols[h].append(None)
    return cols


@pytest.mark.parametrize("name", sorted(ENTRY))
def test_mean_sd_or_sem_and_n_become_a_table_of_summary_data(name: str) -> None:
    path = _corpus_file(name)
    entry, spread, has_n = ENTRY[name]
    result = read_pzfx(path)
    project = loads(result.document)
    table = project.tables[0]
    assert (table.entry, table.replicates) == (entry, 3)
    tab = _tab(path)
    means = [h for h in tab if h.endswith("_MEAN")]
    assert [ds.name for ds in table.data_sets] == [h.removesuffix("_MEAN") for h in means]
    for ds, head in zip(table.data_sets, means, strict=True):
        base = head.removesuffix("_MEAN")
        assert ds.values[:, 0].tolist() == tab[head]
        assert ds.values[:, 1].tolist() == tab[f"{base}_{spread}"]
        if has_n:
            assert ds.values[:, 2].tolist() == tab[f"{base}_N"]
        else:
            assert all(math.isnan(v) for v in ds.values[:, 2])
    said = " ".join(p.message for p in result.problems)
    assert ("without N" in said) == (not has_n)
    # drawn with error bars: the SD or SEM itself needs no N
    rendered = render_table_checked(project, table, fmt="svg")
    assert b"errorbar/ds0" in rendered.data


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
