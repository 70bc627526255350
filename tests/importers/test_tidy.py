"""Long (tidy) data frames in through the builder, and plotdoc's own long frame back in."""

from __future__ import annotations

import sys
import warnings
from typing import Any

import pytest

from plotdoc.builder import ProjectBuilder
from plotdoc.problems import PlotdocError

pd = pytest.importorskip("pandas")
np = pytest.importorskip("numpy")


def built(family: str, frame: Any, **names: Any) -> dict[str, Any]:
    b = ProjectBuilder()
    t = b.add_table(family, frame, **names)
    b.project()  # opens as a file would
    return t.document


def refused(family: str, frame: Any, **names: Any) -> str:
    with pytest.raises(PlotdocError) as info:
        ProjectBuilder().add_table(family, frame, **names)
    return " | ".join(p.message for p in info.value.errors)


DOSES = pd.DataFrame(
    {
        "dose": [1, 1, 2, 2, 3, 3] * 2,
        "group": ["WT"] * 6 + ["KO"] * 6,
        "value": [1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5],
    }
)


def test_long_xy_repeated_rows_are_replicates() -> None:
    t = built("xy", DOSES, x="dose", group="group", value="value")
    assert t["x"] == [1, 2, 3]
    assert t["replicates"] == 2
    assert [ds["name"] for ds in t["dataSets"]] == ["WT", "KO"]
    assert t["dataSets"][0]["values"] == [[1.0, 1.5], [2.0, 2.5], [3.0, 3.5]]
    assert t["titles"] == {"x": {"text": "dose"}}


def test_a_long_frame_without_names_is_refused_with_the_call_to_make() -> None:
    message = refused("xy", DOSES)
    assert "long (tidy) frame" in message
    assert "add_table('xy', frame, value='value', group='group', x='dose')" in message
    labelled = pd.DataFrame({"Sex": ["M", "F"], "WT": [1.0, 2.0], "KO": [3.0, 4.0]})
    assert "frame.set_index('Sex')" in refused("grouped", labelled)


def test_names_that_are_not_columns_are_refused_with_a_suggestion() -> None:
    message = refused("xy", DOSES, x="dose", group="grop", value="value")
    assert "group='grop'" in message and "'dose', 'group', 'value'" in message
    assert 'did you mean "group"' in message
    assert "x=" in refused("xy", DOSES, group="group", value="value")
    assert "value=" in refused("xy", DOSES, x="dose", group="group")
    assert "no X" in refused("column", DOSES, x="dose", group="group", value="value")


def test_subject_pairs_repeated_measures() -> None:
    # each mouse measured at every dose, listed in a shuffled order: the subject is the column
    frame = pd.DataFrame(
        {
            "dose": [1, 2, 1, 2, 2, 1],
            "mouse": ["m2", "m2", "m1", "m1", "m3", "m3"],
            "value": [20.0, 21.0, 10.0, 11.0, 31.0, 30.0],
        }
    )
    t = built("xy", frame, x="dose", subject="mouse", value="value")
    assert t["dataSets"] == [
        {"id": "value", "name": "value", "values": [[20.0, 10.0, 30.0], [21.0, 11.0, 31.0]]}
    ]
    # in a column table, the subject is the row (before/after pairs)
    pairs = pd.DataFrame(
        {
            "when": ["before", "after", "after", "before"],
            "id": [7, 3, 7, 3],
            "value": [1.0, 4.0, 2.0, 3.0],
        }
    )
    t = built("column", pairs, group="when", subject="id", value="value")
    assert t["dataSets"] == [
        {"id": "before", "name": "before", "values": [[3.0], [1.0]]},
        {"id": "after", "name": "after", "values": [[4.0], [2.0]]},
    ]


def test_row_and_subject_cannot_both_say_the_row() -> None:
    frame = pd.DataFrame({"id": [1, 2], "visit": [1, 1], "v": [1.0, 2.0]})
    assert "give one" in refused("column", frame, row="visit", subject="id", value="v")
    assert "no repeated measures" in refused(
        "partsOfWhole", frame, row="id", subject="visit", value="v"
    )


def test_one_value_per_cell_where_the_family_holds_one() -> None:
    frame = pd.DataFrame({"arm": ["A", "A"], "outcome": ["yes", "yes"], "n": [3, 4]})
    message = refused("contingency", frame, row="arm", group="outcome", value="n")
    assert "frame rows 0 and 1" in message and 'outcome="yes"' in message


