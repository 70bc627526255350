"""Brackets that follow their analysis (`analysisId`, schema version 2, design section 4): the
file form, the reader's checks, the label computed when the graph is drawn, the warnings when
there is none, and the edits that make, link and unlink them.

The P values are checked against scipy's own Welch t test, which no one here wrote."""

from __future__ import annotations

import copy
from typing import Any

import orjson
import pytest
from scipy import stats

from plotdoc.analyses import brackets as B
from plotdoc.analyses.methods.spec import Comparison
from plotdoc.api import loads
from plotdoc.editing import (
    add_pairwise_brackets,
    follow_analysis,
    move_annotation,
    remove_analysis,
    set_field,
    type_bracket_text,
)
from plotdoc.errors import EditRefusedError, SaveError
from plotdoc.model import Project
from plotdoc.pvalues import format_p, summary
from plotdoc.render import render_table_checked
from plotdoc.render.notices import ANALYSIS_NOT_DRAWN, warning_code, warning_path
from plotdoc.writer import dumps as dumps_project

from ..render.docs import Svg

CONTROL = [20.1, 21.3, 19.8, 20.5, 20.9]
TREATED = [23.0, 24.1, 22.7, 23.9, 22.2]
OTHER = [20.0, 21.0, 20.4, 22.0, 21.1]


def doc(*annotations: dict[str, Any], analyses: list[dict[str, Any]] | None = None) -> bytes:
    sets = [
        {"id": did, "name": name, "values": [[v] for v in values]}
        for did, name, values in (
            ("Control", "Control", CONTROL),
            ("Treated", "Treated", TREATED),
            ("Other", "Other", OTHER),
        )
    ]
    table = {
        "id": "weights",
        "format": "column",
        "dataSets": sets,
        "graph": {
            "variantId": "scatter-bar",
            "plot": {"family": "column", "options": {"mode": "meanWithSd"}},
        },
        "analyses": analyses
        if analyses is not None
        else [
            {"id": "tt", "method": "ttest", "params": {"groupA": "Control", "groupB": "Treated"}}
        ],
        "annotations": list(annotations),
    }
    return orjson.dumps({"format": "plotdoc-project", "schemaVersion": 2, "tables": [table]})


def follows(a: str, b: str, analysis: str = "tt", **more: Any) -> dict[str, Any]:
    return {
        "type": "bracket",
        "id": f"{a}-{b}",
        "left": {"kind": "dataSet", "dataSetId": a},
        "right": {"kind": "dataSet", "dataSetId": b},
        "analysisId": analysis,
        **more,
    }


def welch_p() -> float:
    return float(stats.ttest_ind(CONTROL, TREATED, equal_var=False).pvalue)


def drawn(project: Project) -> tuple[Svg, list[str]]:
    out = render_table_checked(project, project.tables[0], fmt="svg", dpi=72)
    return Svg(out.data), out.warnings


def label_of(project: Project, n: int = 0) -> str:
    table = project.tables[0]
    return B.bracket_label(project, table, table.annotations[n].props).text


# -- the file ---------------------------------------------------------------------------------


def test_a_followed_bracket_is_written_without_its_text_and_read_back_alike() -> None:
    p = loads(doc(follows("Control", "Treated", label="p", text="typed long ago")))
    assert p.warnings == ()
    written = orjson.loads(dumps_project(p))
    ann = written["tables"][0]["annotations"][0]
    assert ann["analysisId"] == "tt" and ann["label"] == "p"
    assert "text" not in ann
    assert ann["left"] == {"kind": "dataSet", "dataSetId": "Control"}
    again = dumps_project(loads(dumps_project(p)))
    assert again == dumps_project(p)


def test_version_1_cannot_hold_it_and_says_where() -> None:
    p = loads(doc(follows("Control", "Treated")))
    with pytest.raises(SaveError) as caught:
        dumps_project(p, schema_version=1)
    problems = caught.value.problems
    assert [(x.code, x.where) for x in problems] == [
        ("version-1-unfit", "tables[0].annotations[0].analysisId")
    ]
    # a typed bracket still fits, and label (read only with analysisId) is left out
    typed_bracket = follows("Control", "Treated", label="both")
    del typed_bracket["analysisId"]
    typed = loads(doc(typed_bracket))
    assert (
        "label"
        not in orjson.loads(dumps_project(typed, schema_version=1))["tables"][0]["annotations"][0]
    )


