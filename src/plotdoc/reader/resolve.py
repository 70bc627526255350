"""Fill defaults: the complete, resolved form of any part of a document.

Walks a value against its node: keys with a documented default are filled when absent;
objects whose default is ``{}`` are written out with their own defaults; keys without a
default stay absent. Objects come out in the node's key order, so saved files have a stable
key order whatever order the input had.

Each node of the v1 document is compiled once per process into a function (keys, their
resolvers and their defaults, resolved once and copied when used), so resolving a table
walks only the keys it gives and copies the defaults of the rest.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Mapping
from typing import Any

import orjson

from ..contract.document import DEFINITIONS
from ..contract.nodes import (
    MISSING,
    Arr,
    Map,
    Node,
    Obj,
    OneOf,
    Ref,
    accepted_types,
    json_type_name,
    tagged_options,
)
from ..jsoncopy import json_exact


def resolve(node: Node, value: Any, defs: Mapping[str, Node] = DEFINITIONS) -> Any:
    """``value`` (a part of a document) with the defaults of ``node`` filled."""
    if defs is not DEFINITIONS:
        return _resolve(node, value, defs)
    if type(value) is not dict or not value:
        return resolver(node)(value)
    # Tables written by plotdoc give every setting, and most give the same ones: the
    # resolved form of a settings object seen before is read back from its JSON (one C call).
    try:
        key = orjson.dumps(value)
    except TypeError:  # not plain JSON (or deeper than orjson writes): resolved as it is
        return resolver(node)(value)
    seen = _SEEN.setdefault(id(node), {})
    blob = seen.get(key)
    if blob is not None:
        return orjson.loads(blob)
    out = resolver(node)(value)
    if json_exact(out) and len(key) <= _SEEN_BYTES:
        with _LOCK:
            if len(seen) >= _SEEN_ITEMS:
                del seen[next(iter(seen))]
            seen[key] = orjson.dumps(out)
    return out


#: resolved objects kept, by node: JSON of the value given -> JSON of its resolved form
_SEEN: dict[int, dict[bytes, bytes]] = {}
#: at most this many per node, each given in at most this many bytes
_SEEN_ITEMS = 64
_SEEN_BYTES = 64 << 10


Resolver = Callable[[Any], Any]

_RESOLVERS: dict[int, Resolver] = {}
_LOCK = threading.RLock()
_COMPILING: set[int] = set()


def resolver(node: Node) -> Resolver:
    """The compiled :func:`resolve` of a node of the v1 document."""
    found = _RESOLVERS.get(id(node))
    if found is None:
        with _LOCK:  # one thread compiles at a time (references to definitions being compiled)
            found = _RESOLVERS.get(id(node))
            if found is None:
                _COMPILING.add(id(node))
                try:
                    found = _RESOLVERS[id(node)] = _compile(node)
                finally:
                    _COMPILING.discard(id(node))
    return found


def _sub(node: Node) -> Resolver:
    if isinstance(node, Ref):
        target = DEFINITIONS[node.name]
        if id(target) in _COMPILING:  # a definition that holds itself

            def ref(value: Any) -> Any:
                return _RESOLVERS[id(target)](value)

            return ref
        return resolver(target)
    return resolver(node)


def _same(value: Any) -> Any:
    return value


def _compile(node: Node) -> Resolver:
    if isinstance(node, Ref):
        return _sub(node)
    if isinstance(node, Obj):
        return _object(node)
    if isinstance(node, Map):
        values = _sub(node.values)
        return lambda value: (
            {k: values(v) for k, v in value.items()} if isinstance(value, dict) else value
        )
    if isinstance(node, Arr):
        items = _sub(node.items)
        return lambda value: [items(v) for v in value] if isinstance(value, list) else value
    if isinstance(node, OneOf):
        return _one_of(node)
    return _same


def _object(node: Obj) -> Resolver:
    entries: list[tuple[str, Resolver, Callable[[], Any] | None]] = []
    for key, sub in node.props.items():
        res = _sub(sub)
        default = sub.default
        entries.append(
            (key, res, None if default is MISSING else _maker(res(copy.deepcopy(default))))
        )

    def resolve_object(value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        out: dict[str, Any] = {}
        for key, res, make in entries:
            if key in value:
                out[key] = res(value[key])
            elif make is not None:
                out[key] = make()
        return out

    return resolve_object


def _maker(resolved: Any) -> Callable[[], Any]:
    """A fresh copy of a resolved default each call (a default is never shared)."""
    if resolved is None or type(resolved) in (str, int, float, bool):
        return lambda: resolved
    blob = orjson.dumps(resolved)
    if json_exact(resolved) and orjson.loads(blob) == resolved:
        return lambda: orjson.loads(blob)
    return lambda: copy.deepcopy(resolved)


def _one_of(node: OneOf) -> Resolver:
    singles: dict[str, Resolver] = {}
    for jtype in ("null", "boolean", "number", "string", "array", "object"):
        fits = [o for o in node.options if jtype in accepted_types(o, DEFINITIONS)]
        if len(fits) == 1:
            singles[jtype] = _sub(fits[0])
    tag_key = node.discriminator
    tags = (
        {tag: _sub(o) for tag, o in tagged_options(node, DEFINITIONS).items()}
        if tag_key is not None
        else {}
    )

    def resolve_one_of(value: Any) -> Any:
        jtype = json_type_name(value)
        if jtype == "object" and tag_key is not None:
            tag = value.get(tag_key)
            chosen = tags.get(tag) if isinstance(tag, str) else None
            return value if chosen is None else chosen(value)
        single = singles.get(jtype)
        return value if single is None else single(value)

    return resolve_one_of


def _resolve(node: Node, value: Any, defs: Mapping[str, Node]) -> Any:
    """:func:`resolve` read from the nodes as it goes (for definitions other than v1's)."""
    resolve = _resolve
    if isinstance(node, Ref):
        return resolve(defs[node.name], value, defs)
    if isinstance(node, Obj) and isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, sub in node.props.items():
            if key in value:
                out[key] = resolve(sub, value[key], defs)
            else:
                default = sub.default
                if default is not MISSING:
                    out[key] = resolve(sub, copy.deepcopy(default), defs)
        return out
    if isinstance(node, Map) and isinstance(value, dict):
        return {k: resolve(node.values, v, defs) for k, v in value.items()}
    if isinstance(node, Arr) and isinstance(value, list):
        return [resolve(node.items, v, defs) for v in value]
    if isinstance(node, OneOf):
        jtype = json_type_name(value)
        if jtype == "object" and node.discriminator is not None:
            tag = value.get(node.discriminator)
            chosen = tagged_options(node, defs).get(tag) if isinstance(tag, str) else None
            return value if chosen is None else resolve(chosen, value, defs)
        fits = [o for o in node.options if jtype in accepted_types(o, defs)]
        if len(fits) == 1:
            return resolve(fits[0], value, defs)
    return value
