"""What a graph can draw from summary data (a table whose `entry` is mean, SD or SEM, and N).

A summary table gives each cell's mean, its SD or SEM and its N, and nothing else: a variant
whose marks need the raw values (every value, subject lines, a floating bar from the minimum
to the maximum, a box, a violin, a heat map of replicate values) cannot be drawn from it, and
neither can a mode whose center or error is not the mean with SD, SEM or a t confidence
interval. This module decides from a variant's record (its marks and modes) and the plot's
options, never from the words of an id; the reader refuses such a graph at open, the editor
offers only what can be drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .record import Mark, Variant

#: the marks that need raw values, each with what it draws (for the message)
RAW_MARKS: dict[Mark, str] = {
    Mark.EVERY_VALUE: "every value",
    Mark.SUBJECT_LINES: "a line per subject",
    Mark.FLOATING_BAR: "a bar from the minimum to the maximum",
    Mark.BOX: "a box and whiskers",
    Mark.VIOLIN: "a violin",
    Mark.HEAT_CELL: "a heat map of the replicate values",
}
#: `plot.options.mode` values (column, grouped) drawn from a mean and its SD, SEM or N
SUMMARY_MODES = ("mean", "meanWithSd", "meanWithSem", "meanWithCi95", "lineAtMean")
#: xy `center` and `error` values drawn from a mean and its SD, SEM or N
SUMMARY_XY_CENTERS = ("mean", "meanError")
SUMMARY_XY_ERRORS = ("sd", "sem", "ci95")


def needs_raw_values(variant: Variant, options: Mapping[str, Any]) -> tuple[str, str] | None:
    """Why ``variant`` with the plot ``options`` cannot be drawn from summary data: the key
    at fault (``variantId``, ``mode``, ``center`` or ``error``) and what it asks for; None
    when it can."""
    for mark in variant.marks:
        if mark in RAW_MARKS:
            return "variantId", f"{variant.id}, which draws {RAW_MARKS[mark]}"
    if variant.family == "xy":
        center = str(options.get("center", "mean"))
        if center not in SUMMARY_XY_CENTERS:
            return "center", f'the center "{center}"'
        with_error = center.endswith("Error") or any(
            variant.draws(m) for m in (Mark.ERROR_BAR, Mark.ERROR_BAND)
        )
        error = str(options.get("error", "sd"))
        if with_error and error not in SUMMARY_XY_ERRORS:
            return "error", f'the error "{error}"'
        return None
    if variant.modes:
        mode = str(options.get("mode") or variant.default_mode or "")
        if mode not in SUMMARY_MODES:
            return "mode", f'the mode "{mode}"'
    return None


def drawable_from_summary(variant: Variant) -> bool:
    """Whether ``variant`` can draw a summary table with some mode (the picker's offer)."""
    if any(mark in RAW_MARKS for mark in variant.marks):
        return False
    return (
        variant.family == "xy" or not variant.modes or bool(set(variant.modes) & set(SUMMARY_MODES))
    )


def summary_mode(variant: Variant, mode: str | None) -> str | None:
    """``mode`` when a summary table can be drawn with it, else the variant's first mode that
    can (None when the variant has no mode)."""
    if not variant.modes:
        return None
    if mode in SUMMARY_MODES:
        return mode
    return next((m for m in SUMMARY_MODES if m in variant.modes), None)


def summary_plot(family: str, entry: str) -> dict[str, Any] | None:
    """The `graph.plot` a new graph of a summary table starts with: its error bars show what
    was entered (a table of SEMs draws SEMs, which need no N); None for the defaults."""
    if entry != "meanSemN" or family not in ("column", "grouped", "xy"):
        return None
    options = {"error": "sem"} if family == "xy" else {"mode": "meanWithSem"}
    return {"family": family, "options": options}
