"""The Format panel, declared: one line per control, naming the value's path and its label.

The widget of each control follows from the contract's type at that path (:func:`widget_of`):
an enumeration is a select, a ``ColorRef`` a colour picker with ``theme`` and alpha, a
number with bounds a number field, ``auto``-or-number both. A path the contract does not have
in a section (the categorical X axis has no range) is left out, as is a data set control for an
element the graph does not draw (no violin settings on a bar graph).

Paths are relative to the section's base (``graph.styleOverrides.perDataSet.<name>`` for a
data set's style); a path starting with ``/`` is relative to the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract.variants import Variant
from .widgets import Control, PathPart, Widget, full_path, node_at, shown, split, widget_of


def C(path: str, label: str) -> Control:
    return Control(path, label)


#: a data set's (or one point's) style, as the marks it draws
DATA_SET_STYLE = (
    C("symbol.color", "Symbol colour"),
    C("symbol.shape", "Symbol shape"),
    C("symbol.size", "Symbol size"),
    C("symbol.borderColor", "Symbol border colour"),
    C("symbol.borderThickness", "Symbol border thickness"),
    C("symbol.symbolVisibility", "Symbols shown"),
    C("line.color", "Line colour"),
    C("line.thickness", "Line thickness"),
    C("line.dashStyle", "Line style"),
    C("line.connect", "Connect points"),
    C("line.drawOrder", "Line drawn"),
    C("line.startAtOrigin", "Start line at origin"),
    C("line.leaveGapAtSymbols", "Gap at symbols"),
    C("line.gapAtAxisBreaks", "Gap at axis breaks"),
    C("errorBar.color", "Error bar colour"),
    C("errorBar.thickness", "Error bar thickness"),
    C("errorBar.capStyle", "Error bar cap"),
    C("errorBar.direction", "Error bar direction"),
    C("bar.fill", "Fill colour"),
    C("bar.fillPattern", "Fill pattern"),
    C("bar.patternColor", "Pattern colour"),
    C("bar.borderColor", "Border colour"),
    C("bar.borderWidth", "Border thickness"),
    C("bar.showMeanAsPlus", "Mark the mean with +"),
    C("bar.meanSymbolShape", "Mean symbol"),
    C("bar.whiskerCapStyle", "Whisker cap"),
    C("violin.fill", "Violin fill"),
    C("violin.fillPattern", "Violin pattern"),
    C("violin.patternColor", "Violin pattern colour"),
    C("violin.borderColor", "Violin border colour"),
    C("violin.borderWidth", "Violin border thickness"),
    C("violin.smoothing", "Violin smoothing"),
    C("median.color", "Median line colour"),
    C("median.thickness", "Median line thickness"),
    C("median.dashStyle", "Median line style"),
    C("median.drawOrder", "Median line drawn"),
    C("quartile.color", "Quartile line colour"),
    C("quartile.thickness", "Quartile line thickness"),
    C("quartile.dashStyle", "Quartile line style"),
    C("summaryLine.color", "Summary line colour"),
    C("summaryLine.thickness", "Summary line thickness"),
    C("summaryLine.dashStyle", "Summary line style"),
    C("areaFill.fillColor", "Area colour"),
    C("areaFill.position", "Area filled"),
    C("areaFill.fillPattern", "Area pattern"),
    C("areaFill.patternColor", "Area pattern colour"),
    C("barsSpikesDroplines.color", "Spike colour"),
    C("barsSpikesDroplines.widthRatio", "Spike width"),
    C("barsSpikesDroplines.borderColor", "Spike border colour"),
    C("barsSpikesDroplines.borderThickness", "Spike border thickness"),
    C("barsSpikesDroplines.fillPattern", "Spike pattern"),
    C("barsSpikesDroplines.patternColor", "Spike pattern colour"),
    C("barsSpikesDroplines.beginAtY", "Spikes begin at Y"),
    *(
        C(f"valueAnnotation.{slot}.{key}", f"{where}: {words}")
        for slot, where in (
            ("aboveBarAndErrorBar", "Value above the bar"),
            ("withinBarTop", "Value inside the bar's top"),
            ("withinBarBottom", "Value inside the bar's foot"),
        )
        for key, words in (
            ("show", "shows"),
            ("direction", "direction"),
            ("format", "format"),
            ("decimals", "decimals"),
            ("thousands", "thousands separator"),
            ("fontFamily", "font"),
            ("fontSize", "font size"),
            ("color", "colour"),
        )
    ),
    C("pointLabel.fontSize", "Point label size"),
    C("pointLabel.color", "Point label colour"),
    C("pointLabel.placement", "Point label placement"),
    C("pointLabel.offset", "Point label offset"),
    C("curve.color", "Curve colour"),
    C("curve.thickness", "Curve thickness"),
    C("curve.dashStyle", "Curve style"),
    C("confidenceBand.display", "Band drawn as"),
    C("confidenceBand.color", "Band colour"),
    C("confidenceBand.fillOpacity", "Band opacity"),
    C("confidenceBand.thickness", "Band line thickness"),
    C("confidenceBand.dashStyle", "Band line style"),
    C("heatCell.borderColor", "Cell border colour"),
    C("heatCell.borderWidth", "Cell border thickness"),
    C("heatCell.missingMark", "Missing cells"),
    C("colorScaleBar.widthPt", "Scale bar width"),
    C("colorScaleBar.lengthRatio", "Scale bar length"),
    C("colorScaleBar.tickCount", "Scale bar ticks"),
    C("colorScaleBar.fontSize", "Scale bar text size"),
    C("colorScaleBar.color", "Scale bar text colour"),
    C("cellValueLabel.fontSize", "Cell value size"),
    C("cellValueLabel.color", "Cell value colour"),
    C("cellValueLabel.decimals", "Cell value decimals"),
    C("cellValueLabel.autoContrast", "Cell values contrast with the cell"),
    C("referenceLine.color", "Reference line colour"),
    C("referenceLine.thickness", "Reference line thickness"),
    C("referenceLine.dashStyle", "Reference line style"),
)

_SWITCH_WORDS = {
    "symbols": "symbols",
    "lines": "line",
    "errorBars": "error bars",
    "bars": "bars",
    "areaFill": "area fill",
    "spikes": "spikes",
    "summaryLine": "summary line",
    "median": "median",
    "quartiles": "quartiles",
    "valueLabels": "value labels",
    "pointLabels": "point labels",
    "outliers": "outliers",
}

#: a data set's place in the graph: shown, its legend entry, its optional elements
#: (``{i}`` is the data set's index)
DATA_SET_ITEMS = (
    C("/graph.dataSetVisibility.{i}", "Shown"),
    C("/graph.legend.itemOverrides.{i}.text", "Legend text (empty: its name)"),
    C("/graph.legend.itemOverrides.{i}.hidden", "Left out of the legend"),
    *(
        C(f"/graph.elementActivation.perDataSet.{{i}}.{key}", f"Show {words}")
        for key, words in _SWITCH_WORDS.items()
    ),
)

_GRAPH_SWITCH_WORDS = {
    "legend": "the legend",
    "graphTitle": "the graph title",
    "xTitle": "the X title",
    "yTitle": "the Y title",
    "regressionLine": "regression lines",
    "confidenceBand": "confidence bands",
    "predictionBand": "prediction bands",
    "fittedCurve": "fitted curves",
    "colorScaleBar": "the colour scale",
    "referenceLine": "the reference line",
    "cutoffLines": "cut-off lines",
    "numberAtRisk": "the number at risk",
    "annotations": "annotations",
}

#: what every data set shows, and the graph's optional parts
SWITCHES = (
    *(
        C(f"graph.elementActivation.global.{key}", f"Every data set: show {words}")
        for key, words in _SWITCH_WORDS.items()
    ),
    *(
        C(f"graph.elementActivation.graph.{key}", f"Show {words}")
        for key, words in _GRAPH_SWITCH_WORDS.items()
    ),
)

#: an axis: its ``axesOverrides`` bucket, then the grid and tick-label font every axis shares
AXIS = (
    C("show", "Show the axis"),
    C("rangeMin", "Minimum"),
    C("rangeMax", "Maximum"),
    C("scale", "Scale"),
    C("reverse", "Reverse"),
    C("majorInterval", "Major tick interval"),
    C("minorTicks", "Minor ticks between"),
    C("ticks.direction", "Ticks point"),
    C("ticks.length", "Tick length"),
    C("numberFormat.format", "Number format"),
    C("numberFormat.decimals", "Decimals"),
    C("numberFormat.thousands", "Thousands separator"),
    C("numberFormat.prefix", "Prefix"),
    C("numberFormat.suffix", "Suffix"),
    C("labelRotation", "Label rotation"),
    C("labelFontSize", "Tick label size"),
    C("/graph.axesOverrides.frameAndOrigin.majorGrid.show", "Major grid lines"),
    C("/graph.axesOverrides.frameAndOrigin.majorGrid.color", "Major grid colour"),
    C("/graph.axesOverrides.frameAndOrigin.majorGrid.thickness", "Major grid thickness"),
    C("/graph.axesOverrides.frameAndOrigin.majorGrid.dashStyle", "Major grid style"),
    C("/graph.axesOverrides.frameAndOrigin.minorGrid.show", "Minor grid lines"),
    C("/graph.axesOverrides.frameAndOrigin.minorGrid.color", "Minor grid colour"),
    C("/graph.axesOverrides.frameAndOrigin.minorGrid.thickness", "Minor grid thickness"),
    C("/graph.axesOverrides.frameAndOrigin.minorGrid.dashStyle", "Minor grid style"),
    C("/graph.axesOverrides.titlesAndFonts.tickLabelFont.family", "Tick label font"),
    C("/graph.axesOverrides.titlesAndFonts.tickLabelFont.size", "Tick label font size"),
    C("/graph.axesOverrides.titlesAndFonts.tickLabelFont.bold", "Tick labels bold"),
    C("/graph.axesOverrides.titlesAndFonts.tickLabelFont.italic", "Tick labels italic"),
    C("/graph.axesOverrides.titlesAndFonts.tickLabelFont.color", "Tick label colour"),
)

#: one reference line of an axis (``referenceLines[i]`` of an ``axesOverrides`` bucket)
REFERENCE_LINE = (
    C("value", "At the value"),
    C("label", "Label (optional)"),
    C("color", "Colour"),
    C("thickness", "Thickness"),
    C("dashStyle", "Line style"),
)

LEGEND = (
    C("show", "Show the legend"),
    C("position", "Position"),
    C("frame", "Frame"),
    C("title", "Title"),
    C("columns", "Columns"),
    C("fontSize", "Font size"),
    C("fontFamily", "Font"),
    C("color", "Text colour"),
)

TITLE = (
    C("text", "Text"),
    C("show", "Show"),
    C("fontFamily", "Font"),
    C("fontSize", "Font size"),
    C("bold", "Bold"),
    C("italic", "Italic"),
    C("color", "Colour"),
    C("dx", "Moved right (points)"),
    C("dy", "Moved up (points)"),
)

ANNOTATION = (
    C("text", "Text"),
    C("shape", "Shape"),
    C("fontSize", "Font size"),
    C("fontFamily", "Font"),
    C("bold", "Bold"),
    C("italic", "Italic"),
    C("color", "Colour"),
    C("fill", "Fill"),
    C("thickness", "Line thickness"),
    C("dashStyle", "Line style"),
    C("tipLengthPt", "Tip length (points)"),
    C("rotation", "Rotation (degrees)"),
    C("align", "Alignment"),
    C("x", "X (points from the plot's left)"),
    C("y", "Y"),
)

#: the whole graph (nothing selected): frame, sizes, spacing, fonts, borders, what is shown
GRAPH = (
    C("graph.applyPresetNonColor", "Use the style's fonts, sizes and frame"),
    C("graph.axesOverrides.frameAndOrigin.frameStyle", "Frame"),
    C("graph.axesOverrides.frameAndOrigin.shape", "Shape"),
    C("graph.axesOverrides.frameAndOrigin.hideAxes", "Hide axes"),
    C("graph.axesOverrides.frameAndOrigin.axisThickness", "Axis thickness"),
    C("graph.axesOverrides.frameAndOrigin.axisColor", "Axis colour"),
    C("graph.axesOverrides.frameAndOrigin.originMode", "Origin"),
    C("graph.axesOverrides.frameAndOrigin.originX", "Y axis crosses X at"),
    C("graph.axesOverrides.frameAndOrigin.originY", "X axis crosses Y at"),
    C("graph.axesOverrides.frameAndOrigin.axisOffsetPt", "X axis offset (points)"),
    C("graph.axesOverrides.frameAndOrigin.axisOffsetYPt", "Y axis offset (points)"),
    C("graph.axesOverrides.frameAndOrigin.connectOffsetAxes", "Join offset axes"),
    C("graph.axesOverrides.frameAndOrigin.segmentXAxisByCluster", "X axis segmented by group"),
    C("graph.plotGeometry.widthPt", "Plot width (points)"),
    C("graph.plotGeometry.heightPt", "Plot height (points)"),
    C("graph.axesOverrides.titlesAndFonts.fontFamily", "Font of every text"),
    *(
        C(f"graph.axesOverrides.titlesAndFonts.{font}.{key}", f"{which}: {words}")
        for font, which in (("graphTitleFont", "Graph title"), ("axisTitleFont", "Axis titles"))
        for key, words in (
            ("family", "font"),
            ("size", "size"),
            ("bold", "bold"),
            ("italic", "italic"),
            ("color", "colour"),
        )
    ),
    C("graph.graphSettingsOverride.direction", "Direction"),
    C("graph.graphSettingsOverride.baseline", "Baseline"),
    C("graph.graphSettingsOverride.baselineY", "Baseline at Y"),
    C("graph.graphSettingsOverride.barWidthRatio", "Bar width"),
    C("graph.graphSettingsOverride.groupGapRatio", "Gap between groups"),
    C("graph.graphSettingsOverride.seriesGapRatio", "Gap between data sets"),
    C("graph.graphSettingsOverride.columnGapRatio", "Gap between columns"),
    C("graph.graphSettingsOverride.firstGapRatio", "Gap before the first"),
    C("graph.graphSettingsOverride.lastGapRatio", "Gap after the last"),
    C("graph.graphSettingsOverride.scatterAppearance", "Scatter appearance"),
    C("graph.graphSettingsOverride.missingValuePolicy", "Missing values"),
    # its four fields are written together: the first one set fills the others' defaults
    C("graph.graphSettingsOverride.lineOfIdentity.show", "Line of identity (y = x)"),
    C("graph.graphSettingsOverride.lineOfIdentity.color", "Line of identity colour"),
    C("graph.graphSettingsOverride.lineOfIdentity.thickness", "Line of identity thickness"),
    C("graph.graphSettingsOverride.lineOfIdentity.dashStyle", "Line of identity style"),
    C("graph.partsOfWholeBorders.outer.show", "Outer border"),
    C("graph.partsOfWholeBorders.outer.color", "Outer border colour"),
    C("graph.partsOfWholeBorders.outer.thickness", "Outer border thickness"),
    C("graph.partsOfWholeBorders.inner.show", "Borders between parts"),
    C("graph.partsOfWholeBorders.inner.color", "Inner border colour"),
    C("graph.partsOfWholeBorders.inner.thickness", "Inner border thickness"),
)


def offered(
    controls: tuple[Control, ...], variant: Variant, options: Mapping[str, Any] | None = None
) -> tuple[Control, ...]:
    """The controls of a section that change what ``variant`` draws, as its record says
    (:mod:`plotdoc.contract.variants.offers`): a switch or graph setting it does not draw is
    left out (no quartile switch on a box plot, no pie borders on a bar graph)."""
    return tuple(c for c in controls if _offers(c.path, variant, options))


def _offers(path: str, variant: Variant, options: Mapping[str, Any] | None) -> bool:
    parts = path.lstrip("/").split(".")
    if parts[:2] == ["graph", "elementActivation"] and len(parts) >= 4:
        if parts[2] == "graph":
            return variant.offers_graph_switch(parts[3])
        return variant.offers_switch(parts[-1], options)
    if parts[:2] == ["graph", "graphSettingsOverride"] and len(parts) >= 3:
        return variant.offers_setting(parts[2])
    if parts[:2] == ["graph", "partsOfWholeBorders"] and len(parts) >= 3:
        return variant.offers_setting(parts[2])
    return True


__all__ = [
    "ANNOTATION",
    "AXIS",
    "DATA_SET_ITEMS",
    "DATA_SET_STYLE",
    "GRAPH",
    "LEGEND",
    "REFERENCE_LINE",
    "SWITCHES",
    "TITLE",
    "Control",
    "PathPart",
    "Widget",
    "full_path",
    "node_at",
    "offered",
    "shown",
    "split",
    "widget_of",
]
