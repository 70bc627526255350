"""Every analysis method's spec is read by every output: the schema, the reader's defaults, the
editor's controls and result rows, `plotdoc analyze` (text and --json) and results tables. A
method an output cannot show fails here; nothing is skipped quietly."""

from __future__ import annotations

import dataclasses
import json
from html import escape
from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pytest

from plotdoc.analyses.methods import METHODS
from plotdoc.analyses.methods import spec as spec_module
from plotdoc.analyses.methods.spec import (
    P_VALUE_STYLE,
    Comparison,
    Kind,
    MethodSpec,
    ResultField,
    Show,
)
from plotdoc.analyses.report import (
    COMPARISON_HEADER,
    MAX_ENTRIES,
    _field_line,
    comparison_table,
    entries,
    format_report,
    result_rows,
)
from plotdoc.analyses.run import AnalysisRun, results_table_columns
from plotdoc.api import loads
from plotdoc.pvalues import format_p
from plotdoc.pvalues import summary as p_summary

SCHEMA = Path(__file__).resolve().parents[2] / "src" / "plotdoc" / "contract" / "schemas"

#: a table of each family some method runs on, on which every method of the family gives "ok"
_X = np.linspace(-9, -4, 12)
_RNG = np.random.default_rng(3)
_CURVE = [10 + 90 / (1 + 10 ** ((-6.5 - x) * 1.2)) + _RNG.normal(0, 3, 2) for x in _X]
_SHIFTED = [12 + 85 / (1 + 10 ** ((-5.8 - x) * 1.0)) + _RNG.normal(0, 3, 2) for x in _X]
TABLES: dict[str, dict[str, Any]] = {
    "column": {
        "format": "column",
        "dataSets": [
            {"name": "A", "values": [[v] for v in (4.1, 5.2, 6.3, 5.5, 4.8, 6.0, 5.1, 5.7)]},
            {"name": "B", "values": [[v] for v in (7.4, 8.1, 6.9, 7.7, 8.3, 7.2, 7.9, 7.5)]},
        ],
    },
    "xy": {
        "format": "xy",
        "x": _X.round(3).tolist(),
        "replicates": 2,
        "dataSets": [
            {"name": "dose", "values": [[round(float(v), 3) for v in row] for row in _CURVE]},
            {"name": "later", "values": [[round(float(v), 3) for v in row] for row in _SHIFTED]},
        ],
    },
    "contingency": {
        "format": "contingency",
        "rowLabels": ["Treated", "Control"],
        "dataSets": [
            {"name": "Died", "values": [[12], [25]]},
            {"name": "Lived", "values": [[88], [75]]},
        ],
    },
    "survival": {
        "format": "survival",
        "x": [5, 8, 12, 13, 18, 23, 27, 31, 34, 45],
        "dataSets": [
            {"name": "kept", "values": [[None]] * 3 + [[1], [1], [0], [None], [1], [1], [0]]},
            {"name": "stopped", "values": [[1], [1], [1], [None], [None], [1], [1]]},
        ],
    },
    "grouped": {
        "format": "grouped",
        "rowLabels": ["Day 1", "Day 2"],
        "replicates": 3,
        "dataSets": [
            {"name": "A", "values": [[4.1, 5.2, 6.3], [5.5, 4.8, 6.0]]},
            {"name": "B", "values": [[7.4, 8.1, 6.9], [9.7, 8.3, 9.2]]},
        ],
    },
    "multipleVariables": {
        "format": "multipleVariables",
        "dataSets": [
            {"name": "height", "values": [[v] for v in (1.5, 1.6, 1.7, 1.8, 1.9, 2.0)]},
            {"name": "weight", "values": [[v] for v in (50, 58, 61, 70, 74, 85)]},
            {"name": "age", "values": [[v] for v in (30, 25, 41, 35, 50, 44)]},
        ],
    },
}


#: params other than the defaults each method is also run with (each form of its result)
OTHER_PARAMS: dict[str, list[dict[str, Any]]] = {
    "ttest": [{"test": "nonparametric"}, {"test": "nonparametric", "design": "paired"}],
    "oneSampleTest": [{"test": "wilcoxon", "hypotheticalValue": 5}],
    "contingencyTest": [{"test": t} for t in ("chiSquare", "chiSquareYates", "chiSquareTrend")],
    "nonlinearRegression": [{"compare": "ec50"}],
    "survivalComparison": [{"test": "gehanBreslowWilcoxon"}, {"test": "logRankTrend"}],
    "normalityTest": [{"test": t} for t in ("shapiroWilk", "andersonDarling", "kolmogorovSmirnov")],
    "oneWayAnova": [{"test": "kruskalWallis"}, {"test": "welch", "comparisons": "none"}],
    "twoWayAnova": [{"comparisons": "allCells", "correction": "bonferroni"}],
}


