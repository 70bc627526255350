"""The shape of a version 1 document, written once as data.

Everything in the published schema (``schemas/v1.json``) and everything the structural stage
checks comes from :data:`ROOT` and :data:`DEFINITIONS`. Defaults given here are what the
reader fills and the writer writes; a field without a default is optional and omitted when
unset. Objects whose default is ``{}`` are written out in full, with their fields' defaults.
"""

from __future__ import annotations

from . import entries as E
from . import limits as L
from . import methods as M
from . import plots as P
from . import styles as S
from .families import FAMILY_IDS
from .nodes import (
    MISSING,
    AnyValue,
    Arr,
    Bool,
    Cells,
    Const,
    Enum,
    Map,
    Node,
    Num,
    Obj,
    OneOf,
    Ref,
    Str,
    auto_or,
    nullable,
)
from .variants import VARIANT_IDS

TIMESTAMP_PATTERN = (
    r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$"
)
HEX_PATTERN = r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"
INDEX_KEY_PATTERN = r"^(0|[1-9][0-9]*)$"


def _e(values: tuple[str, ...], default: object = None, doc: str = "", name: str = "") -> Enum:
    return Enum(values=values, default=MISSING if default is None else default, doc=doc, name=name)


def _n(
    minimum: float | None = 0,
    maximum: float | None = None,
    default: object = None,
    doc: str = "",
    integer: bool = False,
) -> Num:
    return Num(
        minimum=minimum,
        maximum=maximum,
        integer=integer,
        doc=doc,
        default=MISSING if default is None else default,
    )


def _b(default: bool | None = None, doc: str = "") -> Bool:
    return Bool(default=MISSING if default is None else default, doc=doc)


def _s(max_len: int, default: str | None = None, doc: str = "", min_len: int = 0) -> Str:
    return Str(
        max_len=max_len, min_len=min_len, doc=doc, default=MISSING if default is None else default
    )


def _ref(name: str, doc: str = "", default: object = None) -> Ref:
    return Ref(name=name, doc=doc, default=MISSING if default is None else default)


def _obj(
    props: dict[str, Node], *, required: tuple[str, ...] = (), doc: str = "", fill: bool = False
) -> Obj:
    return Obj(props=props, required=required, doc=doc, default={} if fill else MISSING)


COLOR = _ref("ColorRef")
PATTERN = _ref("PatternRef")
DASH = _ref("LineDashStyle")
THICK = _n(doc="Thickness in points.")
FONT_SIZE = _n(doc="Font size in points.")

# -- style overrides (2.6) -----------------------------------------------------------------

_VALUE_SLOT = _obj(
    {
        "show": _e(S.VALUE_SHOW),
        "direction": _e(S.TEXT_DIRECTIONS),
        "format": _e(S.NUMBER_FORMATS),
        "decimals": auto_or(_n(0, 9, integer=True), word="automatic"),
        "thousands": _e(S.THOUSANDS),
        "fontFamily": _s(300),
        "fontSize": FONT_SIZE,
        "color": COLOR,
    }
)

