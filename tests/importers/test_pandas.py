"""Data frames to plotdoc tables and back."""

from __future__ import annotations

import math
from typing import Any

import pytest

from plotdoc.importers.pandas import from_dataframe, table_to_dataframe
from plotdoc.problems import PlotdocError

from .conformance import assert_conforms, assert_opens

pd = pytest.importorskip("pandas")
np = pytest.importorskip("numpy")


def imported(df: Any, family: str, **options: Any) -> dict[str, Any]:
    result = from_dataframe(df, family=family, **options)
    assert_conforms(result.document)
    assert_opens(result.document)
    (table,) = result.document["tables"]
    return table


def test_xy_index_is_x_and_name_n_columns_are_replicates() -> None:
    df = pd.DataFrame(
        {"A_1": [1, 2, np.nan], "A_2": [3, 4, 5], "B": [7.0, None, 9.0]},
        index=pd.Index([0.5, 1, 2], name="Dose"),
    )
    t = imported(df, "xy", name="Dose response")
    assert t["name"] == "Dose response"
    assert t["x"] == [0.5, 1, 2]
    assert t["titles"] == {"x": {"text": "Dose"}}
    assert t["replicates"] == 2
    assert t["dataSets"] == [
        {"id": "A", "name": "A", "values": [[1, 3], [2, 4], [None, 5]]},
        {"id": "B", "name": "B", "values": [[7], [None], [9]]},
    ]
    assert t["graph"] == {"variantId": "xy-points-error"}


def test_multiindex_columns_give_replicates() -> None:
    columns = pd.MultiIndex.from_tuples([("Ctrl", "r1"), ("Ctrl", "r2"), ("Drug", "r1")])
    df = pd.DataFrame([[1, 2, 3], [4, 5, 6]], columns=columns, index=["young", "old"])
    t = imported(df, "grouped")
    assert t["rowLabels"] == ["young", "old"]
    assert t["replicates"] == 2
    assert [(ds["name"], ds["values"]) for ds in t["dataSets"]] == [
        ("Ctrl", [[1, 2], [4, 5]]),
        ("Drug", [[3], [6]]),
    ]


def test_multiindex_in_a_one_value_family_splits_with_a_warning() -> None:
    columns = pd.MultiIndex.from_tuples([("A", 1), ("A", 2)])
    result = from_dataframe(pd.DataFrame([[1, 2]], columns=columns), family="column")
    assert [ds["name"] for ds in result.document["tables"][0]["dataSets"]] == ["A 1", "A 2"]
    assert [p.code for p in result.problems] == ["import-converted"]


def test_column_nested_and_survival() -> None:
    df = pd.DataFrame({"A": [1, 2, 3], "B": [4, None, None]})
    t = imported(df, "column")
    assert [ds["values"] for ds in t["dataSets"]] == [[[1], [2], [3]], [[4]]]
    assert "x" not in t and "rowLabels" not in t
    t = imported(pd.DataFrame({"T_1": [1], "T_2": [2], "U": [3]}), "nested")
    assert t["replicates"] == 2
    surv = pd.DataFrame({"Control": [1, 0, None]}, index=pd.Index([10, 20, 30], name="Days"))
    t = imported(surv, "survival")
    assert t["x"] == [10, 20, 30]
    assert t["dataSets"][0]["values"] == [[1], [0]]


def test_contingency_and_parts_of_whole_use_the_index_as_row_labels() -> None:
    df = pd.DataFrame({"A": [10, 20]}, index=["yes", "no"])
    assert imported(df, "contingency")["rowLabels"] == ["yes", "no"]
    assert imported(df, "partsOfWhole")["graph"]["variantId"] == "parts-pie"


def test_multiple_variables_keep_text_and_labels() -> None:
    df = pd.DataFrame(
        {
            "gene": ["TP53", "BRCA1"],
            "fc": [1.5, pd.NA],
            "when": pd.to_datetime(["2024-01-02", None]),
        },
        index=["s1", "s2"],
    )
    t = imported(df, "multipleVariables")
    assert t["rowLabels"] == ["s1", "s2"]
    assert [ds["values"] for ds in t["dataSets"]] == [
        [["TP53"], ["BRCA1"]],
        [[1.5]],
        [["2024-01-02T00:00:00"]],
    ]
    t = imported(df.reset_index(drop=True), "multipleVariables")
    assert "rowLabels" not in t


