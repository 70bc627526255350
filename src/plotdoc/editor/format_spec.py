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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..contract import document as D
from ..contract import nodes as N

PathPart = str | int


@dataclass(frozen=True)
class Control:
    path: str
    label: str


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
    C("graph.axesOverrides.titlesAndFonts.graphTitleFont.size", "Graph title size"),
    C("graph.axesOverrides.titlesAndFonts.axisTitleFont.size", "Axis title size"),
    C("graph.axesOverrides.titlesAndFonts.axisTitleFont.color", "Axis title colour"),
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
    C("graph.partsOfWholeBorders.outer.show", "Outer border"),
    C("graph.partsOfWholeBorders.outer.color", "Outer border colour"),
    C("graph.partsOfWholeBorders.outer.thickness", "Outer border thickness"),
    C("graph.partsOfWholeBorders.inner.show", "Borders between parts"),
    C("graph.partsOfWholeBorders.inner.color", "Inner border colour"),
    C("graph.partsOfWholeBorders.inner.thickness", "Inner border thickness"),
)


# -- the contract's type at a path ----------------------------------------------------------


def _resolve(node: N.Node) -> N.Node:
    while isinstance(node, N.Ref):
        node = D.DEFINITIONS[node.name]
    return node


def node_at(path: Sequence[PathPart], hint: Mapping[str, Any] | None = None) -> N.Node | None:
    """The contract's node at ``path`` inside a table (``("graph", "legend", "position")``);
    ``hint`` picks a discriminated alternative (``{"type": "text"}`` for an annotation).
    None when the contract has no such path."""
    node: N.Node = D.TABLE
    for part in path:
        node = _resolve(node)
        if isinstance(node, N.OneOf) and node.discriminator is not None:
            tags = N.tagged_options(node, D.DEFINITIONS)
            want = (hint or {}).get(node.discriminator)
            if want not in tags:
                return None
            node = _resolve(tags[want])
        if isinstance(node, N.Obj):
            if not isinstance(part, str) or part not in node.props:
                return None
            node = node.props[part]
        elif isinstance(node, N.Map):
            node = node.values
        elif isinstance(node, N.Arr):
            node = node.items
        else:
            return None
    return node


@dataclass(frozen=True)
class Widget:
    """How a value is edited: ``kind`` is color, select, number, auto-number, check or text."""

    kind: str
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    integer: bool = False
    #: the word that means automatic (``auto``, ``automatic``), for auto-number
    word: str = ""
    nullable: bool = False
    #: a colour that may also be ``none`` (a shape's fill)
    none: bool = False


def _is_color(node: N.Node) -> bool:
    return isinstance(node, N.Ref) and node.name == "ColorRef"


def widget_of(node: N.Node) -> Widget | None:
    """The widget for a contract node, None for a value no single control edits."""
    if _is_color(node):
        return Widget("color")
    nullable = False
    if isinstance(node, N.OneOf):
        options = list(node.options)
        if any(isinstance(o, N.Null) for o in options):
            nullable = True
            options = [o for o in options if not isinstance(o, N.Null)]
        if len(options) == 2 and isinstance(options[0], N.Const) and _is_color(options[1]):
            return Widget("color", none=True)
        if len(options) == 2 and isinstance(options[0], N.Const):
            inner = _resolve(options[1])
            if isinstance(inner, N.Num):
                return Widget(
                    "auto-number",
                    minimum=inner.minimum,
                    maximum=inner.maximum,
                    integer=inner.integer,
                    word=str(options[0].value),
                )
        if len(options) == 2 and isinstance(options[0], N.Enum) and isinstance(options[1], N.Num):
            return Widget("auto-number", choices=options[0].values, word=options[0].values[0])
        if len(options) != 1:
            return None
        node = options[0]
    node = _resolve(node)
    if isinstance(node, N.Enum):
        return Widget("select", node.values, nullable=nullable)
    if isinstance(node, N.Num):
        return Widget(
            "number",
            minimum=node.minimum,
            maximum=node.maximum,
            integer=node.integer,
            nullable=nullable,
        )
    if isinstance(node, N.Bool):
        return Widget("check", nullable=nullable)
    if isinstance(node, N.Str):
        return Widget("text", nullable=nullable)
    return None


def split(path: str) -> tuple[PathPart, ...]:
    return tuple(int(p) if p.isdigit() else p for p in path.split("."))


def full_path(base: Sequence[PathPart], control: Control) -> tuple[PathPart, ...]:
    """The control's path within the table."""
    if control.path.startswith("/"):
        return split(control.path[1:])
    return (*base, *split(control.path))


def shown(
    controls: Sequence[Control],
    base: Sequence[PathPart],
    *,
    elements: set[str] | None = None,
    hint: Mapping[str, Any] | None = None,
) -> list[tuple[Control, tuple[PathPart, ...], Widget]]:
    """The controls of a section that apply: the contract has their path, and (for a data
    set's style) the graph draws their element."""
    out = []
    for control in controls:
        path = full_path(base, control)
        own = not control.path.startswith("/")
        if elements is not None and own and str(split(control.path)[0]) not in elements:
            continue
        node = node_at(path, hint)
        widget = widget_of(node) if node is not None else None
        if widget is not None:
            out.append((control, path, widget))
    return out