ELEMENTS: dict[str, Obj] = {
    "bar": _obj(
        {
            "fill": COLOR,
            "borderColor": COLOR,
            "borderWidth": _n(),
            "fillPattern": PATTERN,
            "patternColor": COLOR,
            "showMeanAsPlus": _b(),
            "meanSymbolShape": _ref("SymbolShape"),
            "whiskerCapStyle": _ref("CapStyle"),
        }
    ),
    "violin": _obj(
        {
            "fill": COLOR,
            "borderColor": COLOR,
            "borderWidth": _n(),
            "fillPattern": PATTERN,
            "patternColor": COLOR,
            "smoothing": _e(S.VIOLIN_SMOOTHING),
        }
    ),
    "symbol": _obj(
        {
            "color": COLOR,
            "shape": _ref("SymbolShapeRef"),
            "size": _n(),
            "borderColor": COLOR,
            "borderThickness": _n(),
            "symbolVisibility": _e(S.SYMBOL_VISIBILITY),
        }
    ),
    "errorBar": _obj(
        {
            "color": COLOR,
            "capStyle": _ref("CapStyle"),
            "direction": _e(S.ERROR_DIRECTIONS),
            "thickness": _n(),
        }
    ),
    "summaryLine": _obj({"color": COLOR, "thickness": _n(), "dashStyle": DASH}),
    "line": _obj(
        {
            "color": COLOR,
            "thickness": _n(),
            "dashStyle": DASH,
            "drawOrder": _e(S.LINE_DRAW_ORDERS),
            "connect": _e(S.LINE_CONNECT),
            "startAtOrigin": _b(),
            "leaveGapAtSymbols": _b(),
            "gapAtAxisBreaks": _b(),
        }
    ),
    "quartile": _obj({"color": COLOR, "thickness": _n(), "dashStyle": DASH}),
    "median": _obj(
        {
            "color": COLOR,
            "thickness": _n(),
            "dashStyle": DASH,
            "drawOrder": _e(S.MEDIAN_DRAW_ORDERS),
        }
    ),
    "barsSpikesDroplines": _obj(
        {
            "color": COLOR,
            "widthRatio": _n(0, 1),
            "borderColor": COLOR,
            "borderThickness": _n(),
            "fillPattern": PATTERN,
            "patternColor": COLOR,
            "beginAtY": _n(None),
        }
    ),
    "areaFill": _obj(
        {
            "fillColor": COLOR,
            "position": _e(S.AREA_POSITIONS),
            "fillPattern": PATTERN,
            "patternColor": COLOR,
        }
    ),
    "valueAnnotation": _obj(dict.fromkeys(S.VALUE_ANNOTATION_SLOTS, _VALUE_SLOT)),
    "heatCell": _obj(
        {"borderColor": COLOR, "borderWidth": _n(), "missingMark": _e(S.MISSING_MARKS)}
    ),
    "colorScaleBar": _obj(
        {
            "widthPt": _n(),
            "lengthRatio": _n(0, 1),
            "tickCount": _n(2, 11, integer=True),
            "fontSize": FONT_SIZE,
            "color": COLOR,
        }
    ),
    "cellValueLabel": _obj(
        {
            "fontSize": FONT_SIZE,
            "color": COLOR,
            "decimals": auto_or(_n(0, 9, integer=True), word="automatic"),
            "autoContrast": _b(),
        }
    ),
    "curve": _obj({"color": COLOR, "thickness": _n(), "dashStyle": DASH}),
    "confidenceBand": _obj(
        {
            "display": _e(S.BAND_DISPLAY),
            "color": COLOR,
            "fillOpacity": _n(0, 1),
            "thickness": _n(),
            "dashStyle": DASH,
        }
    ),
    "pointLabel": _obj(
        {
            "fontSize": FONT_SIZE,
            "color": COLOR,
            "placement": _e(S.LABEL_PLACEMENTS),
            "offset": _n(None),
        }
    ),
    "referenceLine": _obj({"color": COLOR, "thickness": _n(), "dashStyle": DASH}),
}
assert tuple(ELEMENTS) == S.ELEMENT_KEYS

_INDEX_MAP_DOC = "Keys are data set indexes written as decimal strings without leading zeros."

STYLE_OVERRIDES = _obj(
    {
        "global": _ref("ElementOverrideSet", default={}),
        "perDataSet": Map(
            values=_ref("ElementOverrideSet"),
            key_max_len=L.NAME_MAX,
            default={},
            doc="Keyed by data set name or by a semantic key such as `volcano:up`.",
        ),
        "perPoint": Map(
            values=Map(
                values=_ref("ElementOverrideSet"),
                key_pattern=INDEX_KEY_PATTERN,
                key_doc="a point index",
            ),
            key_max_len=L.NAME_MAX,
            default={},
            doc="Keyed by data set name, then by point (row) index.",
        ),
    },
    fill=True,
    doc="Partial patches over the theme: global, then per data set, then per point.",
)

# -- graph settings (2.7) ----------------------------------------------------------------

