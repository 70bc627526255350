"""The analyses panel: add an analysis of the table's family, edit its parameters, read results."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract import methods as M
from ..editing import add_analysis, remove_analysis, set_analysis_params
from ..pvalues import format_p, summary
from . import attrs, choices
from .opening import FAMILY_TITLES
from .wording import label_of
from .work import known_results

if TYPE_CHECKING:
    from .view import View

#: Choices of each parameter that takes one of a few values.
CHOICES: dict[str, tuple[Any, ...]] = {
    "design": M.TTEST_DESIGNS,
    "variance": M.TTEST_VARIANCES,
    "confidenceLevel": M.CONFIDENCE_LEVELS,
    "model": M.FOURPL_MODELS,
    "output": M.FREQUENCY_OUTPUTS,
    "method": M.CORRELATION_METHODS,
}

#: parameter values whose label the generic wording would get wrong
CHOICE_LABELS = {"logX": "X is log10 of the dose", "linearX": "X is the dose as entered"}


def choice_label(value: Any) -> str:
    """A parameter's value as a scientist reads it: ``welch`` -> ``Welch's correction (unequal
    SDs)``, ``95`` -> ``95%``."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:g}%"
    return CHOICE_LABELS.get(str(value)) or label_of(str(value))


#: Results shown per method: (label, field, or (lower, upper) for an interval).
Row = tuple[str, str | tuple[str, str]]
SHOWN: dict[str, tuple[Row, ...]] = {
    "ttest": (
        ("Number of values (A)", "n_a"),
        ("Number of values (B)", "n_b"),
        ("Mean of A", "mean_a"),
        ("Mean of B", "mean_b"),
        ("Difference of means (A − B)", "mean_difference"),
        ("{level} confidence interval", ("ci_lower", "ci_upper")),
        ("t", "t"),
        ("Degrees of freedom", "df"),
        ("P value (two-tailed)", "p"),
    ),
    "linearRegression": (
        ("Slope", "slope"),
        ("{level} CI of the slope", ("slope_ci_lower", "slope_ci_upper")),
        ("Y intercept", "intercept"),
        ("R²", "r_squared"),
        ("P value (slope ≠ 0)", "p"),
        ("Number of points", "n"),
        ("Sy.x", "sy_x"),
    ),
    "nonlinearRegression": (
        ("Bottom", "bottom"),
        ("Top", "top"),
        ("LogEC50", "log_ec50"),
        ("EC50", "ec50"),
        ("Hill slope", "hill_slope"),
        ("R²", "r_squared"),
        ("Number of points", "n"),
    ),
}

#: Parameter names as a user reads them.
PARAM_LABELS = {
    "groupA": "Group A",
    "groupB": "Group B",
    "design": "Design",
    "variance": "Variances",
    "confidenceLevel": "Confidence level",
    "model": "Model",
    "output": "Output",
    "method": "Method",
}


def fmt(value: Any) -> str:
    """A number as `plotdoc analyze` prints it; a P value below 0.0001 as ``< 0.0001``."""
    from ..analyses import _fmt

    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, int):
        return str(value)
    return _fmt(float(value))


def p_text(value: Any) -> str:
    """A P value as every output shows it (:func:`plotdoc.pvalues.format_p`)."""
    return format_p(value if isinstance(value, (int, float)) else None)


def p_summary(value: Any) -> str:
    """``ns``, ``*`` ... ``****`` for a P value; ``""`` for anything else."""
    return summary(value) if isinstance(value, (int, float)) else ""


def result_rows(method: str, res: Any) -> list[tuple[str, str, str]]:
    """(label, text, field) of each result shown for one result object."""
    level = getattr(res, "confidence", None) or getattr(res, "confidence_level", None)
    level_text = f"{level * 100:g}%" if isinstance(level, float) else "95%"
    out = []
    for label, key in SHOWN.get(method, ()):
        label = label.replace("{level}", level_text)
        if isinstance(key, tuple):
            if all(hasattr(res, k) for k in key):
                lo, hi = (getattr(res, k) for k in key)
                out.append((label, f"{fmt(lo)} to {fmt(hi)}", key[0]))
        elif hasattr(res, key):
            value = getattr(res, key)
            out.append((label, p_text(value) if key == "p" else fmt(value), key))
            if key == "p" and (stars := p_summary(value)):
                out.append(("P value summary", stars, "summary"))
    return out


