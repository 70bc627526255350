"""Export to Prism: what is written imports back, in plotdoc and in an independent reader."""

from __future__ import annotations

import contextlib
import math
from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pytest

from plotdoc.api import loads, open_project
from plotdoc.exporters import export_pzfx, to_pzfx
from plotdoc.importers.files import import_file
from plotdoc.importers.pzfx import read_pzfx
from plotdoc.model import DataSet, Project, Table
from plotdoc.problems import PlotdocError

from ..conftest import REPO, shared_path
from .generated import FAMILIES, project

EXAMPLES = sorted((REPO / "src" / "plotdoc" / "examples").glob("*.plotdoc"))


def _reimport(data: bytes) -> Project:
    return loads(orjson.dumps(read_pzfx(data).document))


def _trim(rows: list[list[str]]) -> list[list[str]]:
    while rows and all(c == "None" for c in rows[-1]):
        rows.pop()
    return rows


def _cells(ds: DataSet) -> list[list[str]]:
    """Every cell as text that tells -0.0 from 0.0 and keeps every digit; text cells too."""
    rows = []
    for r in range(ds.n_rows):
        row = []
        for k in range(ds.values.shape[1]):
            v = ds.values[r, k]
            if not math.isnan(v):
                row.append(repr(float(v)))
            elif ds.text is not None and ds.text[r, k] is not None:
                row.append("text:" + str(ds.text[r, k]))
            else:
                row.append("None")
        rows.append(row)
    return _trim(rows)


def _x(t: Table) -> list[str]:
    x = [] if t.x is None else ["None" if math.isnan(v) else repr(float(v)) for v in t.x]
    while x and x[-1] == "None":
        x.pop()
    return x


def _labels(t: Table) -> list[str]:
    labels = list(t.row_labels or [])
    while labels and not labels[-1]:
        labels.pop()
    return labels


def assert_same_tables(before: list[Table], after: list[Table]) -> None:
    assert len(after) == len(before)
    for a, b in zip(before, after, strict=True):
        assert (b.name, b.format, b.replicates) == (a.name, a.format, a.replicates)
        assert [d.name for d in b.data_sets] == [d.name for d in a.data_sets], a.name
        for da, db in zip(a.data_sets, b.data_sets, strict=True):
            assert _cells(db) == _cells(da), (a.name, da.name)
        assert _x(b) == _x(a), a.name
        assert _labels(b) == _labels(a), a.name
        if a.format in ("xy", "survival") and a.titles.get("x", {}).get("text"):
            assert b.titles["x"]["text"] == a.titles["x"]["text"]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_imports_back_with_the_same_data(path: Path) -> None:
    p = open_project(path)
    data, problems = to_pzfx(p)
    back = _reimport(data)
    assert_same_tables(p.tables, back.tables)
    assert back.meta["title"] == p.meta["title"]
    assert back.meta.get("description") == p.meta.get("description")
    assert all(w.code == "export-not-written" for w in problems)


@pytest.mark.parametrize("seed", range(12))
def test_a_generated_corpus_of_every_family_imports_back(seed: int) -> None:
    p = project(seed)
    assert {t.format for t in p.tables} == set(FAMILIES)
    data, _ = to_pzfx(p)
    back = _reimport(data)
    assert_same_tables(p.tables, back.tables)
    assert back.meta["title"] == p.meta["title"]
    assert back.meta["authors"] == p.meta["authors"]


def _expected_columns(t: Table) -> list[list[Any]]:
    """The columns the ``pzfx`` package gives for a table: row titles, X, then every
    replicate subcolumn of every data set, in order."""
    cols: list[list[Any]] = []
    if t.row_labels:
        labels: list[Any] = [s or None for s in t.row_labels]
        with contextlib.suppress(ValueError):  # a column of numbers is read as numbers
            labels = [None if s is None else float(s) for s in labels]
        cols.append(labels)
    if t.x is not None:
        cols.append([None if math.isnan(v) else float(v) for v in t.x])
    for ds in t.data_sets:
        for k in range(t.replicates if t.format in ("xy", "grouped", "nested") else 1):
            col: list[Any] = []
            for r in range(ds.n_rows):
                v = ds.values[r, k] if k < ds.values.shape[1] else math.nan
                if not math.isnan(v):
                    col.append(float(v))
                elif ds.text is not None and ds.text[r, k] is not None:
                    col.append(str(ds.text[r, k]))
                else:
                    col.append(None)
            cols.append(col)
    return cols


def _plain(value: Any) -> Any:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    return value if isinstance(value, str) else float(value)


