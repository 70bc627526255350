"""Every accepted edit leaves a project that saves and reopens as the editor shows it.

An edit open would read otherwise is refused where open would warn; the whole project's limits
are checked when the edit is made; a bad argument is refused with a problem, never a crash;
renaming or removing a data set moves everything that names it; problems name a place in
the project, never a line and column of a document the user never sees.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
import pytest

from plotdoc import EditRefusedError, PlotdocError, loads
from plotdoc.editing import (
    add_analysis,
    add_annotation,
    add_data_set,
    add_table,
    clear_cells,
    delete_rows,
    delete_rows_at,
    delete_table,
    duplicate_table,
    insert_rows,
    move_table,
    paste_block,
    remove_analysis,
    remove_data_set,
    rename_data_set,
    rename_table,
    set_analysis_params,
    set_axis,
    set_cell,
    set_cells,
    set_graph_field,
    set_legend,
    set_plot_option,
    set_preset,
    set_replicates,
    set_title,
    set_variant,
    set_visibility,
)
from plotdoc.model import Project

from .helpers import reopened, saved

# -- open's reading -------------------------------------------------------------------------


@pytest.mark.parametrize("value", [5, 2, -1, 0.5, "7"])
def test_a_survival_cell_open_would_read_as_missing_is_refused(
    project: Project, value: Any
) -> None:
    before = saved(project)
    with pytest.raises(PlotdocError) as info:
        set_cell(project, "table-3", 0, 1, value)
    problem = info.value.errors[0]
    assert problem.code == "survival-code-ignored"
    assert problem.where == "tables[6].dataSets[0].values[0][0]"
    assert "read as missing" in problem.message
    assert saved(project) == before


@pytest.mark.parametrize("value", [1, 0, "", None, "1"])
def test_survival_codes_are_accepted_and_read_back(project: Project, value: Any) -> None:
    set_cell(project, "table-3", 0, 1, value)
    stored = project.table("table-3").data_sets[0].values[0, 0]
    read_back = loads(saved(project)).table("table-3").data_sets[0].values[0, 0]
    assert str(stored) == str(read_back)


def test_a_mode_the_graph_type_does_not_offer_is_refused(project: Project) -> None:
    before = saved(project)
    with pytest.raises(PlotdocError) as info:
        set_plot_option(project, "weights", ("mode",), "meanWithSd")  # a box-and-whiskers graph
    assert [p.code for p in info.value.errors] == ["mode-not-offered"]
    assert saved(project) == before


def test_a_graph_type_change_drops_the_keys_the_new_type_does_not_draw(project: Project) -> None:
    edit = set_variant(project, "rnaseq", "mv-scatter")
    assert {p.code for p in edit.warnings} == {"unmatched-data-set-key"}
    assert "volcano:up" not in project.table("rnaseq").graph.style_overrides["perDataSet"]  # type: ignore[union-attr]
    assert reopened(project) == orjson.loads(saved(project))
    edit.change.undo(project)
    assert "volcano:up" in project.table("rnaseq").graph.style_overrides["perDataSet"]  # type: ignore[union-attr]


def test_switching_multiple_variables_graphs_keeps_and_completes_the_mapping(
    project: Project,
) -> None:
    set_variant(project, "rnaseq", "mv-bubble")
    mapping = project.table("rnaseq").graph.plot.options["mapping"]  # type: ignore[union-attr]
    assert mapping["x"] == 1 and mapping["y"] == 2 and mapping["size"] == 0


# -- limits of the whole project ----------------------------------------------------------------


def _big_column_table(rows: int, sets: int) -> Project:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "id": "big",
                "format": "column",
                "dataSets": [{"name": f"S{d}", "values": [[1.5]] * rows} for d in range(sets)],
            }
        ],
    }
    return loads(orjson.dumps(doc))


@pytest.fixture(scope="module")
def full() -> bytes:
    """A project of exactly the 2,000,000 cells the contract allows."""
    return saved(_big_column_table(200_000, 10))


@pytest.mark.parametrize(
    "edit",
    [
        lambda p: duplicate_table(p, "big"),
        lambda p: add_data_set(p, "big"),
        lambda p: paste_block(p, "big", 0, 10, "1\t2"),  # past the right edge: new data sets
        lambda p: set_cells(p, "big", 0, 10, [[1.0]]),
    ],
    ids=["duplicate", "add-data-set", "paste-past-right-edge", "type-past-right-edge"],
)
def test_an_edit_past_the_project_cell_limit_is_refused(
    full: bytes, edit: Callable[[Project], object]
) -> None:
    project = loads(full)
    with pytest.raises(PlotdocError) as info:
        edit(project)
    assert [p.code for p in info.value.errors] == ["cells-too-many"]
    assert info.value.errors[0].message.startswith(
        "expected at most 2,000,000 cells in the project; found "
    )
    assert saved(project) == full


def test_an_edit_that_would_make_the_file_too_large_is_refused() -> None:
    long = "x" * 1000
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "id": "text",
                "format": "multipleVariables",
                "dataSets": [{"name": f"V{d}", "values": [[long]] * 9_800} for d in range(5)],
            }
        ],
    }
    project = loads(orjson.dumps(doc))
    before = saved(project)
    block = "\n".join("\t".join([long] * 5) for _ in range(1_000))
    with pytest.raises(PlotdocError) as info:
        paste_block(project, "text", 9_800, 1, block)
    assert [p.code for p in info.value.errors] == ["file-too-large"]
    assert saved(project) == before
    paste_block(project, "text", 9_800, 1, "\n".join(["short"] * 10))  # room for this
    assert len(saved(project)) > len(before)


# -- bad arguments are refused, never a crash ---------------------------------------------------

BAD_CALLS: list[tuple[str, Callable[[Project], object]]] = [
    ("add_table replicates=-1", lambda p: add_table(p, "column", replicates=-1)),
    ("add_table replicates=0 grouped", lambda p: add_table(p, "grouped", replicates=0)),
    ("add_table replicates=99", lambda p: add_table(p, "xy", replicates=99)),
    ("add_table replicates='2'", lambda p: add_table(p, "xy", replicates="2")),  # type: ignore[arg-type]
    ("add_table family", lambda p: add_table(p, "pie")),
    ("add_table empty name", lambda p: add_table(p, "xy", " ")),
    ("rename_table empty", lambda p: rename_table(p, "weights", "")),
    ("rename_table not text", lambda p: rename_table(p, "weights", 3)),  # type: ignore[arg-type]
    ("duplicate unknown", lambda p: duplicate_table(p, "nope")),
    ("delete unknown", lambda p: delete_table(p, "nope")),
    ("move to text", lambda p: move_table(p, "weights", "1")),  # type: ignore[arg-type]
    ("move past end", lambda p: move_table(p, "weights", 99)),
    ("add_data_set empty name", lambda p: add_data_set(p, "weights", "")),
    ("remove_data_set -1", lambda p: remove_data_set(p, "weights", -1)),
    ("remove_data_set text", lambda p: remove_data_set(p, "weights", "0")),  # type: ignore[arg-type]
    (
        "rename_data_set duplicate",
        lambda p: rename_data_set(p, "weights", 0, "High-fat diet + drug"),
    ),
    ("rename_data_set None", lambda p: rename_data_set(p, "weights", 0, None)),  # type: ignore[arg-type]
    ("insert_rows -1", lambda p: insert_rows(p, "weights", -1)),
    ("insert_rows count 0", lambda p: insert_rows(p, "weights", 0, 0)),
    ("insert_rows float", lambda p: insert_rows(p, "weights", 0.5)),  # type: ignore[arg-type]
    ("delete_rows past", lambda p: delete_rows(p, "weights", 99)),
    ("delete_rows_at text", lambda p: delete_rows_at(p, "weights", ["a"])),  # type: ignore[list-item]
    ("delete_rows_at none", lambda p: delete_rows_at(p, "weights", [])),
    ("set_replicates -1", lambda p: set_replicates(p, "calibration", -1)),
    ("set_replicates text", lambda p: set_replicates(p, "calibration", "2")),  # type: ignore[arg-type]
    ("set_cell row text", lambda p: set_cell(p, "weights", "a", 0, 1)),  # type: ignore[arg-type]
    ("set_cell row -1", lambda p: set_cell(p, "weights", -1, 0, 1)),
    ("set_cell object", lambda p: set_cell(p, "weights", 0, 0, object())),
    ("set_cell nan text", lambda p: set_cell(p, "weights", 0, 0, "NaN")),
    ("set_cells not rows", lambda p: set_cells(p, "weights", 0, 0, "abc")),  # type: ignore[arg-type]
    ("set_cells empty", lambda p: set_cells(p, "weights", 0, 0, [])),
    ("set_cell results table", lambda p: set_cell(p, "weights-histogram", 0, 0, 1)),
    ("clear_cells negative", lambda p: clear_cells(p, "weights", 0, 0, -1, 1)),
    ("paste None", lambda p: paste_block(p, "weights", 0, 0, None)),  # type: ignore[arg-type]
    ("paste empty", lambda p: paste_block(p, "weights", 0, 0, "")),
    ("set_variant other family", lambda p: set_variant(p, "weights", "xy-points-only")),
    ("set_variant unknown", lambda p: set_variant(p, "weights", "nope")),
    ("set_plot_option path text", lambda p: set_plot_option(p, "weights", "mode", "x")),  # type: ignore[arg-type]
    ("set_plot_option unknown", lambda p: set_plot_option(p, "weights", ("nope",), 1)),
    ("set_graph_field field", lambda p: set_graph_field(p, "weights", "nope", ("a",), 1)),
    ("set_graph_field value", lambda p: set_graph_field(p, "weights", "legend", ("show",), "x")),
    ("set_preset", lambda p: set_preset(p, "weights", "nope")),
    ("set_title which list", lambda p: set_title(p, "weights", ["graph"])),  # type: ignore[arg-type]
    ("set_title text number", lambda p: set_title(p, "weights", "graph", 5)),  # type: ignore[arg-type]
    ("set_visibility None", lambda p: set_visibility(p, "weights", None, True)),  # type: ignore[arg-type]
    ("set_axis axis", lambda p: set_axis(p, "weights", "z")),
    ("set_axis range text", lambda p: set_axis(p, "weights", "leftY", minimum="low")),
    ("set_legend key", lambda p: set_legend(p, "weights", nope=1)),
    ("add_analysis method", lambda p: add_analysis(p, "weights", "anova")),
    ("add_analysis family", lambda p: add_analysis(p, "weights", "correlationMatrix")),
    ("add_analysis params", lambda p: add_analysis(p, "weights", "ttest", {"design": 1})),
    ("set_analysis_params id", lambda p: set_analysis_params(p, "weights", "nope", {})),
    ("set_analysis_params not dict", lambda p: set_analysis_params(p, "weights", "welch", 3)),  # type: ignore[arg-type]
    ("remove_analysis id", lambda p: remove_analysis(p, "weights", "nope")),
]


@pytest.mark.parametrize(("name", "call"), BAD_CALLS, ids=[n for n, _ in BAD_CALLS])
def test_every_edit_refuses_bad_arguments_with_a_problem(
    project: Project, name: str, call: Callable[[Project], object]
) -> None:
    before = saved(project)
    with pytest.raises(EditRefusedError) as info:
        call(project)
    assert info.value.errors, name
    for problem in info.value.problems:
        assert problem.line is None and problem.column is None and problem.offset is None
    assert saved(project) == before


def test_a_row_label_typed_into_a_table_without_row_labels_is_stored(project: Project) -> None:
    before = saved(project)
    edit = set_cell(project, "rnaseq", 2, 0, "third row")
    assert project.table("rnaseq").row_labels[2] == "third row"  # type: ignore[index]
    assert loads(saved(project)).table("rnaseq").row_labels[2] == "third row"  # type: ignore[index]
    edit.change.undo(project)
    assert saved(project) == before


# -- renaming and removing data sets ------------------------------------------------------------


def test_renaming_a_data_set_keeps_its_style_points_and_analyses(project: Project) -> None:
    graph = project.table("calibration").graph
    assert graph is not None
    style = graph.style_overrides["perDataSet"]["IgG standard"]
    point = graph.style_overrides["perPoint"]["IgG standard"]
    project.table("weights").analyses[0].params["groupA"] = "Control"
    edit = rename_data_set(project, "calibration", 1, "Bovine IgG")
    assert edit.warnings == []
    rename_data_set(project, "weights", 0, "Chow")
    read_back = loads(saved(project))
    graph = read_back.table("calibration").graph
    assert graph is not None
    assert graph.style_overrides["perDataSet"]["Bovine IgG"] == style
    assert graph.style_overrides["perPoint"]["Bovine IgG"] == point
    assert "IgG standard" not in graph.style_overrides["perDataSet"]
    assert read_back.table("weights").analyses[0].params["groupA"] == "Chow"
    assert read_back.warnings == ()


def test_renaming_a_variable_keeps_its_type(project: Project) -> None:
    rename_data_set(project, "rnaseq", 0, "Gene symbol")
    assert loads(saved(project)).table("rnaseq").variable_types == {"Gene symbol": "label"}


def test_removing_a_data_set_moves_the_keys_of_the_ones_after_it(project: Project) -> None:
    rename_data_set(project, "calibration", 1, "IgG")
    edit = remove_data_set(project, "calibration", 0)
    assert edit.warnings == []
    graph = loads(saved(project)).table("calibration").graph
    assert graph is not None
    assert graph.legend["itemOverrides"] == {"0": {"text": "Bovine IgG"}}
    assert graph.element_activation["perDataSet"] == {"0": {"lines": True}}
    assert list(graph.style_overrides["perDataSet"]) == ["IgG"]
    assert graph.data_set_visibility == {"0": True}


def test_problems_of_an_edit_name_a_place_not_a_position(project: Project) -> None:
    with pytest.raises(PlotdocError) as info:
        set_plot_option(project, "table-1", ("heatMap", "aggregation"), -1)
    problem = info.value.errors[0]
    assert problem.where == "tables[3].graph.plot.options.heatMap.aggregation"
    assert problem.line is None and problem.column is None
    assert "line" not in str(problem) and "column" not in str(problem)


def test_the_measured_size_of_cells_stays_exact_through_cell_edits(project: Project) -> None:
    from plotdoc.editing.limits import numeric_bytes

    table = project.table("calibration")
    arrays = lambda: [ds.values for ds in table.data_sets] + [table.x]  # noqa: E731
    for values in arrays():
        numeric_bytes(values)  # measured before the edits
    edits = [
        set_cell(project, "calibration", 0, 1, 123456.789),
        set_cell(project, "calibration", 1, 2, None),
        set_cell(project, "calibration", 2, 0, -0.000125),
        paste_block(project, "calibration", 3, 0, "1e-300\t\t7\n2"),
    ]
    edits[0].change.undo(project)
    edits[0].change.redo(project)
    for values in arrays():
        assert values is not None
        assert numeric_bytes(values) == len(orjson.dumps(values, option=orjson.OPT_SERIALIZE_NUMPY))


def test_point_styles_follow_their_rows(project: Project) -> None:
    points = lambda p: p.table("calibration").graph.style_overrides["perPoint"]["IgG standard"]  # noqa: E731
    star = points(project)["7"]
    insert_rows(project, "calibration", 2, 2)
    assert points(project) == {"9": star}
    delete_rows_at(project, "calibration", [0, 3])
    assert points(project) == {"7": star}
    delete_rows(project, "calibration", 7)
    assert points(project) == {}
    assert reopened(project)["tables"][0]["graph"]["styleOverrides"]["perPoint"] == {
        "IgG standard": {}
    }


def test_a_bracket_stays_on_its_data_sets_when_one_before_is_removed(project: Project) -> None:
    add_data_set(project, "weights", "Chow")
    table = project.table("weights")
    # a bracket between the 2nd and 3rd data sets; then the 1st is removed
    aid = add_annotation(
        project,
        "weights",
        {
            "type": "bracket",
            "left": {"kind": "group", "groupIndex": 1},
            "right": {"kind": "group", "groupIndex": 2},
        },
    ).item_id
    remove_data_set(project, "weights", 0)
    bracket = next(a for a in table.annotations if a.id == aid)
    assert (bracket.props["left"]["groupIndex"], bracket.props["right"]["groupIndex"]) == (0, 1)


def test_deleting_the_table_the_view_shows_shows_the_next_one(project: Project) -> None:
    assert project.view["activeTableId"] == "weights"
    delete_table(project, "weights")  # and its histogram, a results table
    assert project.view["activeTableId"] == "table-1"
    assert loads(saved(project)).view["activeTableId"] == "table-1"
    project.view["activeTableId"] = "table-3"
    delete_table(project, "table-3")
    assert project.view["activeTableId"] == "table-2"


def test_an_annotation_past_the_tables_limit_is_refused() -> None:
    note = {"type": "text", "x": 1, "y": 1, "text": "a"}
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "id": "t",
                "format": "column",
                "dataSets": [{"name": "A", "values": [[1]]}],
                "annotations": [note] * 2000,
            }
        ],
    }
    project = loads(orjson.dumps(doc))
    before = saved(project)
    with pytest.raises(PlotdocError) as info:
        add_annotation(project, "t", note)
    assert info.value.errors[0].code == "too-many-items"
    assert info.value.errors[0].where == "tables[0].annotations"
    assert saved(project) == before
