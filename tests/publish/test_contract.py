"""The schema against the contract's own text.

The lists below are typed from the contract (plotdoc-project-v1.md, sections 2.1 to 2.10),
not imported from the registries, so a registry or schema that drifts from the contract
fails here. Lists plotdoc defines itself (section 2.12) are checked against the registries.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import jsonschema
import pytest

from plotdoc.contract import methods as M
from plotdoc.contract import plots as P
from plotdoc.contract import styles as S
from plotdoc.contract.entries import ENTRIES
from plotdoc.contract.families import FAMILY_IDS
from plotdoc.contract.methods import METHOD_IDS
from plotdoc.contract.schema import SCHEMA_FILES, build_schema, dumps_schema, schema_bytes
from plotdoc.contract.variants import VARIANT_IDS
from plotdoc.publish import examples

from .validators import PY, RS, SCHEMA

# -- the contract's lists, typed from its text -------------------------------------------------

FAMILIES = [
    "xy",
    "column",
    "grouped",
    "nested",
    "contingency",
    "survival",
    "partsOfWhole",
    "multipleVariables",
]
VARIANTS = [
    "scatter", "line", "xy-line-only", "xy-spikes", "xy-area", "xy-points-error",
    "xy-points-line-error", "xy-individual-replicates", "xy-repeated-measures",
    "xy-replicates-mean-line", "xy-line-error", "xy-spikes-error", "xy-area-error",
    "column-scatter-only", "scatter-bar", "column-before-after", "column-floating-bars",
    "column-box-whiskers", "column-violin", "bar", "column-mean-error",
    "column-mean-error-connected", "grouped-interleaved-scatter", "grouped-separated-scatter",
    "grouped-interleaved-scatter-bar", "grouped-separated-scatter-bar",
    "grouped-superimposed-scatter", "grouped-rm-across-row", "grouped-rm-in-subcol",
    "grouped-interleaved-bars", "grouped-separated-bars", "grouped-stacked-bars",
    "grouped-interleaved-symbols", "grouped-separated-symbols", "grouped-superimposed-symbols",
    "grouped-superimposed-symbols-line", "grouped-interleaved-low-high",
    "grouped-separated-low-high", "grouped-interleaved-box", "grouped-separated-box",
    "grouped-interleaved-violin", "grouped-separated-violin", "grouped-heat-map",
    "contingency-interleaved-bar", "contingency-separated-bar", "contingency-stacked-bar",
    "nested-scatter", "nested-scatter-bar", "nested-bar", "nested-low-high", "nested-box",
    "nested-violin", "survival-staircase-ticks", "survival-point-to-point",
    "survival-point-to-point-eb", "survival-staircase-points", "parts-pie", "parts-donut",
    "parts-slices", "parts-dot-plot", "mv-bubble", "mv-scatter", "mv-volcano", "mv-forest",
]  # fmt: skip
PRESETS = ["modern", "classic", "floral", "starry"]
SYMBOL_SHAPES = [
    "circle", "square", "triangleUp", "triangleDown", "diamond", "star", "circleBordered",
    "squareBordered", "triangleUpBordered", "triangleDownBordered", "diamondBordered",
    "starBordered", "circleDot", "squareDot", "hexagonDot", "circleCross", "squareCross",
    "hexagonDiagonals", "asterisk", "hash", "plus", "cross", "male", "female",
]  # fmt: skip
METHODS = [
    "ttest",
    "linearRegression",
    "nonlinearRegression",
    "frequencyDistribution",
    "correlationMatrix",
    # schema version 2 (v2-design.md section 3)
    "oneSampleTest",
    "normalityTest",
    "columnStatistics",
    "contingencyTest",
    "survivalComparison",
    "oneWayAnova",
    "twoWayAnova",
]
COLUMN_MODES = [
    "mean", "meanWithSd", "meanWithSem", "meanWithCi95", "meanWithRange", "geoMean",
    "geoMeanWithCi95", "geoMeanWithGeoSd", "median", "medianWithCi95", "medianWithRange",
    "medianWithIqr", "symbolsAndLines", "arrows", "lineAtMean", "lineAtMedian", "noLine",
    "minToMax", "tukey", "p10_90", "p5_95", "p2_5_97_5", "p1_99", "violinOnly",
]  # fmt: skip
GROUPED_MODES = [*COLUMN_MODES, "grandMean", "grandMedian", "aligned"]
PATTERN_REFS = [
    "none",
    "diagonalLeft",
    "diagonalRight",
    "horizontal",
    "vertical",
    "crosshatch",
    "checkerboard",
    "theme",
]
DASH_STYLES = ["solid", "dashed", "dotted", "dashDot"]
CAP_STYLES = ["wideT", "narrowT", "I"]
XY_CENTERS = ["mean", "meanError", "geoMean", "geoMeanError", "median", "medianError",
              "eachReplicate"]  # fmt: skip
XY_ERRORS = ["sd", "sem", "ci95", "range", "geoCi95", "geoSd"]
ELEMENT_FIELDS = {
    "bar": ["fill", "borderColor", "borderWidth", "fillPattern", "patternColor",
            "showMeanAsPlus", "meanSymbolShape", "whiskerCapStyle"],
    "violin": ["fill", "borderColor", "borderWidth", "fillPattern", "patternColor", "smoothing"],
    "symbol": ["color", "shape", "size", "borderColor", "borderThickness", "symbolVisibility"],
    "errorBar": ["color", "capStyle", "direction", "thickness"],
    "summaryLine": ["color", "thickness", "dashStyle"],
    "line": ["color", "thickness", "dashStyle", "drawOrder", "connect", "startAtOrigin",
             "leaveGapAtSymbols", "gapAtAxisBreaks"],
    "quartile": ["color", "thickness", "dashStyle"],
    "median": ["color", "thickness", "dashStyle", "drawOrder"],
    "barsSpikesDroplines": ["color", "widthRatio", "borderColor", "borderThickness",
                            "fillPattern", "patternColor", "beginAtY"],
    "areaFill": ["fillColor", "position", "fillPattern", "patternColor"],
    "valueAnnotation": ["aboveBarAndErrorBar", "withinBarTop", "withinBarBottom"],
    "heatCell": ["borderColor", "borderWidth", "missingMark"],
    "colorScaleBar": ["widthPt", "lengthRatio", "tickCount", "fontSize", "color"],
    "cellValueLabel": ["fontSize", "color", "decimals", "autoContrast"],
    "curve": ["color", "thickness", "dashStyle"],
    "confidenceBand": ["display", "color", "fillOpacity", "thickness", "dashStyle"],
    "pointLabel": ["fontSize", "color", "placement", "offset"],
    "referenceLine": ["color", "thickness", "dashStyle"],
}  # fmt: skip

# (path into the schema, the contract's list); "plot:<family>" and "analysis:<method>" select
# the alternative of a oneOf whose constant matches.
D = ("definitions",)
GRAPH = (*D, "GraphDocument", "properties")
ELEM = (*D, "ElementOverrideSet", "properties")
FRAME = (*GRAPH, "axesOverrides", "properties", "frameAndOrigin", "properties")
SETTINGS = (*GRAPH, "graphSettingsOverride", "properties")
SLOT = (*ELEM, "valueAnnotation", "properties", "aboveBarAndErrorBar", "properties")


def opts(family: str, *rest: str) -> tuple[str, ...]:
    return (*GRAPH, "plot", f"plot:{family}", "options", "properties", *rest)


def params(method: str, *rest: str) -> tuple[str, ...]:
    return (*D, "AnalysisInstance", f"analysis:{method}", "params", "properties", *rest)


CONTRACT_ENUMS: list[tuple[tuple[str, ...], list[Any]]] = [
    ((*D, "Table", "properties", "format"), FAMILIES),
    ((*GRAPH, "variantId"), VARIANTS),
    ((*GRAPH, "activePresetId"), PRESETS),
    ((*D, "SymbolShape"), SYMBOL_SHAPES),
    ((*D, "SymbolShapeRef"), [*SYMBOL_SHAPES, "auto"]),
    ((*D, "PatternRef"), PATTERN_REFS),
    ((*D, "LineDashStyle"), DASH_STYLES),
    ((*D, "CapStyle"), CAP_STYLES),
    (("properties", "view", "properties", "workspaceView"), ["table", "graph"]),
    (
        (*D, "Table", "properties", "variableTypes", "additionalProperties"),
        ["continuous", "categorical", "label"],
    ),
    (opts("xy", "center"), XY_CENTERS),
    (opts("xy", "error"), XY_ERRORS),
    (opts("xy", "connectCenter"), ["mean", "median"]),
    (opts("xy", "seriesStackOrder"), ["earlierOnTop", "laterOnTop"]),
    (opts("column", "mode"), COLUMN_MODES),
    (opts("column", "pointLayout"), ["scatter", "aligned"]),
    (opts("nested", "mode"), COLUMN_MODES),
    (opts("nested", "pointLayout"), ["scatter", "aligned"]),
    (opts("grouped", "mode"), GROUPED_MODES),
    (opts("grouped", "pointLayout"), ["scatter", "aligned"]),
    (opts("grouped", "seriesAlign"), ["aligned", "staggered"]),
    (opts("grouped", "heatMap", "properties", "aggregation"), ["mean", "median"]),
    (
        opts("grouped", "heatMap", "properties", "colormap"),
        ["sequential", "diverging", "grayscale"],
    ),
    (opts("survival", "outcome"), ["survival", "death"]),
    (opts("survival", "showAs"), ["fractions", "percents"]),
    (opts("survival", "plotSymbolsAt"), ["all", "censoredOnly"]),
    (opts("survival", "errorBars"), ["none", "se", "ci95"]),
    (opts("partsOfWhole", "orientation"), ["horizontal", "vertical"]),
    (opts("multipleVariables", "kind"), ["bubble", "scatter", "volcano", "forest"]),
    (params("ttest", "design"), ["unpaired", "paired"]),
    (params("ttest", "variance"), ["welch", "equal"]),
    (params("linearRegression", "confidenceLevel"), [90, 95, 99]),
    (params("nonlinearRegression", "model"), ["logX", "linearX"]),
    (params("frequencyDistribution", "output"), ["count", "fraction", "percent"]),
    (params("correlationMatrix", "method"), ["pearson", "spearman"]),
    # schema version 2 (v2-design.md section 3)
    (params("ttest", "test"), ["parametric", "nonparametric"]),
    (params("oneSampleTest", "test"), ["t", "wilcoxon"]),
    (
        params("contingencyTest", "test"),
        ["auto", "fisher", "chiSquare", "chiSquareYates", "chiSquareTrend"],
    ),
    (params("nonlinearRegression", "compare"), ["none", "ec50"]),
    (params("survivalComparison", "test"), ["logRank", "gehanBreslowWilcoxon", "logRankTrend"]),
    (
        params("normalityTest", "test"),
        ["dagostinoPearson", "shapiroWilk", "andersonDarling", "kolmogorovSmirnov"],
    ),
    ((*ELEM, "violin", "properties", "smoothing"), ["low", "medium", "high"]),
    ((*ELEM, "symbol", "properties", "symbolVisibility"), ["all", "censoredOnly"]),
    ((*ELEM, "errorBar", "properties", "direction"), ["above", "below", "both"]),
    ((*ELEM, "line", "properties", "drawOrder"), ["underneathErrorBars", "onTopOfErrorBars"]),
    ((*ELEM, "line", "properties", "connect"), ["straight", "staircase", "spline"]),
    ((*ELEM, "median", "properties", "drawOrder"), ["underneath", "onTop"]),
    ((*ELEM, "areaFill", "properties", "position"), ["belowCurve", "aboveCurve"]),
    ((*SLOT, "show"), ["nothing", "plottedValue", "sampleSize"]),
    ((*SLOT, "direction"), ["vertical", "horizontal"]),
    ((*SLOT, "format"), ["decimal", "scientific"]),
    ((*SLOT, "thousands"), ["none", "comma", "space", "apostrophe"]),
    ((*ELEM, "heatCell", "properties", "missingMark"), ["none", "cross"]),
    ((*ELEM, "confidenceBand", "properties", "display"), ["fill", "lines"]),
    ((*ELEM, "pointLabel", "properties", "placement"), ["above", "below", "right", "left"]),
    ((*SETTINGS, "direction"), ["vertical", "horizontal"]),
    ((*SETTINGS, "baseline"), ["automatic", "manual", "hidden"]),
    ((*SETTINGS, "scatterAppearance"), ["standard", "classic", "expanded"]),
    ((*SETTINGS, "missingValuePolicy"), ["gap", "connectAdjacent"]),
    (
        (*FRAME, "originMode"),
        ["automatic", "lowerLeft", "upperLeft", "lowerRight", "upperRight", "custom"],
    ),
    ((*FRAME, "shape"), ["autoWide", "autoTall", "wide", "tall", "square", "custom"]),
    (
        (*FRAME, "frameStyle"),
        ["noFrame", "offsetXY", "plainFrame", "frameWithTicksMirrored", "frameWithTicksInward"],
    ),
    ((*FRAME, "hideAxes"), ["showBoth", "hideX", "hideY", "hideBoth"]),
    ((*D, "Ticks", "properties", "direction"), ["none", "left", "right", "up", "down", "both"]),
    ((*D, "Ticks", "properties", "length"), ["short", "normal", "long"]),
    (
        (*GRAPH, "axesOverrides", "properties", "xCategorical", "properties", "labelRotation"),
        ["auto", "stacked"],
    ),
]

#: Enumerations plotdoc defines for the open objects of section 2.12, from the registries.
PLOTDOC_ENUMS: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
    ((*GRAPH, "legend", "properties", "position"), S.LEGEND_POSITIONS),
    ((*D, "NumberFormat", "properties", "format"), S.AXIS_NUMBER_FORMATS),
    (
        (*GRAPH, "axesOverrides", "properties", "leftY", "properties", "scale"),
        S.AXIS_SCALES,
    ),
    ((*D, "Annotation", "annotation:shape", "shape"), S.ANNOTATION_SHAPES),
    ((*D, "Annotation", "annotation:text", "align"), S.TEXT_ALIGNS),
    ((*D, "Annotation", "annotation:text", "coordinates"), S.ANNOTATION_COORDINATES),
    ((*D, "Annotation", "annotation:shape", "coordinates"), S.ANNOTATION_COORDINATES),
    ((*D, "Table", "properties", "entry"), ENTRIES),
    ((*D, "Annotation", "annotation:bracket", "label"), S.BRACKET_LABELS),
    # version 2's methods (v2-design section 3)
    (params("oneWayAnova", "test"), M.METHODS["oneWayAnova"].param("test").choices),
    (params("oneWayAnova", "comparisons"), ("none", "allPairs", "versusControl", "selectedPairs")),
    (
        params("oneWayAnova", "correction"),
        (
            "auto",
            "tukey",
            "dunnett",
            "sidak",
            "bonferroni",
            "holmSidak",
            "dunn",
            "gamesHowell",
            "fdr",
        ),
    ),
    (params("twoWayAnova", "comparisons"), ("none", "withinRows", "withinDataSets", "allCells")),
    (params("twoWayAnova", "correction"), ("auto", "tukey", "sidak", "bonferroni")),
    # version 2: every analysis takes a P value style (v2-design section 3)
    *((params(m, "pValueStyle"), ("graphpad", "apa", "nejm", "exact")) for m in METHODS),
]


def _values(node: dict[str, Any]) -> list[Any]:
    """An enumeration's values: ``enum``, or the constants of a ``oneOf`` of constants."""
    if "enum" in node:
        return list(node["enum"])
    if "oneOf" in node:
        out: list[Any] = []
        for option in node["oneOf"]:
            if "const" in option:
                out.append(option["const"])
            elif "enum" in option:
                out.extend(option["enum"])
        return out
    raise AssertionError(f"not an enumeration: {node}")


