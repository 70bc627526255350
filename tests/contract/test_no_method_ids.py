"""No module outside the method specs decides anything from an analysis method's id.

What a method computes, shows, lays out as a table, draws over its graph and gives its results
table is in its spec (``plotdoc.analyses.methods``); a module that compares a method id with
a literal, or keeps a table keyed by method ids, has a second home for a method's facts. This
scans the source tree, as ``test_no_variant_ids.py`` does for graph variants.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from plotdoc.analyses.methods import METHOD_IDS

SRC = Path(__file__).resolve().parents[2] / "src" / "plotdoc"
#: the specs: the one place method ids are spelled as facts
ALLOWED = (SRC / "analyses" / "methods",)
#: places that name a method for a reason of their own, each with it
KNOWN = {
    # version 1's own facts, which the migration to version 2 reads
    SRC / "migrations" / "v1_to_v2.py": "version 1",
    # the words a choice is shown with: "t test" for the method `ttest` among enum values
    SRC / "editor" / "wording.py": "labels",
    # "t test" in the list of what uses a data set (the spec has no display name yet)
    SRC / "editing" / "uses.py": "words",
}
IDS = frozenset(METHOD_IDS)


def _ids_in(node: ast.AST) -> bool:
    """A method id literal, or a tuple, list or set of literals holding one."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_ids_in(e) for e in node.elts)
    return isinstance(node, ast.Constant) and node.value in IDS


def violations(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(
            _ids_in(o) for o in (node.left, *node.comparators)
        ):
            yield node.lineno, "compares a method id literal"
        elif isinstance(node, ast.Dict) and any(k is not None and _ids_in(k) for k in node.keys):
            yield node.lineno, "a table keyed by method ids"


def scan(root: Path = SRC) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        if any(path.is_relative_to(a) for a in ALLOWED) or path in KNOWN:
            continue
        for line, what in violations(ast.parse(path.read_text(encoding="utf-8"))):
            found.append(f"{path.relative_to(root)}:{line}: {what}")
    return found


def test_no_module_decides_by_a_method_id() -> None:
    assert scan() == []


def test_the_scan_finds_what_it_looks_for() -> None:
    code = (
        "if run.method == 'frequencyDistribution': pass\n"
        "x = method in ('linearRegression', 'other')\n"
        "TITLES = {'correlationMatrix': 'Heat map'}\n"
        "ok = method == 'frequency'\n"
    )
    assert [line for line, _ in violations(ast.parse(code))] == [1, 2, 3]


def test_the_known_places_still_name_a_method() -> None:
    """An entry of KNOWN that no longer names a method id is taken out of the list."""
    for path in KNOWN:
        assert list(violations(ast.parse(path.read_text(encoding="utf-8")))), path