def test_grouped_contingency_and_parts_need_row_labels() -> None:
    frame = pd.DataFrame({"sex": ["M", "M", "F"], "geno": ["WT", "WT", "WT"], "v": [1, 2, 3]})
    t = built("grouped", frame, row="sex", group="geno", value="v")
    assert t["rowLabels"] == ["M", "F"]
    assert t["dataSets"] == [{"id": "WT", "name": "WT", "values": [[1.0, 2.0], [3.0, None]]}]
    assert "row=" in refused("grouped", frame, group="geno", value="v")
    parts = pd.DataFrame({"part": ["a", "b"], "share": [1, 3]})
    assert built("partsOfWhole", parts, row="part", value="share")["rowLabels"] == ["a", "b"]


def test_nested_subject_is_the_sub_column_and_survival_one_row_per_subject() -> None:
    frame = pd.DataFrame(
        {
            "treat": ["A", "A", "A", "A", "B", "B"],
            "animal": ["a1", "a1", "a2", "a2", "b1", "b2"],
            "v": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
        }
    )
    t = built("nested", frame, group="treat", subject="animal", value="v")
    assert t["dataSets"] == [
        {"id": "A", "name": "A", "values": [[1.0, 3.0], [2.0, 4.0]]},
        {"id": "B", "name": "B", "values": [[5.0, 6.0]]},
    ]
    surv = pd.DataFrame({"months": [3, 5, 2], "arm": ["A", "A", "B"], "event": [1, 0, 1]})
    t = built("survival", surv, x="months", group="arm", value="event")
    assert t["x"] == [3, 5, 2]
    assert t["dataSets"] == [
        {"id": "A", "name": "A", "values": [[1.0], [0.0]]},
        {"id": "B", "name": "B", "values": [[None], [None], [1.0]]},
    ]


def test_multiple_variables_pivot_by_row_and_keep_text() -> None:
    frame = pd.DataFrame(
        {
            "patient": ["p1", "p1", "p2", "p2"],
            "var": ["age", "sex", "age", "sex"],
            "v": [30, "m", 40, "f"],
        }
    )
    t = built("multipleVariables", frame, row="patient", group="var", value="v")
    assert t["rowLabels"] == ["p1", "p2"]
    assert t["dataSets"] == [
        {"id": "age", "name": "age", "values": [[30.0], [40.0]]},
        {"id": "sex", "name": "sex", "values": [["m"], ["f"]]},
    ]


def test_bad_values_name_the_frame_row_and_column() -> None:
    frame = pd.DataFrame({"g": ["A", "B"], "v": [1.0, "oops"]})
    message = refused("column", frame, group="g", value="v")
    assert "frame row 1, column 'v'" in message and "oops" in message


def test_dates_become_years_with_a_warning_and_a_titled_axis() -> None:
    frame = pd.DataFrame({"day": pd.to_datetime(["2024-01-01", "2025-01-01"]), "v": [1.0, 2.0]})
    b = ProjectBuilder()
    with pytest.warns(UserWarning, match="years since 2024-01-01"):
        t = b.add_table("xy", frame, x="day", value="v")
    assert t.document["titles"] == {"x": {"text": "day (years since 2024-01-01)"}}
    assert t.document["x"] == [0.0, pytest.approx(366 / 365.25)]
    assert any("years since" in w.message for w in b.project().warnings)
    # a DatetimeIndex of a wide frame the same way
    wide = pd.DataFrame({"A": [1.0, 2.0]}, index=pd.DatetimeIndex(["2024-01-01", "2024-07-01"]))
    with pytest.warns(UserWarning, match="years since 2024-01-01"):
        t = ProjectBuilder().add_table("xy", wide)
    assert t.document["titles"] == {"x": {"text": "Years since 2024-01-01"}}


def _opened(b: ProjectBuilder) -> list[dict[str, Any]]:
    out = []
    for table in b.project().tables:
        out.append(
            {
                "x": None if table.x is None else [None if v != v else v for v in table.x.tolist()],
                "rowLabels": table.row_labels,
                "replicates": table.replicates,
                "dataSets": [
                    (
                        ds.name,
                        [[None if c != c else c for c in row] for row in ds.values.tolist()],
                        None if ds.text is None else ds.text.tolist(),
                    )
                    for ds in table.data_sets
                ],
            }
        )
    return out


FAMILY_TABLES: dict[str, dict[str, Any]] = {
    "xy": {
        "data": {"A": [[1, 2], [3, None], [None, None], [5, 6]], "B": [[7, 8], [9, 10]]},
        "x": [1, 2, 2, 4, 5],
    },
    "column": {"data": {"A": [1, 2, 3], "B": [4, None, 6]}},
    "grouped": {
        "data": {"A": [[1, 2], [3, 4]], "B": [[5, None], [7, 8]]},
        "row_labels": ["M", "F"],
    },
    "nested": {"data": {"A": [[1, 2], [3, 4], [5, None]], "B": [[5, 6], [7, 8], [None, 9]]}},
    "contingency": {"data": {"Yes": [10, 20], "No": [30, 40]}, "row_labels": ["Drug", "Placebo"]},
    "survival": {"data": {"A": [1, 0, None, None], "B": [None, None, 1, 1]}, "x": [3, 5, 2, 8]},
    "partsOfWhole": {"data": {"Share": [1, 2, 3]}, "row_labels": ["a", "b", "c"]},
    "multipleVariables": {"data": {"age": [30, 40, 50], "sex": ["m", "f", "m"]}},
    "multipleVariables-labelled": {
        "data": {"age": [30, 40], "sex": ["m", None]},
        "row_labels": ["p1", "p2"],
    },
}