@pytest.mark.parametrize("seed", [*range(4), "examples"])
def test_the_pzfx_package_reads_every_exported_table(seed: Any, tmp_path: Path) -> None:
    pzfx = pytest.importorskip("pzfx")
    projects = [open_project(p) for p in EXAMPLES] if seed == "examples" else [project(seed)]
    for n, p in enumerate(projects):
        out = tmp_path / f"out{n}.pzfx"
        export_pzfx(p, out)
        assert pzfx.pzfx_tables(str(out)) == [t.name for t in p.tables]
        for i, t in enumerate(p.tables, 1):
            frame = pzfx.read_pzfx(str(out), table=i)
            expected = _expected_columns(t)
            assert frame.shape[1] == len(expected), t.name
            for c, column in enumerate(expected):
                got = [_plain(v) for v in frame.iloc[:, c].tolist()]
                want = column + [None] * (len(got) - len(column))
                assert len(got) >= len(column)
                assert got == want, (t.name, c)
                # every digit: the same doubles, bit for bit
                signs = [math.copysign(1, v) for v in want if isinstance(v, float)]
                assert signs == [math.copysign(1, v) for v in got if isinstance(v, float)]


def _corpus() -> list[Path]:
    root = shared_path("corpora", "pzfx")
    return sorted(root.glob("*/*.pzfx"))


def test_the_prism_corpus_goes_import_export_import_with_nothing_lost() -> None:
    files = _corpus()
    assert len(files) >= 20
    for path in files:
        first, _ = import_file(path)
        data, _ = to_pzfx(first)
        second = _reimport(data)
        assert_same_tables(first.tables, second.tables)
        # what the import kept of Prism's own (summary formats, excluded values, dates,
        # notes, info sheets, versions) comes back too
        assert [t.usermeta for t in second.tables] == [t.usermeta for t in first.tables], path
        assert second.usermeta == first.usermeta, path
        assert second.meta == first.meta, path


def test_prism_structure_root_versions_kinds_and_info_sequence() -> None:
    from xml.etree import ElementTree as ET

    p = project(3)
    root = ET.fromstring(to_pzfx(p)[0])
    assert root.tag == "GraphPadPrismFile"
    assert root.get("PrismXMLVersion") == "5.00"
    assert [c.tag for c in root][:4] == ["Created", "InfoSequence", "Info", "TableSequence"]
    assert root.find("Created/OriginalVersion").get("CreatedByVersion")
    tables = root.findall("Table")
    assert [r.get("ID") for r in root.findall("TableSequence/Ref")] == [t.get("ID") for t in tables]
    kinds = {(t.get("TableType"), t.get("ExtTableType")) for t in tables}
    assert kinds == {
        ("XY", None),
        ("OneWay", None),
        ("TwoWay", None),
        ("TwoWay", "Nested"),
        ("Contingency", None),
        ("Survival", None),
        ("PartsOfWhole", None),
        ("OneWay", "MultipleVariables"),
    }
    for t, source in zip(tables, p.tables, strict=True):
        for col in t.findall("YColumn"):
            assert int(col.get("Subcolumns")) == len(col.findall("Subcolumn"))
        if t.get("YFormat") == "replicates":
            assert t.get("Replicates") == str(source.replicates)


def test_numbers_keep_every_digit_and_text_is_escaped() -> None:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "name": "</Title><d>injected</d>",
                "format": "column",
                "dataSets": [
                    {"name": "a]]>&amp;", "values": [[0.1 + 0.2], [5e-324], [-0.0], [1e300]]}
                ],
            }
        ],
    }
    data, _ = to_pzfx(loads(orjson.dumps(doc)))
    assert b"0.30000000000000004" in data and b"5e-324" in data and b"<d>-0</d>" in data
    assert b"&lt;/Title&gt;&lt;d&gt;injected" in data
    assert b'Decimals="15"' in data  # Prism shows every digit written
    back = _reimport(data).tables[0]
    assert back.name == "</Title><d>injected</d>"
    assert back.data_sets[0].name == "a]]>&amp;"
    assert back.data_sets[0].values[:, 0].tolist() == [0.1 + 0.2, 5e-324, -0.0, 1e300]
    assert math.copysign(1, back.data_sets[0].values[2, 0]) == -1


