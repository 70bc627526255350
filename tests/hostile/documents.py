"""Documents for hostile tests: a minimal one, a complete one derived from the node description,
and a walk over every field of the complete one with the node that describes it.

Nothing here knows the v1 fields by hand except the semantic glue (a family, a matching
variant and plot); everything else is read from :mod:`plotdoc.contract.document`, so a field
added to the contract is covered by the wrong-type and fuzz tests without editing them.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import orjson

from plotdoc.contract.document import HEX_PATTERN, INDEX_KEY_PATTERN
from plotdoc.contract.document import TIMESTAMP_PATTERN as TS_PATTERN
from plotdoc.contract.nodes import (
    AnyValue,
    Arr,
    Bool,
    Cells,
    Const,
    Enum,
    Map,
    Node,
    Null,
    Num,
    Obj,
    OneOf,
    Ref,
    Str,
    accepted_types,
)
from plotdoc.contract.site import CURRENT_VERSION
from plotdoc.contract.versions import description
from plotdoc.migrations.v1_to_v2 import KEY_MAPS, path_get
from plotdoc.problems import Path

#: the current version's file description: what the documents here are made from
ROOT, DEFINITIONS = description(CURRENT_VERSION)

Json = Any

#: A string that matches each pattern of the node description.
PATTERN_SAMPLES: dict[str, str] = {
    TS_PATTERN: "2024-05-01T12:00:00Z",
    HEX_PATTERN: "#a0b1c2",
    INDEX_KEY_PATTERN: "0",
}

#: One value of each JSON type, to substitute for a value of another type.
TYPE_SAMPLES: dict[str, Json] = {
    "string": "wrong",
    "number": 1.5,
    "boolean": True,
    "null": None,
    "array": [],
    "object": {},
}


def minimal() -> dict[str, Json]:
    """The contract's minimal document: one column table, two data sets, a scatter-bar graph."""
    return {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "format": "column",
                "dataSets": [
                    {"name": "Control", "values": [[1.0], [2.0], [3.0]]},
                    {"name": "Treated", "values": [[4.0], [5.0], [6.0]]},
                ],
                "graph": {
                    "variantId": "scatter-bar",
                    "plot": {"family": "column", "options": {"mode": "meanWithSd"}},
                },
            }
        ],
    }


def encode(doc: Json) -> bytes:
    """Compact UTF-8 JSON, as a tool would write it."""
    return orjson.dumps(doc)


def resolve_ref(node: Node) -> Node:
    while isinstance(node, Ref):
        node = DEFINITIONS[node.name]
    return node


def example(node: Node, *, deep: bool = True) -> Json:
    """A structurally valid value for ``node`` that fills every field (``deep``) it can."""
    node = resolve_ref(node)
    if isinstance(node, Str):
        if node.pattern is not None:
            return PATTERN_SAMPLES[node.pattern]
        return "s" * max(1, node.min_len)
    if isinstance(node, Const):
        return node.value
    if isinstance(node, Enum):
        return node.values[0]
    if isinstance(node, Num):
        return _number(node)
    if isinstance(node, Bool):
        return True
    if isinstance(node, Null):
        return None
    if isinstance(node, AnyValue):
        return {"tool": {"list": [1, "two", None, True]}}
    if isinstance(node, Cells):
        return [[1.0], [2.5]]
    if isinstance(node, Arr):
        items = resolve_ref(node.items)
        if isinstance(items, OneOf) and items.discriminator is not None:
            values = [example(o, deep=deep) for o in items.options]
        else:
            values = [example(items, deep=deep)]
        while len(values) < node.min_items:
            values.append(copy.deepcopy(values[-1]))
        return values[: node.max_items] if node.max_items is not None else values
    if isinstance(node, Obj):
        keys = node.props if deep else node.required
        return {k: example(node.props[k], deep=deep) for k in keys}
    if isinstance(node, Map):
        key = PATTERN_SAMPLES[node.key_pattern] if node.key_pattern else "Control"
        return {key: example(node.values, deep=deep)}
    if isinstance(node, OneOf):
        # the richest alternative: an object or array if there is one, so its fields are covered
        ranked = sorted(node.options, key=lambda o: _richness(resolve_ref(o)), reverse=True)
        return example(ranked[0], deep=deep)
    raise TypeError(f"no example for {type(node).__name__}")


