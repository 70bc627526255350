"""The partsOfWhole variants: rows are parts of one whole, `dataSetIndex` picks the data set."""

from __future__ import annotations

from typing import Any

from .record import Arrangement, Mark, PickerGroup, Sample, SampleData, Variant

M = Mark

#: pies are sized by `graphicSizePt`
_PIE = ("dataSetIndex", "graphicSizePt")
_DONUT = (*_PIE, "donutHoleRatio", "showTotal", "totalPrefix", "totalSuffix", "totalFontSize")
#: a bar of parts or a dot plot lies either way, parts in either order
_LAID = ("dataSetIndex", "orientation", "reverseOrder")


def _parts(
    vid: str,
    label: str,
    description: str,
    marks: tuple[Mark, ...],
    options: tuple[str, ...],
    **defaults: Any,
) -> Variant:
    return Variant(
        id=vid,
        family="partsOfWhole",
        label=label,
        description=description,
        marks=marks,
        arrangement=Arrangement.WHOLE,
        group=PickerGroup.PARTS,
        options=options,
        sample=Sample(SampleData.PARTS),
        own_defaults=defaults,
    )


RECORDS: tuple[Variant, ...] = (
    _parts("parts-pie", "Pie", "A pie, slices in row order, labelled.", (M.WEDGE,), _PIE),
    _parts(
        "parts-donut",
        "Donut",
        "A pie with a hole, the total optionally in the middle.",
        (M.RING,),
        _DONUT,
        showTotal=True,
    ),
    _parts(
        "parts-slices",
        "Slices",
        "One bar divided into the parts (a 100% stacked bar).",
        (M.SEGMENT,),
        _LAID,
    ),
    _parts(
        "parts-dot-plot",
        "Dot plot",
        "One dot per part on a value axis, labelled.",
        (M.SYMBOL,),
        _LAID,
    ),
)
