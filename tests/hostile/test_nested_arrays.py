"""Arrays nested three deep or more are read a level at a time (a hostile file of millions of
tiny arrays took a Python step, about 1 µs, per array): the keys and colons counted for
duplicate keys, the forbidden keys and their paths, and usermeta's depth must be exactly
those of a plain walk of the same tree, whatever mix of arrays and objects it holds."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plotdoc.api import validate
from plotdoc.contract.limits import FORBIDDEN_KEYS
from plotdoc.reader import parse
from plotdoc.reader.context import Context
from plotdoc.reader.parse import _scan
from plotdoc.reader.semantics import _depth

KEYS = st.sampled_from(["a", "b:c", "::", *sorted(FORBIDDEN_KEYS)])
SCALARS = st.one_of(
    st.none(),
    st.integers(-5, 5),
    st.floats(allow_nan=False),
    st.sampled_from(["", "x", "a:b", ":"]),
)


def _extend(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(KEYS, children, max_size=3),
        # long runs of one item: lists of rows, flattened in bulk from 32 items on
        st.tuples(children, st.integers(30, 40)).map(lambda t: [t[0]] * t[1]),
        children.map(lambda c: [[c]]),
    )


TREES = st.recursive(SCALARS, _extend, max_leaves=40)


def _walked(tree: Any) -> tuple[int, int, list[tuple[Any, ...]]]:
    keys = colons = 0
    forbidden: list[tuple[Any, ...]] = []
    todo: list[tuple[Any, tuple[Any, ...]]] = [(tree, ())]
    while todo:
        node, path = todo.pop()
        if type(node) is dict:
            keys += len(node)
            for k, v in node.items():
                colons += k.count(":")
                if k in FORBIDDEN_KEYS:
                    forbidden.append((*path, k))
                todo.append((v, (*path, k)))
        elif type(node) is list:
            todo.extend((v, (*path, i)) for i, v in enumerate(node))
        elif type(node) is str:
            colons += node.count(":")
    return keys, colons, sorted(forbidden, key=repr)


def _walked_depth(value: Any) -> int:
    if type(value) is dict:
        return 1 + max(map(_walked_depth, value.values()), default=0)
    if type(value) is list:
        return 1 + max(map(_walked_depth, value), default=0)
    return 0


@settings(max_examples=400, deadline=None)
@given(TREES)
def test_the_scan_counts_and_finds_what_a_plain_walk_does(tree: Any) -> None:
    ctx = Context(data=b"")
    keys, colons = _scan(tree, ctx)
    assert (keys, colons, sorted(ctx.forbidden, key=repr)) == _walked(tree)


@settings(max_examples=400, deadline=None)
@given(TREES)
def test_depth_is_that_of_a_plain_walk(tree: Any) -> None:
    assert _depth(tree) == _walked_depth(tree)


def _usermeta_doc(usermeta: bytes) -> bytes:
    return (
        b'{"format":"plotdoc-project","schemaVersion":2,"tables":[],"usermeta":' + usermeta + b"}"
    )


def test_a_duplicate_key_below_arrays_read_in_bulk_is_found_at_its_path() -> None:
    arrays = orjson.dumps([[["a:b", ":"]] for _ in range(40)])  # read a level at a time
    deep = b'[[[{"k":1,"k":2}]]]'  # an object found: read item by item
    data = _usermeta_doc(b'{"bulk":' + arrays + b',"deep":' + deep + b"}")
    dup = [p for p in validate(data).errors if p.code == "json-duplicate-key"]
    assert [p.where for p in dup] == ["usermeta.deep[0][0][0].k"]


def test_colons_in_strings_of_arrays_read_in_bulk_are_no_duplicate() -> None:
    arrays = orjson.dumps([[[f"{i}:{i}", {"x": 1}] if i == 39 else [":"]] for i in range(40)])
    data = _usermeta_doc(b'{"bulk":' + arrays + b"}")
    assert [p.code for p in validate(data).errors if p.code.startswith("json")] == []


def test_a_forbidden_key_below_arrays_is_named_at_its_path() -> None:
    arrays = orjson.dumps([[[[]]] for _ in range(40)] + [[[{"constructor": 1}]]])
    codes = {(p.code, p.where) for p in validate(_usermeta_doc(arrays)).errors}
    assert ("forbidden-key", "usermeta[40][0][0].constructor") in codes


def test_arrays_are_read_in_bulk_again_only_until_an_object_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Arrays read in bulk down to an object are read again item by item: a second pass, but
    only one. Were each array below tried in bulk again, 200 arrays nested over an object
    would be read 200 + 199 + ... times."""
    seen = 0
    levels = parse.levels

    def counted(top: list[Any]) -> Any:
        nonlocal seen
        for level in levels(top):
            seen += 1
            yield level

    monkeypatch.setattr(parse, "levels", counted)
    tree: Any = {"a": 1}
    for _ in range(200):
        tree = [tree]
    ctx = Context(data=b"")
    assert _scan(tree, ctx) == (1, 0)
    assert seen <= 2 * 200


def test_an_object_below_some_arrays_leaves_the_others_read_in_bulk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Arrays read item by item below an object are those that hold it: a file with one such
    object first still has its millions of tiny arrays read in bulk."""
    calls = []
    lists_only = parse._lists_only

    def counted(top: list[Any]) -> int | None:
        calls.append(found := lists_only(top))
        return found

    monkeypatch.setattr(parse, "_lists_only", counted)
    tree = {"first": [[[{"a": 1}]]], "rest": [[[[]]] for _ in range(40)]}
    assert _scan(tree, Context(data=b"")) == (3, 0)
    assert calls == [None, 0]  # "first" item by item, "rest" in bulk