@pytest.mark.parametrize("family", list(FAMILY_TABLES))
def test_long_frames_go_back_in_for_every_family(family: str) -> None:
    spec = dict(FAMILY_TABLES[family])
    family = family.split("-")[0]
    original = ProjectBuilder()
    original.add_table(family, spec.pop("data"), **spec)
    table = original.project().tables[0]
    long = table.to_pandas(shape="long")

    again = ProjectBuilder()
    again.add_table(family, long)  # plotdoc's own long frame, recognised by its columns
    assert _opened(again) == _opened(original)

    # and by naming its columns, as for any long frame
    names: dict[str, Any] = {"value": "value", "group": "dataSet"}
    if family in ("xy", "survival"):
        names |= {"x": "x", "row": "row"}
    elif "rowLabel" in long.columns:
        names["row"] = "rowLabel"
    elif family == "multipleVariables":
        names["subject"] = "row"
    else:
        names["row"] = "row"
    if family in ("xy", "grouped", "nested"):
        names["subject"] = "replicate"
    named = ProjectBuilder()
    named.add_table(family, long, **names)
    assert _opened(named) == _opened(original)


def test_to_pandas_without_pandas_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    table = ProjectBuilder().add_table("column", {"A": [1.0]}).document
    monkeypatch.setitem(sys.modules, "pandas", None)
    from plotdoc.importers.pandas import table_to_dataframe

    with pytest.raises(ImportError, match=r'pip install "plotdoc\[pandas\]"'):
        table_to_dataframe(table)


def test_a_dict_of_columns_is_a_long_frame_when_named() -> None:
    t = built("column", {"g": ["A", "B", "A"], "v": [1, 2, 3]}, group="g", value="v")
    assert t["dataSets"] == [
        {"id": "A", "name": "A", "values": [[1.0], [3.0]]},
        {"id": "B", "name": "B", "values": [[2.0]]},
    ]


def test_warnings_are_not_raised_for_a_plain_long_frame() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        built("xy", DOSES, x="dose", group="group", value="value")


def test_values_a_frame_would_ignore_are_refused() -> None:
    wide = pd.DataFrame({"A": [1.0, 2.0]})
    assert "no x= values" in refused("xy", wide, x=[1, 2])
    assert "row_labels=" in refused("grouped", wide, row_labels=["a", "b"])
    t = built("xy", wide, replicates=3)
    assert t["replicates"] == 3
    mv = pd.DataFrame({"dose": [1.0, 2.0], "code": [3.0, 4.0]})
    t = built("multipleVariables", mv, variable_types={"code": "categorical"})
    assert t["variableTypes"] == {"code": "categorical"}


def test_values_of_every_kind_of_column() -> None:
    nullable = pd.DataFrame({"g": ["A", "A", "B"], "v": pd.array([1, None, 3], dtype="Int64")})
    t = built("column", nullable, group="g", value="v")
    assert t["dataSets"] == [
        {"id": "A", "name": "A", "values": [[1.0]]},
        {"id": "B", "name": "B", "values": [[3.0]]},
    ]
    infinite = pd.DataFrame({"g": ["A", "B"], "v": [1.0, float("inf")]})
    assert "finite" in refused("column", infinite, group="g", value="v")
    text = pd.DataFrame({"g": ["A", "B"], "v": ["1.5", " 2 "]})
    assert built("column", text, group="g", value="v")["dataSets"][1]["values"] == [[2.0]]


def test_many_bad_values_are_counted_past_the_first_hundred() -> None:
    frame = pd.DataFrame({"g": ["A"] * 150, "v": ["bad"] * 150})
    with pytest.raises(PlotdocError) as info:
        ProjectBuilder().add_table("column", frame, group="g", value="v")
    assert len(info.value.errors) == 100 and info.value.omitted == 50
    assert info.value.errors[0].message.startswith("frame row 0, column 'v'")


def test_a_long_dict_without_pandas_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"reading a data frame needs pandas.*plotdoc\[pandas\]"):
        ProjectBuilder().add_table("column", {"g": ["A"], "v": [1.0]}, group="g", value="v")
