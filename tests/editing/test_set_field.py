"""set_field, unset_field, the annotation edits and field_spec: one path to every field."""

from __future__ import annotations

import orjson
import pytest

from plotdoc import PlotdocError, validate
from plotdoc.editing import (
    FieldError,
    Session,
    add_annotation,
    field_spec,
    move_annotation,
    parse_path,
    remove_annotation,
    set_field,
    settable_fields,
    unset_field,
)
from plotdoc.model import Project

from .helpers import reopened, saved


def test_the_paths_problems_print_are_set_and_saved(project: Project) -> None:
    set_field(
        project,
        "tables[1].graph.styleOverrides.perDataSet.Control.symbol.color",
        {"hex": "#ff0000"},
    )
    set_field(project, "tables[1].titles.graph.dx", 12.5)
    set_field(project, "tables[0].annotations[2].text", "a label")
    set_field(
        project,
        'tables[1].graph.styleOverrides.perDataSet["High-fat diet + drug"].bar.borderWidth',
        2,
    )
    set_field(
        project, ("tables", 4, "graph", "legend", "itemOverrides", "volcano:up", "text"), "Up"
    )
    doc = reopened(project)
    graph = doc["tables"][1]["graph"]
    assert graph["styleOverrides"]["perDataSet"]["Control"]["symbol"]["color"] == {"hex": "#ff0000"}
    assert graph["styleOverrides"]["perDataSet"]["High-fat diet + drug"]["bar"]["borderWidth"] == 2
    assert doc["tables"][1]["titles"]["graph"]["dx"] == 12.5
    assert doc["tables"][0]["annotations"][2]["text"] == "a label"
    assert doc["tables"][4]["graph"]["legend"]["itemOverrides"]["volcano:up"]["text"] == "Up"


def test_an_object_of_required_fields_is_started_from_valid_values(project: Project) -> None:
    set_field(project, "tables[0].graph.graphSettingsOverride.lineOfIdentity.show", True)
    line = reopened(project)["tables"][0]["graph"]["graphSettingsOverride"]["lineOfIdentity"]
    assert line["show"] is True and set(line) == {"show", "color", "thickness", "dashStyle"}


def test_a_refused_value_gives_opens_problem_and_changes_nothing(project: Project) -> None:
    before = saved(project)
    path = "tables[1].graph.axesOverrides.leftY.rangeMin"
    with pytest.raises(PlotdocError) as info:
        set_field(project, path, "low")
    assert saved(project) == before
    doc = orjson.loads(before)
    doc["tables"][1]["graph"]["axesOverrides"]["leftY"]["rangeMin"] = "low"
    report = validate(orjson.dumps(doc))
    assert [(p.code, p.where, p.message) for p in info.value.errors] == [
        (p.code, p.where, p.message) for p in report.errors
    ]
    assert info.value.errors[0].line is None


def test_a_key_that_names_no_data_set_is_refused(project: Project) -> None:
    before = saved(project)
    with pytest.raises(PlotdocError) as info:
        set_field(project, "tables[1].graph.styleOverrides.perDataSet.Nobody.symbol.size", 3)
    assert info.value.errors[0].code == "unmatched-data-set-key"
    assert saved(project) == before


@pytest.mark.parametrize(
    "path",
    [
        "tables[1].replicates",
        "tables[1].dataSets[0].values",
        "tables[1].id",
        "tables[99].name",
        "tables[1].graph.plot.family",
        "tables[1].annotations[0].type",
        "tables[1].annotations[9].text",
        "tables[1]..graph",
        "tables[2].dataSets[0].name",  # a results table's data sets are computed
        "",
        "nowhere.at.all",
    ],
)
def test_paths_set_field_does_not_set_are_refused(project: Project, path: str) -> None:
    before = saved(project)
    with pytest.raises(PlotdocError) as info:
        set_field(project, path, 1)
    assert info.value.errors[0].code in {"edit-invalid", "unknown-key", "wrong-type"}
    assert saved(project) == before


def test_unset_field_gives_the_default_back(project: Project) -> None:
    set_field(project, "tables[1].graph.legend.position", "top")
    unset_field(project, "tables[1].graph.legend.position")
    assert project.table("weights").graph.legend["position"] == "auto"  # type: ignore[union-attr]
    with pytest.raises(PlotdocError):
        unset_field(project, "tables[1].graph.styleOverrides.perDataSet.Control.symbol")


