"""Hypothesis strategies: valid documents drawn from the node description, and their mutants.

:func:`from_node` draws a structurally valid value for any node of
:mod:`plotdoc.contract.document`; :func:`documents` adds the semantic glue (a family, a variant
of that family available for the replicate count, a plot of the same family, data sets whose
rows fit the replicates) so every drawn document opens. :func:`mutants` then breaks one: drops
a key, changes a type, inserts a forbidden key, truncates or flips bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hypothesis import strategies as st

from plotdoc.contract.families import FAMILIES, FAMILY_IDS
from plotdoc.contract.limits import FORBIDDEN_KEYS
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
)
from plotdoc.contract.variants import VARIANTS
from plotdoc.contract.versions import description

from .documents import PATTERN_SAMPLES, TYPE_SAMPLES, Json, encode, resolve_ref

#: the documents drawn here are of version 1 (data sets by index and name): its description
ROOT, DEFINITIONS = description(1)

#: Surrogate code points cannot be written as UTF-8.
_NO_SURROGATES: tuple[Literal["Cs"], ...] = ("Cs",)

#: Keep drawn strings and arrays small: limits have their own tests.
SMALL = 4

_text = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=_NO_SURROGATES), max_size=SMALL
)
_safe_key = _text.filter(lambda k: k not in FORBIDDEN_KEYS)

json_values: st.SearchStrategy[Json] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _text,
    lambda inner: (
        st.lists(inner, max_size=SMALL) | st.dictionaries(_safe_key, inner, max_size=SMALL)
    ),
    max_leaves=12,
)


def from_node(node: Node) -> st.SearchStrategy[Json]:
    """A structurally valid value for ``node`` (optional object keys drawn or left out)."""
    node = resolve_ref(node)
    if isinstance(node, Str):
        if node.pattern is not None:
            return st.just(PATTERN_SAMPLES[node.pattern])
        top = min(node.max_len if node.max_len is not None else SMALL, max(SMALL, node.min_len))
        return st.text(
            alphabet=st.characters(codec="utf-8", exclude_categories=_NO_SURROGATES),
            min_size=node.min_len,
            max_size=top,
        )
    if isinstance(node, Const):
        return st.just(node.value)
    if isinstance(node, Enum):
        return st.sampled_from(node.values)
    if isinstance(node, Num):
        return _numbers(node)
    if isinstance(node, Bool):
        return st.booleans()
    if isinstance(node, Null):
        return st.none()
    if isinstance(node, AnyValue):
        return json_values
    if isinstance(node, Cells):
        cell = st.none() | st.floats(allow_nan=False, allow_infinity=False, width=64)
        return st.lists(st.lists(cell, min_size=1, max_size=1), max_size=SMALL)
    if isinstance(node, Arr):
        top = node.max_items if node.max_items is not None else SMALL
        return st.lists(
            from_node(node.items),
            min_size=node.min_items,
            max_size=min(top, max(SMALL, node.min_items)),
        )
    if isinstance(node, Obj):
        return _object(node)
    if isinstance(node, Map):
        if node.key_pattern is not None:
            keys: st.SearchStrategy[str] = st.integers(0, 5).map(str)
        else:
            keys = _safe_key.filter(
                lambda k: node.key_max_len is None or len(k) <= node.key_max_len
            )
        return st.dictionaries(keys, from_node(node.values), max_size=2)
    if isinstance(node, OneOf):
        return st.one_of(*(from_node(o) for o in node.options))
    if isinstance(node, Ref):  # pragma: no cover - resolved above
        return from_node(DEFINITIONS[node.name])
    raise TypeError(type(node).__name__)


def _numbers(node: Num) -> st.SearchStrategy[Json]:
    lo = node.minimum
    hi = node.maximum
    if node.integer:
        return st.integers(
            int(lo) if lo is not None else -(2**53), int(hi) if hi is not None else 2**53
        )
    return st.floats(
        min_value=lo if lo is not None else node.exclusive_minimum,
        max_value=hi,
        exclude_min=node.exclusive_minimum is not None and lo is None,
        allow_nan=False,
        allow_infinity=False,
    )


@st.composite
def _object(draw: st.DrawFn, node: Obj) -> dict[str, Json]:
    out: dict[str, Json] = {}
    for key, sub in node.props.items():
        if key in node.required or draw(st.booleans()):
            out[key] = draw(from_node(sub))
    return out


def _prop(*path: str) -> Node:
    """The node of a nested property of a definition: _prop("GraphDocument", "legend")."""
    node = resolve_ref(DEFINITIONS[path[0]])
    for key in path[1:]:
        assert isinstance(node, Obj)
        node = resolve_ref(node.props[key])
    return node


def _root(key: str) -> Node:
    assert isinstance(ROOT, Obj)
    return ROOT.props[key]


#: graph fields with no semantic tie to the table (wrong data set keys only warn)
FREE_GRAPH_KEYS = (
    "activePresetId",
    "applyPresetNonColor",
    "styleOverrides",
    "graphSettingsOverride",
    "axesOverrides",
    "plotGeometry",
    "dataSetVisibility",
    "elementActivation",
    "legend",
    "partsOfWholeBorders",
)


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Json]:
    family_id = draw(st.sampled_from(FAMILY_IDS))
    family = FAMILIES[family_id]
    if family.replicate_rule == "fixed-1":
        replicates = 1
    elif family.min_replicates >= 2:
        replicates = draw(st.integers(2, 4))
    else:
        replicates = draw(st.integers(1, 4))
    rows = draw(st.integers(1, 5))
    sets = draw(st.integers(2, 3))
    cell = st.none() | st.floats(-1e6, 1e6, allow_nan=False)
    if family_id == "survival":
        cell = st.sampled_from((0.0, 1.0, None))
    data_sets = [
        {
            "name": f"set {d}",
            "values": draw(
                st.lists(
                    st.lists(cell, min_size=1, max_size=replicates), min_size=rows, max_size=rows
                )
            ),
        }
        for d in range(sets)
    ]
    table: dict[str, Json] = {"format": family_id, "replicates": replicates, "dataSets": data_sets}
    if draw(st.booleans()):
        table["name"] = draw(from_node(_prop("Table", "name")))
    if family.has_x and draw(st.booleans()):
        table["x"] = draw(st.lists(cell, min_size=rows, max_size=rows))
    variants = [
        v for v in VARIANTS.values() if v.family == family_id and v.available_for(replicates)
    ]
    variant = draw(st.sampled_from(variants))
    graph: dict[str, Json] = {"variantId": variant.id}
    if family_id == "multipleVariables":
        kind = variant.own_defaults["kind"]
        mapping = {"x": 0, "y": 1, "size": 1, "lower": 0, "upper": 1}
        graph["plot"] = {"family": family_id, "options": {"kind": kind, "mapping": mapping}}
    for key in FREE_GRAPH_KEYS:
        if draw(st.integers(0, 3)) == 0:
            graph[key] = draw(from_node(_prop("GraphDocument", key)))
    table["graph"] = graph
    if draw(st.booleans()):
        table["titles"] = draw(from_node(_prop("Table", "titles")))
    if draw(st.booleans()):
        table["usermeta"] = draw(from_node(_prop("Table", "usermeta")))
    if draw(st.booleans()):
        table["annotations"] = draw(
            st.lists(from_node(DEFINITIONS["Annotation"]), max_size=2).map(_without_ids)
        )
    return table


def _without_ids(items: list[dict[str, Json]]) -> list[dict[str, Json]]:
    for item in items:
        item.pop("id", None)  # generated ids are unique; drawn ones might collide
    return items


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Json]:
    """A document that opens (possibly with warnings)."""
    doc: dict[str, Json] = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": draw(st.lists(tables(), min_size=1, max_size=3)),
    }
    for key in ("$schema", "generator", "createdAt", "modifiedAt", "meta", "usermeta"):
        if draw(st.integers(0, 2)) == 0:
            doc[key] = draw(from_node(_root(key)))
    return doc


# -- mutants -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    """Bytes made from a valid document, and what was done to it."""

    data: bytes
    how: str
    #: where the mutation happened, for mutations that promise a problem there
    path: tuple[str | int, ...] = ()


def _containers(
    doc: Json, path: tuple[str | int, ...] = ()
) -> list[tuple[tuple[str | int, ...], Json]]:
    out = [(path, doc)]
    if isinstance(doc, dict):
        for k, v in doc.items():
            if isinstance(v, (dict, list)):
                out.extend(_containers(v, (*path, k)))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            if isinstance(v, (dict, list)):
                out.extend(_containers(v, (*path, i)))
    return out


@st.composite
def mutants(draw: st.DrawFn) -> Mutant:
    doc = draw(documents())
    how = draw(
        st.sampled_from(("drop-key", "change-type", "forbidden-key", "truncate", "flip-byte"))
    )
    places = _containers(doc)
    if how == "forbidden-key":
        objects = [(p, c) for p, c in places if isinstance(c, dict)]
        path, target = draw(st.sampled_from(objects))
        key = draw(st.sampled_from(sorted(FORBIDDEN_KEYS)))
        target[key] = draw(json_values)
        return Mutant(encode(doc), how, (*path, key))
    if how in ("drop-key", "change-type"):
        objects = [(p, c) for p, c in places if isinstance(c, dict) and c]
        path, target = draw(st.sampled_from(objects))
        key = draw(st.sampled_from(sorted(target)))
        if how == "drop-key":
            del target[key]
        else:
            target[key] = draw(st.sampled_from(list(TYPE_SAMPLES.values())))
        return Mutant(encode(doc), how, (*path, key))
    data = encode(doc)
    if how == "truncate":
        return Mutant(data[: draw(st.integers(0, len(data) - 1))], how)
    at = draw(st.integers(0, len(data) - 1))
    bit = draw(st.integers(0, 7))
    flipped = data[:at] + bytes([data[at] ^ (1 << bit)]) + data[at + 1 :]
    return Mutant(flipped, how)


__all__ = ["Mutant", "documents", "from_node", "json_values", "mutants", "tables"]