def test_datetime_index_becomes_years_elapsed() -> None:
    index = pd.to_datetime(["2004-01-16", "2009-04-09"])
    result = from_dataframe(pd.DataFrame({"Obs": [120, 64]}, index=index), family="xy")
    x = result.document["tables"][0]["x"]
    assert x[0] == 0
    assert math.isclose(x[1], 5.22929500342231, rel_tol=1e-12)
    assert [p.code for p in result.problems] == ["import-converted"]


def test_bad_values_are_reported_with_paths() -> None:
    df = pd.DataFrame({"A": [1, "two", np.inf], "B": [True, 2, 3]}, index=[1, "x", 3])
    with pytest.raises(PlotdocError) as info:
        from_dataframe(df, family="xy")
    assert {p.where for p in info.value.problems} == {
        "tables[0].dataSets[0].values[1][0]",
        "tables[0].dataSets[0].values[2][0]",
        "tables[0].dataSets[1].values[0][0]",
        "tables[0].x[1]",
    }
    assert {p.code for p in info.value.problems} == {"import-bad-number"}


def test_numeric_strings_are_numbers() -> None:
    t = imported(pd.DataFrame({"A": ["1.5", " 2 ", ""]}), "column")
    assert t["dataSets"][0]["values"] == [[1.5], [2]]


def test_arguments() -> None:
    with pytest.raises(ValueError, match="family"):
        from_dataframe(pd.DataFrame({"A": [1]}), family="heat")
    three = pd.MultiIndex.from_tuples([("a", "b", "c")])
    with pytest.raises(ValueError, match="two column levels"):
        from_dataframe(pd.DataFrame([[1]], columns=three), family="column")
    with pytest.raises(PlotdocError):
        from_dataframe(pd.DataFrame(), family="column")


# -- back to pandas ---------------------------------------------------------------------------

XY = {
    "format": "xy",
    "x": [1, 2, 3],
    "replicates": 2,
    "titles": {"x": {"text": "Dose"}},
    "dataSets": [
        {"id": "A", "name": "A", "values": [[1, 2], [3]]},
        {"id": "B", "name": "B", "values": [[None, 5], [6, 7], [8, 9]]},
    ],
    "graph": {"variantId": "xy-points-error"},
}


def test_wide_shape() -> None:
    wide = table_to_dataframe(XY)
    assert list(wide.columns) == ["A_1", "A_2", "B_1", "B_2"]
    assert wide.index.name == "Dose"
    assert wide.index.tolist() == [1, 2, 3]
    assert wide["A_2"].isna().tolist() == [False, True, True]
    assert wide["B_2"].tolist() == [5, 7, 9]


def test_wide_round_trip() -> None:
    wide = table_to_dataframe(XY)
    back = from_dataframe(wide, family="xy").document["tables"][0]
    assert back["x"] == XY["x"]
    assert back["titles"] == XY["titles"]
    expected = [[[1, 2], [3, None]], [[None, 5], [6, 7], [8, 9]]]
    assert [ds["values"] for ds in back["dataSets"]] == expected


def test_long_shape() -> None:
    long = table_to_dataframe(XY, shape="long")
    assert list(long.columns) == ["row", "x", "dataSet", "replicate", "value"]
    assert len(long) == 8
    first = long.iloc[0].tolist()
    assert first == [0, 1, "A", 0, 1]
    assert long[long.dataSet == "B"]["replicate"].tolist() == [1, 0, 1, 0, 1]


def test_shapes_with_row_labels_and_text() -> None:
    grouped = {
        "format": "grouped",
        "rowLabels": ["m", "f"],
        "dataSets": [{"id": "A", "name": "A", "values": [[1], [2]]}],
    }
    assert table_to_dataframe(grouped).index.tolist() == ["m", "f"]
    long = table_to_dataframe(grouped, "long")
    assert list(long.columns) == ["row", "rowLabel", "dataSet", "replicate", "value"]
    mv = {
        "format": "multipleVariables",
        "dataSets": [
            {"id": "g", "name": "g", "values": [["x"], ["y"]]},
            {"id": "v", "name": "v", "values": [[1]]},
        ],
    }
    wide = table_to_dataframe(mv)
    assert wide["g"].tolist() == ["x", "y"]
    assert wide["v"].tolist()[0] == 1 and math.isnan(wide["v"].tolist()[1])
    assert wide.index.name == "row"


def test_shape_errors() -> None:
    with pytest.raises(ValueError, match="shape"):
        table_to_dataframe(XY, shape="tall")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="results table"):
        table_to_dataframe({"format": "grouped", "derivedFrom": {}})
