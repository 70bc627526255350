"""The typed element styles match the contract's ElementOverrideSet field for field, and the
theme fills every field."""

from __future__ import annotations

import copy
import re
import typing
from pathlib import Path
from typing import Any

import pytest

from plotdoc.contract import nodes as N
from plotdoc.contract.document import ELEMENTS
from plotdoc.render.style import types
from plotdoc.render.style.theme import RGBA, make_theme


def _python_type(node: N.Node) -> Any:
    """The resolved value type the renderer sees for a contract node."""
    if isinstance(node, N.Ref):
        return RGBA if node.name == "ColorRef" else str
    if isinstance(node, N.Num):
        return float
    if isinstance(node, N.Bool):
        return bool
    if isinstance(node, N.Enum | N.Str):
        return str
    if isinstance(node, N.OneOf):  # a number or the word "automatic"
        return float | str
    raise AssertionError(f"no Python type for {node!r}")


def _expected(obj: N.Obj) -> dict[str, Any]:
    return {
        key: _expected(node) if isinstance(node, N.Obj) else _python_type(node)
        for key, node in obj.props.items()
    }


def _declared(td: type) -> dict[str, Any]:
    hints = typing.get_type_hints(td)
    out: dict[str, Any] = {}
    for key, hint in hints.items():
        if typing.is_typeddict(hint):
            out[key] = _declared(hint)
        else:
            # ``float | None`` where the contract's number may be left unset (``beginAtY``)
            args = [a for a in typing.get_args(hint) if a is not type(None)]
            out[key] = args[0] if len(args) == 1 and type(None) in typing.get_args(hint) else hint
    return out


def test_one_typed_dict_per_element_key() -> None:
    assert list(types.STYLE_TYPES) == list(ELEMENTS)


@pytest.mark.parametrize("element", list(ELEMENTS))
def test_typed_style_matches_the_contract_field_for_field(element: str) -> None:
    assert _declared(types.STYLE_TYPES[element]) == _expected(ELEMENTS[element])


@pytest.mark.parametrize("element", list(ELEMENTS))
def test_theme_defaults_fill_exactly_the_typed_fields(element: str) -> None:
    style = make_theme("modern", True).element_defaults(element, 0)
    assert set(style) == set(typing.get_type_hints(types.STYLE_TYPES[element]))


#: ``st["fill"]``, ``st.get("fill")`` and the like: style fields looked up by name
_LOOKUP = re.compile(r"\b(?:st|style|\w+_style|vst)(?:\.get\(|\[)\"(\w+)\"")


def test_every_style_field_looked_up_by_name_exists() -> None:
    # mypy checks look-ups in styles of a literal element; this also covers drawers that take
    # the element as a parameter (their style is untyped)
    fields = {key for td in types.STYLE_TYPES.values() for key in typing.get_type_hints(td)} | set(
        typing.get_type_hints(types.ValueSlotStyle)
    )
    render = Path(types.__file__).parents[1]
    names = {
        (path.name, m.group(1))
        for path in render.rglob("*.py")
        for m in _LOOKUP.finditer(path.read_text(encoding="utf-8"))
    }
    assert len(names) > 50
    assert {(f, n) for f, n in names if n not in fields} == set()


@pytest.mark.parametrize("element", sorted(ELEMENTS))
def test_each_call_gives_a_style_of_its_own(element: str) -> None:
    """The theme works out a data set's styles once; what a caller changes (a colour, a
    nested value slot) is never seen by the next caller."""
    theme = make_theme("modern", True)
    first = theme.element_defaults(element, 1)
    expected = copy.deepcopy(first)
    for key, value in list(first.items()):
        if isinstance(value, dict):
            value.clear()
        first[key] = "changed"
    assert theme.element_defaults(element, 1) == expected
    assert make_theme("modern", True).element_defaults(element, 1) == expected
