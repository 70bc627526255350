"""The 64 graph variants (contract 2.4): family, replicate availability, modes and defaults.

Availability by replicate count is plotdoc's definition (reading note 4): a variant that
summarises replicates into error bars, or draws every replicate, a box, a violin, a floating
low-high bar or repeated measures, needs at least two replicates; a variant that draws one
value per cell does not. Families whose replicate count is fixed (column, contingency,
survival, partsOfWhole, multipleVariables) or at least 2 (nested) offer all their variants.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import orjson

from . import plots as P

#: each variant's default options as JSON, written when first asked for
_DEFAULT_OPTIONS: dict[str, bytes] = {}


@dataclass(frozen=True, slots=True)
class Variant:
    """One graph variant (`graph.variantId`)."""

    id: str
    family: str
    #: fewest replicates the variant can draw (1, or 2 when it needs replicates)
    min_replicates: int
    #: values of `plot.options.mode` the variant offers; empty when it has no mode
    modes: tuple[str, ...]
    #: the variant's own option defaults, merged over the family's
    own_defaults: dict[str, Any] = field(default_factory=dict)
    description: str = ""

    @property
    def default_mode(self) -> str | None:
        mode = self.default_options.get("mode")
        return mode if isinstance(mode, str) else None

    @property
    def default_options(self) -> dict[str, Any]:
        """The variant's options with every default: a fresh object each time (read back
        from their JSON, written once per variant: a table's options cost one C call)."""
        blob = _DEFAULT_OPTIONS.get(self.id)
        if blob is None:
            merged = merge(P.FAMILY_OPTION_DEFAULTS[self.family], self.own_defaults)
            blob = _DEFAULT_OPTIONS.setdefault(self.id, orjson.dumps(merged))
        result: dict[str, Any] = orjson.loads(blob)
        return result

    def available_for(self, replicates: int) -> bool:
        return replicates >= self.min_replicates


