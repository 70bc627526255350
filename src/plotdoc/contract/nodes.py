"""A small vocabulary for describing the document's shape as data.

The v1 document (:mod:`plotdoc.contract.document`) is written with these nodes. Two things
are derived from that one description, so they cannot disagree:

* the published draft-07 JSON Schema (:func:`to_schema`), and
* the reader's structural validation (:mod:`plotdoc.reader.structure` interprets the nodes).

Each node may carry a ``doc`` text and a ``default`` (what the reader fills when the key is
omitted); both go into the schema's ``description``/``default`` and into the spec page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, dataclass_transform

from .limits import FORBIDDEN_KEYS

_N = TypeVar("_N")


@dataclass_transform(kw_only_default=True, frozen_default=True, eq_default=False)
def node(cls: type[_N]) -> type[_N]:
    """A kind of node: a dataclass of keyword fields, compared by identity (each node is one
    part of the one description). It is frozen for the type checker (mypy refuses an
    assignment to a field); at run time it is a plain dataclass, whose few generated methods
    keep this module quick to import, which every `plotdoc validate` does."""
    made: Callable[[type[_N]], type[_N]] = dataclass(kw_only=True, eq=False)
    return made(cls)


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


#: Marks a node without a documented default.
MISSING: Any = _Missing()


@node
class Node:
    doc: str = ""
    default: Any = MISSING


@node
class AnyValue(Node):
    """Any JSON value (inside ``usermeta``); forbidden keys are still refused at every depth."""


@node
class Str(Node):
    min_len: int = 0
    max_len: int | None = None
    #: a regular expression the whole string must match (written for both Python and ECMA 262)
    pattern: str | None = None
    #: what the pattern means, for messages ("a colour such as #ff8800")
    pattern_doc: str = ""


@node
class Const(Node):
    value: Any


@node
class Enum(Node):
    values: tuple[str, ...]
    #: problem code when the value is not listed
    code: str = "not-in-enum"
    #: the name of the registry the values come from, for the docs ("GraphVariantId")
    name: str = ""


@node
class Num(Node):
    minimum: float | None = None
    maximum: float | None = None
    exclusive_minimum: float | None = None
    integer: bool = False


@node
class Bool(Node):
    pass


@node
class Null(Node):
    pass


@node
class Arr(Node):
    items: Node
    min_items: int = 0
    max_items: int | None = None


@node
class Obj(Node):
    """An object with a fixed set of keys; any other key is an error."""

    props: Mapping[str, Node]
    required: tuple[str, ...] = ()
    #: ``{key: other}``: ``key`` is required unless ``other`` is present
    required_unless: Mapping[str, str] = field(default_factory=dict)


@node
class Map(Node):
    """A record: free keys (optionally constrained by a pattern) to values of one shape."""

    values: Node
    key_pattern: str | None = None
    key_doc: str = ""
    key_max_len: int | None = None


@node
class OneOf(Node):
    """Alternatives told apart by JSON type, and objects by a constant ``discriminator`` key."""

    options: tuple[Node, ...]
    discriminator: str | None = None


@node
class Ref(Node):
    """A named definition (``#/definitions/<name>`` in the schema)."""

    name: str


@node
class Cells(Node):
    """A data set's ``values``: rows of cells, each a finite number, null or a short string."""

    max_rows: int
    max_width: int
    max_text: int


def nullable(node: Node, *, doc: str = "", default: Any = MISSING) -> OneOf:
    return OneOf(options=(node, Null()), doc=doc, default=default)


def auto_or(node: Node, *, word: str = "auto", doc: str = "", default: Any = MISSING) -> OneOf:
    return OneOf(options=(Const(value=word), node), doc=doc, default=default)


# -- JSON types a node accepts, for OneOf dispatch ----------------------------------------


def accepted_types(node: Node, defs: Mapping[str, Node]) -> frozenset[str]:
    """The JSON type names a node can accept (``number`` covers integers)."""
    if isinstance(node, Ref):
        return accepted_types(defs[node.name], defs)
    if isinstance(node, (Str, Enum)):
        return frozenset({"string"})
    if isinstance(node, Const):
        return frozenset({json_type_name(node.value)})
    if isinstance(node, Num):
        return frozenset({"number"})
    if isinstance(node, Bool):
        return frozenset({"boolean"})
    if isinstance(node, Null):
        return frozenset({"null"})
    if isinstance(node, (Arr, Cells)):
        return frozenset({"array"})
    if isinstance(node, (Obj, Map)):
        return frozenset({"object"})
    if isinstance(node, OneOf):
        out: frozenset[str] = frozenset()
        for opt in node.options:
            out |= accepted_types(opt, defs)
        return out
    return frozenset({"string", "number", "boolean", "null", "array", "object"})


def tagged_options(node: OneOf, defs: Mapping[str, Node]) -> dict[Any, Node]:
    """A discriminated OneOf's options by the constant value of their discriminator key."""
    assert node.discriminator is not None
    tags: dict[Any, Node] = {}
    for option in node.options:
        target = defs[option.name] if isinstance(option, Ref) else option
        assert isinstance(target, Obj)
        const = target.props[node.discriminator]
        assert isinstance(const, Const)
        tags[const.value] = option
    return tags


def json_type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


# -- schema emission ----------------------------------------------------------------------

_FORBIDDEN_NAMES = {"not": {"enum": sorted(FORBIDDEN_KEYS)}}


def to_schema(node: Node) -> dict[str, Any]:
    """The draft-07 JSON Schema fragment of one node."""
    out = _schema(node)
    if node.doc:
        out = {"description": node.doc, **out}
    if node.default is not MISSING:
        out["default"] = node.default
    return out


def _schema(node: Node) -> dict[str, Any]:
    if isinstance(node, Ref):
        return {"$ref": f"#/definitions/{node.name}"}
    if isinstance(node, AnyValue):
        return {"$ref": "#/definitions/JsonValue"}
    if isinstance(node, Str):
        out: dict[str, Any] = {"type": "string"}
        if node.min_len:
            out["minLength"] = node.min_len
        if node.max_len is not None:
            out["maxLength"] = node.max_len
        if node.pattern is not None:
            out["pattern"] = node.pattern
        return out
    if isinstance(node, Const):
        return {"const": node.value}
    if isinstance(node, Enum):
        return {"type": "string", "enum": list(node.values)}
    if isinstance(node, Num):
        out = {"type": "integer" if node.integer else "number"}
        if node.minimum is not None:
            out["minimum"] = node.minimum
        if node.exclusive_minimum is not None:
            out["exclusiveMinimum"] = node.exclusive_minimum
        if node.maximum is not None:
            out["maximum"] = node.maximum
        return out
    if isinstance(node, Bool):
        return {"type": "boolean"}
    if isinstance(node, Null):
        return {"type": "null"}
    if isinstance(node, Arr):
        out = {"type": "array", "items": to_schema(node.items)}
        if node.min_items:
            out["minItems"] = node.min_items
        if node.max_items is not None:
            out["maxItems"] = node.max_items
        return out
    if isinstance(node, Cells):
        cell = {
            "type": ["number", "string", "null"],
            "maxLength": node.max_text,
        }
        return {
            "type": "array",
            "maxItems": node.max_rows,
            "items": {"type": "array", "maxItems": node.max_width, "items": cell},
        }
    if isinstance(node, Obj):
        out = {
            "type": "object",
            "properties": {k: to_schema(v) for k, v in node.props.items()},
            "additionalProperties": False,
        }
        if node.required:
            out["required"] = list(node.required)
        if node.required_unless:
            out["allOf"] = [
                {"if": {"not": {"required": [other]}}, "then": {"required": [key]}}
                for key, other in node.required_unless.items()
            ]
        return out
    if isinstance(node, Map):
        names: dict[str, Any] = dict(_FORBIDDEN_NAMES)
        if node.key_pattern is not None or node.key_max_len is not None:
            names = {"allOf": [_FORBIDDEN_NAMES, _key_schema(node)]}
        out = {
            "type": "object",
            "propertyNames": names,
            "additionalProperties": to_schema(node.values),
        }
        return out
    if isinstance(node, OneOf):
        return {"oneOf": [to_schema(o) for o in node.options]}
    raise TypeError(f"unknown node {node!r}")


def _key_schema(node: Map) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if node.key_pattern is not None:
        out["pattern"] = node.key_pattern
    if node.key_max_len is not None:
        out["maxLength"] = node.key_max_len
    return out


JSON_VALUE_SCHEMA: dict[str, Any] = {
    "description": "Any JSON value; keys named __proto__, constructor or prototype are refused.",
    "anyOf": [
        {"type": ["string", "number", "boolean", "null"]},
        {"type": "array", "items": {"$ref": "#/definitions/JsonValue"}},
        {
            "type": "object",
            "propertyNames": _FORBIDDEN_NAMES,
            "additionalProperties": {"$ref": "#/definitions/JsonValue"},
        },
    ],
}


def walk(node: Node, defs: Mapping[str, Node]) -> Sequence[Node]:
    """Every node reachable from ``node`` (definitions followed once)."""
    seen: set[int] = set()
    out: list[Node] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        out.append(n)
        if isinstance(n, Ref):
            stack.append(defs[n.name])
        elif isinstance(n, Arr):
            stack.append(n.items)
        elif isinstance(n, Obj):
            stack.extend(n.props.values())
        elif isinstance(n, Map):
            stack.append(n.values)
        elif isinstance(n, OneOf):
            stack.extend(n.options)
    return out
