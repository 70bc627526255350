"""The CSV import: every family, both decimal conventions, the replicate rule, the errors."""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

import pytest

from plotdoc.importers.csv import read_csv
from plotdoc.problems import PlotdocError

from .conformance import assert_conforms, assert_opens


def imported(text: str, family: str, **options: Any) -> dict[str, Any]:
    result = read_csv(text.encode(), family=family, **options)
    assert_conforms(result.document)
    assert_opens(result.document)
    (table,) = result.document["tables"]
    return table


def values(table: dict[str, Any]) -> dict[str, list[list[Any]]]:
    return {ds["name"]: ds["values"] for ds in table["dataSets"]}


def test_xy_with_replicates_by_the_name_n_rule() -> None:
    t = imported("Dose,Ctrl_1,Ctrl_2,Ctrl_3,Drug\n1,2,3,4,5\n2,,6,7,8\n", "xy")
    assert t["x"] == [1, 2]
    assert t["replicates"] == 3
    assert values(t) == {"Ctrl": [[2, 3, 4], [None, 6, 7]], "Drug": [[5], [8]]}
    assert t["graph"] == {"variantId": "xy-points-error"}
    assert t["titles"] == {"x": {"text": "Dose"}}


def test_xy_without_replicates_draws_a_scatter() -> None:
    t = imported("t,y\n0,1.5\n1,-2e3\n", "xy")
    assert t["replicates"] == 1
    assert t["graph"] == {"variantId": "scatter"}
    assert values(t) == {"y": [[1.5], [-2000.0]]}


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ("A_1,A_2", [("A", 2)]),
        ("A_1,B,A_2", [("A_1", 1), ("B", 1), ("A_2", 1)]),
        ("A_2,A_3", [("A_2", 1), ("A_3", 1)]),
        ("Day_1", [("Day_1", 1)]),
        ("A_1,A_2,A_4", [("A", 2), ("A_4", 1)]),
        ("A_1,A_2,B_1,B_2", [("A", 2), ("B", 2)]),
    ],
)
def test_replicate_rule(headers: str, expected: list[tuple[str, int]]) -> None:
    n = headers.count(",") + 1
    t = imported(f"G,{headers}\nr1,{','.join(['1'] * n)}\n", "grouped")
    assert [(ds["name"], len(ds["values"][0])) for ds in t["dataSets"]] == expected


def test_column_family_keeps_each_column_even_with_suffixes() -> None:
    t = imported("A_1,A_2,B\n1,2,3\n4,,\n", "column")
    assert values(t) == {"A_1": [[1], [4]], "A_2": [[2]], "B": [[3]]}
    assert t["replicates"] == 1
    assert t["graph"] == {"variantId": "scatter-bar"}
    assert "x" not in t and "rowLabels" not in t


def test_grouped_contingency_and_parts_take_row_labels() -> None:
    for family, variant in [
        ("grouped", "grouped-interleaved-bars"),
        ("contingency", "contingency-interleaved-bar"),
        ("partsOfWhole", "parts-pie"),
    ]:
        t = imported("Outcome,A,B\nyes,10,30\nno,20,40\n", family)
        assert t["rowLabels"] == ["yes", "no"]
        assert values(t) == {"A": [[10], [20]], "B": [[30], [40]]}
        assert t["graph"]["variantId"] == variant


def test_survival_x_is_time() -> None:
    t = imported("Days,Control,Treated\n78,1,\n34,0,\n88,,1\n", "survival")
    assert t["x"] == [78, 34, 88]
    assert values(t) == {"Control": [[1], [0]], "Treated": [[None], [None], [1]]}
    assert t["graph"]["variantId"] == "survival-staircase-ticks"


def test_nested_has_at_least_two_replicates() -> None:
    t = imported("Ctrl_1,Ctrl_2,Ctrl_3,Drug\n1,2,3,4\n", "nested")
    assert t["replicates"] == 3
    t = imported("A,B\n1,2\n", "nested")
    assert t["replicates"] == 2
    assert t["graph"]["variantId"] == "nested-scatter"


def test_multiple_variables_keep_text() -> None:
    t = imported("gene,log2fc,p\nTP53,1.5,0.01\nBRCA1,-2,\n", "multipleVariables")
    assert values(t) == {
        "gene": [["TP53"], ["BRCA1"]],
        "log2fc": [[1.5], [-2]],
        "p": [[0.01]],
    }
    assert t["graph"]["plot"]["options"] == {
        "kind": "scatter",
        "mapping": {"x": "gene", "y": "log2fc"},
    }


def test_comma_decimals_default_to_semicolons() -> None:
    t = imported("X;A\n1,5;2,25\n-0,5;3\n", "xy", decimal=",")
    assert t["x"] == [1.5, -0.5]
    assert values(t) == {"A": [[2.25], [3.0]]}


def test_delimiters_tab_semicolon_and_given() -> None:
    assert values(imported("A\tB\n1\t2\n", "column")) == {"A": [[1]], "B": [[2]]}
    assert values(imported("A;B\n1;2\n", "column")) == {"A": [[1]], "B": [[2]]}
    assert values(imported("A|B\n1|2\n", "column", delimiter="|")) == {"A": [[1]], "B": [[2]]}
    assert values(imported('"a,b"\n1\n', "column")) == {"a,b": [[1]]}


