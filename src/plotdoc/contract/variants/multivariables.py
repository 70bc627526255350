"""The multipleVariables variants: data sets are variables, `mapping` gives their roles."""

from __future__ import annotations

from ..styles import SEMANTIC_KEYS
from .record import Arrangement, Mark, PickerGroup, Sample, SampleData, Variant

M, G = Mark, PickerGroup

_OPTIONS = ("kind", "mapping")


def _mv(
    vid: str,
    label: str,
    description: str,
    kind: str,
    marks: tuple[Mark, ...],
    group: PickerGroup,
    sample: Sample,
    options: tuple[str, ...] = (),
    semantic_keys: tuple[str, ...] = (),
) -> Variant:
    return Variant(
        id=vid,
        family="multipleVariables",
        label=label,
        description=description,
        marks=marks,
        arrangement=Arrangement.XY,
        group=group,
        options=(*_OPTIONS, *options),
        sample=sample,
        # the renderer draws by `kind`, which the check holds to this default
        own_defaults={"kind": kind},
        semantic_keys=semantic_keys,
    )


RECORDS: tuple[Variant, ...] = (
    _mv(
        "mv-bubble",
        "Bubble",
        "X against Y, circle area from `size`, colour from `color`.",
        "bubble",
        (M.BUBBLE,),
        G.SYMBOLS_ERROR,
        Sample(SampleData.MV_BUBBLE),
        ("maxBubbleSize",),
    ),
    _mv(
        "mv-scatter",
        "Scatter",
        "X against Y, colour, shape and labels from their variables.",
        "scatter",
        (M.SYMBOL,),
        G.EVERY_VALUE,
        Sample(SampleData.MV_SCATTER),
    ),
    _mv(
        "mv-volcano",
        "Volcano",
        "log2 fold change against -log10 p with cut-off lines.",
        "volcano",
        (M.SYMBOL, M.REFERENCE_LINE),
        G.SYMBOLS_ERROR,
        Sample(SampleData.MV_VOLCANO, options={"volcano": {"maxLabels": 8}}),
        ("volcano",),
        SEMANTIC_KEYS,
    ),
    _mv(
        "mv-forest",
        "Forest",
        "One row per observation: estimate with interval, reference line.",
        "forest",
        (M.SYMBOL, M.ERROR_BAR, M.REFERENCE_LINE),
        G.SYMBOLS_ERROR,
        Sample(SampleData.MV_FOREST),
        ("forest",),
    ),
)
