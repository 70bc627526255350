"""Which switches and graph settings change what a variant draws.

A variant's record says which plot options it offers (:attr:`Variant.options`); this module
says the same of the rest of a graph's settings, from the record's facts (its family, marks
and arrangement, and the mode its options choose): the switches of ``elementActivation`` (per
data set, for every data set, and for the graph) and the keys of ``graphSettingsOverride`` and
``partsOfWholeBorders``. The editor offers a control only where it changes the drawing; the
renderer's tests check, for every variant, that each offered setting changes its sample's
drawing (or is listed there as showing only with some data) and that no other does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .record import Arrangement as A
from .record import Mark as M
from .record import Variant

#: each per-data-set switch and the marks it turns on or off
SWITCH_MARKS: dict[str, frozenset[M]] = {
    "symbols": frozenset({M.SYMBOL, M.EVERY_VALUE, M.BOX, M.CENSOR_TICK}),
    "lines": frozenset({M.LINE, M.SUBJECT_LINES, M.STAIRCASE}),
    "errorBars": frozenset({M.ERROR_BAR, M.ERROR_BAND, M.SUMMARY_LINE}),
    "bars": frozenset({M.BAR, M.FLOATING_BAR}),
    "areaFill": frozenset({M.AREA}),
    "spikes": frozenset({M.SPIKE}),
    "summaryLine": frozenset({M.SUMMARY_LINE, M.FLOATING_BAR}),
    "median": frozenset({M.BOX, M.VIOLIN}),
    "quartiles": frozenset({M.VIOLIN}),
    "valueLabels": frozenset({M.BAR, M.HEAT_CELL}),
    "pointLabels": frozenset(),
    "outliers": frozenset({M.BOX}),
}

#: switches every variant of a family offers, whatever it draws: an XY graph draws any of its
#: elements when asked, a multiple-variables graph labels its points when a variable names them
FAMILY_SWITCHES: dict[str, frozenset[str]] = {
    "xy": frozenset({"symbols", "lines", "areaFill", "spikes", "pointLabels"}),
    "multipleVariables": frozenset({"pointLabels"}),
}

#: families whose marks no per-data-set switch turns off (beyond :data:`FAMILY_SWITCHES`)
FIXED_MARKS = frozenset({"multipleVariables"})

#: arrangements that draw a mark whatever its switch says: stacked bars are the graph
STACKED_KEEP = frozenset({"bars", "errorBars", "valueLabels"})

#: summary modes that draw a center without an error bar (the ``errorBars`` switch then
#: changes nothing)
BARE_MODES = frozenset(
    {
        "mean",
        "geoMean",
        "median",
        "lineAtMean",
        "lineAtMedian",
        "noLine",
        "grandMean",
        "grandMedian",
        "aligned",
    }
)

#: graph switches (``elementActivation.graph``) that only some variants draw: by family
GRAPH_SWITCH_FAMILIES: dict[str, frozenset[str]] = {
    "regressionLine": frozenset({"xy"}),
    "confidenceBand": frozenset({"xy"}),
    "predictionBand": frozenset({"xy"}),
    "fittedCurve": frozenset({"xy"}),
    "numberAtRisk": frozenset({"survival"}),
}
#: ... by mark
GRAPH_SWITCH_MARKS: dict[str, frozenset[M]] = {"colorScaleBar": frozenset({M.HEAT_CELL})}
#: ... by the kind of multiple-variables graph (its ``kind`` option)
GRAPH_SWITCH_KINDS: dict[str, frozenset[str]] = {
    "referenceLine": frozenset({"forest"}),
    "cutoffLines": frozenset({"volcano"}),
}

#: the keys of ``partsOfWholeBorders`` and the marks they draw around
BORDER_MARKS = frozenset({M.WEDGE, M.RING, M.SEGMENT})

#: marks as wide as the slot's bar width
WIDE_MARKS = frozenset({M.BAR, M.FLOATING_BAR, M.BOX, M.VIOLIN, M.SUMMARY_LINE})

#: arrangements with categories along an axis (the slot gaps and width apply)
CATEGORICAL = frozenset({A.SINGLE, A.INTERLEAVED, A.SEPARATED, A.STACKED, A.SUPERIMPOSED})


def _mode(variant: Variant, options: Mapping[str, Any] | None) -> str | None:
    mode = (options or {}).get("mode", variant.default_mode)
    return mode if isinstance(mode, str) else None


def offers_switch(variant: Variant, name: str, options: Mapping[str, Any] | None = None) -> bool:
    """Whether the per-data-set switch ``name`` (``symbols``, ``median``...) can change what
    ``variant`` draws, with the plot ``options`` it has (its mode)."""
    if name in FAMILY_SWITCHES.get(variant.family, frozenset()):
        return True
    if variant.family in FIXED_MARKS:
        return False
    if variant.arrangement is A.STACKED and name in STACKED_KEEP:
        return False
    if name == "errorBars" and variant.modes and _mode(variant, options) in BARE_MODES:
        return False
    return bool(SWITCH_MARKS.get(name, frozenset()) & set(variant.marks))


def offers_graph_switch(variant: Variant, name: str) -> bool:
    """Whether the graph switch ``name`` (``legend``, ``colorScaleBar``...) applies."""
    if name in GRAPH_SWITCH_FAMILIES:
        return variant.family in GRAPH_SWITCH_FAMILIES[name]
    if name in GRAPH_SWITCH_MARKS:
        return bool(GRAPH_SWITCH_MARKS[name] & set(variant.marks))
    if name in GRAPH_SWITCH_KINDS:
        return variant.default_options.get("kind") in GRAPH_SWITCH_KINDS[name]
    return True


def _gaps(variant: Variant) -> A:
    """The arrangement whose gaps the variant's slots follow: a nested graph's separated
    data sets hold their subgroups side by side, as interleaved data sets are."""
    if variant.family == "nested" and variant.arrangement is A.SEPARATED:
        return A.INTERLEAVED
    return variant.arrangement


def offers_setting(variant: Variant, key: str) -> bool:
    """Whether the key ``key`` of ``graphSettingsOverride`` (or ``outer`` / ``inner`` of
    ``partsOfWholeBorders``) can change what ``variant`` draws."""
    marks = set(variant.marks)
    arrangement = _gaps(variant)
    categorical = arrangement in CATEGORICAL
    if key == "direction":
        return arrangement is not A.XY
    if key in ("firstGapRatio", "lastGapRatio"):
        return categorical
    if key == "groupGapRatio":
        return arrangement in (A.INTERLEAVED, A.SEPARATED)
    if key == "seriesGapRatio":
        return arrangement is A.INTERLEAVED
    if key == "columnGapRatio":
        return categorical and arrangement is not A.INTERLEAVED
    if key == "barWidthRatio":
        spread = M.EVERY_VALUE in marks and arrangement is A.INTERLEAVED
        return categorical and (bool(marks & WIDE_MARKS) or spread)
    if key == "scatterAppearance":
        return M.EVERY_VALUE in marks and M.SUBJECT_LINES not in marks and categorical
    if key in ("baseline", "baselineY"):  # where bars, spikes and areas start
        return variant.family == "xy" or bool(marks & {M.BAR, M.SPIKE, M.AREA})
    if key in ("missingValuePolicy", "lineOfIdentity"):
        return variant.family == "xy"
    if key in ("outer", "inner"):
        return bool(marks & BORDER_MARKS)
    return True


__all__ = [
    "offers_graph_switch",
    "offers_setting",
    "offers_switch",
]