def test_bom_crlf_quotes_and_trailing_blank_rows() -> None:
    data = '\ufeff"A",B\r\n"1",2\r\n,\r\n\r\n'.encode()
    result = read_csv(data, family="column")
    assert values(result.document["tables"][0]) == {"A": [[1]], "B": [[2]]}


def test_other_encodings_and_files(tmp_path: Path) -> None:
    path = tmp_path / "data.csv"
    path.write_bytes("Größe,B\n1,2\n".encode("latin-1"))
    t = read_csv(path, family="column", encoding="latin-1").document["tables"][0]
    assert t["dataSets"][0]["name"] == "Größe"
    t = read_csv(str(path), family="column", encoding="cp1252").document["tables"][0]
    assert t["dataSets"][0]["name"] == "Größe"


def test_names_deduplicated_and_defaulted() -> None:
    result = read_csv(b"A,A,\n1,2,3\n", family="column")
    assert [ds["name"] for ds in result.document["tables"][0]["dataSets"]] == [
        "A",
        "A (2)",
        "Data set C",
    ]
    assert [p.code for p in result.problems] == ["import-converted", "import-converted"]


def test_bad_cells_report_line_column_and_path() -> None:
    with pytest.raises(PlotdocError) as info:
        read_csv(b"X,A_1,A_2\n1,2,3\nfoo,4,five\n3,Inf,1\n", family="xy")
    got = [(p.code, p.line, p.column, p.where) for p in info.value.problems]
    assert got == [
        ("import-bad-number", 3, 1, "tables[0].x[1]"),
        ("import-bad-number", 3, 3, "tables[0].dataSets[0].values[1][1]"),
        ("import-bad-number", 4, 2, "tables[0].dataSets[0].values[2][0]"),
    ]


def test_quoted_multiline_cells_keep_line_numbers() -> None:
    with pytest.raises(PlotdocError) as info:
        read_csv(b'label,A\n"two\nlines",1\nx,bad\n', family="grouped")
    (problem,) = info.value.problems
    assert (problem.line, problem.column, problem.where) == (
        4,
        2,
        "tables[0].dataSets[0].values[1][0]",
    )


def test_text_with_the_wrong_decimal_is_bad() -> None:
    with pytest.raises(PlotdocError):
        read_csv(b"A\n1,5\n", family="column", delimiter=";")
    with pytest.raises(PlotdocError):
        read_csv(b"A\n1.5\n", family="column", decimal=",")


def test_many_bad_cells_are_counted() -> None:
    data = ("A\n" + "x\n" * 150).encode()
    with pytest.raises(PlotdocError) as info:
        read_csv(data, family="column")
    assert len(info.value.problems) == 100
    assert info.value.omitted == 50


@pytest.mark.parametrize("data", [b"", b"\n\n", b" , \n1,2\n"])
def test_missing_header_is_a_syntax_problem(data: bytes) -> None:
    with pytest.raises(PlotdocError) as info:
        read_csv(data, family="column")
    assert [p.code for p in info.value.problems] == ["import-syntax"]


def test_only_a_key_column_is_a_syntax_problem() -> None:
    with pytest.raises(PlotdocError) as info:
        read_csv(b"X\n1\n", family="xy")
    assert info.value.problems[0].code == "import-syntax"


def test_rows_longer_than_the_header_and_bad_quoting() -> None:
    with pytest.raises(PlotdocError) as info:
        read_csv(b"A,B\n1,2,3\n", family="column")
    assert (info.value.problems[0].code, info.value.problems[0].line) == ("import-syntax", 2)
    with pytest.raises(PlotdocError) as info:
        read_csv(b'A,B\n"1"x,2\n', family="column")
    assert info.value.problems[0].code == "import-syntax"
    with pytest.raises(PlotdocError) as info:
        read_csv(b"A\n\xff\n", family="column")
    assert info.value.problems[0].code == "import-syntax"
    assert info.value.problems[0].offset == 2


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="family"):
        read_csv(b"A\n1\n", family="pie")
    with pytest.raises(ValueError, match="decimal"):
        read_csv(b"A\n1\n", family="column", decimal="'")


@pytest.mark.parametrize(
    ("text", "family", "options", "pandas_options"),
    [
        ("X,A,B\n1,2.5,\n2,1e3,-4\n3,,7\n", "xy", {}, {}),
        ("X;A;B\n1,5;2,5;\n2;1e3;-4,25\n", "xy", {"decimal": ","}, {"sep": ";", "decimal": ","}),
        ("A,B,C\n1,2,3\n4,,6\n,8,\n", "column", {}, {}),
    ],
)
def test_numbers_agree_with_pandas(
    text: str, family: str, options: dict[str, Any], pandas_options: dict[str, Any]
) -> None:
    pd = pytest.importorskip("pandas")
    frame = pd.read_csv(io.StringIO(text), **pandas_options)
    t = imported(text, family, **options)
    columns = list(frame.columns)
    if family == "xy":
        assert t["x"] == frame[columns[0]].tolist()
        columns = columns[1:]
    for ds, column in zip(t["dataSets"], columns, strict=True):
        assert ds["name"] == column
        ours = [row[0] for row in ds["values"]]
        ours += [None] * (len(frame) - len(ours))
        for a, b in zip(ours, frame[column].tolist(), strict=True):
            assert (a is None and math.isnan(b)) or a == b
