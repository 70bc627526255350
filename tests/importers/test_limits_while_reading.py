"""Importers check their limits while reading: a file far past them is refused before it
costs memory in proportion to its size, and warnings about many elements come one per kind."""

from __future__ import annotations

import tracemalloc

import pytest

from plotdoc.importers.csv import MAX_COLUMNS, read_csv
from plotdoc.importers.pzfx import read_pzfx
from plotdoc.problems import PlotdocError


def _peak(fn: object) -> tuple[int, BaseException | None]:
    tracemalloc.start()
    caught: BaseException | None = None
    try:
        fn()  # type: ignore[operator]
    except PlotdocError as exc:
        caught = exc
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak, caught


def test_a_one_line_csv_of_a_million_columns_is_refused_before_it_is_split() -> None:
    data = b"," * 1_000_000  # 1,000,001 empty header cells on one line
    peak, caught = _peak(lambda: read_csv(data, family="column"))
    assert isinstance(caught, PlotdocError)
    problem = caught.problems[0]
    assert problem.code == "too-many-items"
    assert f"at most {MAX_COLUMNS:,} columns" in problem.message
    assert problem.line == 1
    # the text itself (1 MB as bytes, as str) and no list of a million cells
    assert peak < 12 * len(data), peak


def test_a_data_row_far_wider_than_any_table_is_refused_at_its_line() -> None:
    data = b"a,b\n1,2\n" + b"3" + b",4" * 40_000 + b"\n"
    with pytest.raises(PlotdocError) as info:
        read_csv(data, family="column")
    assert info.value.problems[0].code == "too-many-items"
    assert info.value.problems[0].line == 3


def test_a_csv_at_the_column_limit_still_reads() -> None:
    header = ",".join(f"s{i}" for i in range(400))
    result = read_csv((header + "\n" + ",".join(["1"] * 400) + "\n").encode(), family="column")
    assert len(result.document["tables"][0]["dataSets"]) == 400


def _pzfx(body: str) -> bytes:
    return (
        '<?xml version="1.0"?><GraphPadPrismFile PrismXMLVersion="5.00">'
        '<Table ID="T1" XFormat="none" TableType="OneWay" EVFormat="AsteriskAfterNumber">'
        '<Title>T</Title><YColumn Width="81" Decimals="0" Subcolumns="1"><Title>A</Title>'
        "<Subcolumn><d>1</d><d>2</d></Subcolumn></YColumn></Table>" + body + "</GraphPadPrismFile>"
    ).encode()


def test_many_unknown_elements_make_one_warning_per_kind() -> None:
    result = read_pzfx(_pzfx("<x/>" * 200_000 + "<y/>" * 3))
    unsupported = [p.message for p in result.problems if p.code == "import-unsupported"]
    assert unsupported == [
        "<x> is not imported (200,000 elements)",
        "<y> is not imported (3 elements)",
    ]


def test_a_pzfx_of_millions_of_empty_elements_is_refused_while_parsing() -> None:
    from plotdoc.importers._pzfx_xml import MAX_XML_ELEMENTS

    data = _pzfx("<x/>" * (MAX_XML_ELEMENTS + 10))
    with pytest.raises(PlotdocError) as info:
        read_pzfx(data)
    problem = info.value.problems[0]
    assert problem.code == "import-syntax"
    assert "XML elements" in problem.message and "reading stopped" in problem.message
    assert len(info.value.problems) == 1
