"""Every settable leaf of the published schema under `graph` and `titles` is reached by set_field.

The test walks plotdoc's published draft-07 JSON Schema (the shipped file, not the Python
description it was built from), picks a valid value for each leaf from the schema alone (an
enum value, a number within the bounds, a colour...), sets it with ``set_field``, saves,
reopens and finds the value at the same path. Values that the rules beyond the schema refuse
(a mode the graph type does not offer, an index past the last data set) are tried in turn:
the first value set_field accepts must be read back, and every leaf must accept one.

Every leaf is walked on one table; the plot options, whose shape depends on the table's
family, on a table of each family.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson
import pytest

from plotdoc import PlotdocError, loads
from plotdoc.contract.schema import load_schema
from plotdoc.editing import add_table, field_spec, set_field
from plotdoc.model import Project
from plotdoc.publish.examples import example_bytes
from plotdoc.writer import dumps

from .helpers import STAMP

# The editing API addresses the model, which refers to data sets as version 1 files did (by
# name and index; the writer turns them into version 2's ids): its leaves are version 1's.
SCHEMA = load_schema(1)
DEFS: dict[str, Any] = SCHEMA["definitions"]

Path = tuple[str | int, ...]


def _deref(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = DEFS[node["$ref"].rsplit("/", 1)[1]]
    return node


def _is_color(node: dict[str, Any]) -> bool:
    return node.get("$ref") == "#/definitions/ColorRef"


def _numbers(node: dict[str, Any]) -> list[float]:
    low = node.get("minimum")
    high = node.get("maximum")
    above = node.get("exclusiveMinimum")
    if above is not None:
        values = [above + 0.5, above + 1]
    elif low is not None and high is not None:
        values = [low + (high - low) / 4, high, low]
    elif low is not None:
        values = [low + 2.5, low]
    else:
        values = [2.5, -1.5, 0]
    if node.get("type") == "integer":
        values = [int(v) for v in values] + [1, 0]
    return values


def candidates(node: dict[str, Any]) -> list[Any]:
    """Valid values of a leaf, from the schema alone (the most telling first)."""
    if _is_color(node):
        return [{"hex": "#123456", "alpha": 0.5}, {"hex": "#abc"}, "theme"]
    node = _deref(node)
    if "const" in node:
        return [node["const"]]
    if "enum" in node:
        default = node.get("default")
        return [v for v in node["enum"] if v != default] + [default]
    if "oneOf" in node:
        out: list[Any] = []
        for option in sorted(node["oneOf"], key=lambda o: "const" in o):
            if option.get("type") != "null":
                out.extend(candidates(option))
        return out
    kind = node.get("type")
    if kind == "boolean":
        return [not node.get("default", False), node.get("default", False)]
    if kind in ("number", "integer"):
        return _numbers(node)
    if kind == "string":
        if node.get("pattern"):
            return ["#123456"]
        return ["Abc"[: node.get("maxLength", 3)]]
    raise AssertionError(f"no value for {node}")


def _is_leaf(node: dict[str, Any]) -> bool:
    if _is_color(node):
        return True
    node = _deref(node)
    if "oneOf" in node:
        return not all(_deref(o).get("type") == "object" for o in node["oneOf"])
    return node.get("type") != "object"


def leaves(node: dict[str, Any], path: Path, family: str) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Every leaf under ``node`` with its path; a record's free keys are ``*``."""
    if _is_leaf(node):
        yield path, node
        return
    node = _deref(node)
    if "oneOf" in node:  # tagged objects: the option of the table's family
        for option in node["oneOf"]:
            if option["properties"].get("family", {}).get("const") == family:
                yield from leaves(option, path, family)
        return
    for key, sub in node.get("properties", {}).items():
        if "const" not in sub:
            yield from leaves(sub, (*path, key), family)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        yield from leaves(extra, (*path, "*"), family)


def _keys(project: Project, index: int, path: Path) -> list[str]:
    """Keys to try for a record's free key: a data set name, an index, a point index."""
    table = project.tables[index]
    names = [ds.name for ds in table.data_sets]
    return ["0", *names[:1]]


def _concrete(project: Project, index: int, path: Path) -> Iterator[Path]:
    """The concrete paths to try for a pattern (each ``*`` replaced by a key)."""
    if "*" not in path:
        yield path
        return
    at = path.index("*")
    for key in _keys(project, index, path[:at]):
        yield from _concrete(project, index, (*path[:at], key, *path[at + 1 :]))