def at(path: tuple[str, ...]) -> dict[str, Any]:
    """The schema node at ``path``; ``$ref`` followed, ``kind:value`` picks a oneOf option."""
    node: Any = SCHEMA
    for part in path:
        while "$ref" in node:
            node = SCHEMA["definitions"][node["$ref"].split("/")[-1]]
        if ":" in part:
            kind, value = part.split(":")
            key = {"plot": "family", "analysis": "method", "annotation": "type"}[kind]
            options = [o for o in node["oneOf"] if o["properties"][key].get("const") == value]
            assert len(options) == 1, path
            node = options[0]["properties"]
        else:
            node = node[part]
    while "$ref" in node:
        node = SCHEMA["definitions"][node["$ref"].split("/")[-1]]
    assert isinstance(node, dict)
    return node


# -- the schema itself ------------------------------------------------------------------------


def test_schema_is_a_valid_draft7_schema() -> None:
    jsonschema.Draft7Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#"


@pytest.mark.parametrize("version", sorted(SCHEMA_FILES))
def test_build_schema_reproduces_the_shipped_file(version: int) -> None:
    assert dumps_schema(build_schema(version)) == schema_bytes(version)


@pytest.mark.parametrize(("path", "expected"), CONTRACT_ENUMS, ids=lambda v: str(v)[-60:])
def test_contract_enumeration(path: tuple[str, ...], expected: list[Any]) -> None:
    assert _values(at(path)) == expected


