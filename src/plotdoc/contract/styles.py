"""Enumerations of the graph document: styles, symbols, patterns, axes, legends, annotations.

Every enumeration the contract spells (sections 2.4 to 2.10) and every one plotdoc defines for
the open objects of section 2.12 lives here, as a tuple in the contract's order.
"""

from __future__ import annotations

PRESET_IDS = ("modern", "classic", "floral", "starry")

SYMBOL_SHAPES = (
    "circle",
    "square",
    "triangleUp",
    "triangleDown",
    "diamond",
    "star",
    "circleBordered",
    "squareBordered",
    "triangleUpBordered",
    "triangleDownBordered",
    "diamondBordered",
    "starBordered",
    "circleDot",
    "squareDot",
    "hexagonDot",
    "circleCross",
    "squareCross",
    "hexagonDiagonals",
    "asterisk",
    "hash",
    "plus",
    "cross",
    "male",
    "female",
)
SYMBOL_SHAPE_REFS = (*SYMBOL_SHAPES, "auto")
PATTERN_REFS = (
    "none",
    "diagonalLeft",
    "diagonalRight",
    "horizontal",
    "vertical",
    "crosshatch",
    "checkerboard",
    "theme",
)
DASH_STYLES = ("solid", "dashed", "dotted", "dashDot")
CAP_STYLES = ("wideT", "narrowT", "I")
SYMBOL_VISIBILITY = ("all", "censoredOnly")
ERROR_DIRECTIONS = ("above", "below", "both")
LINE_DRAW_ORDERS = ("underneathErrorBars", "onTopOfErrorBars")
LINE_CONNECT = ("straight", "staircase", "spline")
MEDIAN_DRAW_ORDERS = ("underneath", "onTop")
AREA_POSITIONS = ("belowCurve", "aboveCurve")
VIOLIN_SMOOTHING = ("low", "medium", "high")
VALUE_SHOW = ("nothing", "plottedValue", "sampleSize")
TEXT_DIRECTIONS = ("vertical", "horizontal")
NUMBER_FORMATS = ("decimal", "scientific")
THOUSANDS = ("none", "comma", "space", "apostrophe")
VALUE_ANNOTATION_SLOTS = ("aboveBarAndErrorBar", "withinBarTop", "withinBarBottom")
MISSING_MARKS = ("none", "cross")
BAND_DISPLAY = ("fill", "lines")
LABEL_PLACEMENTS = ("above", "below", "right", "left")
COLORMAPS = ("sequential", "diverging", "grayscale")
HEATMAP_AGGREGATIONS = ("mean", "median")

# graphSettingsOverride (2.7)
DIRECTIONS = ("vertical", "horizontal")
BASELINE_MODES = ("automatic", "manual", "hidden")
SCATTER_APPEARANCES = ("standard", "classic", "expanded")
MISSING_VALUE_POLICIES = ("gap", "connectAdjacent")

# axesOverrides (2.8)
ORIGIN_MODES = ("automatic", "lowerLeft", "upperLeft", "lowerRight", "upperRight", "custom")
FRAME_SHAPES = ("autoWide", "autoTall", "wide", "tall", "square", "custom")
FRAME_STYLES = (
    "noFrame",
    "offsetXY",
    "plainFrame",
    "frameWithTicksMirrored",
    "frameWithTicksInward",
)
HIDE_AXES = ("showBoth", "hideX", "hideY", "hideBoth")
TICK_DIRECTIONS = ("none", "left", "right", "up", "down", "both")
TICK_LENGTHS = ("short", "normal", "long")
LABEL_ROTATION_WORDS = ("auto", "stacked")
# plotdoc's definitions for the open parts of 2.8 (section 2.12)
AXIS_SCALES = ("linear", "log10", "log2")
AXIS_NUMBER_FORMATS = ("auto", "decimal", "scientific", "powerOf10", "percent")

# legend, annotations, titles (2.12, defined by plotdoc)
LEGEND_POSITIONS = (
    "auto",
    "right",
    "left",
    "top",
    "bottom",
    "upperRight",
    "upperLeft",
    "lowerRight",
    "lowerLeft",
)
ANNOTATION_TYPES = ("bracket", "text", "shape")
ANCHOR_KINDS = ("group", "free")
#: what a bracket that follows an analysis (`analysisId`) shows: the summary, the P, or both
BRACKET_LABELS = ("stars", "p", "both")
ANNOTATION_SHAPES = ("line", "arrow", "doubleArrow", "rectangle", "ellipse", "bracket", "curve")
TEXT_ALIGNS = ("left", "center", "right")
TITLE_KEYS = ("graph", "x", "y")
WORKSPACE_VIEWS = ("table", "graph")
VARIABLE_TYPES = ("continuous", "categorical", "label")

# ElementOverrideSet keys (2.6), in the contract's order
ELEMENT_KEYS = (
    "bar",
    "violin",
    "symbol",
    "errorBar",
    "summaryLine",
    "line",
    "quartile",
    "median",
    "barsSpikesDroplines",
    "areaFill",
    "valueAnnotation",
    "heatCell",
    "colorScaleBar",
    "cellValueLabel",
    "curve",
    "confidenceBand",
    "pointLabel",
    "referenceLine",
)

# elementActivation (2.12, defined by plotdoc): switches per data set and for the whole graph
DATA_SET_SWITCHES = (
    "symbols",
    "lines",
    "errorBars",
    "bars",
    "areaFill",
    "spikes",
    "summaryLine",
    "median",
    "quartiles",
    "valueLabels",
    "pointLabels",
    "outliers",
)
GRAPH_SWITCHES = (
    "legend",
    "graphTitle",
    "xTitle",
    "yTitle",
    "regressionLine",
    "confidenceBand",
    "predictionBand",
    "fittedCurve",
    "colorScaleBar",
    "referenceLine",
    "cutoffLines",
    "numberAtRisk",
    "annotations",
)

#: Keys that name a group of drawn points rather than a data set (style and legend records).
SEMANTIC_KEYS = ("volcano:up", "volcano:down", "volcano:ns")
#: The variants that draw those groups name them in their record (``Variant.semantic_keys``):
#: a semantic key of another variant matches nothing.