def run_of(spec: MethodSpec, params: dict[str, Any] | None = None) -> tuple[Any, AnalysisRun]:
    family = next((f for f in spec.families if f in TABLES), None)
    assert family is not None, f"{spec.id}: add a table of {spec.families} to TABLES"
    analysis = {"id": "a", "method": spec.id, "params": params or {}}
    table = {"id": "t", **TABLES[family], "analyses": [analysis]}
    doc = {"format": "plotdoc-project", "schemaVersion": 2, "tables": [table]}
    project = loads(orjson.dumps(doc))
    run = project.results[("t", "a")]
    assert run.status == "ok", (spec.id, run.message)
    return project, run


SPECS = pytest.mark.parametrize("spec", list(METHODS.values()), ids=lambda s: s.id)
RUNS = pytest.mark.parametrize(
    ("spec", "params"),
    [(s, {}) for s in METHODS.values()]
    + [(METHODS[m], p) for m, ps in OTHER_PARAMS.items() for p in ps],
    ids=lambda v: v.id if isinstance(v, MethodSpec) else ",".join(f"{k}={x}" for k, x in v.items()),
)


@SPECS
@pytest.mark.parametrize("version", [1, 2])
def test_the_schema_of_its_params_is_the_published_one(spec: MethodSpec, version: int) -> None:
    schema = json.loads((SCHEMA / f"v{version}.json").read_text(encoding="utf-8"))
    options = schema["definitions"]["AnalysisInstance"]["oneOf"]
    mine = next((o for o in options if o["properties"]["method"]["const"] == spec.id), None)
    if spec.since > version:
        assert mine is None, f"{spec.id} was added in version {spec.since}"
        return
    assert mine is not None, f"{spec.id} is no method of the published v{version} schema"
    published = mine["properties"]["params"]["properties"]
    assert list(published) == [p.name for p in spec.params if p.since <= version]
    for param in spec.params:
        if param.since > version:
            continue
        node = published[param.name]
        if param.kind is Kind.CHOICE:
            listed = node.get("enum") or [o["const"] for o in node["oneOf"]]
            assert tuple(listed) == param.choices
        assert ("oneOf" in node and {"type": "null"} in node["oneOf"]) == param.nullable


def test_every_method_takes_the_p_value_style_last() -> None:
    for spec in METHODS.values():
        assert spec.params[-1] is P_VALUE_STYLE
        assert [p.name for p in spec.params].count("pValueStyle") == 1
    # declared once: a module that lists it gets it once, a clash is refused
    again = dataclasses.replace(METHODS["ttest"], params=METHODS["ttest"].params)
    assert again.params == METHODS["ttest"].params
    clash = dataclasses.replace(P_VALUE_STYLE, default="apa")
    with pytest.raises(ValueError, match="shares"):
        dataclasses.replace(METHODS["ttest"], params=(*METHODS["ttest"].own_params, clash))


@SPECS
def test_reading_fills_its_defaults(spec: MethodSpec) -> None:
    project, _ = run_of(spec)
    assert project.table("t").analysis("a").params == spec.defaults


@SPECS
def test_every_param_has_an_editor_control(spec: MethodSpec) -> None:
    for param in spec.params:
        assert param.label and isinstance(param.kind, Kind)
        if param.kind is Kind.CHOICE:
            assert param.default in param.choices, (spec.id, param.name)
            assert {v for v, _ in param.choice_labels} <= set(param.choices)
            # the editor words a string choice itself; a number needs the spec's label
            assert all(isinstance(c, str) or param.choice_label(c) for c in param.choices)
        if not param.nullable and param.kind is Kind.BOOL:
            assert isinstance(param.default, bool)


def _cli_names(field: ResultField) -> list[str]:
    if field.show is Show.P_VALUE:
        return ["P "]
    return [f"{k} = " for k in field.keys]


@RUNS
def test_every_output_shows_every_field(spec: MethodSpec, params: dict[str, Any]) -> None:
    project, run = run_of(spec, params)
    shown = entries(run)
    assert shown, spec.id
    # the editor: one row per field, in order, under its label, plus a P value's summary
    for res in shown.values():
        rows = [key for _, _, key in result_rows(spec.id, res) if key != "summary"]
        assert rows == [f.keys[0] for f in spec.fields_of(res)]
    # plotdoc analyze: every field on the line of each entry listed
    text = format_report(project, {("t", "a"): run})
    lines = text.splitlines()[2:]
    lines = lines[: next((i for i, x in enumerate(lines) if x.startswith(PAIRS)), len(lines))]
    assert lines and len(lines) == min(len(shown), 20) + (len(shown) > 20)
    for line, res in zip(lines, shown.values(), strict=False):
        for field in spec.fields_of(res):
            assert _field_line(field, res) in line
            assert all(name in line for name in _cli_names(field))
    # --json: every field of a result that is its own entry
    result = run.to_dict()["result"]
    assert result is not None
    parts = result["dataSets"].values() if run.per_data_set else [result]
    if run.per_data_set and run.overall is not None:
        parts = [*parts, result["overall"]]
    if run.per_data_set or list(shown) == [""]:
        for part, res in zip(parts, shown.values(), strict=True):
            for field in spec.fields_of(res):
                assert set(field.keys) <= set(part), (spec.id, field.keys)