def _value_at(doc: Any, path: Path) -> Any:
    for key in path:
        doc = doc[key]
    return doc


#: no candidate value was accepted
_NONE = object()


def _set_first(project: Project, full: Path, node: Any) -> Any:
    """Set the first candidate value the edit accepts at ``full``: that value, or _NONE."""
    for value in candidates(node):
        try:
            set_field(project, full, value)
        except PlotdocError:
            continue
        return value
    return _NONE


def _mismatches(project: Project, wanted: dict[Path, Any]) -> list[str]:
    """The values set that the project saved and opened again does not hold (read in version
    1's terms, the terms of the editing API's paths)."""
    doc = orjson.loads(dumps(loads(dumps(project, now=STAMP)), now=STAMP, schema_version=1))
    return [
        f"{p}: set {v!r}, reopened {_value_at(doc, p)!r}"
        for p, v in wanted.items()
        if _value_at(doc, p) != v
    ]


def _walk(project: Project, index: int, roots: tuple[str, ...], family: str) -> list[str]:
    """Set every leaf under ``roots`` of table ``index``; return what went wrong."""
    table_schema = DEFS["Table"]["properties"]
    wanted: dict[Path, Any] = {}
    failures = []
    for root in roots:
        for pattern, node in leaves(table_schema[root], (root,), family):
            if pattern == ("graph", "variantId"):
                continue  # a type change resets the options: tested on its own
            for path in _concrete(project, index, pattern):
                full = ("tables", index, *path)
                value = _set_first(project, full, node)
                if value is not _NONE:
                    wanted[full] = value
                    break
            else:
                failures.append(f"no value accepted at {pattern}")
    failures += _mismatches(project, wanted)
    assert wanted
    return failures


@pytest.fixture
def project() -> Project:
    project = loads(example_bytes("complete"))
    for table in project.tables:  # read back in version 1's terms, which hold only points
        table.annotations = [a for a in table.annotations if a.props.get("coordinates") != "data"]
    add_table(project, "contingency")
    add_table(project, "nested", replicates=3)
    return project


def test_the_walk_finds_the_leaves_of_the_schema() -> None:
    paths = {p for p, _ in leaves(DEFS["Table"]["properties"]["graph"], ("graph",), "grouped")}
    assert ("graph", "styleOverrides", "perDataSet", "*", "symbol", "color") in paths
    assert ("graph", "plot", "options", "heatMap", "aggregation") in paths
    assert ("graph", "axesOverrides", "leftY", "numberFormat", "decimals") in paths
    assert len(paths) > 450


def test_every_leaf_under_graph_and_titles_is_set_saved_and_reopened(project: Project) -> None:
    failures = _walk(project, 0, ("graph", "titles"), "xy")
    assert failures == []


@pytest.mark.parametrize(
    "table_id", ["weights", "table-1", "rnaseq", "table-2", "table-3", "table-8", "table-9"]
)
def test_every_plot_option_of_each_family_is_set_saved_and_reopened(
    project: Project, table_id: str
) -> None:
    index = next(i for i, t in enumerate(project.tables) if t.id == table_id)
    table = project.tables[index]
    failures: list[str] = []
    table_schema = DEFS["Table"]["properties"]
    plot = [
        (p, n)
        for p, n in leaves(table_schema["graph"], ("graph",), table.format)
        if p[:2] == ("graph", "plot")
    ]
    assert plot, table.format
    wanted = {}
    for path, node in plot:
        full = ("tables", index, *path)
        value = _set_first(project, full, node)
        if value is _NONE:
            failures.append(f"no value accepted at {path}")
        else:
            wanted[full] = value
    failures += _mismatches(project, wanted)
    assert failures == []


def test_the_graph_type_is_set_by_its_path(project: Project) -> None:
    set_field(project, "tables[1].graph.variantId", "column-violin")
    assert loads(dumps(project, now=STAMP)).table("weights").graph.variant_id == (  # type: ignore[union-attr]
        "column-violin"
    )


def test_field_spec_describes_every_leaf_the_walk_sets() -> None:
    for pattern, node in leaves(DEFS["Table"]["properties"]["graph"], ("graph",), "xy"):
        spec = field_spec(pattern, family="xy")
        if _is_color(node):
            assert spec.kind == "color", pattern
        elif "enum" in _deref(node):
            assert spec.kind == "enum" and list(spec.values) == _deref(node)["enum"], pattern
