"""CSV files as R, Excel, pandas and people write them: missing-value spellings, Excel's
``sep=`` line, decimal commas, blank lines, trailing delimiters, and every problem at the
CSV's own line and column."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from plotdoc.cli import main
from plotdoc.importers.csv import MISSING, read_csv
from plotdoc.importers.files import import_file
from plotdoc.problems import PlotdocError


def table(data: bytes, family: str = "column", **options: Any) -> dict[str, Any]:
    result = read_csv(data, family=family, **options)
    (t,) = result.document["tables"]
    return t


def values(t: dict[str, Any]) -> dict[str, list[list[Any]]]:
    return {ds["name"]: ds["values"] for ds in t["dataSets"]}


@pytest.mark.parametrize("na", ["NA", "N/A", "n/a", "#N/A", "NaN", "-", "", " NA "])
def test_missing_value_spellings(na: str) -> None:
    assert values(table(f"A,B\n1,{na}\n2,3\n".encode())) == {"A": [[1], [2]], "B": [[None], [3]]}


def test_the_spellings_agree_with_pandas() -> None:
    pd = pytest.importorskip("pandas")
    from pandas._libs.parsers import STR_NA_VALUES

    assert set(STR_NA_VALUES) <= MISSING
    assert pd.isna(pd.read_csv(__import__("io").StringIO("A\nNA\n"))["A"][0])


def test_more_spellings_with_na_and_text_cells_of_multiple_variables() -> None:
    with pytest.raises(PlotdocError):
        table(b"A\n1\n.\n")
    assert values(table(b"A\n1\n.\n", na=["."])) == {"A": [[1]]}
    t = table(b"age,sex\n30,NA\n40,f\n", "multipleVariables")
    assert values(t) == {"age": [[30], [40]], "sex": [[None], ["f"]]}


def test_excel_sep_line_names_the_delimiter_and_lines_keep_their_numbers() -> None:
    assert values(table(b"sep=;\nA;B\n1;2\n")) == {"A": [[1]], "B": [[2]]}
    with pytest.raises(PlotdocError) as info:
        read_csv(b"sep=;\r\nA;B\r\n1;x\r\n", family="column")
    (p,) = info.value.problems
    assert (p.line, p.column) == (3, 2)


def test_a_decimal_comma_gets_a_hint() -> None:
    with pytest.raises(PlotdocError) as info:
        read_csv(b"A;B\n1;2,5\n", family="column")
    (p,) = info.value.problems
    assert '"2,5"' in p.message and "--decimal ," in p.message
    with pytest.raises(PlotdocError) as info:
        read_csv(b"A\nabc\n", family="column")
    assert "decimal" not in info.value.problems[0].message


def test_blank_lines_between_rows_are_skipped_and_said() -> None:
    result = read_csv(b"X,A\n1,2\n\n2,3\n , \n3,4\n\n\n", family="xy")
    t = result.document["tables"][0]
    assert t["x"] == [1, 2, 3] and values(t) == {"A": [[2], [3], [4]]}
    (w,) = result.problems
    assert "2 blank line(s)" in w.message and "lines 3, 5" in w.message and w.line == 3


def test_a_trailing_delimiter_adds_no_data_set() -> None:
    result = read_csv(b"A,B,\n1,2,\n3,4,\n", family="column")
    t = result.document["tables"][0]
    assert values(t) == {"A": [[1], [3]], "B": [[2], [4]]}
    (w,) = result.problems
    assert "trailing comma" in w.message and (w.line, w.column) == (1, 3)
    # only the data rows end with one
    result = read_csv(b"A;B\n1;2;\n3;4;\n", family="column")
    assert values(result.document["tables"][0]) == {"A": [[1], [3]], "B": [[2], [4]]}
    (w,) = result.problems
    assert "trailing semicolon" in w.message and w.line == 2


def test_a_problem_found_at_open_is_said_at_the_csv_line(tmp_path: Path) -> None:
    path = tmp_path / "survival.csv"
    path.write_text("Months,Drug,Placebo\n3,1,\n5,,2\n")
    _, problems = import_file(path, family="survival")
    (w,) = [p for p in problems if p.code == "survival-code-ignored"]
    assert (w.line, w.column) == (3, 3)
    assert w.offset is None


def test_cli_na_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "d.csv"
    path.write_text("A,B\n1,missing\n2,NA\n")
    assert main(["import", str(path), "--family", "column"]) == 1
    assert "line 2, column 2" in capsys.readouterr().err
    assert main(["import", str(path), "--family", "column", "--na", "missing"]) == 0
