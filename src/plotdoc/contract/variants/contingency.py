"""The contingency variants: rows are outcomes or groups, data sets categories, cells counts."""

from __future__ import annotations

from .record import Arrangement, Mark, PickerGroup, Sample, SampleData, Swatch, Variant


def _contingency(vid: str, label: str, description: str, arrangement: Arrangement) -> Variant:
    return Variant(
        id=vid,
        family="contingency",
        label=label,
        description=description,
        marks=(Mark.BAR,),
        arrangement=arrangement,
        group=PickerGroup.BARS,
        options=("flipXY",),
        sample=Sample(SampleData.CONTINGENCY),
        legend=Swatch.BAR,
    )


RECORDS: tuple[Variant, ...] = (
    _contingency(
        "contingency-interleaved-bar",
        "Interleaved bar",
        "For each row, one bar per data set side by side.",
        Arrangement.INTERLEAVED,
    ),
    _contingency(
        "contingency-separated-bar",
        "Separated bar",
        "For each data set, one bar per row.",
        Arrangement.SEPARATED,
    ),
    _contingency(
        "contingency-stacked-bar",
        "Stacked bar",
        "One bar per row, data sets stacked.",
        Arrangement.STACKED,
    ),
)
