"""The plot options of a family as the contract defines them, and the values typed into
their fields (``auto``, a number, or empty for none)."""

from __future__ import annotations

from typing import Any

from ..contract import document as D
from ..contract import nodes as N


def option_nodes(family: str) -> dict[str, N.Node]:
    """The plot options of ``family`` as the contract defines them."""
    assert isinstance(D.PLOT, N.OneOf)
    for obj in D.PLOT.options:
        assert isinstance(obj, N.Obj)
        fam = obj.props["family"]
        if isinstance(fam, N.Const) and fam.value == family:
            opts = obj.props["options"]
            assert isinstance(opts, N.Obj)
            return dict(opts.props)
    return {}


def auto_value(value: Any) -> float | str:
    text = str(value).strip() if value is not None else ""
    if text == "" or text.lower() == "auto":
        return "auto"
    try:
        return float(text)
    except ValueError:
        return text  # refused by the check with open's message


def number_or_none(text: Any) -> float | str | None:
    value = auto_value(text)
    return None if value == "auto" else value


def unwrap(node: N.Node) -> tuple[N.Node, bool]:
    """A node and whether null is allowed (``nullable(x)`` is ``OneOf(x, Null)``)."""
    if isinstance(node, N.OneOf) and any(isinstance(o, N.Null) for o in node.options):
        rest = [o for o in node.options if not isinstance(o, N.Null)]
        if len(rest) == 1:
            return rest[0], True
    return node, False
