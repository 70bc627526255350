"""The shape of a version 2 file: the model's description with data sets referred to by id.

:mod:`plotdoc.contract.document` describes a document as plotdoc holds it, where data sets
are still referred to as version 1 wrote them (by name in some keys, by index in others).
Version 2 gives every data set an `id` and refers to data sets only by id (v2-design section
1); this module replaces exactly the nodes that carry such a reference, and shares every other
node. The schema ``schemas/v2.json`` and the structural check of a version 2 file are built
from :data:`ROOT` and :data:`DEFINITIONS` here.
"""

from __future__ import annotations

from dataclasses import replace

from ...analyses.methods.spec import pairs_node
from .. import document as M
from .. import limits as L
from ..methods import METHODS
from ..nodes import Const, Map, Node, Obj, OneOf, Str, nullable

VERSION = 2

#: A data set id, as a value.
DATA_SET_ID = Str(min_len=1, max_len=L.ID_MAX, doc="A data set's id.")


def _id_map(old: Node, doc: str) -> Map:
    """``old`` (a map keyed by data set name or index) keyed by data set id."""
    assert isinstance(old, Map)
    return Map(
        values=old.values, key_max_len=L.ID_MAX, key_doc="a data set id", doc=doc, default={}
    )


def _with(node: Obj, **props: Node) -> Obj:
    return replace(node, props={**node.props, **props})


DATA_SET = replace(
    M.DATA_SET,
    props={
        "id": Str(
            min_len=1,
            max_len=L.ID_MAX,
            doc="Unique within the table; what the file refers to the data set by. Generated "
            "when omitted (the name when it has 1 to 128 characters), always written.",
        ),
        **M.DATA_SET.props,
    },
)

STYLE_OVERRIDES = _with(
    M.STYLE_OVERRIDES,
    perDataSet=_id_map(
        M.STYLE_OVERRIDES.props["perDataSet"],
        "Keyed by data set id or by a semantic key such as `volcano:up`.",
    ),
    perPoint=_id_map(
        M.STYLE_OVERRIDES.props["perPoint"], "Keyed by data set id, then by point (row) index."
    ),
)

ELEMENT_ACTIVATION = _with(
    M.ELEMENT_ACTIVATION,
    perDataSet=_id_map(M.ELEMENT_ACTIVATION.props["perDataSet"], "Keyed by data set id."),
)

LEGEND = _with(
    M.LEGEND,
    itemOverrides=_id_map(
        M.LEGEND.props["itemOverrides"], "Keyed by data set id or semantic id (`volcano:up`)."
    ),
)

MAPPING = Obj(
    props={
        "x": DATA_SET_ID,
        **{r: nullable(DATA_SET_ID) for r in M.MAPPING.props if r != "x"},
    },
    required=("x",),
    doc="Variable roles to data set ids; omitted or null = unmapped.",
)


def _plot_option(option: Node) -> Node:
    assert isinstance(option, Obj)
    family = option.props["family"]
    assert isinstance(family, Const)
    options = option.props["options"]
    assert isinstance(options, Obj)
    if family.value == "partsOfWhole":
        props = {
            ("dataSetId" if k == "dataSetIndex" else k): (
                replace(DATA_SET_ID, doc="The data set drawn; the first when omitted.")
                if k == "dataSetIndex"
                else v
            )
            for k, v in options.props.items()
        }
        return _with(option, options=replace(options, props=props))
    if family.value == "multipleVariables":
        return _with(option, options=_with(options, mapping=MAPPING))
    return option


PLOT = replace(M.PLOT, options=tuple(_plot_option(o) for o in M.PLOT.options))

GRAPH = _with(
    M.GRAPH,
    plot=PLOT,
    styleOverrides=STYLE_OVERRIDES,
    dataSetVisibility=_id_map(
        M.GRAPH.props["dataSetVisibility"], "Keyed by data set id; `false` hides the data set."
    ),
    elementActivation=ELEMENT_ACTIVATION,
    legend=LEGEND,
)


def _analysis_option(option: Node) -> Node:
    """A method's parameters that name data sets take ids (every spec says which)."""
    assert isinstance(option, Obj)
    method = option.props["method"]
    assert isinstance(method, Const)
    spec = METHODS[str(method.value)]
    params = option.props["params"]
    assert isinstance(params, Obj)
    ids: dict[str, Node] = {}
    for name in spec.data_set_params:
        ids[name] = nullable(
            replace(DATA_SET_ID, doc="A data set id; null = the method's default data set.")
        )
    for name in spec.data_set_pair_params:
        ids[name] = pairs_node(DATA_SET_ID)
    return _with(option, params=_with(params, **ids)) if ids else option


ANALYSIS = replace(M.ANALYSIS, options=tuple(_analysis_option(o) for o in M.ANALYSIS.options))

ANCHOR = OneOf(
    discriminator="kind",
    options=(
        Obj(
            props={"kind": Const(value="dataSet"), "dataSetId": DATA_SET_ID},
            required=("kind", "dataSetId"),
            doc="Snapped to the data set with this id.",
        ),
        *(o for o in M.ANCHOR.options if o.props["kind"].value != "group"),  # type: ignore[attr-defined]
    ),
)


def _annotation_option(option: Node) -> Node:
    assert isinstance(option, Obj)
    if option.props.get("left") is not M.ANCHOR:
        return option
    return _with(option, left=ANCHOR, right=ANCHOR)


ANNOTATION = replace(
    M.ANNOTATION, options=tuple(_annotation_option(o) for o in M.ANNOTATION.options)
)

_TYPES = M.TABLE.props["variableTypes"]
assert isinstance(_TYPES, Map)
TABLE = _with(
    M.TABLE,
    variableTypes=replace(
        _TYPES,
        key_max_len=L.ID_MAX,
        key_doc="a data set id",
        doc="multipleVariables only: keyed by data set id; overrides the inferred type.",
    ),
)

ROOT = _with(M.ROOT, schemaVersion=Const(value=VERSION))

DEFINITIONS: dict[str, Node] = {
    **M.DEFINITIONS,
    "Table": TABLE,
    "DataSet": DATA_SET,
    "GraphDocument": GRAPH,
    "AnalysisInstance": ANALYSIS,
    "Annotation": ANNOTATION,
}

__all__ = ["DEFINITIONS", "ROOT"]