def test_what_prism_files_cannot_hold_is_listed_with_paths() -> None:
    p = open_project(REPO / "src" / "plotdoc" / "examples" / "complete.plotdoc")
    _, problems = to_pzfx(p)
    where = {w.where for w in problems}
    assert "tables[0].graph" in where
    assert "tables[0].analyses[0]" in where
    assert "tables[0].annotations" in where
    assert "tables[4].variableTypes" in where
    derived = [w for w in problems if w.where.endswith("derivedFrom")]
    assert derived and "exported as a plain data table" in derived[0].message
    # the results table is exported with the results computed now
    back = _reimport(to_pzfx(p)[0])
    results = next(t for t in p.tables if t.derived_from is not None)
    same = next(t for t in back.tables if t.name == results.name)
    assert [d.name for d in same.data_sets] == [d.name for d in results.data_sets]
    assert np.array_equal(
        same.data_sets[0].values,
        results.data_sets[0].values[: same.data_sets[0].n_rows],
        equal_nan=True,
    )


def test_one_table_by_id_and_an_unknown_id() -> None:
    p = open_project(REPO / "src" / "plotdoc" / "examples" / "complete.plotdoc")
    back = _reimport(to_pzfx(p, tables=["weights"])[0])
    assert [t.name for t in back.tables] == ["Body weight at day 28"]
    with pytest.raises(ValueError, match="no table has the id 'nope'"):
        to_pzfx(p, tables=["nope"])


def test_a_file_the_import_would_refuse_is_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import plotdoc.importers.pzfx as importer
    from plotdoc.problems import error

    def refuse(data: bytes) -> None:
        raise PlotdocError([error("import-bad-number", (), "expected a number, found 'x'")])

    monkeypatch.setattr(importer, "read_pzfx", refuse)
    out = tmp_path / "out.pzfx"
    out.write_bytes(b"earlier work")
    with pytest.raises(PlotdocError) as caught:
        export_pzfx(project(0), out)
    assert caught.value.problems[0].code == "save-failed"
    assert "would be refused (import-bad-number" in caught.value.problems[0].message
    assert out.read_bytes() == b"earlier work"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pzfx"]  # no temporary left


def test_the_active_table_is_the_one_prism_opens_on() -> None:
    from xml.etree import ElementTree as ET

    p = open_project(REPO / "src" / "plotdoc" / "examples" / "complete.plotdoc")
    p.view["activeTableId"] = "weights"
    root = ET.fromstring(to_pzfx(p)[0])
    refs = root.findall("TableSequence/Ref")
    assert [r.get("Selected") for r in refs] == [None, "1", None, None, None, None, None]


def _corpus_columns(t: Table) -> list[list[Any]]:
    """The columns the ``pzfx`` package gives for a re-exported Prism table: row titles, X,
    the X error column, then every subcolumn of every other data set (a summary format's
    mean, SD and N are one data set each, in Prism's order)."""
    meta = t.usermeta.get("pzfx", {})
    cols: list[list[Any]] = []
    labels = t.row_labels or meta.get("rowTitles")
    if labels:
        cells: list[Any] = [s or None for s in labels]
        with contextlib.suppress(ValueError):
            cells = [None if s is None else float(s) for s in cells]
        cols.append(cells)
    if t.x is not None:
        cols.append([_plain(v) for v in t.x])
    sets = list(range(len(t.data_sets)))
    x_error = meta.get("xErrorDataSet")
    if isinstance(x_error, int):
        cols.append([_plain(v) for v in t.data_sets[x_error].values[:, 0]])
        sets.remove(x_error)
    elif "xError" in meta and t.x is not None:  # kept aside by a table of summary data
        cols.append([_plain(v) for v in meta["xError"]])
    # a table of summary data from Prism's SD or SE format (no N) is written without N
    width = 2 if t.entry != "values" and not str(meta.get("yFormat", "N")).endswith("N") else None
    for d in sets:
        values = t.data_sets[d].values
        k_max = width or values.shape[1]
        cols.extend([_plain(v) for v in values[:, k]] for k in range(k_max))
    return cols


def test_the_pzfx_package_reads_the_re_exported_corpus(tmp_path: Path) -> None:
    pzfx = pytest.importorskip("pzfx")
    for path in _corpus():
        project, _ = import_file(path)
        out = tmp_path / path.name
        export_pzfx(project, out)
        for i, t in enumerate(project.tables, 1):
            frame = pzfx.read_pzfx(str(out), table=i, date_x="numeric")
            expected = _corpus_columns(t)
            assert frame.shape[1] == len(expected), (path.name, list(frame.columns))
            for c, column in enumerate(expected):
                got = [_plain(v) for v in frame.iloc[:, c].tolist()]
                width = max(len(got), len(column))
                pad = [None] * width
                assert (got + pad)[:width] == (column + pad)[:width], (path.name, c)
