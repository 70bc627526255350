"""Plot options (`graph.plot`, contract 2.5): the mode lists and each family's option values."""

from __future__ import annotations

#: `mode` for `column` and `nested` plots, in the contract's order.
COLUMN_MODES = (
    "mean",
    "meanWithSd",
    "meanWithSem",
    "meanWithCi95",
    "meanWithRange",
    "geoMean",
    "geoMeanWithCi95",
    "geoMeanWithGeoSd",
    "median",
    "medianWithCi95",
    "medianWithRange",
    "medianWithIqr",
    "symbolsAndLines",
    "arrows",
    "lineAtMean",
    "lineAtMedian",
    "noLine",
    "minToMax",
    "tukey",
    "p10_90",
    "p5_95",
    "p2_5_97_5",
    "p1_99",
    "violinOnly",
)
#: `mode` for `grouped` plots: the column list plus three.
GROUPED_MODES = (*COLUMN_MODES, "grandMean", "grandMedian", "aligned")

XY_CENTERS = (
    "mean",
    "meanError",
    "geoMean",
    "geoMeanError",
    "median",
    "medianError",
    "eachReplicate",
)
XY_ERRORS = ("sd", "sem", "ci95", "range", "geoCi95", "geoSd")
XY_CONNECT_CENTER = ("mean", "median")
XY_STACK_ORDERS = ("earlierOnTop", "laterOnTop")
POINT_LAYOUTS = ("scatter", "aligned")
SERIES_ALIGN = ("aligned", "staggered")
SURVIVAL_OUTCOMES = ("survival", "death")
SURVIVAL_SHOW_AS = ("fractions", "percents")
SURVIVAL_SYMBOLS_AT = ("all", "censoredOnly")
SURVIVAL_ERROR_BARS = ("none", "se", "ci95")
PARTS_ORIENTATIONS = ("horizontal", "vertical")
MV_KINDS = ("bubble", "scatter", "volcano", "forest")
MV_ROLES = ("x", "y", "size", "color", "shape", "label", "lower", "upper")
#: Roles each multipleVariables kind needs mapped; the others are optional.
MV_REQUIRED_ROLES: dict[str, tuple[str, ...]] = {
    "bubble": ("x", "y", "size"),
    "scatter": ("x", "y"),
    "volcano": ("x", "y"),
    "forest": ("x", "lower", "upper"),
}
#: Roles each kind draws; a mapped role outside this list is kept but not drawn.
MV_USED_ROLES: dict[str, tuple[str, ...]] = {
    "bubble": ("x", "y", "size", "color", "label"),
    "scatter": ("x", "y", "color", "shape", "label"),
    "volcano": ("x", "y", "label"),
    "forest": ("x", "lower", "upper", "label"),
}

# Groups of modes, used by the variant table.
CENTER_ERROR_MODES = (
    "mean",
    "meanWithSd",
    "meanWithSem",
    "meanWithCi95",
    "meanWithRange",
    "geoMean",
    "geoMeanWithCi95",
    "geoMeanWithGeoSd",
    "median",
    "medianWithCi95",
    "medianWithRange",
    "medianWithIqr",
)
SCATTER_MODES = (
    "lineAtMean",
    "lineAtMedian",
    "noLine",
    "meanWithSd",
    "meanWithSem",
    "meanWithCi95",
    "meanWithRange",
    "geoMeanWithCi95",
    "geoMeanWithGeoSd",
    "medianWithCi95",
    "medianWithRange",
    "medianWithIqr",
)
PAIRED_MODES = ("symbolsAndLines", "arrows")
FLOATING_MODES = ("lineAtMean", "lineAtMedian", "noLine")
WHISKER_MODES = ("minToMax", "tukey", "p10_90", "p5_95", "p2_5_97_5", "p1_99")
VIOLIN_MODES = ("medianWithIqr", "violinOnly")
SUPERIMPOSED_SCATTER_MODES = (*SCATTER_MODES, "grandMean", "grandMedian", "aligned")

#: Default options of each family (before a variant's own defaults are merged over them).
FAMILY_OPTION_DEFAULTS: dict[str, dict[str, object]] = {
    "xy": {
        "center": "mean",
        "error": "sd",
        "connectCenter": "mean",
        "seriesStackOrder": "laterOnTop",
    },
    "column": {
        "mode": "meanWithSd",
        "flipXY": False,
        "showTruncatedViolin": True,
        "pointLayout": "scatter",
    },
    "grouped": {
        "mode": "meanWithSd",
        "flipXY": False,
        "showTruncatedViolin": True,
        "pointLayout": "scatter",
        "seriesAlign": "aligned",
        "heatMap": {
            "aggregation": "mean",
            "colormap": "sequential",
            "reverse": False,
            "domainMin": None,
            "domainMax": None,
        },
    },
    "contingency": {"flipXY": False},
    "nested": {
        "mode": "meanWithSd",
        "showTruncatedViolin": True,
        "pointLayout": "scatter",
        "hideOuterFrame": False,
    },
    "survival": {
        "outcome": "survival",
        "showAs": "percents",
        "plotSymbolsAt": "censoredOnly",
        "errorBars": "none",
        "showNumberAtRisk": False,
        "showCumulativeCensored": False,
    },
    "partsOfWhole": {
        "dataSetIndex": 0,
        "orientation": "horizontal",
        "reverseOrder": False,
        "donutHoleRatio": 0.5,
        "graphicSizePt": 216.0,
        "showTotal": False,
        "totalPrefix": None,
        "totalSuffix": "",
        "totalFontSize": 12.0,
    },
    "multipleVariables": {
        "maxBubbleSize": 30.0,
        "volcano": {"log2FcCutoff": 1.0, "pCutoff": 0.05, "yIsNegLog10": False, "maxLabels": 10},
        "forest": {"referenceValue": 1.0},
    },
}
