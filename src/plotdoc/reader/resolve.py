"""Fill defaults: the complete, resolved form of any part of a document.

Walks a value against its node: keys with a documented default are filled when absent;
objects whose default is ``{}`` are written out with their own defaults; keys without a
default stay absent. Objects come out in the node's key order, so saved files have a stable
key order whatever order the input had.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

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


def resolve(node: Node, value: Any, defs: Mapping[str, Node] = DEFINITIONS) -> Any:
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
