"""The analyses panel: add an analysis of the table's family, edit its parameters, read results."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..analyses.methods import METHODS
from ..analyses.methods.spec import Kind, Param
from ..analyses.report import (
    COMPARISON_HEADER,
    MAX_ENTRIES,
    comparison_table,
    entries,
    result_rows,
)
from ..contract.entries import is_summary
from ..editing import add_analysis, add_pairwise_brackets, remove_analysis, set_analysis_params
from . import a11y, attrs, choices, dialogs
from .opening import FAMILY_TITLES
from .wording import label_of, remove_analysis_words
from .work import drawing, known_results

if TYPE_CHECKING:
    from .view import View


def choice_label(param: Param, value: Any) -> str:
    """A parameter's value as a scientist reads it: the spec's label (``95`` -> ``95%``), or
    the editor's wording (``welch`` -> ``Welch's correction (unequal SDs)``)."""
    return param.choice_label(value) or label_of(str(value))


def pair_key(pair: list[Any]) -> str:
    """A pair of data set names as one select's value (JSON text: data, never markup)."""
    return json.dumps([str(x) for x in pair], ensure_ascii=False)


def param_of(method: str, key: str) -> Param | None:
    """The spec of one parameter of a method (None for a method or key the specs lack)."""
    spec = METHODS.get(method)
    return next((p for p in spec.params if p.name == key), None) if spec else None


