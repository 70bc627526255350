"""Hypothesis strategies: valid plotdoc documents, and documents mutated away from validity."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from plotdoc.contract import plots as P
from plotdoc.contract.families import FAMILIES, FAMILY_IDS
from plotdoc.contract.limits import FORBIDDEN_KEYS
from plotdoc.contract.methods import METHODS
from plotdoc.contract.presets import PRESETS
from plotdoc.contract.variants import variants_of

NUMBERS = st.one_of(
    st.integers(min_value=-1000, max_value=1000),
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False),
)
CELLS = st.one_of(NUMBERS, st.none())
TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
NAMES = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyz ABC0123456789-_", min_size=1, max_size=10
).filter(lambda name: name not in FORBIDDEN_KEYS)
COLORS = st.one_of(
    st.just("theme"),
    st.builds(
        lambda h, a: {"hex": h, "alpha": a},
        st.sampled_from(["#abc", "#A0B1C2", "#000000"]),
        st.floats(min_value=0, max_value=1),
    ),
)
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), NUMBERS, TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(NAMES, inner, max_size=3)),
    max_leaves=8,
)


@st.composite
def tables(draw: st.DrawFn, index: int) -> dict[str, Any]:
    family = FAMILIES[draw(st.sampled_from(FAMILY_IDS))]
    if family.replicate_rule == "fixed-1":
        replicates = 1
    elif family.replicate_rule == "at-least-2":
        replicates = draw(st.integers(2, 3))
    else:
        replicates = draw(st.integers(1, 3))
    names = draw(st.lists(NAMES, min_size=1, max_size=3, unique=True))
    rows = draw(st.integers(0, 5))
    cell = (
        st.one_of(CELLS, TEXT.filter(lambda t: not t.strip() or not t.strip()[0].isdigit()))
        if family.allows_text
        else CELLS
    )
    data_sets = [
        {
            "name": n,
            "values": draw(
                st.lists(st.lists(cell, max_size=replicates), min_size=0, max_size=rows)
            ),
        }
        for n in names
    ]
    table: dict[str, Any] = {"format": family.id, "dataSets": data_sets}
    if draw(st.booleans()):
        table["id"] = f"t{index}"
    if draw(st.booleans()):
        table["name"] = draw(NAMES)
    if family.replicate_rule != "fixed-1" or draw(st.booleans()):
        table["replicates"] = replicates
    if family.has_x:
        table["x"] = draw(st.lists(CELLS, max_size=rows))
    if family.has_row_labels and draw(st.booleans()):
        table["rowLabels"] = draw(st.lists(NAMES, max_size=rows))
    if draw(st.booleans()):
        table["graph"] = draw(graphs(family.id, replicates, len(names)))
    elif family.id == "multipleVariables":
        table["graph"] = {
            "variantId": "mv-scatter",
            "plot": {
                "family": family.id,
                "options": {"kind": "scatter", "mapping": {"x": 0, "y": len(names) - 1}},
            },
        }
    # the documents are version 1: the methods it has
    methods = [m for m in METHODS.values() if family.id in m.families and m.since == 1]
    if methods and draw(st.booleans()):
        method = draw(st.sampled_from(methods))
        table["analyses"] = [{"id": f"a{index}", "method": method.id}]
    if draw(st.booleans()):
        table["annotations"] = [{"type": "text", "x": 1.0, "y": 2.0, "text": draw(TEXT)}]
    if draw(st.booleans()):
        table["usermeta"] = draw(st.dictionaries(NAMES, JSON, max_size=2))
    return table


@st.composite
def graphs(draw: st.DrawFn, family: str, replicates: int, n_sets: int) -> dict[str, Any]:
    variant = draw(st.sampled_from([v for v in variants_of(family) if v.available_for(replicates)]))
    graph: dict[str, Any] = {"variantId": variant.id}
    options: dict[str, Any] = {}
    if variant.modes and draw(st.booleans()):
        options["mode"] = draw(st.sampled_from(variant.modes))
    if family == "xy" and draw(st.booleans()):
        options["error"] = draw(st.sampled_from(P.XY_ERRORS))
    if family == "multipleVariables":
        kind = variant.own_defaults["kind"]
        mapping = {role: draw(st.integers(0, n_sets - 1)) for role in P.MV_REQUIRED_ROLES[kind]}
        options = {"kind": kind, "mapping": mapping}
    if options or family == "multipleVariables" or draw(st.booleans()):
        graph["plot"] = {"family": family, "options": options}
    if draw(st.booleans()):
        graph["activePresetId"] = draw(st.sampled_from(tuple(PRESETS)))
    if draw(st.booleans()):
        graph["styleOverrides"] = {"global": {"symbol": {"color": draw(COLORS), "size": 7}}}
    if draw(st.booleans()):
        graph["axesOverrides"] = {"leftY": {"rangeMin": draw(st.one_of(st.just("auto"), NUMBERS))}}
    if draw(st.booleans()):
        graph["dataSetVisibility"] = {"0": draw(st.booleans())}
    return graph


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(0, 3))
    doc: dict[str, Any] = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [draw(tables(i)) for i in range(n)],
    }
    if draw(st.booleans()):
        doc["meta"] = {"title": draw(TEXT), "keywords": draw(st.lists(NAMES, max_size=3))}
    if draw(st.booleans()):
        doc["usermeta"] = draw(st.dictionaries(NAMES, JSON, max_size=3))
    if draw(st.booleans()):
        doc["createdAt"] = "2024-03-01T10:20:30Z"
    return doc


_WRONG = [None, True, 1.5, -3, "text", [], {}, {"unexpected": 1}, "#zzz", 10**6, "", "x" * 300]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node[:3]):
            out.extend(_paths(v, (*path, i)))
    return out


@st.composite
def mutated_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid document with one to three local changes (replace a value, add or drop a key)."""
    doc = copy.deepcopy(draw(documents()))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent: Any = doc
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["replace", "add", "drop"]))
        if action == "replace":
            parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(_WRONG)))
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["colour", "extra", "x", "id", "values"]))] = 1
        elif isinstance(parent, dict):
            parent.pop(path[-1], None)
    return doc
