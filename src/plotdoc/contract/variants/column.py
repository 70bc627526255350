"""The column variants: each data set is one column of values."""

from __future__ import annotations

from .. import plots as P
from .record import Arrangement, Mark, PickerGroup, Sample, SampleData, Swatch, Variant

M, G, S = Mark, PickerGroup, Swatch

_OPTIONS = ("mode", "flipXY")
#: variants that spread every value sideways follow `pointLayout`
_POINTS = (*_OPTIONS, "pointLayout")
_SAMPLE = Sample(SampleData.COLUMN)


def _column(
    vid: str,
    label: str,
    description: str,
    marks: tuple[Mark, ...],
    legend: Swatch,
    group: PickerGroup,
    modes: tuple[str, ...],
    mode: str,
    options: tuple[str, ...] = _OPTIONS,
    sample: Sample = _SAMPLE,
) -> Variant:
    return Variant(
        id=vid,
        family="column",
        label=label,
        description=description,
        marks=marks,
        arrangement=Arrangement.SINGLE,
        group=group,
        options=options,
        sample=sample,
        modes=modes,
        own_defaults={"mode": mode},
        legend=legend,
    )


RECORDS: tuple[Variant, ...] = (
    _column(
        "column-scatter-only",
        "Scatter only",
        "Every value as a symbol with a summary line.",
        (M.EVERY_VALUE, M.SUMMARY_LINE),
        S.SYMBOL,
        G.EVERY_VALUE,
        P.SCATTER_MODES,
        "meanWithSd",
        _POINTS,
    ),
    _column(
        "scatter-bar",
        "Scatter bar",
        "A bar at the center with error bars and every value over it.",
        (M.BAR, M.ERROR_BAR, M.EVERY_VALUE),
        S.SCATTER_BAR,
        G.BARS,
        P.CENTER_ERROR_MODES,
        "meanWithSd",
        _POINTS,
    ),
    _column(
        "column-before-after",
        "Before after",
        "One line per row joining its values across the columns.",
        (M.EVERY_VALUE, M.SUBJECT_LINES),
        S.SYMBOL,
        G.REPEATED,
        P.PAIRED_MODES,
        "symbolsAndLines",
        sample=Sample(SampleData.COLUMN_PAIRED),
    ),
    _column(
        "column-floating-bars",
        "Floating bars",
        "A floating bar from minimum to maximum with a line at the center.",
        (M.FLOATING_BAR,),
        S.BAR,
        G.DISTRIBUTIONS,
        P.FLOATING_MODES,
        "lineAtMean",
    ),
    _column(
        "column-box-whiskers",
        "Box whiskers",
        "Box from the 25th to the 75th percentile, median line, whiskers.",
        (M.BOX,),
        S.BAR,
        G.DISTRIBUTIONS,
        P.WHISKER_MODES,
        "minToMax",
        sample=Sample(SampleData.COLUMN_OUTLIER, options={"mode": "tukey"}),
    ),
    _column(
        "column-violin",
        "Violin",
        "Kernel density violin with median and quartile lines.",
        (M.VIOLIN,),
        S.VIOLIN,
        G.DISTRIBUTIONS,
        P.VIOLIN_MODES,
        "medianWithIqr",
        (*_OPTIONS, "showTruncatedViolin"),
    ),
    _column(
        "bar",
        "Bar",
        "A bar at the center with error bars.",
        (M.BAR, M.ERROR_BAR),
        S.BAR_ERROR,
        G.BARS,
        P.CENTER_ERROR_MODES,
        "meanWithSd",
    ),
    _column(
        "column-mean-error",
        "Mean error",
        "A symbol at the center with error bars.",
        (M.SYMBOL, M.ERROR_BAR),
        S.SYMBOL_ERROR,
        G.SYMBOLS_ERROR,
        P.CENTER_ERROR_MODES,
        "meanWithSd",
    ),
    _column(
        "column-mean-error-connected",
        "Mean error connected",
        "Center symbols with error bars joined across columns.",
        (M.SYMBOL, M.ERROR_BAR, M.LINE),
        S.SYMBOL_ERROR,
        G.SYMBOLS_ERROR,
        P.CENTER_ERROR_MODES,
        "meanWithSd",
    ),
)
