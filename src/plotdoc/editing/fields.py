"""What each settable field of the document holds, read from the contract's own description.

A form (the editor's Format panel) is declared from these specs: the widget follows the kind
(``enum`` → a select, ``color`` → a colour picker with ``theme``, ``number`` with its bounds,
``auto-or-number`` → a word or a number, ``boolean``, ``string``). Paths are written as problems
print them; a free key (a data set name, a point index) is ``*`` in a pattern and any key in a
concrete path::

    >>> field_spec("tables[0].graph.styleOverrides.perDataSet.Control.symbol.color").kind
    'color'
    >>> [f.path for f in settable_fields("graph.axesOverrides.leftY")][:2]
    ['graph.axesOverrides.leftY.show', 'graph.axesOverrides.leftY.rangeMin']

Paths may start at the document's root (``tables[0].titles.graph.dx``) or at a table
(``titles.graph.dx``). Where the contract chooses a shape by a tag (plot options by the table's
family, annotations by their type), give the tag with ``family``/``kind`` or the project and
a concrete path to read it from. Only the contract's description is imported (no drawing, no
statistics).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ..contract import document as D
from ..contract.nodes import (
    MISSING,
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
    tagged_options,
)
from ..contract.variants import VARIANTS
from ..problems import PathPart, format_path

if TYPE_CHECKING:
    from ..model import Project

FieldKind = Literal["enum", "color", "number", "auto-or-number", "boolean", "string", "any"]

#: Where a path that does not start at the document's root starts: a table.
TABLE_KEYS = frozenset(D.TABLE.props)

_TOKEN = re.compile(r'\.?([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+|\*)\]|\[("(?:[^"\\]|\\.)*")\]|\.(\*)')


def parse_path(path: str | Sequence[PathPart]) -> tuple[PathPart, ...]:
    """``tables[0].graph.legend["volcano:up"]`` as a tuple of keys and indexes.

    A tuple or list is taken as it is; ``*`` (a pattern's free key) and ``[*]`` stay ``"*"``.
    Raises ValueError naming the first character that is not part of a path.
    """
    if not isinstance(path, str):
        parts = tuple(path)
        if not all(isinstance(p, (str, int)) and not isinstance(p, bool) for p in parts):
            raise ValueError(f"expected a path of keys and indexes; found {list(parts)!r}")
        return parts
    out: list[PathPart] = []
    at = 0
    while at < len(path):
        m = _TOKEN.match(path, at)
        if m is None or (m.start() == 0 and path.startswith(".")):
            raise ValueError(
                f"expected a path such as tables[0].graph.legend.show; found {path!r} "
                f"(not understood from character {at + 1})"
            )
        ident, index, quoted, star = m.groups()
        if ident is not None:
            out.append(ident)
        elif index is not None:
            out.append(ANY_INDEX if index == "*" else int(index))
        elif quoted is not None:
            out.append(json.loads(quoted))
        else:
            out.append(star)
        at = m.end()
    if not out:
        raise ValueError("expected a path such as tables[0].graph.legend.show; found an empty one")
    return tuple(out)


@dataclass(frozen=True)
class FieldSpec:
    """One settable value: its path, the kind of control that sets it, and its bounds."""

    #: the path as problems print it (a pattern's free keys are ``*``)
    path: str
    kind: FieldKind
    #: enum: the values; auto-or-number: the word(s) besides a number; color: the words
    #: besides ``{"hex": "#rrggbb", "alpha": 0..1}`` (``theme``, and ``none`` for a fill)
    values: tuple[Any, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    #: the value must be above this (not equal)
    exclusive_minimum: float | None = None
    integer: bool = False
    #: null is accepted (it means automatic or none; the field's doc says which)
    nullable: bool = False
    max_length: int | None = None
    #: a regular expression a string must match
    pattern: str | None = None
    #: what an omitted field means (None when the contract gives no default)
    default: Any = None
    has_default: bool = False
    doc: str = ""


#: A pattern's free index of an array (``annotations[*]``); a free key of a record is ``*``.
ANY_INDEX = "[*]"


def pattern_path(parts: Sequence[PathPart]) -> str:
    """``parts`` written as problems print paths, free keys as ``.*`` and free indexes ``[*]``."""
    out = ""
    for part in parts:
        if part == ANY_INDEX:
            out += "[*]"
        elif part == "*":
            out += ".*" if out else "*"
        else:
            piece = format_path((part,))
            out += piece if not out or piece.startswith("[") else "." + piece
    return out


def _deref(node: Node) -> Node:
    while isinstance(node, Ref):
        node = D.DEFINITIONS[node.name]
    return node


def _is_color(node: Node) -> bool:
    return isinstance(node, Ref) and node.name == "ColorRef"


def spec_of(node: Node, path: str, outer: Node | None = None) -> FieldSpec | None:
    """The spec of a leaf node, or None for an object, a record or an array."""
    holder = outer if outer is not None else node
    doc = holder.doc or node.doc
    default = holder.default if holder.default is not MISSING else node.default
    common: dict[str, Any] = {
        "path": path,
        "doc": doc,
        "default": None if default is MISSING else default,
        "has_default": default is not MISSING,
    }
    if _is_color(node) or _deref(node) is D.DEFINITIONS["ColorRef"]:
        return FieldSpec(kind="color", values=("theme",), **common)
    node = _deref(node)
    if isinstance(node, Enum):
        return FieldSpec(kind="enum", values=node.values, **common)
    if isinstance(node, Const):
        return FieldSpec(kind="enum", values=(node.value,), **common)
    if isinstance(node, Bool):
        return FieldSpec(kind="boolean", **common)
    if isinstance(node, Num):
        return FieldSpec(kind="number", **_bounds(node), **common)
    if isinstance(node, Str):
        return FieldSpec(kind="string", max_length=node.max_len, pattern=node.pattern, **common)
    if isinstance(node, AnyValue):
        return FieldSpec(kind="any", **common)
    if isinstance(node, OneOf) and node.discriminator is None:
        return _one_of(node, common)
    return None


def _bounds(node: Num) -> dict[str, Any]:
    return {
        "minimum": node.minimum,
        "maximum": node.maximum,
        "exclusive_minimum": node.exclusive_minimum,
        "integer": node.integer,
    }


def _one_of(node: OneOf, common: dict[str, Any]) -> FieldSpec | None:
    options = [o for o in node.options if not isinstance(_deref(o), Null)]
    nullable = len(options) < len(node.options)
    if len(options) == 1:
        inner = spec_of(options[0], common["path"])
        if inner is None:
            return None
        return dataclasses.replace(
            inner,
            doc=common["doc"] or inner.doc,
            default=common["default"] if common["has_default"] else inner.default,
            has_default=common["has_default"] or inner.has_default,
            nullable=nullable or inner.nullable,
        )
    words = [o for o in options if isinstance(_deref(o), (Const, Enum))]
    rest = [o for o in options if o not in words]
    values: list[Any] = []
    for w in words:
        target = _deref(w)
        if isinstance(target, Enum):
            values.extend(target.values)
        elif isinstance(target, Const):
            values.append(target.value)
    if len(rest) == 1 and _is_color(rest[0]):
        return FieldSpec(kind="color", values=(*values, "theme"), nullable=nullable, **common)
    if len(rest) == 1 and isinstance(_deref(rest[0]), Num):
        num = _deref(rest[0])
        assert isinstance(num, Num)
        return FieldSpec(
            kind="auto-or-number", values=tuple(values), nullable=nullable, **_bounds(num), **common
        )
    if not rest:
        return FieldSpec(kind="enum", values=tuple(values), nullable=nullable, **common)
    return None


# -- walking the contract by path ----------------------------------------------------------


class FieldError(LookupError):
    """A path that names no settable place of the document (the message says why)."""


def _choose(node: OneOf, key: PathPart, tag: Any, where: str) -> Node:
    """The option of ``node`` a path goes into: by its tag, or the only one that has ``key``."""
    if node.discriminator is not None:
        options = tagged_options(node, D.DEFINITIONS)
        if tag is not None and tag in options:
            return options[tag]
        having = [o for o in options.values() if isinstance(key, str) and key in _props(o)]
        if len(having) == 1:
            return having[0]
        raise FieldError(
            f"{where} depends on its {node.discriminator} ({', '.join(map(str, options))}); "
            f"give it (or a project to read it from)"
        )
    containers = [o for o in node.options if isinstance(_deref(o), (Obj, Map, Arr))]
    if len(containers) == 1:
        return containers[0]
    raise FieldError(f"{where} holds a single value; nothing is inside it")


def _props(node: Node) -> dict[str, Node]:
    node = _deref(node)
    return dict(node.props) if isinstance(node, Obj) else {}


def node_at(path: Sequence[PathPart], tags: Sequence[Any] = ()) -> tuple[Node, Node | None]:
    """The node a document path names, and the node holding its default (a Ref with one).

    ``tags[i]`` is the tag of a tagged choice met at depth ``i`` (None when unknown).
    """
    node: Node = D.ROOT if path and path[0] not in TABLE_KEYS else D.TABLE
    if path and path[0] in TABLE_KEYS and path[0] in D.ROOT.props:
        node = D.ROOT  # usermeta: the document's own
    outer: Node | None = None
    for depth, key in enumerate(path):
        where = pattern_path(path[: depth + 1]) or "the document"
        target = _deref(node)
        if isinstance(target, OneOf):
            tag = tags[depth] if depth < len(tags) else None
            node = _choose(target, key, tag, pattern_path(path[:depth]) or "the document")
            target = _deref(node)
        if isinstance(target, Obj):
            if not isinstance(key, str) or key not in target.props:
                keys = ", ".join(target.props)
                raise FieldError(f"{where} is not a field; expected one of {keys}")
            node = target.props[key]
        elif isinstance(target, Map):
            if not isinstance(key, str):
                raise FieldError(f"{where}: expected a key (a name or a decimal string)")
            node = target.values
        elif isinstance(target, Arr):
            if not isinstance(key, int) and key not in ("*", ANY_INDEX):
                raise FieldError(f"{where}: expected an index")
            node = target.items
        elif isinstance(target, (AnyValue,)):
            return target, None
        else:
            raise FieldError(f"{where}: {pattern_path(path[:depth])} holds a single value")
        outer = node if node.default is not MISSING or node.doc else None
    return node, outer


def tags_of(path: Sequence[PathPart], project: Project | None) -> list[Any]:
    """The tags of the tagged choices along ``path``, read from ``project``'s document."""
    if project is None:
        return []
    from ..writer import _table

    parts = tuple(path)
    doc: Any
    if parts and parts[0] == "tables" and len(parts) > 1 and isinstance(parts[1], int):
        if not 0 <= parts[1] < len(project.tables):
            return []
        doc, start = _table(project.tables[parts[1]]), 2
        tags: list[Any] = [None, None]
    else:
        return []
    for key in parts[start:]:
        if isinstance(doc, dict):
            tags.append(
                doc.get("family") or doc.get("type") or doc.get("method") or doc.get("kind")
            )
            doc = doc.get(key) if isinstance(key, str) else None
        elif isinstance(doc, list) and isinstance(key, int) and 0 <= key < len(doc):
            tags.append(None)
            doc = doc[key]
        else:
            tags.append(None)
            doc = None
    return tags


def field_spec(
    path: str | Sequence[PathPart],
    project: Project | None = None,
    *,
    family: str | None = None,
    kind: str | None = None,
    variant: str | None = None,
) -> FieldSpec:
    """The spec of the value at ``path`` (a leaf: a number, a word, a colour...).

    ``project`` (with a path from the root, ``tables[i]...``) tells plot options, annotations
    and anchors apart by what the project holds; otherwise ``family`` (a table family, for
    ``graph.plot.options``) and ``kind`` (an annotation type, analysis method or anchor kind)
    do. ``variant`` (a graph type; read from the project when given) narrows the plot's
    ``mode`` to the modes that type offers. Raises :class:`FieldError` for a path that is no
    field or holds an object.
    """
    parts = parse_path(path)
    if variant is not None and variant in VARIANTS:
        family = VARIANTS[variant].family
    tags = tags_of(parts, project) if project is not None else _given_tags(parts, family, kind)
    node, outer = node_at(parts, tags)
    spec = spec_of(node, pattern_path(parts), outer)
    if spec is None:
        raise FieldError(
            f"{pattern_path(parts)} holds an object; expected the path of one of its fields"
        )
    if project is not None and len(parts) > 2 and parts[0] == "tables":
        table = project.tables[parts[1]] if isinstance(parts[1], int) else None
        if table is not None and table.graph is not None:
            variant = table.graph.variant_id
    return _for_variant(spec, variant) or spec


def _option(spec: FieldSpec) -> str | None:
    """The plot option a spec is (``mode``, ``heatMap``...), or None."""
    marker = "graph.plot.options."
    at = spec.path.find(marker)
    if at < 0:
        return None
    return spec.path[at + len(marker) :].split(".")[0]


def _for_variant(spec: FieldSpec, variant: str | None) -> FieldSpec | None:
    """``spec`` as graph type ``variant`` offers it: None when the type has no such option
    (or fixes it, as a multiple-variables ``kind``); ``mode`` narrowed to the type's modes."""
    option = _option(spec)
    if option is None or variant is None or variant not in VARIANTS:
        return spec
    offered = VARIANTS[variant]
    if option == "kind" or not offered.offers(option):  # its record lists what it offers
        return None
    if option == "mode":
        return dataclasses.replace(spec, values=offered.modes) if offered.modes else None
    return spec


def _given_tags(parts: Sequence[PathPart], family: str | None, kind: str | None) -> list[Any]:
    tags: list[Any] = []
    for i, key in enumerate(parts):
        before = parts[i - 1] if i else None
        tags.append(family if before == "plot" else kind)
        del key
    return tags


def settable_fields(
    under: str | Sequence[PathPart] = "graph",
    *,
    family: str | None = None,
    kind: str | None = None,
    variant: str | None = None,
) -> list[FieldSpec]:
    """Every leaf under ``under`` (a path relative to a table, such as ``graph``, ``titles``,
    ``graph.axesOverrides.leftY``, or ``annotations[*]`` with ``kind``), in the contract's
    order; free keys are ``*``. Plot options are listed for ``family`` only (all families
    when None); annotation fields for ``kind`` only (all types when None). With ``variant``
    (a graph type), only the plot options that type has are listed, ``mode`` with the modes
    it offers."""
    if variant is not None and variant in VARIANTS:
        family = VARIANTS[variant].family
    start = parse_path(under)
    node, outer = node_at(start, _given_tags(start, family, kind))
    specs = (_for_variant(s, variant) for s in _leaves(node, start, outer, family, kind))
    return [s for s in specs if s is not None]


def _leaves(
    node: Node, path: tuple[PathPart, ...], outer: Node | None, family: str | None, kind: str | None
) -> Iterator[FieldSpec]:
    spec = spec_of(node, pattern_path(path), outer)
    if spec is not None:
        yield spec
        return
    target = _deref(node)
    if isinstance(target, Obj):
        for key, sub in target.props.items():
            if not (isinstance(sub, Const) and key in ("family", "type", "method", "kind")):
                yield from _leaves(sub, (*path, key), sub, family, kind)
    elif isinstance(target, Map):
        yield from _leaves(target.values, (*path, "*"), None, family, kind)
    elif isinstance(target, Arr):
        yield from _leaves(target.items, (*path, ANY_INDEX), None, family, kind)
    elif isinstance(target, Cells):
        return
    elif isinstance(target, OneOf) and target.discriminator is not None:
        wanted = family if target.discriminator == "family" else kind
        options = tagged_options(target, D.DEFINITIONS)
        for tag, option in options.items():
            if wanted is None or tag == wanted or wanted not in options:
                yield from _leaves(option, path, None, family, kind)


__all__ = [
    "FieldError",
    "FieldSpec",
    "field_spec",
    "node_at",
    "parse_path",
    "pattern_path",
    "settable_fields",
    "tags_of",
]
