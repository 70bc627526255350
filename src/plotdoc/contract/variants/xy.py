"""The xy variants: an X column and data sets of Y values with optional replicates."""

from __future__ import annotations

from .record import Arrangement, Mark, PickerGroup, Sample, SampleData, Variant

M, G = Mark, PickerGroup

#: every xy variant summarises replicates by `center` and, for an `...Error` center, `error`
_SUMMARY = ("center", "error")
#: a line or an area through the centers of `eachReplicate` follows `connectCenter`
_LINE = (*_SUMMARY, "connectCenter")
#: filled areas overlap: which data set is on top
_AREA = (*_LINE, "seriesStackOrder")
_MEAN_ERR = {"center": "meanError", "error": "sd"}
_EACH = {"center": "eachReplicate"}
_SAMPLE = Sample(SampleData.XY)


def _xy(
    vid: str,
    label: str,
    description: str,
    marks: tuple[Mark, ...],
    group: PickerGroup,
    options: tuple[str, ...] = _SUMMARY,
    *,
    min_replicates: int = 1,
    defaults: dict[str, str] | None = None,
    sample: Sample = _SAMPLE,
) -> Variant:
    return Variant(
        id=vid,
        family="xy",
        label=label,
        description=description,
        marks=marks,
        arrangement=Arrangement.XY,
        group=group,
        options=options,
        sample=sample,
        min_replicates=min_replicates,
        own_defaults=defaults or {},
    )


RECORDS: tuple[Variant, ...] = (
    _xy(
        "scatter",
        "Scatter",
        "A symbol at each X for each data set (the center with replicates).",
        (M.SYMBOL,),
        G.EVERY_VALUE,
        sample=Sample(SampleData.XY, analyses=("linearRegression",)),
    ),
    _xy("line", "Line", "Symbols joined by a line.", (M.SYMBOL, M.LINE), G.LINES, _LINE),
    _xy("xy-line-only", "Line only", "The line without symbols.", (M.LINE,), G.LINES, _LINE),
    _xy(
        "xy-spikes",
        "Spikes",
        "A vertical spike from the baseline to each point.",
        (M.SPIKE,),
        G.BARS,
    ),
    _xy(
        "xy-area",
        "Area",
        "The line with the area between it and the baseline filled.",
        (M.LINE, M.AREA),
        G.LINES,
        _AREA,
    ),
    _xy(
        "xy-points-error",
        "Points error",
        "Center symbols with error bars.",
        (M.SYMBOL, M.ERROR_BAR),
        G.SYMBOLS_ERROR,
        min_replicates=2,
        defaults=_MEAN_ERR,
    ),
    _xy(
        "xy-points-line-error",
        "Points line error",
        "Center symbols, error bars and the connecting line.",
        (M.SYMBOL, M.LINE, M.ERROR_BAR),
        G.LINES,
        _LINE,
        min_replicates=2,
        defaults=_MEAN_ERR,
    ),
    _xy(
        "xy-individual-replicates",
        "Individual replicates",
        "Every replicate value as its own symbol.",
        (M.EVERY_VALUE,),
        G.EVERY_VALUE,
        min_replicates=2,
        defaults=_EACH,
    ),
    _xy(
        "xy-repeated-measures",
        "Repeated measures",
        "Each replicate sub-column is one subject, joined across X.",
        (M.EVERY_VALUE, M.SUBJECT_LINES),
        G.REPEATED,
        min_replicates=2,
        defaults=_EACH,
    ),
    _xy(
        "xy-replicates-mean-line",
        "Replicates mean line",
        "Every replicate as a symbol and a line through the centers.",
        (M.EVERY_VALUE, M.LINE),
        G.EVERY_VALUE,
        _LINE,
        min_replicates=2,
        defaults=_EACH,
    ),
    _xy(
        "xy-line-error",
        "Line error",
        "The line through the centers with error bars, no symbols.",
        (M.LINE, M.ERROR_BAR),
        G.LINES,
        _LINE,
        min_replicates=2,
        defaults=_MEAN_ERR,
    ),
    _xy(
        "xy-spikes-error",
        "Spikes error",
        "Spikes to the centers with error bars.",
        (M.SPIKE, M.ERROR_BAR),
        G.BARS,
        min_replicates=2,
        defaults=_MEAN_ERR,
    ),
    _xy(
        "xy-area-error",
        "Area error",
        "The line with a shaded error band.",
        (M.LINE, M.ERROR_BAND),
        G.LINES,
        _AREA,
        min_replicates=2,
        defaults=_MEAN_ERR,
    ),
)