GRAPH_SETTINGS = _obj(
    {
        "direction": _e(S.DIRECTIONS, "vertical"),
        "baseline": _e(S.BASELINE_MODES, "automatic"),
        "baselineY": _n(None, default=0.0),
        "barWidthRatio": _n(0, 1, default=0.7),
        "groupGapRatio": _n(default=0.5),
        "seriesGapRatio": _n(default=0.0),
        "columnGapRatio": _n(default=0.4),
        "firstGapRatio": _n(default=0.5),
        "lastGapRatio": _n(default=0.5),
        "scatterAppearance": _e(S.SCATTER_APPEARANCES, "standard"),
        "missingValuePolicy": _e(S.MISSING_VALUE_POLICIES, "gap"),
        "lineOfIdentity": Obj(
            props={"show": Bool(), "color": COLOR, "thickness": _n(), "dashStyle": DASH},
            required=("show", "color", "thickness", "dashStyle"),
            doc="A y = x line; when given, all four fields are required.",
        ),
    },
    fill=True,
)

# -- axes (2.8 and 2.12) -------------------------------------------------------------------

GRID = _obj(
    {
        "show": _b(False),
        "color": _ref("ColorRef", default="theme"),
        "thickness": _n(default=0.5),
        "dashStyle": _ref("LineDashStyle", default="solid"),
    },
    fill=True,
)

TICKS = _obj(
    {
        "direction": _e(S.TICK_DIRECTIONS, doc="Automatic (down for X, left for Y) when omitted."),
        "length": _e(S.TICK_LENGTHS, "normal"),
    },
    fill=True,
)

NUMBER_FORMAT = _obj(
    {
        "format": _e(S.AXIS_NUMBER_FORMATS, "auto"),
        "decimals": auto_or(_n(0, 9, integer=True), word="automatic", default="automatic"),
        "thousands": _e(S.THOUSANDS, "none"),
        "prefix": _s(50, ""),
        "suffix": _s(50, ""),
    },
    fill=True,
    doc="How tick labels are written.",
)

FONT = _obj(
    {
        "family": _s(300, doc="Font family; the preset's font when omitted."),
        "size": _n(doc="Size in points; the preset's size when omitted."),
        "bold": _b(False),
        "italic": _b(False),
        "color": _ref("ColorRef", default="theme"),
    },
    fill=True,
)

FRAME_AND_ORIGIN = _obj(
    {
        "originMode": _e(S.ORIGIN_MODES, "automatic"),
        "originX": auto_or(
            _n(None), default=0.0, doc="Where the Y axis crosses X; `auto` is automatic (0)."
        ),
        "originY": auto_or(
            _n(None), default=0.0, doc="Where the X axis crosses Y; `auto` is automatic (0)."
        ),
        "shape": _e(S.FRAME_SHAPES, "autoWide"),
        "frameStyle": _e(S.FRAME_STYLES, doc="The preset's frame style when omitted."),
        "axisOffsetPt": _n(default=0.0),
        "axisOffsetYPt": _n(default=0.0),
        "connectOffsetAxes": _b(False),
        "segmentXAxisByCluster": _b(False),
        "hideAxes": _e(S.HIDE_AXES, "showBoth"),
        "axisThickness": auto_or(_n(), default="auto"),
        "axisColor": _ref("ColorRef", default="theme"),
        "majorGrid": _ref("Grid", default={}),
        "minorGrid": _ref("Grid", default={}),
    },
    fill=True,
)

X_CATEGORICAL = _obj(
    {
        "labelRotation": OneOf(
            options=(Enum(values=S.LABEL_ROTATION_WORDS), Num()),
            default="auto",
            doc="`auto`, `stacked`, or an angle in degrees (any finite number; drawn modulo 360).",
        ),
        "labelFontSize": _n(doc="The preset's tick label size when omitted."),
        "ticks": _ref("Ticks", default={}),
    },
    fill=True,
)


