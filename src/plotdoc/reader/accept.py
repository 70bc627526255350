"""Structural acceptance compiled once per process: is this value valid, yes or no.

The structure stage (:mod:`.structure`) walks a value against its node and says what is
wrong, building a path for every value it visits. Most values of most documents are valid,
so each node is first asked a yes-or-no question by a closure compiled from it once: no
paths, no messages, no dispatch on the node's type. Only a value it does not accept is
walked by the checker, which then names every problem. A closure never accepts what the
checker would refuse (it tests the same conditions); it may refuse more cheaply than it
could, which only costs the walk. Nodes that may hold rows of cells get no closure: the
checker's cell checks use the summaries the JSON stage made.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import orjson

from ..contract.document import DEFINITIONS
from ..contract.limits import FORBIDDEN_KEYS
from ..contract.nodes import (
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
    tagged_options,
)

Accept = Callable[[Any], bool]

#: JSON type names by Python type, for the values a JSON parser makes
_JSON_TYPES: dict[type, str] = {
    type(None): "null",
    bool: "boolean",
    int: "number",
    float: "number",
    str: "string",
    list: "array",
    dict: "object",
}

_LOCK = threading.RLock()

#: compiled closures by id of node and id of the definitions its references name (the
#: documents' nodes live as long as their modules)
_COMPILED: dict[tuple[int, int], Accept | None] = {}
#: definitions being compiled (a reference to one of them is looked up when called)
_COMPILING: set[tuple[int, int]] = set()


def acceptor(node: Node, defs: Mapping[str, Node] = DEFINITIONS) -> Accept | None:
    """The closure that accepts valid values of ``node`` (a node of a document description
    whose definitions are ``defs``), or None when the node may hold rows of cells."""
    key = (id(node), id(defs))
    try:
        return _COMPILED[key]
    except KeyError:
        pass
    with _LOCK:  # one thread compiles at a time (references to definitions being compiled)
        if key in _COMPILED:
            return _COMPILED[key]
        found = None if _holds_cells(node, defs) else _compile(node, defs)
        _COMPILED[key] = found
    return found


def accepts(node: Node, accept: Accept, value: Any) -> bool:
    """``accept(value)``, remembered for objects: tables written by plotdoc give every graph
    setting, and most give the same ones, so an object equal to one a node accepted before
    in this process (the same JSON, key order included) is looked up instead of checked."""
    if type(value) is not dict or len(value) < _SEEN_KEYS:
        return accept(value)
    try:
        key = orjson.dumps(value)
    except TypeError:  # deeper than orjson writes: checked as it is
        return accept(value)
    seen = _SEEN.setdefault(id(accept), {})
    if key in seen:
        return True
    if not accept(value):
        return False
    if len(key) <= _SEEN_BYTES:
        with _LOCK:
            if len(seen) >= _SEEN_ITEMS:
                del seen[next(iter(seen))]
            seen[key] = None
    return True


#: objects accepted before, by node (as their JSON); objects of fewer keys are simply checked
_SEEN: dict[int, dict[bytes, None]] = {}
_SEEN_KEYS = 4
_SEEN_ITEMS = 64
_SEEN_BYTES = 64 << 10


def _holds_cells(node: Node, defs: Mapping[str, Node], seen: frozenset[int] = frozenset()) -> bool:
    if id(node) in seen:
        return False
    seen = seen | {id(node)}
    if isinstance(node, Ref):
        return _holds_cells(defs[node.name], defs, seen)
    if isinstance(node, Cells):
        return True
    if isinstance(node, Arr):
        return _holds_cells(node.items, defs, seen)
    if isinstance(node, Map):
        return _holds_cells(node.values, defs, seen)
    if isinstance(node, Obj):
        return any(_holds_cells(sub, defs, seen) for sub in node.props.values())
    if isinstance(node, OneOf):
        return any(_holds_cells(sub, defs, seen) for sub in node.options)
    return False


def _compile(node: Node, defs: Mapping[str, Node]) -> Accept:
    if isinstance(node, Ref):
        target = defs[node.name]
        key = (id(target), id(defs))
        compiled = _COMPILED.get(key)
        if compiled is not None:
            return compiled
        if key not in _COMPILING:
            _COMPILING.add(key)
            try:
                compiled = _COMPILED[key] = _compile(target, defs)
            finally:
                _COMPILING.discard(key)
            return compiled

        def ref(value: Any) -> bool:  # a definition that holds itself: looked up when called
            inner = _COMPILED[key]
            assert inner is not None
            return inner(value)

        return ref
    maker = _MAKERS.get(type(node))
    if maker is None:  # AnyValue, or a node this module does not know: the checker decides
        return _any if isinstance(node, AnyValue) else _never
    return maker(node, defs)


def _any(value: Any) -> bool:
    return True


def _never(value: Any) -> bool:
    return False


def _str(node: Str, defs: Mapping[str, Node]) -> Accept:
    low, high = node.min_len, node.max_len
    match = _pattern(node.pattern).fullmatch if node.pattern is not None else None

    def accept(value: Any) -> bool:
        if type(value) is not str:
            return False
        n = len(value)
        if (high is not None and n > high) or n < low:
            return False
        return match is None or match(value) is not None

    return accept


def _const(node: Const, defs: Mapping[str, Node]) -> Accept:
    expected = node.value
    kind = type(expected)
    if kind is bool or expected is None:
        return lambda value: value is expected
    if kind is int or kind is float:
        return lambda value: (type(value) is int or type(value) is float) and value == expected
    return lambda value: type(value) is kind and value == expected


def _enum(node: Enum, defs: Mapping[str, Node]) -> Accept:
    values = frozenset(node.values)
    return lambda value: type(value) is str and value in values


def _num(node: Num, defs: Mapping[str, Node]) -> Accept:
    integer = node.integer
    low, high, above = node.minimum, node.maximum, node.exclusive_minimum

    def accept(value: Any) -> bool:
        t = type(value)
        if t is not int and t is not float:
            return False
        if integer and t is float and not value.is_integer():
            return False
        if low is not None and value < low:
            return False
        if above is not None and value <= above:
            return False
        return high is None or value <= high

    return accept


def _bool(node: Bool, defs: Mapping[str, Node]) -> Accept:
    return lambda value: type(value) is bool


def _null(node: Null, defs: Mapping[str, Node]) -> Accept:
    return lambda value: value is None


def _arr(node: Arr, defs: Mapping[str, Node]) -> Accept:
    low, high = node.min_items, node.max_items
    item = _compile(node.items, defs)
    if accepted_types(node.items, defs) == {"object"}:
        return _arr_of_objects(low, high, item)

    def accept(value: Any) -> bool:
        if type(value) is not list:
            return False
        n = len(value)
        if (high is not None and n > high) or n < low:
            return False
        return all(map(item, value))

    return accept


def _arr_of_objects(low: int, high: int | None, item: Accept) -> Accept:
    """An array of objects (analyses, annotations, reference lines...): an item equal to one
    accepted before in this process (the same JSON) is looked up instead of checked. A
    project of 200 tables of 200 analyses repeats the same few analyses; a save checks again
    every item that open (or the last save) accepted."""
    seen: dict[bytes, None] = {}

    def accept(value: Any) -> bool:
        if type(value) is not list:
            return False
        n = len(value)
        if (high is not None and n > high) or n < low:
            return False
        if n < _SEEN_ARRAY:
            return all(map(item, value))
        try:
            keys = list(map(orjson.dumps, value))
        except TypeError:  # deeper than orjson writes: checked as it is
            return all(map(item, value))
        for key, one in zip(keys, value, strict=True):
            if key in seen:
                continue
            if not item(one):
                return False
            if len(key) <= _SEEN_ITEM_BYTES:
                with _LOCK:
                    if len(seen) >= _SEEN_ARRAY_ITEMS:
                        del seen[next(iter(seen))]
                    seen[key] = None
        return True

    return accept


#: arrays of objects from this many items on remember the items they accepted: at most this
#: many per array node, each of at most this many bytes of JSON
_SEEN_ARRAY = 8
_SEEN_ARRAY_ITEMS = 2048
_SEEN_ITEM_BYTES = 1 << 10


def _obj(node: Obj, defs: Mapping[str, Node]) -> Accept:
    props = {key: _compile(sub, defs) for key, sub in node.props.items()}
    required = node.required
    unless = tuple(node.required_unless.items())

    def accept(value: Any) -> bool:
        if type(value) is not dict:
            return False
        for key in required:
            if key not in value:
                return False
        for key, other in unless:
            if key not in value and other not in value:
                return False
        for key, item in value.items():
            sub = props.get(key)
            if sub is None or not sub(item):
                return False
        return True

    return accept


def _map(node: Map, defs: Mapping[str, Node]) -> Accept:
    item = _compile(node.values, defs)
    longest = node.key_max_len
    match = _pattern(node.key_pattern).fullmatch if node.key_pattern is not None else None

    def accept(value: Any) -> bool:
        if type(value) is not dict:
            return False
        if not FORBIDDEN_KEYS.isdisjoint(value):
            return False
        if longest is not None and max(map(len, value), default=0) > longest:
            return False
        if match is not None and not all(map(match, value)):
            return False
        return all(map(item, value.values()))

    return accept


def _one_of(node: OneOf, defs: Mapping[str, Node]) -> Accept:
    by_type: dict[str, Accept] = {}
    for jtype in set(_JSON_TYPES.values()):
        fits = [o for o in node.options if jtype in accepted_types(o, defs)]
        if fits:
            by_type[jtype] = _first_of(tuple(_compile(o, defs) for o in fits))
    if node.discriminator is not None:
        tag_key = node.discriminator
        tags = {tag: _compile(o, defs) for tag, o in tagged_options(node, defs).items()}

        def tagged(value: Any) -> bool:
            jtype = _JSON_TYPES.get(type(value))
            if jtype == "object":
                tag = value.get(tag_key)
                chosen = tags.get(tag) if type(tag) is str else None
                return chosen is not None and chosen(value)
            fits = by_type.get(jtype) if jtype is not None else None
            return fits is not None and fits(value)

        return tagged

    def accept(value: Any) -> bool:
        jtype = _JSON_TYPES.get(type(value))
        fits = by_type.get(jtype) if jtype is not None else None
        return fits is not None and fits(value)

    return accept


def _first_of(options: tuple[Accept, ...]) -> Accept:
    """Accepts what one of ``options`` accepts."""
    if len(options) == 1:
        return options[0]
    return lambda value: any(option(value) for option in options)


_MAKERS: dict[type, Callable[[Any, Mapping[str, Node]], Accept]] = {
    Str: _str,
    Const: _const,
    Enum: _enum,
    Num: _num,
    Bool: _bool,
    Null: _null,
    Arr: _arr,
    Obj: _obj,
    Map: _map,
    OneOf: _one_of,
}


@cache
def _pattern(pattern: str) -> re.Pattern[str]:
    # as the checker reads a schema pattern: anchored at both ends, `$` as the very end
    inner = pattern[1:] if pattern.startswith("^") else pattern
    inner = inner[:-1] if inner.endswith("$") else inner
    return re.compile(inner)
