"""The editor's code builds no markup, props or JavaScript out of strings (see editor/attrs.py).

Read from the source itself: every call that NiceGUI parses as props, classes or styles, or
runs as JavaScript, takes a constant (or a choice between constants), JavaScript made by
``attrs.js_call``, or rich text made by ``rich_html``, which escapes all it does not make.
"""

from __future__ import annotations

import ast
import html
from pathlib import Path

import pytest

pytest.importorskip("nicegui", reason="the editor extra is not installed")

from plotdoc.editor import attrs
from plotdoc.editor.controls import rich_html

from .injection import payloads

EDITOR = Path(__file__).resolve().parents[2] / "src" / "plotdoc" / "editor"

#: calls whose string NiceGUI parses (props, classes, style) or runs (JavaScript)
PARSED = {
    "props",
    "classes",
    "style",
    "run_javascript",
    "add_head_html",
    "add_body_html",
    "add_css",
    "markdown",
    "mermaid",
}
#: the page's own files, read by page.py and put in its head and body as they are
OWN_FILES = {("page.py", "add_head_html"), ("page.py", "add_body_html")}
#: a button look the question dialogs' callers pass (dialogs.PRIMARY, DANGER, QUIET)
NAMED = {("dialogs.py", "props")}


def _constant(node: ast.expr) -> bool:
    """A constant, or an expression choosing or joining constants only."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.IfExp):
        return _constant(node.body) and _constant(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _constant(node.left) and _constant(node.right)
    return False


def _made_by(node: ast.expr, *names: str) -> bool:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return (_constant(node.left) or _made_by(node.left, *names)) and (
            _constant(node.right) or _made_by(node.right, *names)
        )
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    return (isinstance(f, ast.Attribute) and f.attr in names) or (
        isinstance(f, ast.Name) and f.id in names
    )


def _offences() -> list[str]:
    found = []
    for path in sorted(EDITOR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):  # ":key" options the browser evaluates (AG Grid)
                for key, value in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and str(key.value).startswith(":")
                        and not (_constant(value) or _made_by(value, "js_call"))
                    ):
                        found.append(f"{path.name}:{node.lineno}: {key.value}")
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            args: list[ast.expr] = []
            if name in PARSED:
                args = [*node.args, *(k.value for k in node.keywords)]
            elif name == "on":
                args = [k.value for k in node.keywords if k.arg == "js_handler"]
            elif name == "html":
                args = node.args[:1]
            for arg in args:
                if _constant(arg) or _made_by(arg, "js_call", "rich_html"):
                    continue
                if (path.name, name) in OWN_FILES:
                    continue
                if (path.name, name) in NAMED and isinstance(arg, ast.Name):
                    continue
                found.append(f"{path.name}:{node.lineno}: {name}({ast.unparse(arg)[:60]})")
    return found


def test_no_props_classes_style_or_javascript_is_built_from_strings() -> None:
    assert _offences() == []


def test_the_rule_finds_the_interpolation_the_review_found() -> None:
    """The check above can fail: it finds the props the navigator was built with."""
    tree = ast.parse("ui.item().props(f'data-testid=\"nav-{table.id}\"')")
    call = tree.body[0].value  # type: ignore[attr-defined]
    assert not _constant(call.args[0]) and not _made_by(call.args[0], "js_call")


def test_js_literals_cannot_leave_the_script() -> None:
    for payload in [*payloads(1), "\u2028\u2029", "</script><script>x()</script>"]:
        text = attrs.js_call("plotdocSetDirty", True, payload)
        assert not any(c in text for c in "<>&\u2028\u2029")
        assert text.startswith('plotdocSetDirty(true, "') and text.endswith('")')
    with pytest.raises(ValueError):
        attrs.js_call("alert(1);x")


def test_attributes_are_data_attributes_only() -> None:
    from nicegui import ui

    for name in ("onerror", "innerHTML", ":title", "data-x onclick"):
        with pytest.raises(ValueError):
            attrs.attr(ui.element.__new__(ui.element), name, "x")


def test_rich_text_escapes_everything_it_does_not_make() -> None:
    for payload in payloads(7):
        shown = rich_html(payload)
        assert "<" not in shown and ">" not in shown and '"' not in shown
        assert html.unescape(shown) == payload
    made = rich_html('x^{<img src=x onerror="a()">}_{"}')
    assert made == "x<sup>&lt;img src=x onerror=&quot;a()&quot;&gt;</sup><sub>&quot;</sub>"