def _continuous_axis(doc: str, *, show_default: bool = True) -> Obj:
    return _obj(
        {
            "show": _b(show_default),
            "rangeMin": auto_or(_n(None), default="auto"),
            "rangeMax": auto_or(_n(None), default="auto"),
            "majorInterval": auto_or(Num(exclusive_minimum=0), default="auto"),
            "minorTicks": auto_or(
                _n(0, 20, integer=True), default="auto", doc="Minor ticks between two major ticks."
            ),
            "scale": _e(S.AXIS_SCALES, "linear"),
            "reverse": _b(False),
            "ticks": _ref("Ticks", default={}),
            "numberFormat": _ref("NumberFormat", default={}),
            "labelFontSize": _n(doc="The preset's tick label size when omitted."),
            "referenceLines": Arr(
                items=_ref("ReferenceLine"),
                max_items=L.MAX_REFERENCE_LINES,
                default=[],
                doc="Lines across the plot area at values of this axis (schema version 2).",
            ),
        },
        fill=True,
        doc=doc,
    )


REFERENCE_LINE = Obj(
    props={
        "value": _n(None, doc="Where the line crosses this axis, in its data units."),
        "label": _s(L.REFERENCE_LABEL_MAX, doc="Written at the line's end; none when omitted."),
        "color": _ref("ColorRef", default="theme"),
        "thickness": _n(default=1.0),
        "dashStyle": _ref("LineDashStyle", default="dashed"),
    },
    required=("value",),
    doc="A line across the plot area at one value of an axis (a threshold, a control level).",
)


TITLES_AND_FONTS = _obj(
    {
        "fontFamily": _s(300, doc="Font of every text of the graph; the preset's when omitted."),
        "tickLabelFont": _ref("Font", default={}),
        "axisTitleFont": _ref("Font", default={}),
        "graphTitleFont": _ref("Font", default={}),
    },
    fill=True,
)

AXES = _obj(
    {
        "frameAndOrigin": FRAME_AND_ORIGIN,
        "xCategorical": X_CATEGORICAL,
        "xContinuous": _continuous_axis("The X axis of xy and survival graphs."),
        "leftY": _continuous_axis("The left Y axis."),
        "rightY": _continuous_axis("A right Y axis mirroring the left one.", show_default=False),
        "titlesAndFonts": TITLES_AND_FONTS,
    },
    fill=True,
)

# -- element activation, legend, borders, titles (2.12) -------------------------------------

DATA_SET_SWITCHES = _obj(
    {k: _b() for k in S.DATA_SET_SWITCHES},
    doc="Optional elements per data set; omitted = the variant's choice.",
)
GRAPH_SWITCHES = _obj(
    {k: _b() for k in S.GRAPH_SWITCHES},
    doc="Optional graph-wide elements; omitted = the variant's choice.",
)

ELEMENT_ACTIVATION = _obj(
    {
        "global": _ref("DataSetSwitches", default={}),
        "perDataSet": Map(
            values=_ref("DataSetSwitches"),
            key_pattern=INDEX_KEY_PATTERN,
            key_doc="a data set index",
            default={},
        ),
        "graph": _ref("GraphSwitches", default={}),
    },
    fill=True,
    doc="Switches for optional elements; a data set's own switch wins over `global`.",
)

LEGEND = _obj(
    {
        "show": _b(doc="Shown when the graph has two or more data sets, when omitted."),
        "position": _e(S.LEGEND_POSITIONS, "auto"),
        "frame": _b(False),
        "fontSize": FONT_SIZE,
        "fontFamily": _s(300),
        "color": _ref("ColorRef", default="theme"),
        "columns": _n(1, 10, integer=True, default=1),
        "title": _s(200, ""),
        "itemOverrides": Map(
            values=_obj({"text": _s(200), "hidden": _b()}),
            key_max_len=L.NAME_MAX,
            default={},
            doc="Keyed by data set index (decimal string) or semantic id (`volcano:up`).",
        ),
    },
    fill=True,
)

BORDER = _obj(
    {
        "show": _b(True),
        "color": _ref("ColorRef", default="theme"),
        "thickness": _n(default=1.0),
    },
    fill=True,
)
PARTS_BORDERS = _obj(
    {"outer": _ref("Border", default={}), "inner": _ref("Border", default={})}, fill=True
)

TITLE_ENTRY = _obj(
    {
        "text": nullable(
            _s(500),
            default=None,
            doc="The title; null = automatic (table name, X column or data set name).",
        ),
        "show": _b(True),
        "dx": _n(None, default=0.0, doc="Drag offset in points, rightwards."),
        "dy": _n(None, default=0.0, doc="Drag offset in points, upwards."),
        "fontFamily": _s(300),
        "fontSize": FONT_SIZE,
        "bold": _b(doc="The preset's choice (bold for the graph title) when omitted."),
        "italic": _b(False),
        "color": _ref("ColorRef", default="theme"),
    },
    fill=True,
)