class AnalysesPanel:
    def __init__(self, view: View) -> None:
        self.view = view
        #: where each analysis of the table shown shows its results, by the analysis's id
        self._slots: dict[str, ui.element] = {}
        #: the table whose analyses :attr:`_slots` holds
        self._slots_of: str | None = None
        #: each analysis's params as the panel's controls show them, by the analysis's id
        self._shown: dict[str, dict[str, Any]] = {}
        #: the edit a control of the panel is making: (analysis id, param, the value it shows)
        self._editing: tuple[str, str, Any] | None = None

    def build(self) -> None:
        self.render()

    def rebuild(self) -> None:
        """Show the session's state: build the panel again unless the only change is the
        value a control of it just set, which that control already shows (a number field
        built again under the pointer would lose the focus and the keys typed next)."""
        editing, self._editing = self._editing, None
        if editing is not None and self._still_shown(self.view.table(), editing):
            return
        self.render.refresh()

    def _built_for(self, table: Any) -> bool:
        """Whether the panel as built shows ``table`` and its analyses, in their order."""
        slots = self._slots
        return (
            table is not None
            and table.derived_from is None
            and table.id == self._slots_of
            and list(slots) == list(self._shown) == [a.id for a in table.analyses]
            and not any(slot.is_deleted for slot in slots.values())
        )

    def _still_shown(self, table: Any, editing: tuple[str, str, Any]) -> bool:
        """Whether the panel shows ``table``'s analyses once ``editing`` is taken as shown."""
        shown = self._shown
        if not self._built_for(table):
            return False
        aid, key, value = editing
        for analysis in table.analyses:
            params, before = analysis.params, shown[analysis.id]
            if list(params) != list(before):
                return False
            for k, v in params.items():
                if v != (value if (analysis.id, k) == (aid, key) else before[k]):
                    return False  # another change, or the value set is not the one shown
        shown[aid][key] = value
        return True

    def _set(self, table_id: str, aid: str, key: str, value: Any, *, shows: bool = False) -> None:
        """A control's new value: applied as an edit unless the panel shows it already.
        ``shows``: the control shows all of the value it set (a number, a checkbox), so the
        panel need not be built again for it (a select marks a value that names a missing
        data set, and offers it: it is built again)."""
        if aid in self._shown and key in self._shown[aid] and self._shown[aid][key] == value:
            return
        self._editing = (aid, key, value) if shows else None
        try:
            self.view.apply(set_analysis_params, table_id, aid, {key: value})
        finally:
            self._editing = None

    def show_results(self) -> None:
        """Show the results the session now holds, building again only where they are shown:
        a parameter being typed or clicked as they arrive is not rebuilt under the pointer (a
        panel built again would drop the click and the text)."""
        table = self.view.table()
        if not self._built_for(table):
            self.render.refresh()
            return
        results = known_results(self.view.session.project)
        for analysis_id, slot in self._slots.items():
            slot.clear()
            with slot:
                self._results(results.get((table.id, analysis_id)))

    @ui.refreshable_method
    def render(self) -> None:
        self._slots, self._shown = {}, {}
        table = self.view.table()
        self._slots_of = table.id if table is not None else None
        if table is None:
            return
        if table.derived_from is not None:
            ui.label(
                f"Results of {table.derived_from.analysis_id} on table "
                f"{table.derived_from.source_table_id}; recomputed after every change."
            ).classes("plotdoc-status")
            return
        methods = [m for m in METHODS.values() if table.format in m.families]
        if is_summary(table.entry):  # what computes from mean, SD or SEM, and N
            methods = [m for m in methods if m.from_summary]
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
                what = (
                    f"{family} tables of summary data"
                    if is_summary(table.entry)
                    else f"{family} tables"
                )
                ui.label(f"No analysis method runs on {what}.").classes("plotdoc-status")
        results = known_results(self.view.session.project)
        for analysis in table.analyses:
            run = results.get((table.id, analysis.id))
            with attrs.testid(
                ui.card().classes("w-full plotdoc-panel").props("flat"), f"analysis-{analysis.id}"
            ):
                with ui.row().classes("items-center w-full"):
                    spec = METHODS.get(analysis.method)
                    ui.label(spec.description if spec else analysis.method).classes(
                        "text-weight-medium"
                    )
                    ui.label(analysis.id).classes("plotdoc-family")
                    ui.space()
                    remove = ui.button(
                        icon="delete",
                        on_click=lambda a=analysis: self.view.apply(
                            remove_analysis, table.id, a.id
                        ),
                    ).props("flat round dense size=sm")
                    words = remove_analysis_words(analysis.id, analysis.method)
                    a11y.name(attrs.testid(remove, f"analysis-remove-{analysis.id}"), words)
                    remove.tooltip(words)
                self._shown[analysis.id] = dict(analysis.params)
                with ui.row().classes("gap-2 items-end"):
                    for key, value in analysis.params.items():
                        self._param(table, analysis.id, param_of(analysis.method, key), key, value)
                slot = self._slots[analysis.id] = ui.column().classes("w-full")
                with slot:
                    self._results(run)
                if spec is not None and spec.compares_pairs and table.graph is not None:
                    button = ui.button(
                        "Add pairwise comparisons",
                        icon="data_array",
                        on_click=lambda a=analysis: self._add_pairs(table.id, a.id),
                    ).props("flat dense no-caps")
                    attrs.testid(button, f"pairwise-{analysis.id}")

    async def _add_pairs(self, table_id: str, analysis_id: str) -> None:
        """Ask which pairs, then add a bracket following the analysis over each (one edit)."""
        choice = await dialogs.ask(
            self.view.anchor,
            "Add pairwise comparisons",
            f"Add a bracket over each pair of data sets {analysis_id} compared, showing its "
            "stars; each follows the analysis, so it changes with the data. Brackets are "
            "stacked above the data, shorter spans lower.",
            [
                ("Cancel", "cancel", dialogs.QUIET),
                ("Only significant pairs", "significant", dialogs.QUIET),
                ("All pairs", "all", dialogs.PRIMARY),
            ],
            "pairwise-question",
        )
        if choice not in ("all", "significant"):
            return
        with drawing():  # the heights come from a drawing of the graph
            self.view.apply(add_pairwise_brackets, table_id, analysis_id, choice == "significant")

    def _param(self, table: Any, aid: str, param: Param | None, key: str, value: Any) -> None:
        tid = table.id
        label = param.label if param else label_of(key)
        kind = param.kind if param else None
        if kind is Kind.DATA_SET_PAIRS and param is not None:
            self._pairs(table, aid, param, value)
        elif kind is Kind.DATA_SET:
            first = (param.choice_label(None) if param else None) or "(first two)"
            names = {None: first} | {d.name: d.name for d in table.data_sets}
            choices.select(
                names,
                value=value,
                label=label,
                on_change=lambda e: self._set(tid, aid, key, e.value),
            ).classes("w-40").props("dense outlined")
        elif param is not None and kind is Kind.CHOICE:
            chooser = choices.select(
                {v: choice_label(param, v) for v in param.choices},
                value=value,
                label=label,
                on_change=lambda e: self._set(tid, aid, key, e.value),
            )
            attrs.testid(chooser.classes("w-36").props("dense outlined"), f"param-{key}")
        elif isinstance(value, bool):
            ui.checkbox(
                label,
                value=value,
                on_change=lambda e: self._set(tid, aid, key, e.value, shows=True),
            )
        else:
            ui.number(
                label,
                value=value,
                on_change=lambda e: self._set(tid, aid, key, e.value, shows=True),
            ).classes("w-28").props("dense outlined debounce=600")

    def _pairs(self, table: Any, aid: str, param: Param, value: Any) -> None:
        """Pairs of data sets: every pair of the table offered, the chosen ones selected."""
        names = [d.name for d in table.data_sets]
        offered = {
            pair_key([a, b]): f"{a} vs {b}" for i, a in enumerate(names) for b in names[i + 1 :]
        }
        chosen = [pair_key(list(p)) for p in value or [] if isinstance(p, (list, tuple))]
        for key in chosen:
            if key not in offered and all(n in names for n in json.loads(key)):
                offered[key] = " vs ".join(json.loads(key))

        def changed(event: Any) -> None:
            pairs = [json.loads(k) for k in event.value or []]
            shown = self._shown.get(aid, {}).get(param.name)
            if pairs != [list(p) for p in shown or [] if isinstance(p, (list, tuple))]:
                self._set(table.id, aid, param.name, pairs)

        chooser = choices.select_many(offered, values=chosen, label=param.label, on_change=changed)
        attrs.testid(chooser.classes("w-72").props("dense outlined"), f"param-{param.name}")

    def _results(self, run: Any) -> None:
        if run is None:
            ui.label("Computing…").classes("plotdoc-status")
            return
        if run.status != "ok" and not run.per_data_set:
            ui.label(f"{run.status}: {run.message}").classes("text-negative").props(
                "data-testid=analysis-status"
            )
            return
        rows = entries(run)
        with ui.element("table").classes("plotdoc-results").props("data-testid=analysis-results"):
            for name, res in list(rows.items())[:MAX_ENTRIES]:
                if name:
                    with ui.element("tr"), ui.element("td").props("colspan=2"):
                        ui.label(name).classes("text-weight-medium q-pt-sm")
                for label, text, key in result_rows(run.method, res, run.p_value_style):
                    with ui.element("tr"):
                        with ui.element("td"):
                            ui.label(label)
                        with ui.element("td").classes("plotdoc-number"):
                            attrs.testid(ui.label(text), f"result-{key}")
                if getattr(res, "status", "ok") != "ok":
                    with ui.element("tr"), ui.element("td").props("colspan=2"):
                        ui.label(f"{res.status}: {res.message}").classes("text-negative")
        if run.status == "ok" and run.message not in ("ok", ""):  # computed, with a caveat
            ui.label(run.message).classes("text-negative").props("data-testid=analysis-note")
        if len(rows) > MAX_ENTRIES:
            ui.label(f"… {len(rows) - MAX_ENTRIES:,} more in the results table.").classes(
                "plotdoc-status"
            )
        self._comparisons(run)
        if METHODS[run.method].results_family is not None:
            ui.label("Results are in the results table under this table in the navigator.").classes(
                "plotdoc-status"
            )

    def _comparisons(self, run: Any) -> None:
        """The table of comparisons of a method that compares pairs: each cell a label's
        text (data, never markup)."""
        table = comparison_table(run)
        if not table:
            return
        with (
            ui.element("div").classes("plotdoc-comparisons-wrap"),
            attrs.testid(
                ui.element("table").classes("plotdoc-comparisons"), "analysis-comparisons"
            ),
        ):
            with ui.element("tr"):
                for head in COMPARISON_HEADER:
                    with ui.element("th"):
                        ui.label(head)
            for pair, *numbers in table[:MAX_ENTRIES]:
                with attrs.testid(ui.element("tr"), "comparison"):
                    with ui.element("td"):
                        ui.label(pair)
                    for text in numbers:
                        with ui.element("td").classes("plotdoc-number"):
                            ui.label(text)
        if len(table) > MAX_ENTRIES:
            more = len(table) - MAX_ENTRIES
            ui.label(f"… {more:,} more comparisons in plotdoc analyze --json.").classes(
                "plotdoc-status"
            )
