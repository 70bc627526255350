"""Annotations made on the graph: a bracket that follows the table's t test (its label checked
against SciPy) as the data change; brackets an earlier editor linked to a t test by their id
follow an analysis once opened; a graph's format copied to other tables in one step."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import orjson
import pytest
from scipy import stats

from plotdoc import loads
from plotdoc.analyses.brackets import bracket_label
from plotdoc.editing import Session, follow_analysis, set_analysis_params, set_cell
from plotdoc.editing.brackets import analysis_for
from plotdoc.editor import annotate
from plotdoc.editor.copy_format import copy_format
from plotdoc.editor.hits import screen
from plotdoc.model import Project
from plotdoc.publish.examples import example_bytes
from plotdoc.pvalues import format_p


@pytest.fixture
def project() -> Project:
    return loads(example_bytes("complete"))


def welch_p(project: Project) -> float:
    t = project.table("weights")
    a, b = (np.asarray(ds.values, dtype=float).ravel() for ds in t.data_sets[:2])
    return float(stats.ttest_ind(a[np.isfinite(a)], b[np.isfinite(b)], equal_var=False).pvalue)


def p_words(p: float) -> str:
    return format_p(p, label=True)


def label(project: Project, table_id: str, n: int) -> str:
    table = project.table(table_id)
    return bracket_label(project, table, table.annotations[n].props).text


def test_a_bracket_placed_between_two_groups_follows_the_t_test(project: Project) -> None:
    shown = screen(project, "weights")
    assert shown.frame is not None
    from plotdoc.editor.graph_events import anchors

    centres = anchors(shown, project.table("weights"))
    assert len(centres) == 2
    y = shown.frame.plot[3] - 10
    made = annotate.placed("bracket", (centres[0] + 3, y, centres[1] - 3, y), shown.frame, centres)
    assert made["left"] == {"kind": "group", "groupIndex": 0}
    assert made["right"] == {"kind": "group", "groupIndex": 1}
    table = project.table("weights")
    analysis = analysis_for(project, table, 0, 1)
    assert analysis is not None and analysis.id == "welch"
    made.update(analysisId=analysis.id, label="p")
    session = Session(project)
    session.apply(annotate.add, "weights", made)
    n = len(table.annotations) - 1
    assert label(project, "weights", n) == p_words(welch_p(project)) == "P = 0.0422"
    # the data change: the label follows (computed when drawn, never stored)
    session.apply(set_cell, "weights", 0, 0, 150.0)
    project.results.forget("weights")  # type: ignore[attr-defined]
    assert label(project, "weights", n) == p_words(welch_p(project)) != "P = 0.0422"
    assert table.annotations[n].props["text"] == ""


def test_a_bracket_needs_two_groups(project: Project) -> None:
    shown = screen(project, "weights")
    assert shown.frame is not None
    with pytest.raises(ValueError, match="from one group to another"):
        annotate.placed("bracket", (100, 100, 101, 100), shown.frame, {0: 100.0, 1: 300.0})


def test_copy_format_is_one_undo_step(project: Project) -> None:
    session = Session(project)
    source = project.table("calibration").graph
    target = project.table("table-3").graph
    assert source is not None and target is not None
    before = (target.active_preset_id, dict(target.axes))
    session.apply(copy_format, "calibration", ["table-3"])
    assert target.active_preset_id == source.active_preset_id
    assert target.axes == source.axes and target.axes is not source.axes
    session.undo()
    graph = project.table("table-3").graph
    assert graph is not None
    assert (graph.active_preset_id, graph.axes) == before


def test_copy_format_gives_each_data_set_the_style_of_the_one_at_its_place(
    project: Project,
) -> None:
    session = Session(project)
    source = project.table("calibration")
    target = project.table("table-3")
    assert source.graph is not None and target.graph is not None
    styles = source.graph.style_overrides["perDataSet"]
    session.apply(copy_format, "calibration", ["table-3"])
    moved = target.graph.style_overrides["perDataSet"]
    for k, ds in enumerate(source.data_sets[: len(target.data_sets)]):
        if ds.name in styles:
            assert moved[target.data_sets[k].name] == styles[ds.name]


def test_a_typed_bracket_can_follow_the_t_test_and_stop(project: Project) -> None:
    session = Session(project)
    table = project.table("weights")
    assert table.annotations[0].props["text"] == "*"  # typed in the example (Welch P = 0.042)
    session.apply(follow_analysis, "weights", "sig", "welch", "p")
    assert table.annotations[0].props["analysisId"] == "welch"
    assert label(project, "weights", 0) == p_words(welch_p(project))
    session.apply(follow_analysis, "weights", "sig", None)
    assert "analysisId" not in table.annotations[0].props
    assert table.annotations[0].props["text"] == p_words(welch_p(project))
    session.undo()
    session.undo()
    assert project.table("weights").annotations[0].props["text"] == "*"
    assert "analysisId" not in project.table("weights").annotations[0].props


def test_brackets_linked_by_their_id_follow_an_analysis_once_opened(tmp_path: Path) -> None:
    """An earlier editor marked a bracket that showed Welch's t test with an id prefix and
    kept its text up to date itself. Opened in the editor, such a bracket follows the table's
    t test of those two data sets (one undoable edit; the file changes only when saved)."""
    doc = orjson.loads(example_bytes("complete"))
    weights = next(t for t in doc["tables"] if t.get("id") == "weights")
    first = weights["annotations"][0]
    first["id"], first["text"] = "ttest-p-1", "P = 0.9999"  # stale, as last saved
    second = {**first, "id": "ttest-stars-1", "text": "ns"}
    weights["annotations"].append(second)
    weights["analyses"][0]["params"] = {"variance": "equal"}  # not the t test the link showed
    path = tmp_path / "old.plotdoc"
    path.write_bytes(orjson.dumps(doc))
    session = Session()
    session.open_path(path)
    table = session.project.table("weights")
    linked = [a for a in table.annotations if a.id.startswith("ttest-")]
    assert [a.props["label"] for a in linked] == ["p", "stars"]
    added = {a.props["analysisId"] for a in linked}
    assert len(added) == 1 and added != {"welch"}  # a Welch t test of the pair was added
    analysis = table.analysis(added.pop())
    names = [ds.name for ds in table.data_sets]
    assert analysis.method == "ttest"
    assert analysis.params["variance"] == "welch" and analysis.params["design"] == "unpaired"
    assert {analysis.params["groupA"], analysis.params["groupB"]} == set(names)
    n = table.annotations.index(linked[0])
    assert label(session.project, "weights", n) == p_words(welch_p(session.project))
    assert session.dirty and path.read_bytes() == orjson.dumps(doc)
    session.undo()
    assert [a.props["text"] for a in session.project.table("weights").annotations[-1:]] == ["ns"]


def test_the_editor_shows_why_a_bracket_has_no_label(project: Project) -> None:
    """The editor's drawing carries the warning every output carries (shown under the graph)."""
    session = Session(project)
    session.apply(follow_analysis, "weights", "sig", "welch", "stars")
    drug = project.table("weights").data_sets[1].name
    session.apply(set_analysis_params, "weights", "welch", {"groupA": drug, "groupB": drug})
    project.results.forget("weights")  # type: ignore[attr-defined]
    shown = screen(project, "weights")
    said = [w for w in shown.warnings if "the bracket shows no P" in w]
    assert len(said) == 1 and "'welch' did not compare 'Control'" in said[0]


def test_a_bracket_over_summaries_shows_the_t_test_of_those_summaries() -> None:
    summary = loads(example_bytes("summary-data"))
    table = summary.table("sleep")
    (ttest,) = [a for a in table.analyses if a.method == "ttest"]
    ends = {
        "left": {"kind": "group", "groupIndex": 0},
        "right": {"kind": "group", "groupIndex": 1},
        "analysisId": ttest.id,
    }
    # SciPy's t test from the published means, SDs and Ns (Welch's)
    p = float(stats.ttest_ind_from_stats(0.75, 1.79, 10, 2.33, 2.0, 10, equal_var=False).pvalue)
    assert ttest.params["variance"] == "welch"
    assert bracket_label(summary, table, {**ends, "label": "p"}).text == p_words(p) == "P = 0.0793"
    assert bracket_label(summary, table, {**ends, "label": "stars"}).text == "ns"