def test_renaming_a_data_set_by_its_path_keeps_its_style(project: Project) -> None:
    before = reopened(project)["tables"][0]["dataSets"][1]["id"]
    set_field(project, "tables[0].dataSets[1].name", "IgG")
    table = reopened(project)["tables"][0]
    # the file refers to the data set by its id, which a rename does not change
    assert table["dataSets"][1]["id"] == before != "IgG"
    assert table["dataSets"][1]["name"] == "IgG"
    style = table["graph"]["styleOverrides"]["perDataSet"][before]
    assert style["line"]["dashStyle"] == "dashed"
    assert project.tables[0].graph.style_overrides["perDataSet"]["IgG"]  # type: ignore[union-attr]


def test_each_edit_is_one_undo_step_and_undo_gives_the_bytes_back(project: Project) -> None:
    session = Session(project)
    before = saved(project)
    session.set_field("tables[1].graph.legend.title", "Diet")
    edit = session.add_annotation("weights", {"type": "text", "x": 10, "y": 20, "text": "n = 12"})
    assert edit.item_id is not None
    session.move_annotation("weights", edit.item_id, 5, -5, to=0)
    session.remove_annotation("weights", "sig")
    session.unset_field("tables[1].graph.legend.title")
    assert len(session.history.done) == 5
    while session.undo():
        pass
    assert saved(project) == before


def test_annotations_are_added_moved_reordered_and_removed(project: Project) -> None:
    edit = add_annotation(project, "weights", {"type": "text", "x": 10, "y": 20, "text": "n.s."})
    aid = edit.item_id
    assert aid is not None and aid not in {"sig", "annotation-1"}
    move_annotation(project, "weights", aid, 2.5, -4)
    move_annotation(project, "weights", aid, to=0)
    doc = reopened(project)["tables"][1]["annotations"]
    assert doc[0]["id"] == aid and (doc[0]["x"], doc[0]["y"]) == (12.5, 16)
    assert doc[0]["color"] == "theme"  # defaults filled as open fills them
    shape = add_annotation(project, "calibration", {"type": "shape", "shape": "arrow"}).item_id
    assert shape is not None
    move_annotation(project, "calibration", shape, 10, 20)
    points = reopened(project)["tables"][0]["annotations"][-1]["points"]
    assert points == [{"x": 10, "y": 20}, {"x": 82, "y": 92}]
    remove_annotation(project, "weights", aid)
    assert aid not in {a["id"] for a in reopened(project)["tables"][1]["annotations"]}


def test_a_bracket_between_groups_moves_only_up_and_down(project: Project) -> None:
    sig = next(a for a in project.table("weights").annotations if a.id == "sig")
    before = saved(project)
    with pytest.raises(PlotdocError) as info:
        move_annotation(project, "weights", "sig", 5, 0)
    assert "both ends are on data sets" in info.value.errors[0].message
    assert saved(project) == before
    if sig.props["y"] is not None:
        y = sig.props["y"]
        move_annotation(project, "weights", "sig", 0, 3)
        assert project.table("weights").annotations[0].props["y"] == y + 3


@pytest.mark.parametrize(
    "call",
    [
        lambda p: add_annotation(p, "weights", {"type": "circle"}),
        lambda p: add_annotation(p, "weights", {"type": "text", "x": 1}),
        lambda p: add_annotation(
            p, "weights", {"type": "text", "x": 1, "y": 1, "text": "a", "id": "sig"}
        ),
        lambda p: add_annotation(p, "weights", "text"),
        lambda p: add_annotation(p, "nope", {"type": "text"}),
        lambda p: remove_annotation(p, "weights", "nope"),
        lambda p: move_annotation(p, "weights", "nope", 1, 1),
        lambda p: move_annotation(p, "weights", "sig", "1", 1),
        lambda p: move_annotation(p, "weights", "sig", float("nan"), 1),
        lambda p: move_annotation(p, "weights", "sig", to=7),
    ],
)
def test_bad_annotation_edits_are_refused(project: Project, call) -> None:  # type: ignore[no-untyped-def]
    before = saved(project)
    with pytest.raises(PlotdocError):
        call(project)
    assert saved(project) == before