class AnalysesPanel:
    def __init__(self, view: View) -> None:
        self.view = view

    def build(self) -> None:
        self.render()

    @ui.refreshable_method
    def render(self) -> None:
        table = self.view.table()
        if table is None:
            return
        if table.derived_from is not None:
            ui.label(
                f"Results of {table.derived_from.analysis_id} on table "
                f"{table.derived_from.source_table_id}; recomputed after every change."
            ).classes("plotdoc-status")
            return
        methods = [m for m in M.METHODS.values() if table.format in m.families]
        with ui.row().classes("items-end gap-2"):
            if methods:
                choice = (
                    choices.select(
                        {m.id: m.description for m in methods},
                        value=methods[0].id,
                        label="Analysis",
                    )
                    .classes("w-72")
                    .props("dense outlined data-testid=analysis-method")
                )
                ui.button(
                    "Add",
                    icon="add",
                    on_click=lambda: self.view.apply(add_analysis, table.id, choice.value),
                ).props("data-testid=analysis-add")
            else:
                family = FAMILY_TITLES.get(table.format, table.format)
                ui.label(f"No analysis method runs on {family} tables.").classes("plotdoc-status")
        results = known_results(self.view.session.project)
        for analysis in table.analyses:
            run = results.get((table.id, analysis.id))
            with attrs.testid(
                ui.card().classes("w-full plotdoc-panel").props("flat"), f"analysis-{analysis.id}"
            ):
                with ui.row().classes("items-center w-full"):
                    spec = M.METHODS.get(analysis.method)
                    ui.label(spec.description if spec else analysis.method).classes(
                        "text-weight-medium"
                    )
                    ui.label(analysis.id).classes("plotdoc-family")
                    ui.space()
                    ui.button(
                        icon="delete",
                        on_click=lambda a=analysis: self.view.apply(
                            remove_analysis, table.id, a.id
                        ),
                    ).props("flat round dense size=sm")
                with ui.row().classes("gap-2 items-end"):
                    for key, value in analysis.params.items():
                        self._param(table, analysis.id, key, value)
                self._results(run)

    def _param(self, table: Any, aid: str, key: str, value: Any) -> None:
        apply = self.view.apply
        if key in ("groupA", "groupB"):
            names = {None: "(first two)"} | {d.name: d.name for d in table.data_sets}
            choices.select(
                names,
                value=value,
                label=PARAM_LABELS.get(key) or label_of(key),
                on_change=lambda e: (
                    e.value != value and apply(set_analysis_params, table.id, aid, {key: e.value})
                ),
            ).classes("w-40").props("dense outlined")
        elif key in CHOICES:
            chooser = choices.select(
                {v: choice_label(v) for v in CHOICES[key]},
                value=value,
                label=PARAM_LABELS.get(key) or label_of(key),
                on_change=lambda e: (
                    e.value != value and apply(set_analysis_params, table.id, aid, {key: e.value})
                ),
            )
            attrs.testid(chooser.classes("w-36").props("dense outlined"), f"param-{key}")
        elif isinstance(value, bool):
            ui.checkbox(
                PARAM_LABELS.get(key) or label_of(key),
                value=value,
                on_change=lambda e: apply(set_analysis_params, table.id, aid, {key: e.value}),
            )
        else:
            ui.number(
                PARAM_LABELS.get(key) or label_of(key),
                value=value,
                on_change=lambda e: (
                    e.value != value and apply(set_analysis_params, table.id, aid, {key: e.value})
                ),
            ).classes("w-28").props("dense outlined debounce=600")

    def _results(self, run: Any) -> None:
        if run is None:
            ui.label("Computing…").classes("plotdoc-status")
            return
        if run.status != "ok" and not run.per_data_set:
            ui.label(f"{run.status}: {run.message}").classes("text-negative").props(
                "data-testid=analysis-status"
            )
            return
        rows = run.per_data_set or {"": run.result}
        with ui.element("table").classes("plotdoc-results").props("data-testid=analysis-results"):
            for name, res in rows.items():
                if res is None:
                    continue
                if name:
                    with ui.element("tr"), ui.element("td").props("colspan=2"):
                        ui.label(name).classes("text-weight-medium q-pt-sm")
                for label, text, key in result_rows(run.method, res):
                    with ui.element("tr"):
                        with ui.element("td"):
                            ui.label(label)
                        with ui.element("td").classes("plotdoc-number"):
                            attrs.testid(ui.label(text), f"result-{key}")
                if getattr(res, "status", "ok") != "ok":
                    with ui.element("tr"), ui.element("td").props("colspan=2"):
                        ui.label(f"{res.status}: {res.message}").classes("text-negative")
        if run.method in ("frequencyDistribution", "correlationMatrix"):
            ui.label("Results are in the results table under this table in the navigator.").classes(
                "plotdoc-status"
            )