TITLES = _obj({k: _ref("TitleEntry", default={}) for k in S.TITLE_KEYS}, fill=True)

PLOT_GEOMETRY = _obj(
    {
        "widthPt": nullable(_n(), default=None, doc="Plot-area width in points; null = automatic."),
        "heightPt": nullable(
            _n(), default=None, doc="Plot-area height in points; null = automatic."
        ),
    },
    fill=True,
)

# -- plot options (2.5) --------------------------------------------------------------------


def _family_options(family: str, props: dict[str, Node]) -> Obj:
    return Obj(
        props={"family": Const(value=family), "options": Obj(props=props)},
        required=("family", "options"),
    )


HEAT_MAP = _obj(
    {
        "aggregation": _e(S.HEATMAP_AGGREGATIONS),
        "colormap": _e(S.COLORMAPS),
        "reverse": _b(),
        "domainMin": nullable(_n(None)),
        "domainMax": nullable(_n(None)),
    }
)

MAPPING = Obj(
    props={
        "x": _n(integer=True),
        **{r: nullable(_n(integer=True)) for r in P.MV_ROLES if r != "x"},
    },
    required=("x",),
    doc="Variable roles to data set indexes; omitted or null = unmapped.",
)

PLOT = OneOf(
    discriminator="family",
    options=(
        _family_options(
            "xy",
            {
                "center": _e(P.XY_CENTERS),
                "error": _e(P.XY_ERRORS),
                "connectCenter": _e(P.XY_CONNECT_CENTER),
                "seriesStackOrder": _e(P.XY_STACK_ORDERS),
            },
        ),
        _family_options(
            "column",
            {
                "mode": _e(P.COLUMN_MODES),
                "flipXY": _b(),
                "showTruncatedViolin": _b(),
                "pointLayout": _e(P.POINT_LAYOUTS),
            },
        ),
        _family_options(
            "grouped",
            {
                "mode": _e(P.GROUPED_MODES),
                "flipXY": _b(),
                "showTruncatedViolin": _b(),
                "pointLayout": _e(P.POINT_LAYOUTS),
                "seriesAlign": _e(P.SERIES_ALIGN),
                "heatMap": HEAT_MAP,
            },
        ),
        _family_options("contingency", {"flipXY": _b()}),
        _family_options(
            "nested",
            {
                "mode": _e(P.COLUMN_MODES),
                "showTruncatedViolin": _b(),
                "pointLayout": _e(P.POINT_LAYOUTS),
                "hideOuterFrame": _b(),
            },
        ),
        _family_options(
            "survival",
            {
                "outcome": _e(P.SURVIVAL_OUTCOMES),
                "showAs": _e(P.SURVIVAL_SHOW_AS),
                "plotSymbolsAt": _e(P.SURVIVAL_SYMBOLS_AT),
                "errorBars": _e(P.SURVIVAL_ERROR_BARS),
                "showNumberAtRisk": _b(),
                "showCumulativeCensored": _b(),
            },
        ),
        _family_options(
            "partsOfWhole",
            {
                "dataSetIndex": _n(integer=True),
                "orientation": _e(P.PARTS_ORIENTATIONS),
                "reverseOrder": _b(),
                "donutHoleRatio": _n(0, 1),
                "graphicSizePt": _n(),
                "showTotal": _b(),
                "totalPrefix": nullable(_s(300)),
                "totalSuffix": _s(300),
                "totalFontSize": _n(),
            },
        ),
        Obj(
            props={
                "family": Const(value="multipleVariables"),
                "options": Obj(
                    props={
                        "kind": _e(P.MV_KINDS),
                        "mapping": MAPPING,
                        "maxBubbleSize": _n(),
                        "volcano": _obj(
                            {
                                "log2FcCutoff": _n(),
                                "pCutoff": Num(exclusive_minimum=0, maximum=1),
                                "yIsNegLog10": _b(),
                                "maxLabels": _n(integer=True),
                            }
                        ),
                        "forest": _obj({"referenceValue": _n(None)}),
                    },
                    required=("kind", "mapping"),
                ),
            },
            required=("family", "options"),
        ),
    ),
    doc="`family` selects the options' shape; options merge over the variant's defaults.",
)

