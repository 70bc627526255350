"""The survival variants: Kaplan-Meier curves, one per data set (group)."""

from __future__ import annotations

from typing import Any

from .record import Arrangement, Mark, PickerGroup, Sample, SampleData, Variant

M = Mark

_OPTIONS = ("outcome", "showAs", "showNumberAtRisk", "showCumulativeCensored")


def _survival(
    vid: str,
    label: str,
    description: str,
    marks: tuple[Mark, ...],
    options: tuple[str, ...],
    **defaults: Any,
) -> Variant:
    return Variant(
        id=vid,
        family="survival",
        label=label,
        description=description,
        marks=marks,
        arrangement=Arrangement.XY,
        group=PickerGroup.SURVIVAL,
        options=(*_OPTIONS, *options),
        sample=Sample(SampleData.SURVIVAL),
        own_defaults=defaults,
    )


RECORDS: tuple[Variant, ...] = (
    _survival(
        "survival-staircase-ticks",
        "Staircase ticks",
        "The Kaplan-Meier staircase with a tick at each censored time.",
        (M.STAIRCASE, M.CENSOR_TICK),
        (),
        plotSymbolsAt="censoredOnly",
    ),
    _survival(
        "survival-point-to-point",
        "Point to point",
        "The survival points joined by straight lines.",
        (M.LINE, M.SYMBOL),
        ("plotSymbolsAt",),
        plotSymbolsAt="all",
    ),
    _survival(
        "survival-point-to-point-eb",
        "Point to point eb",
        "The survival points joined by lines, with error bars.",
        (M.LINE, M.SYMBOL, M.ERROR_BAR),
        ("plotSymbolsAt", "errorBars"),
        plotSymbolsAt="all",
        errorBars="se",
    ),
    _survival(
        "survival-staircase-points",
        "Staircase points",
        "The staircase with a symbol at every point.",
        (M.STAIRCASE, M.SYMBOL),
        ("plotSymbolsAt",),
        plotSymbolsAt="all",
    ),
)