def merge(base: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """Deep-merge ``patch`` over ``base`` (objects merge key by key; anything else replaces).

    The result shares no object or list with ``base`` or ``patch``: a table's options built
    from the registry's defaults can be edited without changing the registry or any other
    table built from it.
    """
    return merged_into(copy.deepcopy(base), patch)


def merged_into(out: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """:func:`merge` over ``out`` itself, which must be the caller's own (a fresh copy such as
    :attr:`Variant.default_options`); ``patch`` is copied, never shared."""
    for key, value in patch.items():
        old = out.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            out[key] = merged_into(old, value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _v(
    vid: str, family: str, min_rep: int, modes: tuple[str, ...], desc: str, **defaults: Any
) -> Variant:
    return Variant(vid, family, min_rep, modes, defaults, desc)


_MEAN_ERR = {"center": "meanError", "error": "sd"}
_EACH = {"center": "eachReplicate"}

VARIANTS: dict[str, Variant] = {
    v.id: v
    for v in (
        # -- xy ---------------------------------------------------------------------
        _v(
            "scatter",
            "xy",
            1,
            (),
            "A symbol at each X for each data set (the center with replicates).",
        ),
        _v("line", "xy", 1, (), "Symbols joined by a line."),
        _v("xy-line-only", "xy", 1, (), "The line without symbols."),
        _v("xy-spikes", "xy", 1, (), "A vertical spike from the baseline to each point."),
        _v("xy-area", "xy", 1, (), "The line with the area between it and the baseline filled."),
        _v("xy-points-error", "xy", 2, (), "Center symbols with error bars.", **_MEAN_ERR),
        _v(
            "xy-points-line-error",
            "xy",
            2,
            (),
            "Center symbols, error bars and the connecting line.",
            **_MEAN_ERR,
        ),
        _v(
            "xy-individual-replicates",
            "xy",
            2,
            (),
            "Every replicate value as its own symbol.",
            **_EACH,
        ),
        _v(
            "xy-repeated-measures",
            "xy",
            2,
            (),
            "Each replicate sub-column is one subject, joined across X.",
            **_EACH,
        ),
        _v(
            "xy-replicates-mean-line",
            "xy",
            2,
            (),
            "Every replicate as a symbol and a line through the centers.",
            **_EACH,
        ),
        _v(
            "xy-line-error",
            "xy",
            2,
            (),
            "The line through the centers with error bars, no symbols.",
            **_MEAN_ERR,
        ),
        _v("xy-spikes-error", "xy", 2, (), "Spikes to the centers with error bars.", **_MEAN_ERR),
        _v("xy-area-error", "xy", 2, (), "The line with a shaded error band.", **_MEAN_ERR),
        # -- column -----------------------------------------------------------------
        _v(
            "column-scatter-only",
            "column",
            1,
            P.SCATTER_MODES,
            "Every value as a symbol with a summary line.",
            mode="meanWithSd",
        ),
        _v(
            "scatter-bar",
            "column",
            1,
            P.CENTER_ERROR_MODES,
            "A bar at the center with error bars and every value over it.",
            mode="meanWithSd",
        ),
        _v(
            "column-before-after",
            "column",
            1,
            P.PAIRED_MODES,
            "One line per row joining its values across the columns.",
            mode="symbolsAndLines",
        ),
        _v(
            "column-floating-bars",
            "column",
            1,
            P.FLOATING_MODES,
            "A floating bar from minimum to maximum with a line at the center.",
            mode="lineAtMean",
        ),
        _v(
            "column-box-whiskers",
            "column",
            1,
            P.WHISKER_MODES,
            "Box from the 25th to the 75th percentile, median line, whiskers.",
            mode="minToMax",
        ),
        _v(
            "column-violin",
            "column",
            1,
            P.VIOLIN_MODES,
            "Kernel density violin with median and quartile lines.",
            mode="medianWithIqr",
        ),
        _v(
            "bar",
            "column",
            1,
            P.CENTER_ERROR_MODES,
            "A bar at the center with error bars.",
            mode="meanWithSd",
        ),
        _v(
            "column-mean-error",
            "column",
            1,
            P.CENTER_ERROR_MODES,
            "A symbol at the center with error bars.",
            mode="meanWithSd",
        ),
        _v(
            "column-mean-error-connected",
            "column",
            1,
            P.CENTER_ERROR_MODES,
            "Center symbols with error bars joined across columns.",
            mode="meanWithSd",
        ),
        # -- grouped ----------------------------------------------------------------
        _v(
            "grouped-interleaved-scatter",
            "grouped",
            2,
            P.SCATTER_MODES,
            "Every replicate as a symbol with a summary line, data sets side by side.",
            mode="lineAtMean",
        ),
        _v(
            "grouped-separated-scatter",
            "grouped",
            2,
            P.SCATTER_MODES,
            "Every replicate as a symbol with a summary line, data sets apart.",
            mode="lineAtMean",
        ),
        _v(
            "grouped-interleaved-scatter-bar",
            "grouped",
            2,
            P.CENTER_ERROR_MODES,
            "Bars at the center with error bars and replicates, side by side.",
            mode="meanWithSd",
        ),
        _v(
            "grouped-separated-scatter-bar",
            "grouped",
            2,
            P.CENTER_ERROR_MODES,
            "Bars at the center with error bars and replicates, data sets apart.",
            mode="meanWithSd",
        ),
        _v(
            "grouped-superimposed-scatter",
            "grouped",
            2,
            P.SUPERIMPOSED_SCATTER_MODES,
            "The replicates of all data sets at one X per row.",
            mode="lineAtMean",
        ),
        _v(
            "grouped-rm-across-row",
            "grouped",
            2,
            P.PAIRED_MODES,
            "Each replicate sub-column (one subject) joined across the rows.",
            mode="symbolsAndLines",
        ),
        _v(
            "grouped-rm-in-subcol",
            "grouped",
            2,
            P.PAIRED_MODES,
            "Within each row, a data set's sub-columns joined to each other.",
            mode="symbolsAndLines",
        ),
        _v(
            "grouped-interleaved-bars",
            "grouped",
            1,
            P.CENTER_ERROR_MODES,
            "Bars at the center with error bars, side by side.",
            mode="meanWithSd",
        ),
        _v(
            "grouped-separated-bars",
            "grouped",
            1,
            P.CENTER_ERROR_MODES,
            "Bars at the center with error bars, data sets apart.",
            mode="meanWithSd",
        ),
        _v(
            "grouped-stacked-bars",
            "grouped",
            1,
            P.CENTER_ERROR_MODES,
            "One bar per row with the data sets stacked.",
            mode="mean",
        ),
        _v(
            "grouped-interleaved-symbols",
            "grouped",
            1,
            P.CENTER_ERROR_MODES,
            "Center symbols with error bars, side by side.",
            mode="meanWithSd",
        ),
        _v(
            "grouped-separated-symbols",
            "grouped",
            1,
            P.CENTER_ERROR_MODES,
            "Center symbols with error bars, data sets apart.",
            mode="meanWithSd",
        ),
        _v(
            "grouped-superimposed-symbols",
            "grouped",
            1,
            P.CENTER_ERROR_MODES,
            "Center symbols of all data sets at one X per row.",
            mode="meanWithSd",
        ),
        _v(
            "grouped-superimposed-symbols-line",
            "grouped",
            1,
            P.CENTER_ERROR_MODES,
            "Center symbols at one X per row, joined across rows.",
            mode="meanWithSd",
        ),
        _v(
            "grouped-interleaved-low-high",
            "grouped",
            2,
            P.FLOATING_MODES,
            "Floating bars from lowest to highest value, side by side.",
            mode="lineAtMean",
        ),
        _v(
            "grouped-separated-low-high",
            "grouped",
            2,
            P.FLOATING_MODES,
            "Floating bars from lowest to highest value, data sets apart.",
            mode="lineAtMean",
        ),
        _v(
            "grouped-interleaved-box",
            "grouped",
            2,
            P.WHISKER_MODES,
            "Box-and-whiskers, side by side.",
            mode="minToMax",
        ),
        _v(
            "grouped-separated-box",
            "grouped",
            2,
            P.WHISKER_MODES,
            "Box-and-whiskers, data sets apart.",
            mode="minToMax",
        ),
        _v(
            "grouped-interleaved-violin",
            "grouped",
            2,
            P.VIOLIN_MODES,
            "Violins, side by side.",
            mode="medianWithIqr",
        ),
        _v(
            "grouped-separated-violin",
            "grouped",
            2,
            P.VIOLIN_MODES,
            "Violins, data sets apart.",
            mode="medianWithIqr",
        ),
        _v(
            "grouped-heat-map",
            "grouped",
            1,
            (),
            "A grid of rows by data sets coloured by the mean or median of the replicates.",
        ),
        # -- contingency ------------------------------------------------------------
        _v(
            "contingency-interleaved-bar",
            "contingency",
            1,
            (),
            "For each row, one bar per data set side by side.",
        ),
        _v(
            "contingency-separated-bar", "contingency", 1, (), "For each data set, one bar per row."
        ),
        _v("contingency-stacked-bar", "contingency", 1, (), "One bar per row, data sets stacked."),
        # -- nested -----------------------------------------------------------------
        _v(
            "nested-scatter",
            "nested",
            2,
            P.SCATTER_MODES,
            "Every value, arranged by subgroup within each treatment.",
            mode="lineAtMean",
        ),
        _v(
            "nested-scatter-bar",
            "nested",
            2,
            P.CENTER_ERROR_MODES,
            "A bar at each treatment's center and the values over it.",
            mode="meanWithSd",
        ),
        _v(
            "nested-bar",
            "nested",
            2,
            P.CENTER_ERROR_MODES,
            "A bar at each treatment's center with error bars.",
            mode="meanWithSd",
        ),
        _v(
            "nested-low-high",
            "nested",
            2,
            P.FLOATING_MODES,
            "A floating bar per subgroup from lowest to highest value.",
            mode="lineAtMean",
        ),
        _v("nested-box", "nested", 2, P.WHISKER_MODES, "A box per subgroup.", mode="minToMax"),
        _v(
            "nested-violin",
            "nested",
            2,
            P.VIOLIN_MODES,
            "A violin per subgroup.",
            mode="medianWithIqr",
        ),
        # -- survival ---------------------------------------------------------------
        _v(
            "survival-staircase-ticks",
            "survival",
            1,
            (),
            "The Kaplan-Meier staircase with a tick at each censored time.",
            plotSymbolsAt="censoredOnly",
        ),
        _v(
            "survival-point-to-point",
            "survival",
            1,
            (),
            "The survival points joined by straight lines.",
            plotSymbolsAt="all",
        ),
        _v(
            "survival-point-to-point-eb",
            "survival",
            1,
            (),
            "The survival points joined by lines, with error bars.",
            plotSymbolsAt="all",
            errorBars="se",
        ),
        _v(
            "survival-staircase-points",
            "survival",
            1,
            (),
            "The staircase with a symbol at every point.",
            plotSymbolsAt="all",
        ),
        # -- partsOfWhole -----------------------------------------------------------
        _v("parts-pie", "partsOfWhole", 1, (), "A pie, slices in row order, labelled."),
        _v(
            "parts-donut",
            "partsOfWhole",
            1,
            (),
            "A pie with a hole, the total optionally in the middle.",
            showTotal=True,
        ),
        _v(
            "parts-slices",
            "partsOfWhole",
            1,
            (),
            "One bar divided into the parts (a 100% stacked bar).",
        ),
        _v("parts-dot-plot", "partsOfWhole", 1, (), "One dot per part on a value axis, labelled."),
        # -- multipleVariables ------------------------------------------------------
        _v(
            "mv-bubble",
            "multipleVariables",
            1,
            (),
            "X against Y, circle area from `size`, colour from `color`.",
            kind="bubble",
        ),
        _v(
            "mv-scatter",
            "multipleVariables",
            1,
            (),
            "X against Y, colour, shape and labels from their variables.",
            kind="scatter",
        ),
        _v(
            "mv-volcano",
            "multipleVariables",
            1,
            (),
            "log2 fold change against -log10 p with cut-off lines.",
            kind="volcano",
        ),
        _v(
            "mv-forest",
            "multipleVariables",
            1,
            (),
            "One row per observation: estimate with interval, reference line.",
            kind="forest",
        ),
    )
}

VARIANT_IDS: tuple[str, ...] = tuple(VARIANTS)


def variants_of(family: str) -> tuple[Variant, ...]:
    return tuple(v for v in VARIANTS.values() if v.family == family)


#: The variant an importer or builder chooses when none is given, per family and replicate count.
def default_variant(family: str, replicates: int = 1) -> str:
    if family == "xy":
        return "xy-points-error" if replicates > 1 else "scatter"
    return {
        "column": "scatter-bar",
        "grouped": "grouped-interleaved-bars",
        "contingency": "contingency-interleaved-bar",
        "nested": "nested-scatter",
        "survival": "survival-staircase-ticks",
        "partsOfWhole": "parts-pie",
        "multipleVariables": "mv-scatter",
    }[family]