@SPECS
def test_a_results_table_comes_from_its_spec(spec: MethodSpec) -> None:
    _, run = run_of(spec)
    if spec.results_family is None:
        with pytest.raises(ValueError, match="no results table"):
            results_table_columns(run)
        return
    labels, columns = results_table_columns(run)
    assert labels and columns and all(len(values) == len(labels) for _, values in columns)


#: the line `plotdoc analyze` heads a table of comparisons with
PAIRS = "    comparisons ("
#: the methods whose spec gives the pairs it compared
COMPARING = [s for s in METHODS.values() if s.comparisons is not spec_module._no_comparisons]


#: parameters that make a method compare pairs where its defaults compare none
COMPARE: dict[str, dict[str, Any]] = {"twoWayAnova": {"comparisons": "withinRows"}}


@pytest.mark.parametrize("spec", COMPARING, ids=lambda s: s.id)
def test_every_output_shows_the_table_of_comparisons(spec: MethodSpec) -> None:
    project, run = run_of(spec, COMPARE.get(spec.id))
    pairs = run.comparisons
    assert pairs and all(isinstance(c, Comparison) for c in pairs), spec.id
    style = run.p_value_style
    # plotdoc analyze: a heading, then one line per pair with its difference, CI and P
    text = format_report(project, {("t", "a"): run}).splitlines()
    start = next(i for i, x in enumerate(text) if x.startswith(PAIRS))
    assert text[start] == f"{PAIRS}{len(pairs)}):"
    for line, c in zip(text[start + 1 :], pairs[:MAX_ENTRIES], strict=False):
        assert line.strip().startswith(f"{c.label}: difference = ")
        assert format_p(c.p, style, label=True) in line and "95% CI " in line
    # the editor's and the notebook's cells, from one place
    table = comparison_table(run)
    assert [row[0] for row in table] == [c.label for c in pairs]
    assert all(len(row) == len(COMPARISON_HEADER) for row in table)
    html = run._repr_html_()
    assert all(f"<th>{escape(h)}</th>" in html for h in COMPARISON_HEADER)
    assert all(f"<td>{escape(row[0])}</td>" in html for row in table)
    # --json: a list of objects, one per pair
    listed = json.loads(orjson.dumps(run.to_dict()))["comparisons"]
    assert [x["label"] for x in listed] == [c.label for c in pairs]
    for x, c in zip(listed, pairs, strict=True):
        assert {"a", "b", "difference", "ci_lower", "ci_upper", "p", "summary"} <= set(x)
        assert (x["a"], x["b"], x["p_text"]) == (c.a, c.b, format_p(c.p, style))
    # the result as data: a frame of the pairs
    frame = run.comparisons_to_pandas()
    assert list(frame["label"]) == [c.label for c in pairs]


def test_a_method_without_comparisons_lists_none() -> None:
    _, run = run_of(METHODS["linearRegression"])
    assert run.comparisons == [] and run.to_dict()["comparisons"] == []
    assert comparison_table(run) == [] and "<caption>Comparisons" not in run._repr_html_()


@SPECS
def test_every_output_prints_p_values_in_the_analysis_style(spec: MethodSpec) -> None:
    project, run = run_of(spec, {"pValueStyle": "apa"})
    assert run.p_value_style == "apa"
    text = format_report(project, {("t", "a"): run})
    out = run.to_dict()
    for res in entries(run).values():
        for field in [f for f in spec.fields_of(res) if f.show is Show.P_VALUE]:
            p = getattr(res, field.keys[0])
            shown = format_p(p, "apa")
            assert shown == "—" or shown.startswith((".", "< .")), shown
            assert (field.label, shown, field.keys[0]) in [
                (label, t, k) for label, t, k in result_rows(spec.id, res, "apa")
            ] or "{level}" in field.label
            assert format_p(p, "apa", label=True) in text
    if not run.per_data_set and list(entries(run)) == [""]:
        p_fields = [f for f in spec.fields_of(run.result) if f.show is Show.P_VALUE]
        for field in p_fields:  # --json: every P value printed in the style, with its summary
            key = field.keys[0]
            text, stars = ("p_text", "summary") if key == "p" else (f"{key}_text", f"{key}_summary")
            assert out["result"][text] == format_p(out["result"][key], "apa")
            assert out["result"][stars] == p_summary(out["result"][key], "apa")
    for c in out["comparisons"]:
        assert c["p_text"] == format_p(c["p"], "apa")
        assert not c["p_text"].startswith("0.")


def test_a_field_a_result_lacks_is_an_error_not_a_silent_skip(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec = METHODS["ttest"]
    project, run = run_of(spec)
    extra = (*spec.fields, ResultField("F", "f_ratio"))
    wrong = dataclasses.replace(spec, fields=extra, fields_for=lambda res: extra)
    monkeypatch.setitem(METHODS, "ttest", wrong)
    with pytest.raises(AttributeError, match="f_ratio"):
        result_rows("ttest", run.result)
    with pytest.raises(AttributeError, match="f_ratio"):
        format_report(project, {("t", "a"): run})