GRAPH = Obj(
    props={
        "variantId": Enum(values=VARIANT_IDS, code="unknown-variant", name="GraphVariantId"),
        "plot": PLOT,
        "activePresetId": _e(S.PRESET_IDS, "modern", name="PresetId"),
        "applyPresetNonColor": _b(True, doc="Whether the preset's fonts, sizes and frame apply."),
        "styleOverrides": STYLE_OVERRIDES,
        "graphSettingsOverride": GRAPH_SETTINGS,
        "axesOverrides": AXES,
        "plotGeometry": PLOT_GEOMETRY,
        "dataSetVisibility": Map(
            values=Bool(),
            key_pattern=INDEX_KEY_PATTERN,
            key_doc="a data set index",
            default={},
            doc=_INDEX_MAP_DOC,
        ),
        "elementActivation": ELEMENT_ACTIVATION,
        "legend": LEGEND,
        "partsOfWholeBorders": PARTS_BORDERS,
    },
    required=("variantId",),
)

# -- analyses (2.9) ------------------------------------------------------------------------


def _analysis(method: str, params: dict[str, Node]) -> Obj:
    return Obj(
        props={
            "id": _s(L.ID_MAX, min_len=1, doc="Generated when omitted; unique within the table."),
            "method": Const(value=method),
            "params": Obj(props=params, default={}),
        },
        required=("method",),
    )


ANALYSIS = OneOf(
    discriminator="method",
    options=tuple(_analysis(m.id, m.param_nodes()) for m in M.METHODS.values()),
)


# -- annotations (2.10) --------------------------------------------------------------------

ANCHOR = OneOf(
    discriminator="kind",
    options=(
        Obj(
            props={"kind": Const(value="group"), "groupIndex": _n(integer=True)},
            required=("kind", "groupIndex"),
            doc="The data set with this index (in the model; a version 1 file counts plotted data sets).",
        ),
        Obj(
            props={
                "kind": Const(value="free"),
                "x": _n(None, doc="Points from the plot area's left edge."),
            },
            required=("kind", "x"),
        ),
    ),
)

POINT = Obj(
    props={"x": _n(None), "y": _n(None)},
    required=("x", "y"),
    doc="Points from the plot area's lower-left corner, y upwards.",
)

#: The control points of a shape annotation that gives none.
SHAPE_DEFAULT_POINTS = ({"x": 0.0, "y": 0.0}, {"x": 72.0, "y": 72.0})

_ANN_ID = _s(L.ID_MAX, min_len=1, doc="Generated when omitted.")

