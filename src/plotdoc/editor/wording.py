"""The Format panel's words: values as a scientist names them, and which plot options a graph
type uses (a violin's option is not offered on a bar graph: each variant's record lists the
options it offers)."""

from __future__ import annotations

from ..contract.variants import VARIANTS

#: enumeration values whose automatic label ("Mean with sd") would read wrong
VALUE_LABELS = {
    "sd": "SD",
    "sem": "SEM",
    "ci95": "95% CI",
    "geoCi95": "95% CI of the geometric mean",
    "geoSd": "Geometric SD",
    "se": "SE",
    "meanWithSd": "Mean with SD",
    "meanWithSem": "Mean with SEM",
    "meanWithCi95": "Mean with 95% CI",
    "meanWithRange": "Mean with range",
    "geoMean": "Geometric mean",
    "geoMeanWithCi95": "Geometric mean with 95% CI",
    "geoMeanWithGeoSd": "Geometric mean with geometric SD",
    "medianWithCi95": "Median with 95% CI",
    "medianWithIqr": "Median with interquartile range",
    "meanError": "Mean with error",
    "geoMeanError": "Geometric mean with error",
    "medianError": "Median with error",
    "minToMax": "Min to max",
    "tukey": "Tukey",
    "p10_90": "10th to 90th percentile",
    "p5_95": "5th to 95th percentile",
    "p2_5_97_5": "2.5th to 97.5th percentile",
    "p1_99": "1st to 99th percentile",
    "welch": "Welch's correction (unequal SDs)",
    "ttest": "t test",
    "equal": "Equal SDs",
    "log10": "Log 10",
    "log2": "Log 2",
    "powerOf10": "Power of 10",
    "wideT": "Wide T",
    "narrowT": "Narrow T",
    "I": "I (no cap)",
    "dashDot": "Dash-dot",
    "theme": "From the style",
    "noFrame": "No frame",
    "offsetXY": "Offset X and Y axes",
    "plainFrame": "Plain frame",
    "frameWithTicksMirrored": "Frame, ticks mirrored",
    "frameWithTicksInward": "Frame, ticks inward",
}


def label_of(key: str) -> str:
    """``showTruncatedViolin`` -> ``Show truncated violin``; ``sd`` -> ``SD``."""
    if key in VALUE_LABELS:
        return VALUE_LABELS[key]
    if not key:
        return key
    text = key[0].upper() + "".join(" " + c.lower() if c.isupper() else c for c in key[1:])
    return text.replace("_", " ").replace("-", " ")


def remove_analysis_words(analysis_id: str, method: str) -> str:
    """The accessible name of an analysis's Remove button: ``Remove analysis welch (t test)``
    (its id, as the panel shows it, and its method in words)."""
    return f"Remove analysis {analysis_id} ({label_of(method)})"


#: plot option labels in a scientist's words
OPTION_LABELS = {
    "flipXY": "Horizontal (swap X and Y)",
    "showTruncatedViolin": "Cut the violin at the data's range",
    "pointLayout": "Points spread",
    "seriesAlign": "Data sets side by side",
    "center": "Center",
    "error": "Error bars show",
    "connectCenter": "Line joins the",
    "seriesStackOrder": "Areas drawn",
    "showAs": "Show as",
    "plotSymbolsAt": "Symbols at",
    "errorBars": "Error bars",
    "showNumberAtRisk": "Number at risk table",
    "showCumulativeCensored": "Cumulative censored count",
    "donutHoleRatio": "Hole size",
    "graphicSizePt": "Size (points)",
    "dataSetIndex": "Data set shown",
}


def option_applies(key: str, variant_id: str) -> bool:
    """Whether the graph type ``variant_id`` offers the plot option ``key`` (its record says)."""
    variant = VARIANTS.get(variant_id)
    return variant is not None and variant.offers(key)
