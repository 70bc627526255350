"""The typed plot options match the contract's plot options field for field, and every option
the renderer looks up by name is one of them."""

from __future__ import annotations

import re
import typing
from pathlib import Path
from typing import Any

from plotdoc.contract import nodes as N
from plotdoc.contract.document import PLOT
from plotdoc.contract.variants import VARIANTS
from plotdoc.render import options

RENDER = Path(options.__file__).parent


def _python_type(node: N.Node) -> Any:
    if isinstance(node, N.Num):
        return int if node.integer else float
    if isinstance(node, N.Bool):
        return bool
    if isinstance(node, N.Enum | N.Str):
        return str
    if isinstance(node, N.Null):
        return type(None)
    if isinstance(node, N.OneOf):
        return typing.Union[tuple(_python_type(o) for o in node.options)]  # noqa: UP007
    raise AssertionError(f"no Python type for {node!r}")


def _expected(obj: N.Obj) -> dict[str, Any]:
    return {
        k: _expected(n) if isinstance(n, N.Obj) else _python_type(n) for k, n in obj.props.items()
    }


def _declared(td: type) -> dict[str, Any]:
    return {
        k: _declared(h) if typing.is_typeddict(h) else h
        for k, h in typing.get_type_hints(td).items()
    }


def test_plot_options_are_every_familys_options_field_for_field() -> None:
    expected: dict[str, Any] = {}
    for family in PLOT.options:
        assert isinstance(family, N.Obj)
        opts = family.props["options"]
        assert isinstance(opts, N.Obj)
        for key, value in _expected(opts).items():
            assert expected.setdefault(key, value) == value, key
    assert _declared(options.PlotOptions) == expected


def test_variant_defaults_are_typed_options() -> None:
    fields = set(typing.get_type_hints(options.PlotOptions))
    for variant in VARIANTS.values():
        assert set(variant.default_options) <= fields, variant.id


#: ``opts.get("flipXY")``, ``ctx.options["mode"]``: options looked up by name
_LOOKUP = re.compile(r"\b(?:opts|options)(?:\.get\(|\[)\"(\w+)\"")


def test_every_option_looked_up_by_name_exists() -> None:
    # mypy checks ``options["x"]``; ``options.get("x")`` of an unknown key is only ``object``,
    # so the names are checked here (against every option, nested ones included)
    fields = {
        key
        for td in vars(options).values()
        if typing.is_typeddict(td)
        for key in typing.get_type_hints(td)
    }
    names = {
        (path.name, m.group(1))
        for path in RENDER.rglob("*.py")
        for m in _LOOKUP.finditer(path.read_text(encoding="utf-8"))
    }
    assert len(names) > 20
    assert {(f, n) for f, n in names if n not in fields} == set()