ANNOTATION = OneOf(
    discriminator="type",
    options=(
        Obj(
            props={
                "type": Const(value="bracket"),
                "id": _ANN_ID,
                "left": ANCHOR,
                "right": ANCHOR,
                "y": nullable(
                    _n(None),
                    default=None,
                    doc="Bar height in Y data units; null = just above the spanned data.",
                ),
                "text": _s(200, "", doc="The label; ignored (and not written) with `analysisId`."),
                "analysisId": _s(
                    L.ID_MAX,
                    min_len=1,
                    doc=(
                        "Version 2. The id of an analysis of this table that compares pairs of "
                        "data sets (a t test...): the label is then the P of the comparison of "
                        "the two data sets the anchors name, recomputed on every open, in the "
                        "analysis' `pValueStyle`. Omitted: the label is `text`, as typed."
                    ),
                ),
                "label": _e(
                    S.BRACKET_LABELS,
                    doc=(
                        "Version 2, with `analysisId`: `stars` (the summary: ns, *, **, ***, "
                        "****), `p` (P = 0.0123) or `both` (** P = 0.0023). Omitted: `stars`."
                    ),
                ),
                "fontSize": FONT_SIZE,
                "color": _ref("ColorRef", default="theme"),
                "thickness": _n(default=1.0),
                "tipLengthPt": _n(default=5.0),
            },
            required=("type", "left", "right"),
        ),
        Obj(
            props={
                "type": Const(value="text"),
                "id": _ANN_ID,
                "x": _n(None),
                "y": _n(None),
                "text": _s(2000, doc="`\\n` breaks lines; `^{...}` and `_{...}` raise and lower."),
                "fontSize": FONT_SIZE,
                "fontFamily": _s(300),
                "bold": _b(False),
                "italic": _b(False),
                "color": _ref("ColorRef", default="theme"),
                "rotation": _n(-360, 360, default=0.0),
                "align": _e(S.TEXT_ALIGNS, "left"),
            },
            required=("type", "x", "y", "text"),
        ),
        Obj(
            props={
                "type": Const(value="shape"),
                "id": _ANN_ID,
                "shape": _e(S.ANNOTATION_SHAPES, "line"),
                "points": Arr(
                    items=POINT,
                    min_items=2,
                    max_items=3,
                    default=list(SHAPE_DEFAULT_POINTS),
                    doc=(
                        "Two control points (line, arrow, doubleArrow: start and end; rectangle, "
                        "ellipse: two opposite corners of the bounding box), or three for `curve` "
                        "(start, control point, end) and `bracket` (start, tip, end). Omitted: "
                        "a diagonal from the plot area's lower-left corner, one inch (72 points) "
                        "each way."
                    ),
                ),
                "text": _s(2000, "", doc="Text bound to the shape, drawn at its centre."),
                "color": _ref("ColorRef", default="theme"),
                "fill": OneOf(options=(Const(value="none"), COLOR), default="none"),
                "thickness": _n(default=1.0),
                "dashStyle": _ref("LineDashStyle", default="solid"),
                "fontSize": FONT_SIZE,
            },
            required=("type",),
        ),
    ),
)

# -- tables and the root (2.1 to 2.3) ------------------------------------------------------

DATA_SET = Obj(
    props={
        "name": _s(L.NAME_MAX, min_len=1, doc="Unique within the table."),
        "values": Cells(
            max_rows=L.MAX_ROWS,
            max_width=L.MAX_REPLICATES,
            max_text=L.TEXT_CELL_MAX,
            doc="values[row][replicate]: a finite number, null (missing) or text.",
        ),
    },
    required=("name", "values"),
)

TABLE = Obj(
    props={
        "id": _s(L.ID_MAX, min_len=1, doc="Unique among tables; generated when omitted."),
        "name": _s(L.NAME_MAX, doc="`Table N` when omitted."),
        "format": Enum(values=FAMILY_IDS, name="TableFamily"),
        "replicates": _n(
            1,
            L.MAX_REPLICATES,
            integer=True,
            doc="Inferred from the widest row when omitted, never below the family minimum; "
            "3 with a summary `entry`.",
        ),
        "entry": _e(
            E.ENTRIES,
            E.VALUES,
            doc="How the values were entered (schema version 2): `values` (raw replicate values), "
            "`meanSdN` or `meanSemN` (column, grouped and xy only; each row of a data set is "
            "`[mean, sd-or-sem, n]`, n a whole number of at least 1, and `replicates` is 3).",
            name="TableEntry",
        ),
        "x": Arr(items=nullable(Num()), max_items=L.MAX_ROWS, doc="xy and survival only."),
        "rowLabels": Arr(items=_s(L.NAME_MAX), max_items=L.MAX_ROWS),
        "dataSets": Arr(items=_ref("DataSet"), min_items=1, max_items=L.MAX_DATA_SETS),
        "variableTypes": Map(
            values=Enum(values=S.VARIABLE_TYPES),
            key_max_len=L.NAME_MAX,
            doc="multipleVariables only: overrides the inferred type.",
        ),
        "columnWidths": Map(values=_n(), default={}, doc="Presentation only."),
        "derivedFrom": Obj(
            props={
                "sourceTableId": _s(L.ID_MAX, min_len=1),
                "analysisId": _s(L.ID_MAX, min_len=1),
            },
            required=("sourceTableId", "analysisId"),
            doc="Marks a results table.",
        ),
        "graph": _ref("GraphDocument"),
        "analyses": Arr(items=_ref("AnalysisInstance"), max_items=L.MAX_ANALYSES, default=[]),
        "annotations": Arr(items=_ref("Annotation"), max_items=L.MAX_ANNOTATIONS, default=[]),
        "titles": _ref("Titles", default={}),
        "usermeta": Map(values=AnyValue(), default={}, doc="Tool-specific data, at most 64 KB."),
    },
    required=("format",),
    required_unless={"dataSets": "derivedFrom"},
)