def _richness(node: Node) -> int:
    if isinstance(node, (Obj, Map)):
        return 2
    if isinstance(node, (Arr, Cells)):
        return 1
    return 0


def _number(node: Num) -> int | float:
    value: float = 0
    if node.minimum is not None:
        value = node.minimum
    if node.exclusive_minimum is not None:
        value = node.exclusive_minimum + (1 if node.maximum is None else 0)
        if node.maximum is not None:
            value = (node.exclusive_minimum + node.maximum) / 2
    if node.maximum is not None and value > node.maximum:
        value = node.maximum
    return int(value) if node.integer else float(value)


def complete() -> dict[str, Json]:
    """A document that fills every field of the node description and opens.

    The structural parts come from :func:`example`; the semantic glue (ids that refer to each
    other, a variant of the table's family, a plot of that family) is set by hand.
    """
    doc: dict[str, Json] = example(ROOT)
    table = doc["tables"][0]
    table.pop("derivedFrom")
    table.pop("variableTypes")
    table.pop("rowLabels")
    table["id"] = "t1"
    table["format"] = "xy"
    table["replicates"] = 2
    table["x"] = [1.0, 2.0]
    table["dataSets"] = [
        {"name": "Control", "values": [[1.0, 1.5], [2.0, None]]},
        {"name": "Treated", "values": [[3.0, 3.5], [4.0, 4.5]]},
    ]
    graph = table["graph"]
    graph["variantId"] = "xy-points-error"
    graph["plot"] = {"family": "xy", "options": example(_plot_options("xy"))}
    for km in KEY_MAPS:  # keyed by data set id
        keys = path_get(table, km.path)
        if keys:
            value = keys.popitem()[1]
            keys.clear()
            keys["Control"] = value
    for n, analysis in enumerate(table["analyses"]):
        analysis["id"] = f"a{n}"
        if analysis["method"] == "ttest":
            analysis["params"].update(groupA="Control", groupB="Treated")
    table["analyses"] = [
        a for a in table["analyses"] if a["method"] in ("ttest", "linearRegression")
    ]
    for n, ann in enumerate(table["annotations"]):
        ann["id"] = f"n{n}"
        if ann["type"] == "bracket":
            ann["left"] = {"kind": "dataSet", "dataSetId": "Control"}
            ann["right"] = {"kind": "dataSet", "dataSetId": "Treated"}
            if "analysisId" in ann:  # follows the t test of those two data sets
                ann["analysisId"] = next(
                    a["id"] for a in table["analyses"] if a["method"] == "ttest"
                )
    doc["view"]["activeTableId"] = "t1"
    return doc


def _plot_options(family: str) -> Node:
    plot = resolve_ref(DEFINITIONS["GraphDocument"])
    assert isinstance(plot, Obj)
    one_of = resolve_ref(plot.props["plot"])
    assert isinstance(one_of, OneOf)
    for option in one_of.options:
        option = resolve_ref(option)
        assert isinstance(option, Obj)
        fam = option.props["family"]
        if isinstance(fam, Const) and fam.value == family:
            return option.props["options"]
    raise KeyError(family)


@dataclass(frozen=True)
class Field:
    """One value of a document and the node that describes it."""

    path: Path
    node: Node
    #: the value's object is an alternative chosen by this discriminator key (``type``, ...)
    discriminator: str | None = None


def fields(value: Json, node: Node, path: Path = ()) -> Iterator[Field]:
    """Every value in ``value`` (depth first) with the node that checks it."""
    node = resolve_ref(node)
    if isinstance(node, OneOf):
        chosen = _choose(node, value)
        if chosen is None:
            return
        yield Field(path, node)
        inner = resolve_ref(chosen)
        if node.discriminator is not None and isinstance(inner, Obj):
            for key, item in value.items():
                sub = inner.props[key]
                if key == node.discriminator:
                    yield Field((*path, key), sub, node.discriminator)
                else:
                    yield from fields(item, sub, (*path, key))
        elif not isinstance(inner, (Const, Enum, Str, Num, Bool, Null)):
            yield from _children(value, inner, path)
        return
    yield Field(path, node)
    yield from _children(value, node, path)


