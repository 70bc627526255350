"""Annotations made on the graph: a bracket's text from Welch's t test (checked against
SciPy), kept up to date with the data; a graph's format copied to other tables in one step."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from plotdoc import loads
from plotdoc.editing import Session, set_cell
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


def test_a_bracket_shows_p_and_stars_as_every_output_does(project: Project) -> None:
    table = project.table("weights")
    ends = {"left": {"kind": "group", "groupIndex": 0}, "right": {"kind": "group", "groupIndex": 1}}
    p = welch_p(project)
    assert annotate.ttest_text(table, ends, "p") == f"P = {p:.4f}" == "P = 0.0422"
    assert annotate.ttest_text(table, ends, "stars") == "*"


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
    made["id"] = "ttest-p-1"
    table = project.table("weights")
    made["text"] = annotate.ttest_text(table, made, "p")
    session = Session(project)
    session.apply(annotate.add, "weights", made)
    assert table.annotations[-1].props["text"] == p_words(welch_p(project))
    # the data change: the text follows
    session.apply(set_cell, "weights", 0, 0, 150.0)
    assert annotate.refresh_linked(table)
    assert table.annotations[-1].props["text"] == p_words(welch_p(project))
    assert not annotate.refresh_linked(table)  # nothing more to change


def test_a_bracket_needs_two_groups(project: Project) -> None:
    shown = screen(project, "weights")
    assert shown.frame is not None
    with pytest.raises(ValueError, match="from one group to another"):
        annotate.placed("bracket", (100, 100, 101, 100), shown.frame, [100.0, 300.0])


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
    session.apply(annotate.link_bracket, "weights", table.annotations[0].id, "p")
    linked = table.annotations[0]
    assert annotate.link_of(linked.id) == "p"
    assert linked.props["text"] == p_words(welch_p(project))
    session.apply(annotate.link_bracket, "weights", linked.id, "none")
    assert annotate.link_of(table.annotations[0].id) is None
    assert table.annotations[0].props["text"] == p_words(welch_p(project))
    session.undo()
    session.undo()
    assert project.table("weights").annotations[0].props["text"] == "*"


def test_a_bracket_over_summaries_shows_the_t_test_of_those_summaries() -> None:
    summary = loads(example_bytes("summary-data"))
    table = summary.table("sleep")
    ends = {"left": {"kind": "group", "groupIndex": 0}, "right": {"kind": "group", "groupIndex": 1}}
    # SciPy's t test from the published means, SDs and Ns (Welch's)
    p = float(stats.ttest_ind_from_stats(0.75, 1.79, 10, 2.33, 2.0, 10, equal_var=False).pvalue)
    assert annotate.ttest_text(table, ends, "p") == p_words(p) == "P = 0.0793"
    assert annotate.ttest_text(table, ends, "stars") == "ns"
