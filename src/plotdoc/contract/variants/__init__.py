"""The 64 graph variants (contract 2.4): one record each, the one home of what a variant is.

Each family's records live in a module of their own (:mod:`.xy`, :mod:`.column`...); the
record type and the kinds of fact it holds (marks, arrangements, legend swatches, picker
groups, sample data) in :mod:`.record`. Everything else reads the records: the schema's
enumeration of ids, the renderer, the editor's picker and option panels, the samples and the
docs. Adding a variant is adding its record to its family's module (and, when it draws a mark
no variant drew before, that mark to its family's drawer).

Availability by replicate count is plotdoc's definition (reading note 4): a variant that
summarises replicates into error bars, or draws every replicate, a box, a violin, a floating
low-high bar or repeated measures, needs at least two replicates; a variant that draws one
value per cell does not. Families whose replicate count is fixed (column, contingency,
survival, partsOfWhole, multipleVariables) or at least 2 (nested) offer all their variants.
"""

from __future__ import annotations

from ..entries import VALUES, is_summary
from . import column, contingency, grouped, multivariables, nested, parts, survival, xy
from .record import (
    Arrangement,
    Mark,
    PickerGroup,
    Sample,
    SampleData,
    Swatch,
    Variant,
    merge,
    merged_into,
)

__all__ = [
    "VARIANTS",
    "VARIANT_IDS",
    "Arrangement",
    "Mark",
    "PickerGroup",
    "Sample",
    "SampleData",
    "Swatch",
    "Variant",
    "default_variant",
    "merge",
    "merged_into",
    "variants_of",
]

#: every variant by id, in the contract's order (xy, column, grouped, contingency, nested,
#: survival, partsOfWhole, multipleVariables)
VARIANTS: dict[str, Variant] = {
    v.id: v
    for module in (xy, column, grouped, contingency, nested, survival, parts, multivariables)
    for v in module.RECORDS
}

VARIANT_IDS: tuple[str, ...] = tuple(VARIANTS)


def variants_of(family: str) -> tuple[Variant, ...]:
    return tuple(v for v in VARIANTS.values() if v.family == family)


#: The variant an importer or builder chooses when none is given, per family.
_DEFAULTS = {
    "xy": "scatter",
    "column": "scatter-bar",
    "grouped": "grouped-interleaved-bars",
    "contingency": "contingency-interleaved-bar",
    "nested": "nested-scatter",
    "survival": "survival-staircase-ticks",
    "partsOfWhole": "parts-pie",
    "multipleVariables": "mv-scatter",
}


#: The variant chosen for a summary table (`entry` mean, SD or SEM, and N), per family.
_SUMMARY_DEFAULTS = {
    "xy": "xy-points-error",
    "column": "bar",
    "grouped": "grouped-interleaved-bars",
}


def default_variant(family: str, replicates: int = 1, entry: str = VALUES) -> str:
    """The variant chosen for a new or imported table: xy with replicates draws the mean
    with error bars (``xy-points-error``); a summary table draws its means with their error
    (a column table as bars: its default scatter bar draws every value, which it has not)."""
    if is_summary(entry) and family in _SUMMARY_DEFAULTS:
        return _SUMMARY_DEFAULTS[family]
    if family == "xy" and replicates > 1:
        return "xy-points-error"
    return _DEFAULTS[family]
