"""The analyses panel: add an analysis of the table's family, edit its parameters, read results."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..contract import methods as M
from ..editing import add_analysis, remove_analysis, set_analysis_params

if TYPE_CHECKING:
    from .page import View

#: Choices of each parameter that takes one of a few values.
CHOICES: dict[str, tuple[Any, ...]] = {
    "design": M.TTEST_DESIGNS,
    "variance": M.TTEST_VARIANCES,
    "confidenceLevel": M.CONFIDENCE_LEVELS,
    "model": M.FOURPL_MODELS,
    "output": M.FREQUENCY_OUTPUTS,
    "method": M.CORRELATION_METHODS,
}

#: Result fields shown per method (the rest are in `plotdoc analyze --json`).
SHOWN: dict[str, tuple[str, ...]] = {
    "ttest": (
        "n_a",
        "n_b",
        "mean_a",
        "mean_b",
        "mean_difference",
        "ci_lower",
        "ci_upper",
        "t",
        "df",
        "p",
    ),
    "linearRegression": ("slope", "intercept", "r_squared", "p", "n", "sy_x"),
    "nonlinearRegression": ("bottom", "top", "log_ec50", "ec50", "hill_slope", "r_squared", "n"),
}


def fmt(value: Any) -> str:
    from ..analyses import _fmt

    return (
        _fmt(float(value))
        if isinstance(value, (int, float)) and not isinstance(value, bool)
        else str(value)
    )


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
                    ui.select(
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
                ui.label(f"No analysis method runs on {table.format} tables.").classes(
                    "plotdoc-status"
                )
        results = self.view.session.project.results
        for analysis in table.analyses:
            run = results.get((table.id, analysis.id))
            with (
                ui.card()
                .classes("w-full plotdoc-panel")
                .props(f"flat data-testid=analysis-{analysis.id}")
            ):
                with ui.row().classes("items-center w-full"):
                    ui.label(f"{analysis.id} · {analysis.method}").classes("text-weight-medium")
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
            ui.select(
                names,
                value=value,
                label=key,
                on_change=lambda e: (
                    e.value != value and apply(set_analysis_params, table.id, aid, {key: e.value})
                ),
            ).classes("w-40").props("dense outlined")
        elif key in CHOICES:
            ui.select(
                list(CHOICES[key]),
                value=value,
                label=key,
                on_change=lambda e: (
                    e.value != value and apply(set_analysis_params, table.id, aid, {key: e.value})
                ),
            ).classes("w-36").props(f"dense outlined data-testid=param-{key}")
        elif isinstance(value, bool):
            ui.checkbox(
                key,
                value=value,
                on_change=lambda e: apply(set_analysis_params, table.id, aid, {key: e.value}),
            )
        else:
            ui.number(
                key,
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
                        ui.label(name).classes("text-weight-medium")
                for key in SHOWN.get(run.method, ()):
                    if hasattr(res, key):
                        with ui.element("tr"):
                            with ui.element("td"):
                                ui.label(key)
                            with ui.element("td"):
                                ui.label(fmt(getattr(res, key))).props(f"data-testid=result-{key}")
        if run.method in ("frequencyDistribution", "correlationMatrix"):
            ui.label("Results are in the results table under this table in the navigator.").classes(
                "plotdoc-status"
            )
