"""Importers check the contract's limits while they read, in linear time and bounded memory.

Scaled-down forms of hostile inputs: XML nested past any Prism file, a million rows, hundreds
of thousands of bad cells, thousands of repeated header names. Each case checks how much work
was done (records read, problems built, names tried), never how long it took.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import plotdoc.importers._common as common
import plotdoc.importers.csv as csv_importer
from plotdoc.importers import read_csv, read_pzfx
from plotdoc.problems import PlotdocError, Problem


def _pzfx(depth: int) -> bytes:
    return (
        b'<?xml version="1.0"?><GraphPadPrismFile PrismXMLVersion="5.00"><Info><Title>'
        + b"<B>" * depth
        + b"deep"
        + b"</B>" * depth
        + b"</Title></Info></GraphPadPrismFile>"
    )


def test_pzfx_nested_1100_deep_is_a_clear_problem() -> None:
    with pytest.raises(PlotdocError) as info:
        read_pzfx(_pzfx(1_100))
    (problem,) = info.value.errors
    assert problem.code == "import-syntax"
    assert "nested at most 256 levels" in problem.message
    assert problem.line == 1 and problem.column is not None


def test_pzfx_nested_200_deep_is_read() -> None:
    result = read_pzfx(_pzfx(200))
    assert result.document["usermeta"]["pzfx"]["info"][0]["title"] == "deep"


def test_repeated_names_are_renamed_in_linear_work(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = 0
    real_clip = common.clip

    def clip(text: str, limit: int = 200) -> str:
        nonlocal calls
        calls += 1
        return real_clip(text, limit)

    monkeypatch.setattr(common, "clip", clip)
    n = 5_000
    wanted = ["A"] * n + ["A (3)", "B", "B"]
    problems: list[Problem] = []
    names = common.unique_names(wanted, ("tables", 0, "dataSets"), problems)
    assert len(set(names)) == len(names) == n + 3
    assert names[:3] == ["A", "A (2)", "A (3)"]
    assert names[n] == "A (3) (2)"  # the explicit "A (3)" was taken by a repeat
    assert names[-2:] == ["B", "B (2)"]
    assert calls <= 3 * len(wanted)  # a quadratic search tries n²/2 names


def _counting_records(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    read = [0]
    real = csv_importer._records

    def records(text: str, delimiter: str, first: int = 1) -> Iterator[tuple[int, list[str]]]:
        for record in real(text, delimiter, first):
            read[0] += 1
            yield record

    monkeypatch.setattr(csv_importer, "_records", records)
    return read


def test_csv_rows_are_counted_while_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    read = _counting_records(monkeypatch)
    data = b"Y\n" + b"1\n" * 1_000_000
    with pytest.raises(PlotdocError) as info:
        read_csv(data, family="column")
    (problem,) = info.value.errors
    assert problem.code == "rows-too-many"
    assert problem.line == 200_002  # the 200,001st row, after the header
    assert read[0] == 200_002  # reading stopped there


def test_trailing_blank_lines_past_the_limit_are_not_rows() -> None:
    data = b"Y\n" + b"1\n" * 200_000 + b"\n" * 300_000
    result = read_csv(data, family="column")
    assert len(result.document["tables"][0]["dataSets"][0]["values"]) == 200_000


def test_blank_lines_are_no_rows_however_many() -> None:
    data = b"Y\n1\n" + b",\n" * 300_000 + b"2\n"
    result = read_csv(data, family="column")
    assert result.document["tables"][0]["dataSets"][0]["values"] == [[1], [2]]
    (w,) = result.problems
    assert "300,000 blank line(s)" in w.message and w.line == 3


def test_csv_cells_are_counted_while_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    read = _counting_records(monkeypatch)
    header = ",".join(f"S{i}" for i in range(400)).encode()
    row = ",".join(["1"] * 400).encode()
    data = header + b"\n" + (row + b"\n") * 10_000
    with pytest.raises(PlotdocError) as info:
        read_csv(data, family="column")
    assert [p.code for p in info.value.errors] == ["cells-too-many"]
    assert read[0] == 5_002  # 5,001 rows of 400 cells pass 2,000,000


def test_a_header_past_the_data_set_limit_is_refused_before_the_rows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read = _counting_records(monkeypatch)
    header = ",".join(f"S{i}" for i in range(600)).encode()
    data = header + b"\n" + b"1\n" * 1_000
    with pytest.raises(PlotdocError) as info:
        read_csv(data, family="column")
    assert [(p.code, p.where) for p in info.value.errors] == [
        ("too-many-items", "tables[0].dataSets")
    ]
    assert read[0] == 1


def test_bad_cells_are_counted_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    built = 0
    real_error = csv_importer.error

    def error(*args: Any, **kwargs: Any) -> Problem:
        nonlocal built
        built += 1
        return real_error(*args, **kwargs)

    monkeypatch.setattr(csv_importer, "error", error)
    rows = 150_000
    data = b"A,B\n" + b"x,y\n" * rows
    with pytest.raises(PlotdocError) as info:
        read_csv(data, family="column")
    listed = info.value.errors
    assert len(listed) == 100
    assert info.value.omitted == 2 * rows - 100
    assert [(p.line, p.column) for p in listed[:4]] == [(2, 1), (2, 2), (3, 1), (3, 2)]
    assert [(p.line, p.column) for p in listed[-2:]] == [(51, 1), (51, 2)]
    assert built <= 1_000  # one problem per bad cell was 300,000


def test_a_data_frame_past_the_row_limit_is_refused_before_converting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pd = pytest.importorskip("pandas")
    import plotdoc.importers.pandas as pandas_importer

    converted = 0
    real_cell = pandas_importer._cell

    def cell(*args: Any) -> Any:
        nonlocal converted
        converted += 1
        return real_cell(*args)

    monkeypatch.setattr(pandas_importer, "_cell", cell)
    df = pd.DataFrame({"A": range(250_000)})
    with pytest.raises(PlotdocError) as info:
        pandas_importer.from_dataframe(df, family="column")
    assert [p.code for p in info.value.errors] == ["rows-too-many"]
    assert converted == 0


def test_renames_past_the_first_thousand_are_counted_in_one_warning() -> None:
    problems: list[Problem] = []
    common.unique_names([""] + ["A"] * 3_000, ("tables", 0, "dataSets"), problems)
    assert len(problems) == 1_001
    assert problems[-1].message.startswith("… and 2,000 more data set names renamed")
