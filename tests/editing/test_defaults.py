"""Every table owns its options: editing one never reaches another table, the registry or a later open.

The nested defaults (objects inside a variant's or a method's defaults, such as ``heatMap``,
``volcano`` and ``forest``) are found by walking the registries, so a nested default added
later is tested too.
"""

from __future__ import annotations

import copy
from typing import Any

import orjson
import pytest

from plotdoc import PlotdocError, loads
from plotdoc.contract import document as D
from plotdoc.contract import plots as P
from plotdoc.contract.methods import METHODS
from plotdoc.contract.nodes import Bool, Enum, Node, Num, Obj, OneOf
from plotdoc.contract.variants import VARIANTS, default_variant
from plotdoc.editing import (
    add_analysis,
    add_table,
    set_analysis_params,
    set_plot_option,
    set_variant,
)
from plotdoc.model import Project
from plotdoc.publish.examples import example_bytes
from plotdoc.writer import dumps

from .helpers import STAMP


def _nested_option_defaults() -> list[tuple[str, str]]:
    """(variant id, option key) of every object-valued option default, one variant per key
    (the family's default variant when it has the key: a new table is built with it)."""
    seen: dict[tuple[str, str], str] = {}
    for variant in VARIANTS.values():
        first = default_variant(variant.family, max(variant.min_replicates, 1))
        for key, value in variant.default_options.items():
            if isinstance(value, dict):
                if variant.id == first:
                    seen[(variant.family, key)] = variant.id
                else:
                    seen.setdefault((variant.family, key), variant.id)
    return [(vid, key) for (_, key), vid in sorted(seen.items())]


NESTED = _nested_option_defaults()


def _options_node(family: str) -> Obj:
    plot = D.PLOT
    assert isinstance(plot, OneOf)
    for option in plot.options:
        assert isinstance(option, Obj)
        if option.props["family"].value == family:  # type: ignore[attr-defined]
            node = option.props["options"]
            assert isinstance(node, Obj)
            return node
    raise AssertionError(family)


def _leaf(node: Node) -> Node:
    while isinstance(node, OneOf):  # nullable(x): the non-null option
        node = node.options[0]
    return node


def _other(node: Node, value: Any) -> Any:
    """A valid value of ``node`` different from ``value``."""
    node = _leaf(node)
    if isinstance(node, Bool):
        return not value
    if isinstance(node, Enum):
        return next(v for v in node.values if v != value)
    assert isinstance(node, Num), node
    base = 1.0 if value is None else float(value)
    new = base / 2
    return int(new) if node.integer and int(new) != value else new


def _registries() -> tuple[Any, ...]:
    return (
        copy.deepcopy(P.FAMILY_OPTION_DEFAULTS),
        {vid: copy.deepcopy(v.own_defaults) for vid, v in VARIANTS.items()},
        {vid: v.default_options for vid, v in VARIANTS.items()},
        {mid: copy.deepcopy(m.defaults) for mid, m in METHODS.items()},
    )


def _two_tables(project: Project, variant_id: str) -> tuple[str, str]:
    """Two new tables drawn as ``variant_id`` (built with it when it is the default)."""
    variant = VARIANTS[variant_id]
    ids = []
    for _ in range(2):
        edit = add_table(project, variant.family, replicates=max(variant.min_replicates, 1))
        assert edit.table_id is not None
        if project.table(edit.table_id).graph.variant_id != variant_id:  # type: ignore[union-attr]
            set_variant(project, edit.table_id, variant_id)
        ids.append(edit.table_id)
    return ids[0], ids[1]


def _opened_with_defaults(variant_id: str, key: str) -> tuple[Project, str, str]:
    """A project opened from a file whose two tables of ``variant_id`` omit ``key``."""
    built = loads(example_bytes("complete"))
    ids = _two_tables(built, variant_id)
    doc = orjson.loads(dumps(built, now=STAMP))
    for table in doc["tables"]:
        if table["id"] in ids:
            del table["graph"]["plot"]["options"][key]
    return loads(orjson.dumps(doc)), ids[0], ids[1]


def test_the_registries_hold_nested_defaults() -> None:
    keys = {key for _, key in NESTED}
    assert {"heatMap", "volcano", "forest"} <= keys


@pytest.mark.parametrize(("variant_id", "key"), NESTED)
def test_editing_a_nested_option_reaches_no_other_table_registry_or_open(
    variant_id: str, key: str
) -> None:
    registries = _registries()
    project, first, second = _opened_with_defaults(variant_id, key)
    _edit_every_leaf(project, first, second, variant_id, key)
    project = loads(example_bytes("complete"))
    first, second = _two_tables(project, variant_id)
    _edit_every_leaf(project, first, second, variant_id, key)
    assert _registries() == registries
    # a project opened later in the same process gets the registry's defaults
    later = loads(example_bytes("complete"))
    third, _ = _two_tables(later, variant_id)
    assert later.table(third).graph.plot.options[key] == VARIANTS[variant_id].default_options[key]  # type: ignore[union-attr]


def _edit_every_leaf(project: Project, first: str, second: str, variant_id: str, key: str) -> None:
    untouched = project.table(second).graph.plot.options[key]  # type: ignore[union-attr]
    expected_other = copy.deepcopy(untouched)
    node = _options_node(VARIANTS[variant_id].family).props[key]
    assert isinstance(node, Obj)
    for leaf, leaf_node in node.props.items():
        old = project.table(first).graph.plot.options[key][leaf]  # type: ignore[union-attr]
        new = _other(leaf_node, old)
        set_plot_option(project, first, (key, leaf), new)
        assert project.table(first).graph.plot.options[key][leaf] == new  # type: ignore[union-attr]
        # a refused edit changes nothing anywhere either
        with pytest.raises(PlotdocError):
            set_plot_option(project, first, (key, leaf), "not a value")
        assert project.table(first).graph.plot.options[key][leaf] == new  # type: ignore[union-attr]
    assert project.table(second).graph.plot.options[key] == expected_other  # type: ignore[union-attr]


@pytest.mark.parametrize(("variant_id", "key"), NESTED)
def test_a_refused_nested_edit_leaves_later_opens_saveable(variant_id: str, key: str) -> None:
    project = loads(example_bytes("complete"))
    first, _ = _two_tables(project, variant_id)
    leaf = next(iter(_options_node(VARIANTS[variant_id].family).props[key].props))  # type: ignore[attr-defined]
    with pytest.raises(PlotdocError):
        set_plot_option(project, first, (key, leaf), "not a value")
    later = loads(example_bytes("complete"))
    _two_tables(later, variant_id)
    dumps(later, now=STAMP)  # raises when a registry default was corrupted


def test_analysis_params_are_owned_by_each_analysis() -> None:
    registries = _registries()
    project = loads(example_bytes("complete"))
    a = add_analysis(project, "weights", "ttest")
    b = add_analysis(project, "weights", "ttest")
    table = project.table("weights")
    first, second = table.analyses[-2], table.analyses[-1]
    assert a.table_id == b.table_id == "weights"
    set_analysis_params(project, "weights", first.id, {"design": "paired"})
    assert project.table("weights").analysis(second.id).params["design"] == "unpaired"
    assert _registries() == registries