ROOT = Obj(
    props={
        "$schema": _s(L.URL_MAX, doc="Informational only; never fetched."),
        "format": Const(value="plotdoc-project"),
        "schemaVersion": Const(value=1),
        "generator": Obj(
            props={
                "name": _s(L.GENERATOR_NAME_MAX),
                "version": _s(L.GENERATOR_VERSION_MAX),
                "url": _s(L.URL_MAX),
            },
            required=("name", "version"),
            doc="The program that wrote the file.",
        ),
        "createdAt": Str(
            pattern=TIMESTAMP_PATTERN, pattern_doc="a date-time such as 2024-05-01T12:00:00Z"
        ),
        "modifiedAt": Str(
            pattern=TIMESTAMP_PATTERN, pattern_doc="a date-time such as 2024-05-01T12:00:00Z"
        ),
        "meta": Obj(
            props={
                "title": _s(L.META_TITLE_MAX, ""),
                "description": _s(L.META_LONG_MAX),
                "authors": Arr(items=_s(L.META_TITLE_MAX), max_items=L.META_ITEMS_MAX),
                "license": _s(L.META_LONG_MAX),
                "source": _s(L.META_LONG_MAX),
                "keywords": Arr(items=_s(L.META_TITLE_MAX), max_items=L.META_ITEMS_MAX),
            },
            required=("title",),
            doc="Project metadata.",
            default={},
        ),
        "usermeta": Map(values=AnyValue(), default={}, doc="Tool-specific data, at most 64 KB."),
        "view": Obj(
            props={
                "activeTableId": _s(L.ID_MAX, min_len=1),
                "workspaceView": _e(S.WORKSPACE_VIEWS, "graph"),
            },
            doc="Presentation state.",
            default={},
        ),
        "tables": Arr(items=_ref("Table"), max_items=L.MAX_TABLES, doc="Sidebar order."),
    },
    required=("format", "schemaVersion", "tables"),
)

DEFINITIONS: dict[str, Node] = {
    "Table": TABLE,
    "DataSet": DATA_SET,
    "GraphDocument": GRAPH,
    "AnalysisInstance": ANALYSIS,
    "Annotation": ANNOTATION,
    "Titles": TITLES,
    "TitleEntry": TITLE_ENTRY,
    "ElementOverrideSet": _obj(dict(ELEMENTS), doc="Partial style patches, one per element."),
    "ColorRef": OneOf(
        options=(
            Const(value="theme"),
            Obj(
                props={
                    "hex": Str(pattern=HEX_PATTERN, pattern_doc="#rgb or #rrggbb"),
                    "alpha": _n(0, 1),
                },
                required=("hex",),
            ),
        ),
        doc="`theme` follows the preset; otherwise `{hex, alpha}`.",
    ),
    "PatternRef": Enum(values=S.PATTERN_REFS, name="PatternRef"),
    "LineDashStyle": Enum(values=S.DASH_STYLES, name="LineDashStyle"),
    "SymbolShape": Enum(values=S.SYMBOL_SHAPES, name="SymbolShape"),
    "SymbolShapeRef": Enum(values=S.SYMBOL_SHAPE_REFS, name="SymbolShapeRef"),
    "CapStyle": Enum(values=S.CAP_STYLES, name="CapStyle"),
    "Grid": GRID,
    "Ticks": TICKS,
    "NumberFormat": NUMBER_FORMAT,
    "Font": FONT,
    "DataSetSwitches": DATA_SET_SWITCHES,
    "GraphSwitches": GRAPH_SWITCHES,
    "Border": BORDER,
    "ReferenceLine": REFERENCE_LINE,
}

__all__ = ["DEFINITIONS", "ROOT"]