def test_field_spec_kinds_for_the_format_panel(project: Project) -> None:
    assert (
        field_spec("tables[0].graph.styleOverrides.perDataSet.Control.symbol.color").kind == "color"
    )
    size = field_spec("graph.legend.columns")
    assert (size.kind, size.minimum, size.maximum, size.integer, size.default) == (
        "number",
        1,
        10,
        True,
        1,
    )
    rng = field_spec("graph.axesOverrides.leftY.rangeMin")
    assert (rng.kind, rng.values) == ("auto-or-number", ("auto",))
    assert field_spec("graph.legend.position").values[0] == "auto"
    assert field_spec("titles.graph.bold").kind == "boolean"
    assert field_spec("tables[0].annotations[2].text", project).max_length == 2000
    assert field_spec("tables[3].graph.plot.options.heatMap.domainMin", project).nullable
    fill = field_spec("graph.styleOverrides.global.bar.fill")
    assert fill.kind == "color"
    mode = field_spec("graph.plot.options.mode", family="nested")
    assert "meanWithSd" in mode.values and "grandMean" not in mode.values
    with pytest.raises(FieldError):
        field_spec("graph.plot.options.mode")  # which family?
    with pytest.raises(FieldError):
        field_spec("graph.legend")  # an object, not a field
    with pytest.raises(FieldError):
        field_spec("graph.nope")


def test_settable_fields_lists_patterns_in_the_contracts_order() -> None:
    paths = [f.path for f in settable_fields("graph.styleOverrides.perDataSet")]
    assert paths[0] == "graph.styleOverrides.perDataSet.*.bar.fill"
    options = [f.path for f in settable_fields("graph", family="survival") if ".plot." in f.path]
    assert (
        "graph.plot.options.showNumberAtRisk" in options
        and "graph.plot.options.mode" not in options
    )
    brackets = [f.path for f in settable_fields("annotations[*]", kind="bracket")]
    assert (
        "annotations[*].left.groupIndex" in brackets
        and "annotations[*].points[*].x" not in brackets
    )
    assert parse_path("annotations[*].text") == ("annotations", "[*]", "text")


def test_the_field_module_is_light() -> None:
    import subprocess
    import sys

    code = (
        "import sys, plotdoc.editing; "
        "plotdoc.editing.field_spec('graph.legend.position'); "
        "plotdoc.editing.settable_fields('graph'); "
        "heavy = [m for m in ('matplotlib', 'scipy', 'nicegui', 'pandas') if m in sys.modules]; "
        "assert not heavy, heavy"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_fields_of_a_graph_type_are_the_options_it_has(project: Project) -> None:
    box = [f.path for f in settable_fields("graph", variant="column-box-whiskers")]
    assert "graph.plot.options.mode" in box and "graph.plot.options.heatMap.colormap" not in box
    # an option of the family the type does not use (a violin's, on a box) is not listed
    assert "graph.plot.options.showTruncatedViolin" not in box
    violin = [f.path for f in settable_fields("graph", variant="column-violin")]
    assert "graph.plot.options.showTruncatedViolin" in violin
    mode = field_spec("tables[1].graph.plot.options.mode", project)  # a box-and-whiskers graph
    assert mode.values == ("minToMax", "tukey", "p10_90", "p5_95", "p2_5_97_5", "p1_99")
    heat = [
        f.path for f in settable_fields("graph", variant="grouped-heat-map") if ".plot." in f.path
    ]
    assert "graph.plot.options.heatMap.aggregation" in heat
    volcano = [f.path for f in settable_fields("graph", variant="mv-volcano") if ".plot." in f.path]
    assert "graph.plot.options.volcano.pCutoff" in volcano
    assert "graph.plot.options.kind" not in volcano  # fixed by the graph type
    for spec in settable_fields("graph.plot.options.mode", variant="column-box-whiskers"):
        for value in spec.values:  # every offered mode is accepted
            set_field(project, "tables[1].graph.plot.options.mode", value)


@pytest.mark.parametrize(
    ("value", "code"),
    [
        (float("nan"), "non-finite-number"),
        (float("inf"), "non-finite-number"),
        ({1, 2}, "not-json-value"),
        (2**70, "number-not-exact"),
    ],
)
def test_a_value_save_could_not_write_is_refused_with_saves_code(
    project: Project, value: object, code: str
) -> None:
    before = saved(project)
    with pytest.raises(PlotdocError) as info:
        set_field(project, "tables[1].usermeta.note", value)
    assert info.value.errors[0].code == code
    assert info.value.errors[0].where == "tables[1].usermeta.note"
    assert saved(project) == before
    with pytest.raises(PlotdocError):
        set_field(project, "tables[1].titles.graph.dx", value)
    assert saved(project) == before
