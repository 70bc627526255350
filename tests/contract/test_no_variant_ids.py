"""No module outside the variant registry decides anything from a variant id.

What a variant draws, offers and needs is in its record (``plotdoc.contract.variants``); a
module that compares a variant id with a literal, keeps a table keyed by variant ids or looks
for words inside an id has a second home for a variant's facts. This scans the source tree.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from plotdoc.contract.variants import VARIANT_IDS

SRC = Path(__file__).resolve().parents[2] / "src" / "plotdoc"
#: the registry itself: the one place variant ids are spelled as facts
ALLOWED = (SRC / "contract" / "variants",)
#: files whose strings only look like variant ids: the shipped examples' file names (some named
#: after the variant they show)
NOT_IDS = (SRC / "publish" / "examples.py",)
IDS = frozenset(VARIANT_IDS)
#: ids that are no ordinary word ("line", "bar" and "scatter" also name marks and kinds): any
#: comparison with one, or table keyed by one, is about a variant
DISTINCT = frozenset(i for i in IDS if "-" in i)
#: names that hold a variant id (a word test on one of them is matching words in an id)
ID_NAMES = frozenset({"vid", "variant_id", "variantId"})


def _is_id(node: ast.AST, ids: frozenset[str] = DISTINCT) -> bool:
    return isinstance(node, ast.Constant) and node.value in ids


def _ids_in(node: ast.AST, ids: frozenset[str] = DISTINCT) -> bool:
    """A variant id literal, or a tuple, list or set of literals holding one."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_is_id(e, ids) for e in node.elts)
    return _is_id(node, ids)


def _holds_id(node: ast.AST) -> bool:
    """``vid``, ``variant_id``, ``graph.variant_id``, ``variant.id``: an expression naming a
    variant id."""
    if isinstance(node, ast.Name):
        return node.id in ID_NAMES
    if isinstance(node, ast.Attribute):
        record = node.value
        # `variant.id`, `v.id`: a record's id
        by_record = isinstance(record, ast.Name) and record.id in ("v", "variant")
        return node.attr in ID_NAMES or (node.attr == "id" and by_record)
    return False


def violations(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            named = any(_holds_id(o) for o in operands)
            if any(_ids_in(o, IDS if named else DISTINCT) for o in operands):
                yield node.lineno, "compares a variant id literal"
            for op, right in zip(node.ops, node.comparators, strict=True):
                if isinstance(op, ast.In | ast.NotIn) and _holds_id(right):
                    yield node.lineno, "looks for a word inside a variant id"
        elif isinstance(node, ast.Dict) and any(k is not None and _is_id(k) for k in node.keys):
            yield node.lineno, "a table keyed by variant ids"
        elif isinstance(node, ast.Set) and any(_is_id(e) for e in node.elts):
            yield node.lineno, "a set of variant ids"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("startswith", "endswith", "find", "index", "split")
            and _holds_id(node.func.value)
        ):
            yield node.lineno, f"calls .{node.func.attr}() on a variant id"


def scan(root: Path = SRC) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        if any(path.is_relative_to(a) for a in ALLOWED) or path in NOT_IDS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, what in violations(tree):
            found.append(f"{path.relative_to(root)}:{line}: {what}")
    return found


def test_no_module_outside_the_registry_decides_by_variant_id() -> None:
    assert scan() == []


def _flags(code: str) -> list[str]:
    return [what for _, what in violations(ast.parse(code))]


def test_the_scan_sees_each_way_of_deciding_by_id() -> None:
    assert _flags('if vid == "bar": pass')
    assert _flags('if graph.variant_id == "scatter": pass')
    assert _flags('if mark == "column-violin": pass')
    assert _flags('if ctx.variant_id in ("parts-pie", "parts-donut"): pass')
    assert _flags('LEGEND = {"nested-box": "bar"}')
    assert _flags('_STAIRS = {"survival-staircase-ticks", "survival-staircase-points"}')
    assert _flags('ok = "heat-map" not in vid')
    assert _flags("ok = any(w in variant_id for w in words)")
    assert _flags('ok = variant_id.startswith("grouped-rm")')
    assert _flags('ok = graph.variant_id.endswith(("-box", "-violin"))')
    assert _flags('ok = "donut" in variant.id')


def test_ids_as_document_data_are_not_decisions() -> None:
    assert not _flags('graph = {"variantId": "scatter-bar"}')
    assert not _flags("variant = VARIANTS[graph.variant_id]")
    assert not _flags("ok = variant_id in VARIANTS")
    assert not _flags("ok = vid in images")
    assert not _flags('ok = kind == "scatter"')
    assert not _flags('DRAW = {"line": draw_line, "bar": draw_bar}')
