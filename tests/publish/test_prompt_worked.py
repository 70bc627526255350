"""The prompt's meanings and worked examples: every worked example, read from the prompt's own
text, opens with no warning, computes its analyses and draws every graph with no warning; the
meanings name the contract's own values; the prompt stays short enough to be read whole."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from plotdoc.api import loads, validate
from plotdoc.contract import styles as S
from plotdoc.contract.methods import FOURPL_MODELS
from plotdoc.publish.prompt import build_prompt
from plotdoc.publish.worked import WORKED

from .validators import py_errors, rs_valid

PROMPT = build_prompt()
#: the size an assistant reads whole
MAX_PROMPT_BYTES = 40_000


def _worked(name: str) -> dict[str, Any]:
    match = re.search(
        rf"^Worked example \({re.escape(name)}\): .*\n\n`(.*)`$", PROMPT, flags=re.MULTILINE
    )
    assert match, f"the prompt shows no worked example {name}"
    doc: dict[str, Any] = json.loads(match.group(1))
    return doc


def test_the_prompt_is_read_whole() -> None:
    assert len(PROMPT.encode("utf-8")) <= MAX_PROMPT_BYTES


@pytest.mark.parametrize(
    "name",
    ["dose-response", "column-t-test", "grouped-bars", "kaplan-meier", "correlation-heat-map"],
)
def test_a_worked_example_opens_computes_and_draws_without_a_warning(name: str) -> None:
    from plotdoc.render import render_table_checked

    doc = _worked(name)
    assert doc == WORKED[name][1]
    assert py_errors(doc) == [] and rs_valid(doc)
    project = loads(json.dumps(doc))
    assert project.warnings == ()
    for table in project.tables:
        for analysis in table.analyses:
            run = project.results[(table.id, analysis.id)]
            assert run.status == "ok", (table.id, analysis.id, run)
    drawn = 0
    for table in project.tables:
        if table.graph is None:
            continue
        rendered = render_table_checked(project, table, fmt="svg", dpi=72)
        assert not rendered.warnings, (table.id, rendered.warnings)
        drawn += 1
    assert drawn


def test_the_worked_examples_show_what_they_are_for() -> None:
    dose = _worked("dose-response")["tables"][0]
    assert dose["analyses"][0]["params"]["model"] == "logX"
    assert max(dose["x"]) < 0  # log10 molar doses, as logX reads them
    t = _worked("column-t-test")["tables"][0]
    names = [ds["name"] for ds in t["dataSets"]]
    params = t["analyses"][0]["params"]
    assert [params["groupA"], params["groupB"]] == names  # names, not indexes
    assert t["annotations"][0]["type"] == "bracket"
    heat = _worked("correlation-heat-map")["tables"]
    assert heat[1]["derivedFrom"] == {"sourceTableId": heat[0]["id"], "analysisId": "corr"}
    assert heat[1]["graph"]["variantId"] == "grouped-heat-map"
    km = _worked("kaplan-meier")["tables"][0]
    assert km["format"] == "survival"


def _meaning(start: str) -> str:
    line = next((ln for ln in PROMPT.splitlines() if ln.startswith(start)), None)
    assert line is not None, f"no line starts with {start!r}"
    return line


def test_the_meanings_name_the_contracts_values() -> None:
    models = _meaning("- `nonlinearRegression` `model`")
    assert all(f"`{m}`" in models for m in FOURPL_MODELS) and "log10 of the dose" in models
    scale = _meaning("- Axis `scale`")
    assert all(f"`{v}`" in scale for v in S.AXIS_SCALES) and "there is no `log`" in scale
    legend = _meaning("- `graph.legend.position`")
    assert all(f"`{v}`" in legend for v in S.LEGEND_POSITIONS)
    assert "`^{...}`" in _meaning("- Rich text") and "`_{...}`" in _meaning("- Rich text")
    coords = _meaning("- Annotation coordinates")
    assert '`"coordinates": "data"`' in coords and "above 0" in coords
    assert "points (1/72 inch) from the plot area's lower-left corner" in coords
    assert "data set ids" in _meaning("- `ttest` `groupA`/`groupB`")
    assert "frequencyDistribution" in _meaning("- A frequency distribution")
    assert "percent" in _meaning("- `parts-pie` and `parts-donut`")
    assert "referenceLines" in _meaning("- A reference line at a data value")


def test_what_the_meanings_say_holds() -> None:
    """Two statements checked against the code: "log" is refused with log10 suggested, and
    groupA/groupB are data set ids (an index is reported as naming no data set)."""
    doc = _worked("column-t-test")
    doc["tables"][0]["graph"]["axesOverrides"] = {"leftY": {"scale": "log"}}
    (problem,) = validate(json.dumps(doc).encode()).errors
    assert 'did you mean "log10"' in problem.message
    doc = _worked("column-t-test")
    doc["tables"][0]["analyses"][0]["params"]["groupA"] = "0"  # an index is no name
    project = loads(json.dumps(doc))
    assert [w.code for w in project.warnings] == ["analysis-group-unknown"]


def test_no_sentence_of_the_prompt_is_left_empty() -> None:
    assert "required ;" not in PROMPT
    assert "no field required; fields `type`, `id`, `shape`" in PROMPT