def test_a_version_1_file_cannot_name_an_analysis() -> None:
    from plotdoc.api import validate

    v1 = orjson.loads(doc())
    v1["schemaVersion"] = 1
    for ds in v1["tables"][0]["dataSets"]:
        del ds["id"]
    v1["tables"][0]["analyses"][0]["params"] = {"groupA": "Control", "groupB": "Treated"}
    v1["tables"][0]["annotations"] = [
        {
            "type": "bracket",
            "left": {"kind": "group", "groupIndex": 0},
            "right": {"kind": "group", "groupIndex": 1},
            "analysisId": "tt",
        }
    ]
    report = validate(orjson.dumps(v1))
    assert [(x.code, x.where) for x in report.errors] == [
        ("unknown-key", "tables[0].annotations[0].analysisId")
    ]


@pytest.mark.parametrize(
    ("annotation", "analyses", "code", "where"),
    [
        (follows("Control", "Treated", "nope"), None, "bracket-analysis-unknown", "analysisId"),
        (
            follows("Control", "Treated", "hist"),
            [{"id": "hist", "method": "frequencyDistribution"}],
            "bracket-analysis-compares-nothing",
            "analysisId",
        ),
        (follows("Control", "Other"), None, "bracket-anchor-not-compared", "right.dataSetId"),
        (
            {**follows("Control", "Treated"), "right": {"kind": "free", "x": 40}},
            None,
            "bracket-anchor-not-compared",
            "right",
        ),
    ],
)
def test_the_reader_warns_at_the_path(
    annotation: dict[str, Any], analyses: Any, code: str, where: str
) -> None:
    p = loads(doc(annotation, analyses=analyses))
    found = [(w.code, w.where) for w in p.warnings if w.code.startswith("bracket-")]
    assert found == [(code, f"tables[0].annotations[0].{where}")]


# -- the drawing ------------------------------------------------------------------------------


@pytest.mark.parametrize("label", ["stars", "p", "both", None])
def test_the_label_is_the_p_of_the_comparison(label: str | None) -> None:
    more = {} if label is None else {"label": label}
    p = loads(doc(follows("Control", "Treated", **more)))
    expected_p = welch_p()
    stars, quoted = summary(expected_p), format_p(expected_p, label=True)
    assert (stars, quoted) == ("***", "P = 0.0005")  # scipy: P = 0.000474
    want = {"stars": stars, "p": quoted, "both": f"{stars} {quoted}", None: stars}[label]
    assert label_of(p) == want
    svg, warnings = drawn(p)
    assert want in svg.data.decode()
    assert not [w for w in warnings if warning_code(w) == ANALYSIS_NOT_DRAWN]


def test_the_label_follows_the_data_and_the_p_value_style() -> None:
    p = loads(doc(follows("Control", "Treated", label="p")))
    table = p.tables[0]
    closer = [v - 2.5 for v in TREATED]
    table.data_sets[1].values[:, 0] = closer
    p.results.forget(table.id)  # type: ignore[attr-defined]
    expected = float(stats.ttest_ind(CONTROL, closer, equal_var=False).pvalue)
    assert label_of(p) == format_p(expected, label=True) == f"P = {expected:.4f}"
    table.analyses[0].params["pValueStyle"] = "apa"
    assert label_of(p) == format_p(expected, "apa", label=True)
    assert label_of(p).startswith("P = .")


def test_a_pair_without_a_result_draws_no_label_and_says_so() -> None:
    p = loads(doc(follows("Control", "Treated"), follows("Treated", "Other")))
    svg, warnings = drawn(p)
    said = {warning_path(w): str(w) for w in warnings if warning_code(w) == ANALYSIS_NOT_DRAWN}
    assert set(said) == {("annotations", 1)}
    assert "'tt' did not compare 'Treated' with 'Other'" in said[("annotations", 1)]
    assert svg.text("bracket/0") == summary(welch_p())
    assert svg.text("bracket/1") == ""


def test_a_failed_analysis_draws_no_label_and_says_why() -> None:
    p = loads(doc(follows("Control", "Treated")))
    table = p.tables[0]
    table.data_sets[0].values[1:, 0] = float("nan")  # one value left: no t test
    p.results.forget(table.id)  # type: ignore[attr-defined]
    _, warnings = drawn(p)
    said = [str(w) for w in warnings if warning_code(w) == ANALYSIS_NOT_DRAWN]
    assert len(said) == 1 and "has no result for 'Control' and 'Treated'" in said[0]


def test_the_notebook_lists_the_warning_under_the_figure() -> None:
    p = loads(doc(follows("Treated", "Other")))
    page = p.tables[0]._repr_mimebundle_()["text/html"]
    assert 'class="plotdoc-warnings"' in page
    assert "did not compare" in page


