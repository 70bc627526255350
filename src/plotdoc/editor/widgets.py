"""The widget of a Format panel control, from the contract's type at the control's path.

An enumeration is a select, a ``ColorRef`` a colour picker with ``theme`` and alpha, a number
with bounds a number field, ``auto``-or-number both, a switch without a default a choice of
yes, no or the default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..contract import document as D
from ..contract import nodes as N

PathPart = str | int


@dataclass(frozen=True)
class Control:
    path: str
    label: str


# -- the contract's type at a path ----------------------------------------------------------


def _resolve(node: N.Node) -> N.Node:
    while isinstance(node, N.Ref):
        node = D.DEFINITIONS[node.name]
    return node


def node_at(path: Sequence[PathPart], hint: Mapping[str, Any] | None = None) -> N.Node | None:
    """The contract's node at ``path`` inside a table (``("graph", "legend", "position")``);
    ``hint`` picks a discriminated alternative (``{"type": "text"}`` for an annotation).
    None when the contract has no such path."""
    node: N.Node = D.TABLE
    for part in path:
        node = _resolve(node)
        if isinstance(node, N.OneOf) and node.discriminator is not None:
            tags = N.tagged_options(node, D.DEFINITIONS)
            want = (hint or {}).get(node.discriminator)
            if want not in tags:
                return None
            node = _resolve(tags[want])
        if isinstance(node, N.Obj):
            if not isinstance(part, str) or part not in node.props:
                return None
            node = node.props[part]
        elif isinstance(node, N.Map):
            node = node.values
        elif isinstance(node, N.Arr):
            node = node.items
        else:
            return None
    return node


@dataclass(frozen=True)
class Widget:
    """How a value is edited: ``kind`` is color, select, number, auto-number, check, switch
    (yes, no, or the default: omitted) or text."""

    kind: str
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    integer: bool = False
    #: the word that means automatic (``auto``, ``automatic``), for auto-number
    word: str = ""
    nullable: bool = False
    #: a colour that may also be ``none`` (a shape's fill)
    none: bool = False


def _is_color(node: N.Node) -> bool:
    return isinstance(node, N.Ref) and node.name == "ColorRef"


def widget_of(node: N.Node) -> Widget | None:
    """The widget for a contract node, None for a value no single control edits."""
    if _is_color(node):
        return Widget("color")
    nullable = False
    if isinstance(node, N.OneOf):
        options = list(node.options)
        if any(isinstance(o, N.Null) for o in options):
            nullable = True
            options = [o for o in options if not isinstance(o, N.Null)]
        if len(options) == 2 and isinstance(options[0], N.Const) and _is_color(options[1]):
            return Widget("color", none=True)
        if len(options) == 2 and isinstance(options[0], N.Const):
            inner = _resolve(options[1])
            if isinstance(inner, N.Num):
                return Widget(
                    "auto-number",
                    minimum=inner.minimum,
                    maximum=inner.maximum,
                    integer=inner.integer,
                    word=str(options[0].value),
                )
        if len(options) == 2 and isinstance(options[0], N.Enum) and isinstance(options[1], N.Num):
            return Widget("auto-number", choices=options[0].values, word=options[0].values[0])
        if len(options) != 1:
            return None
        node = options[0]
    node = _resolve(node)
    if isinstance(node, N.Enum):
        return Widget("select", node.values, nullable=nullable)
    if isinstance(node, N.Num):
        return Widget(
            "number",
            minimum=node.minimum,
            maximum=node.maximum,
            integer=node.integer,
            nullable=nullable,
        )
    if isinstance(node, N.Bool):
        # no default: omitted means the graph type's choice, which a checkbox cannot show
        return Widget("check" if isinstance(node.default, bool) else "switch", nullable=nullable)
    if isinstance(node, N.Str):
        return Widget("text", nullable=nullable)
    return None


def split(path: str) -> tuple[PathPart, ...]:
    return tuple(int(p) if p.isdigit() else p for p in path.split("."))


def full_path(
    base: Sequence[PathPart], control: Control, index: int | None = None
) -> tuple[PathPart, ...]:
    """The control's path within the table (``{i}``: the data set ``index``, as a key)."""
    if control.path.startswith("/"):
        parts = split(control.path[1:])
        return tuple(str(index) if p == "{i}" else p for p in parts)
    return (*base, *split(control.path))


#: elements whose settings are offered wherever another is drawn (a bar's value labels are
#: drawn only once they are asked for)
ALSO = {"valueAnnotation": ("bar",)}


def shown(
    controls: Sequence[Control],
    base: Sequence[PathPart],
    *,
    elements: set[str] | None = None,
    hint: Mapping[str, Any] | None = None,
    index: int | None = None,
) -> list[tuple[Control, tuple[PathPart, ...], Widget]]:
    """The controls of a section that apply: the contract has their path, and (for a data
    set's style) the graph draws their element."""
    out = []
    for control in controls:
        path = full_path(base, control, index)
        own = not control.path.startswith("/")
        element = str(split(control.path)[0])
        if elements is not None and own and not elements & {element, *ALSO.get(element, ())}:
            continue
        node = node_at(path, hint)
        widget = widget_of(node) if node is not None else None
        if widget is not None:
            out.append((control, path, widget))
    return out