def _children(value: Json, node: Node, path: Path) -> Iterator[Field]:
    if isinstance(node, Obj):
        for key, item in value.items():
            yield from fields(item, node.props[key], (*path, key))
    elif isinstance(node, Map):
        for key, item in value.items():
            yield from fields(item, node.values, (*path, key))
    elif isinstance(node, Arr):
        for i, item in enumerate(value):
            yield from fields(item, node.items, (*path, i))
    elif isinstance(node, Cells):
        for r, row in enumerate(value):
            yield Field((*path, r), _ROW)
            for c, _ in enumerate(row):
                yield Field((*path, r, c), _CELL)


#: stand-ins for a row and a cell of a data set's values
_ROW = Arr(items=AnyValue())
_CELL = OneOf(options=(Num(), Null(), Str()))


def _choose(node: OneOf, value: Json) -> Node | None:
    from plotdoc.contract.nodes import json_type_name

    jtype = json_type_name(value)
    fits = [o for o in node.options if jtype in accepted_types(o, DEFINITIONS)]
    if node.discriminator is not None and isinstance(value, dict):
        for option in fits:
            obj = resolve_ref(option)
            assert isinstance(obj, Obj)
            tag = obj.props[node.discriminator]
            if isinstance(tag, Const) and tag.value == value.get(node.discriminator):
                return option
        return None
    return fits[0] if fits else None


def other_types(node: Node) -> list[str]:
    """JSON types the node refuses (``number`` stands for integers too)."""
    if isinstance(node, AnyValue):
        return []
    accepted = accepted_types(node, DEFINITIONS)
    return [t for t in TYPE_SAMPLES if t not in accepted]


def get(doc: Json, path: Path) -> Json:
    for part in path:
        doc = doc[part]
    return doc


def put(doc: Json, path: Path, value: Json) -> None:
    """Replace the value at ``path`` (which must exist) in place."""
    parent = get(doc, path[:-1])
    parent[path[-1]] = value


def family_table(family: str, *, replicates: int | None = None, rows: int = 3) -> dict[str, Json]:
    """A valid table of ``family`` with two data sets and the family's default graph."""
    from plotdoc.contract.families import FAMILIES
    from plotdoc.contract.variants import default_variant

    fam = FAMILIES[family]
    reps = replicates if replicates is not None else max(1, fam.min_replicates)
    table: dict[str, Json] = {"format": family, "replicates": reps}
    if fam.has_x:
        table["x"] = [float(r) for r in range(rows)]
    if family == "survival":
        cells: list[list[Json]] = [[float(r % 2)] for r in range(rows)]
        table["dataSets"] = [{"name": n, "values": cells} for n in ("A", "B")]
    else:
        table["dataSets"] = [
            {"name": n, "values": [[float(r + k + d) for k in range(reps)] for r in range(rows)]}
            for d, n in enumerate(("A", "B"))
        ]
    if family in ("grouped", "contingency", "partsOfWhole"):
        table["rowLabels"] = [f"row {r}" for r in range(rows)]
    if family == "multipleVariables":
        table["dataSets"][1]["values"] = [["label"] for _ in range(rows)]
        table["variableTypes"] = {"B": "label"}
        table["graph"] = {
            "variantId": "mv-scatter",
            "plot": {
                "family": family,
                "options": {"kind": "scatter", "mapping": {"x": 0, "y": 0, "label": 1}},
            },
        }
    else:
        table["graph"] = {"variantId": default_variant(family, reps)}
    return table


def seeds() -> list[dict[str, Json]]:
    """Valid documents to start mutating from: minimal, complete, and one per family."""
    from plotdoc.contract.families import FAMILY_IDS

    out = [minimal(), complete()]
    for family in FAMILY_IDS:
        out.append(
            {"format": "plotdoc-project", "schemaVersion": 1, "tables": [family_table(family)]}
        )
    out.append(
        {
            "format": "plotdoc-project",
            "schemaVersion": 1,
            "tables": [
                {
                    **family_table("column"),
                    "id": "src",
                    "analyses": [{"id": "f", "method": "frequencyDistribution"}],
                },
                {"format": "grouped", "derivedFrom": {"sourceTableId": "src", "analysisId": "f"}},
            ],
        }
    )
    return out