@pytest.mark.slow
def test_every_output_carries_the_warning(tmp_path: Any) -> None:
    """The CLI's text and --json carry the drawing's warning, at the bracket's path."""
    import json
    import subprocess
    import sys

    path = tmp_path / "w.plotdoc"
    path.write_bytes(doc(follows("Treated", "Other")))
    out = subprocess.run(
        [sys.executable, "-m", "plotdoc", "render", str(path), "-o", str(tmp_path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    text = json.dumps(report)
    assert "render-analysis-not-drawn" in text and "annotations[0]" in text
    assert "did not compare" in text
    plain = subprocess.run(
        [sys.executable, "-m", "plotdoc", "render", str(path), "-o", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    said = plain.stdout + plain.stderr
    assert "render-analysis-not-drawn" in said and "did not compare" in said


# -- the edits --------------------------------------------------------------------------------


def three_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The t test as a method that compares all three pairs (as an ANOVA with its
    comparisons will): the stacking and the choice of pairs are read from comparisons only."""

    def compared(run: Any) -> list[Comparison]:
        return [
            Comparison("Control", "Treated", 0.0004),
            Comparison("Control", "Other", 0.3),
            Comparison("Treated", "Other", 0.002),
        ]

    monkeypatch.setattr("plotdoc.editing.brackets.comparisons", compared)
    monkeypatch.setattr("plotdoc.analyses.brackets.comparisons", compared)


def test_pairwise_brackets_stack_clear_of_the_data_and_of_each_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    three_pairs(monkeypatch)
    p = loads(doc(analyses=[{"id": "tt", "method": "ttest"}]))
    edit = add_pairwise_brackets(p, "weights", "tt")
    table = p.tables[0]
    assert edit.label == "Add 3 brackets from tt"
    ends = [
        (a.props["left"]["groupIndex"], a.props["right"]["groupIndex"]) for a in table.annotations
    ]
    assert ends == [(0, 1), (0, 2), (1, 2)]
    y = {e: a.props["y"] for e, a in zip(ends, table.annotations, strict=True)}
    top = max(max(CONTROL), max(TREATED), max(OTHER))
    assert all(v > top for v in y.values())
    assert y[(0, 2)] > max(y[(0, 1)], y[(1, 2)])  # the wide one above the narrow ones
    svg, warnings = drawn(p)
    boxes = [svg.bbox(f"bracket/{n}") for n in range(3)]
    wide = boxes[1]
    for narrow in (boxes[0], boxes[2]):
        assert narrow[1] > wide[3] - 1  # SVG y grows down: wholly below the wide bracket
    for n in range(3):  # clear of every data point under it
        data_top = min(y for sid in svg.ids("symbol/") for _, y in svg.uses(sid))
        assert boxes[n][3] < data_top
    labels = [label_of(p, n) for n in range(3)]
    assert labels == ["***", "ns", "**"]
    assert not [w for w in warnings if warning_code(w) == ANALYSIS_NOT_DRAWN]


def test_only_the_significant_pairs_and_never_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    three_pairs(monkeypatch)
    p = loads(doc(analyses=[{"id": "tt", "method": "ttest"}]))
    add_pairwise_brackets(p, "weights", "tt", only_significant=True, label="p")
    table = p.tables[0]
    assert len(table.annotations) == 2
    assert all(a.props["label"] == "p" for a in table.annotations)
    add_pairwise_brackets(p, "weights", "tt")  # the one pair left
    assert len(table.annotations) == 3
    with pytest.raises(EditRefusedError) as caught:
        add_pairwise_brackets(p, "weights", "tt")
    assert "not yet bracketed" in caught.value.problems[0].message


def test_an_analysis_that_compares_nothing_is_refused() -> None:
    p = loads(doc(analyses=[{"id": "hist", "method": "frequencyDistribution"}]))
    before = copy.deepcopy(p.tables[0].annotations)
    with pytest.raises(EditRefusedError) as caught:
        add_pairwise_brackets(p, "weights", "hist")
    assert "compares none" in caught.value.problems[0].message
    assert p.tables[0].annotations == before


def test_moving_and_restyling_keep_the_link_typing_ends_it() -> None:
    p = loads(doc())
    add_pairwise_brackets(p, "weights", "tt")
    table = p.tables[0]
    bid = table.annotations[0].id
    y = table.annotations[0].props["y"]
    move_annotation(p, "weights", bid, dy=1.5)
    set_field(p, "tables[0].annotations[0].color", {"hex": "#cc0000"})
    props = table.annotations[0].props
    assert props["analysisId"] == "tt" and props["y"] == pytest.approx(y + 1.5)
    assert label_of(p) == summary(welch_p())
    type_bracket_text(p, "weights", bid, "p < 0.001 (Welch)")
    props = table.annotations[0].props
    assert "analysisId" not in props and props["text"] == "p < 0.001 (Welch)"
    follow_analysis(p, "weights", bid, "tt", "both")
    assert label_of(p) == f"{summary(welch_p())} {format_p(welch_p(), label=True)}"
    follow_analysis(p, "weights", bid, None)  # stop following: what it showed is kept
    props = table.annotations[0].props
    assert "analysisId" not in props
    assert props["text"] == f"{summary(welch_p())} {format_p(welch_p(), label=True)}"


def test_removing_the_analysis_keeps_what_its_brackets_showed() -> None:
    p = loads(doc())
    add_pairwise_brackets(p, "weights", "tt", label="p")
    remove_analysis(p, "weights", "tt")
    props = p.tables[0].annotations[0].props
    assert "analysisId" not in props and props["text"] == "P = 0.0005"


def test_the_builder_makes_the_same_edit() -> None:
    from plotdoc.builder import ProjectBuilder

    b = ProjectBuilder(title="Weights")
    t = b.add_table("column", {"Control": CONTROL, "Treated": TREATED, "Other": OTHER})
    t.graph("scatter-bar", mode="meanWithSd")
    t.analysis("ttest", id="tt", groupA="Control", groupB="Treated")
    t.bracket(0, 2, "typed")
    t.brackets_from("tt", label="p")
    written = b.document()["tables"][0]["annotations"]
    assert written[0]["text"] == "typed"
    assert written[1]["analysisId"] == "tt" and written[1]["label"] == "p"
    assert written[1]["left"] == {"kind": "dataSet", "dataSetId": "Control"}
    assert written[1]["right"] == {"kind": "dataSet", "dataSetId": "Treated"}
    p = b.project()
    assert p.warnings == ()
    assert label_of(p, 1) == "P = 0.0005"
    with pytest.raises(EditRefusedError):
        t.brackets_from("tt")  # nothing left to bracket


def test_pairs_with_a_hidden_data_set_get_no_bracket(monkeypatch: pytest.MonkeyPatch) -> None:
    three_pairs(monkeypatch)
    p = loads(doc(analyses=[{"id": "tt", "method": "ttest"}]))
    p.tables[0].graph.data_set_visibility["2"] = False  # type: ignore[union-attr]
    add_pairwise_brackets(p, "weights", "tt")
    ends = [
        (a.props["left"]["groupIndex"], a.props["right"]["groupIndex"])
        for a in p.tables[0].annotations
    ]
    assert ends == [(0, 1)]


def test_a_new_bracket_follows_the_analysis_that_compared_its_pair() -> None:
    from plotdoc.editing.brackets import analysis_for

    p = loads(doc())
    table = p.tables[0]
    found = analysis_for(p, table, 0, 1)
    assert found is not None and found.id == "tt"
    assert analysis_for(p, table, 1, 2) is None  # the t test compared Control and Treated


def _two_way_within_rows() -> Any:
    """Warp breaks by wool (data sets) and tension (rows), compared wool against wool in each
    row: three comparisons of cells, one per row, all of the same two data sets."""
    from plotdoc.builder import ProjectBuilder

    from ..stats.helpers import load_reference

    data = load_reference("tukey_warpbreaks.json")["data"]
    b = ProjectBuilder()
    t = b.add_table(
        "grouped",
        {"Wool A": [data[k][:9] for k in "LMH"], "Wool B": [data[k][9:] for k in "LMH"]},
        row_labels=["Low", "Medium", "High"],
        id="wool",
    )
    t.graph("grouped-interleaved-bars")
    t.analysis("twoWayAnova", id="a2", comparisons="withinRows", correction="sidak")
    return b, t


def test_a_bracket_never_shows_one_rows_p_for_a_comparison_made_row_by_row() -> None:
    # the first row's P was shown over the two data sets, as if it were theirs
    b, t = _two_way_within_rows()
    t.bracket("Wool A", "Wool B", analysisId="a2", label="p")
    project = b.project()
    table = project.tables[0]
    assert len(B.comparisons(B.run_of(project, table, "a2"))) == 3
    label = B.bracket_label(project, table, table.annotations[0].props)
    assert label.text == ""
    assert label.why is not None and "cell by cell" in label.why
    rendered = render_table_checked(project, table)
    assert [warning_code(w) for w in rendered.warnings] == [ANALYSIS_NOT_DRAWN]


def test_pairwise_brackets_are_refused_for_comparisons_of_cells() -> None:
    # three identical brackets over the two data sets were added, each with the first row's P
    _, t = _two_way_within_rows()
    with pytest.raises(EditRefusedError, match="comparisons of cells"):
        t.brackets_from("a2")
    assert "annotations" not in t.document or t.document["annotations"] == []
