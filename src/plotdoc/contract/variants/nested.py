"""The nested variants: data sets are treatments, each replicate sub-column a subgroup."""

from __future__ import annotations

from .. import plots as P
from .record import Arrangement, Mark, PickerGroup, Sample, SampleData, Swatch, Variant

M, G, S, A = Mark, PickerGroup, Swatch, Arrangement


def _nested(
    vid: str,
    label: str,
    description: str,
    arrangement: Arrangement,
    marks: tuple[Mark, ...],
    legend: Swatch,
    group: PickerGroup,
    modes: tuple[str, ...],
    mode: str,
) -> Variant:
    options = ["mode", "hideOuterFrame"]
    if M.EVERY_VALUE in marks:
        options.append("pointLayout")
    if M.VIOLIN in marks:
        options.append("showTruncatedViolin")
    return Variant(
        id=vid,
        family="nested",
        label=label,
        description=description,
        marks=marks,
        # SINGLE: one slot per treatment; SEPARATED: its subgroups side by side
        arrangement=arrangement,
        group=group,
        options=tuple(options),
        sample=Sample(SampleData.NESTED),
        min_replicates=2,
        modes=modes,
        own_defaults={"mode": mode},
        legend=legend,
    )


RECORDS: tuple[Variant, ...] = (
    _nested(
        "nested-scatter",
        "Scatter",
        "Every value, arranged by subgroup within each treatment.",
        A.SINGLE,
        (M.EVERY_VALUE, M.SUMMARY_LINE),
        S.SYMBOL,
        G.EVERY_VALUE,
        P.SCATTER_MODES,
        "lineAtMean",
    ),
    _nested(
        "nested-scatter-bar",
        "Scatter bar",
        "A bar at each treatment's center and the values over it.",
        A.SINGLE,
        (M.BAR, M.ERROR_BAR, M.EVERY_VALUE),
        S.SCATTER_BAR,
        G.BARS,
        P.CENTER_ERROR_MODES,
        "meanWithSd",
    ),
    _nested(
        "nested-bar",
        "Bar",
        "A bar at each treatment's center with error bars.",
        A.SINGLE,
        (M.BAR, M.ERROR_BAR),
        S.BAR_ERROR,
        G.BARS,
        P.CENTER_ERROR_MODES,
        "meanWithSd",
    ),
    _nested(
        "nested-low-high",
        "Low high",
        "A floating bar per subgroup from lowest to highest value.",
        A.SEPARATED,
        (M.FLOATING_BAR,),
        S.BAR,
        G.DISTRIBUTIONS,
        P.FLOATING_MODES,
        "lineAtMean",
    ),
    _nested(
        "nested-box",
        "Box",
        "A box per subgroup.",
        A.SEPARATED,
        (M.BOX,),
        S.BAR,
        G.DISTRIBUTIONS,
        P.WHISKER_MODES,
        "minToMax",
    ),
    _nested(
        "nested-violin",
        "Violin",
        "A violin per subgroup.",
        A.SEPARATED,
        (M.VIOLIN,),
        S.VIOLIN,
        G.DISTRIBUTIONS,
        P.VIOLIN_MODES,
        "medianWithIqr",
    ),
)