@pytest.mark.parametrize(("path", "expected"), PLOTDOC_ENUMS, ids=lambda v: str(v)[-60:])
def test_plotdoc_enumeration(path: tuple[str, ...], expected: tuple[str, ...]) -> None:
    assert _values(at(path)) == list(expected)


def _all_enums(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    if isinstance(node, dict):
        if "enum" in node and path[-1:] != ("not",) and "propertyNames" not in path:
            yield path, node["enum"]
        for key, sub in node.items():
            yield from _all_enums(sub, (*path, key))
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from _all_enums(sub, (*path, str(i)))


def test_every_enumeration_of_the_schema_is_a_known_list() -> None:
    known = [list(v) for _, v in CONTRACT_ENUMS] + [list(v) for _, v in PLOTDOC_ENUMS]
    known += [list(S.VALUE_SHOW)]  # (same list reached through the other value slots)
    found = list(_all_enums(SCHEMA))
    assert len(found) > 60
    unknown = [(p, v) for p, v in found if v not in known]
    assert unknown == []


def test_plot_families_and_analysis_methods() -> None:
    plot = at((*GRAPH, "plot"))
    # in the order of the contract's options table (2.5), one per family
    families = [o["properties"]["family"]["const"] for o in plot["oneOf"]]
    assert sorted(families) == sorted(FAMILIES) and len(families) == len(FAMILIES)
    analyses = at((*D, "AnalysisInstance"))
    assert [o["properties"]["method"]["const"] for o in analyses["oneOf"]] == METHODS
    annotations = at((*D, "Annotation"))
    assert [o["properties"]["type"]["const"] for o in annotations["oneOf"]] == [
        "bracket",
        "text",
        "shape",
    ]


def test_element_override_set_fields() -> None:
    elements = at((*D, "ElementOverrideSet"))["properties"]
    assert list(elements) == list(ELEMENT_FIELDS)
    for key, fields in ELEMENT_FIELDS.items():
        assert list(elements[key]["properties"]) == fields, key
        assert elements[key]["additionalProperties"] is False


def test_mapping_roles() -> None:
    mapping = at(opts("multipleVariables", "mapping"))
    roles = ["x", "y", "size", "color", "shape", "label", "lower", "upper"]
    assert list(mapping["properties"]) == roles
    assert mapping["required"] == ["x"]


def test_registries_equal_the_contract() -> None:
    assert list(FAMILY_IDS) == FAMILIES
    assert list(VARIANT_IDS) == VARIANTS
    assert list(S.PRESET_IDS) == PRESETS
    assert list(S.SYMBOL_SHAPES) == SYMBOL_SHAPES
    assert list(METHOD_IDS) == METHODS
    assert list(P.COLUMN_MODES) == COLUMN_MODES
    assert list(P.GROUPED_MODES) == GROUPED_MODES
    assert list(S.PATTERN_REFS) == PATTERN_REFS
    assert list(S.DASH_STYLES) == DASH_STYLES
    assert list(S.CAP_STYLES) == CAP_STYLES
    assert list(P.XY_CENTERS) == XY_CENTERS
    assert list(P.XY_ERRORS) == XY_ERRORS
    assert list(S.ELEMENT_KEYS) == list(ELEMENT_FIELDS)
    assert list(M.CONFIDENCE_LEVELS) == [90, 95, 99]
    assert list(P.MV_KINDS) == ["bubble", "scatter", "volcano", "forest"]


def test_contract_limits_in_the_schema() -> None:
    root = SCHEMA["properties"]
    assert root["tables"]["maxItems"] == 200
    table = at((*D, "Table", "properties"))
    assert table["dataSets"]["minItems"] == 1 and table["dataSets"]["maxItems"] == 500
    assert table["replicates"]["minimum"] == 1 and table["replicates"]["maximum"] == 64
    assert table["analyses"]["maxItems"] == 200
    assert table["annotations"]["maxItems"] == 2000
    assert table["name"]["maxLength"] == 200
    assert table["id"]["minLength"] == 1 and table["id"]["maxLength"] == 128
    values = at((*D, "DataSet", "properties", "values"))
    assert values["maxItems"] == 200_000
    assert values["items"]["maxItems"] == 64
    assert values["items"]["items"]["maxLength"] == 1000
    meta = root["meta"]["properties"]
    assert meta["title"]["maxLength"] == 200
    assert meta["description"]["maxLength"] == 2000
    assert meta["authors"]["maxItems"] == 50
    assert root["$schema"]["maxLength"] == 500
    assert root["generator"]["properties"]["version"]["maxLength"] == 300


# -- documents -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", examples.example_names())
def test_example_valid_for_both_validators(name: str) -> None:
    doc = json.loads(examples.example_bytes(name))
    assert PY.is_valid(doc)
    assert RS.is_valid(doc)


def _base() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(examples.example_bytes("column-scatter-bar"))
    return doc


def _edit(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    doc = copy.deepcopy(_base())
    change(doc)
    return doc


def _t(doc: dict[str, Any]) -> dict[str, Any]:
    table: dict[str, Any] = doc["tables"][0]
    return table


INVALID: dict[str, Callable[[dict[str, Any]], None]] = {
    "unknown root key": lambda d: d.update(colour="red"),
    "unknown table key": lambda d: _t(d).update(notes="x"),
    "unknown nested key": lambda d: _t(d)["graph"].update(theme="dark"),
    "unknown plot option": lambda d: _t(d)["graph"]["plot"]["options"].update(jitter=1),
    "wrong variant": lambda d: _t(d)["graph"].update(variantId="pie"),
    "wrong family": lambda d: _t(d).update(format="table"),
    "wrong preset": lambda d: _t(d)["graph"].update(activePresetId="dark"),
    "wrong mode": lambda d: _t(d)["graph"]["plot"]["options"].update(mode="average"),
    "missing tables": lambda d: d.pop("tables"),
    "missing format": lambda d: d.pop("format"),
    "wrong format constant": lambda d: d.update(format="prism"),
    "newer schema version": lambda d: d.update(schemaVersion=3),
    "older schema version": lambda d: d.update(schemaVersion=1),
    "too-long table name": lambda d: _t(d).update(name="n" * 201),
    "too-long data set name": lambda d: _t(d)["dataSets"][0].update(name="n" * 201),
    "empty data set name": lambda d: _t(d)["dataSets"][0].update(name=""),
    "empty id": lambda d: _t(d).update(id=""),
    "too-long text cell": lambda d: _t(d)["dataSets"][0]["values"].append(["t" * 1001]),
    "object cell": lambda d: _t(d)["dataSets"][0]["values"].append([{}]),
    "boolean cell": lambda d: _t(d)["dataSets"][0]["values"].append([True]),
    "no data sets": lambda d: _t(d).pop("dataSets"),
    "empty data sets": lambda d: _t(d).update(dataSets=[]),
    "replicates 65": lambda d: _t(d).update(replicates=65),
    "replicates 0": lambda d: _t(d).update(replicates=0),
    "bad hex": lambda d: _t(d)["graph"].update(
        styleOverrides={"global": {"bar": {"fill": {"hex": "#12"}}}}
    ),
    "alpha above 1": lambda d: _t(d)["graph"].update(
        styleOverrides={"global": {"bar": {"fill": {"hex": "#123", "alpha": 2}}}}
    ),
    "forbidden usermeta key": lambda d: d.update(usermeta={"a": {"__proto__": 1}}),
    "bad timestamp": lambda d: d.update(createdAt="2024-05-01 12:00"),
    "derivedFrom without analysisId": lambda d: d["tables"].append(
        {"format": "grouped", "derivedFrom": {"sourceTableId": "sleep"}}
    ),
    "too-long data set id key": lambda d: _t(d)["graph"].update(
        dataSetVisibility={"k" * 129: False}
    ),
    "data set index as a mapping role": lambda d: _t(d)["graph"]["plot"].update(
        family="multipleVariables", options={"kind": "scatter", "mapping": {"x": 0}}
    ),
    "group anchor of version 1": lambda d: _t(d).update(
        annotations=[
            {
                "type": "bracket",
                "left": {"kind": "group", "groupIndex": 0},
                "right": {"kind": "group", "groupIndex": 1},
            }
        ]
    ),
    "shape with one point": lambda d: _t(d).update(
        annotations=[{"type": "shape", "shape": "line", "points": [{"x": 0, "y": 0}]}]
    ),
    "confidence level 80": lambda d: _t(d).update(
        analyses=[{"method": "linearRegression", "params": {"confidenceLevel": 80}}]
    ),
    "unknown method": lambda d: _t(d).update(analyses=[{"method": "anova"}]),
    "too many tables": lambda d: d.update(tables=[_t(d)] * 201),
    "meta without title": lambda d: d["meta"].pop("title"),
}


@pytest.mark.parametrize("name", list(INVALID))
def test_invalid_document_fails_both_validators(name: str) -> None:
    doc = _edit(INVALID[name])
    assert not PY.is_valid(doc)
    assert not RS.is_valid(doc)


def test_base_of_invalid_documents_is_valid() -> None:
    assert PY.is_valid(_base()) and RS.is_valid(_base())
