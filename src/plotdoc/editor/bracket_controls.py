"""The controls of a selected bracket's label: typed, or from an analysis of the table that
compares pairs of data sets (then stars, P or both), edited with :mod:`plotdoc.editing.brackets`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..analyses.brackets import DEFAULT_LABEL, bracket_label
from ..analyses.methods import METHODS
from ..contract.styles import BRACKET_LABELS
from ..editing.brackets import follow_analysis, type_bracket_text
from . import attrs, choices
from .controls import testid
from .fields import apply_style
from .wording import label_of

if TYPE_CHECKING:
    from .view import View

#: how each choice of `label` reads
SHOWS = {"stars": "Stars (ns, *, **...)", "p": "P value", "both": "Stars and P value"}


def bracket_label_controls(view: View, table: Any, n: int, ann: Any) -> None:
    """Where a bracket's label comes from: typed, or an analysis of the table that
    compares pairs (and then stars, P or both); a linked bracket's text field shows the
    label, and typing into it makes the bracket typed, keeping what was typed."""
    project = view.session.project
    pairing = [a for a in table.analyses if METHODS[a.method].compares_pairs]
    linked = ann.props.get("analysisId")
    sources: dict[Any, str] = {None: "Typed text"}
    sources.update((a.id, f"{a.id} ({label_of(a.method)})") for a in pairing)
    label = ann.props.get("label") or DEFAULT_LABEL
    source = choices.select(
        sources,
        value=linked,
        label="Label comes from",
        on_change=lambda e: (
            e.value != linked
            and apply_style(view, follow_analysis, table.id, ann.id, e.value, label)
        ),
    )
    attrs.testid(source.classes("w-full").props("dense outlined"), "bracket-text-source")
    if linked is None:
        if not pairing:
            ui.label(
                "Add an analysis that compares data sets (a t test) for a label that "
                "follows the data."
            ).classes("plotdoc-status")
        return
    shows = choices.select(
        {v: SHOWS[v] for v in BRACKET_LABELS},
        value=label,
        label="Label shows",
        on_change=lambda e: (
            e.value != label
            and apply_style(view, follow_analysis, table.id, ann.id, linked, e.value)
        ),
    )
    attrs.testid(shows.classes("w-full").props("dense outlined"), "bracket-label")
    shown = bracket_label(project, table, ann.props)
    field = attrs.testid(
        ui.input("Text", value=shown.text).classes("w-full").props("dense outlined"),
        testid(("annotations", n, "text")),
    )
    field.on(
        "change",
        lambda _: (
            field.value != shown.text
            and apply_style(view, type_bracket_text, table.id, ann.id, field.value)
        ),
    )
    ui.label(
        shown.why or "The label follows the analysis; typing here makes it typed text."
    ).classes("plotdoc-status")
