"""The layout of plotdoc.render: what docs/rendering.md names exists, modules stay small, and no
module of the package imports one that imports it back. The editor's modules keep the same
rules (small, no import cycle)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RENDER = ROOT / "src" / "plotdoc" / "render"
EDITOR = ROOT / "src" / "plotdoc" / "editor"
DOC = ROOT / "docs" / "rendering.md"


def _modules(package: Path = RENDER) -> dict[str, Path]:
    out = {}
    for path in package.rglob("*.py"):
        rel = path.relative_to(package.parent.parent).with_suffix("")
        name = ".".join(rel.parts)
        out[name.removesuffix(".__init__")] = path
    return out


def test_every_module_the_doc_names_exists() -> None:
    named = re.findall(r"`(render/[\w/]+(?:\.py|/))`", DOC.read_text(encoding="utf-8"))
    assert len(named) > 30
    for rel in named:
        assert (RENDER.parent / rel).exists(), rel


def test_every_module_is_named_in_the_doc() -> None:
    text = DOC.read_text(encoding="utf-8")
    for path in RENDER.rglob("*.py"):
        rel = path.relative_to(RENDER.parent).as_posix()
        if path.name == "__init__.py" and path.parent != RENDER:
            continue
        if path.parent.name == "families":
            assert "`render/families/`" in text
            continue
        assert f"`{rel}`" in text, rel


@pytest.mark.parametrize(
    "path",
    sorted([*RENDER.rglob("*.py"), *EDITOR.rglob("*.py")]),
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_modules_stay_small_and_are_not_named_after_a_phase(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 400
    assert not re.search(r"(_part\d|_new|_v\d|_old)$", path.stem)


def _imports(name: str, path: Path) -> set[str]:
    """Modules of the package ``name`` imports (at any depth of the file)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


@pytest.mark.parametrize("package", [RENDER, EDITOR], ids=lambda p: p.name)
def test_no_import_cycle(package: Path) -> None:
    mods = _modules(package)
    graph = {n: {m for m in _imports(n, p) if m in mods and m != n} for n, p in mods.items()}
    # a package's __init__ importing its own modules is not a cycle through them
    for n in graph:
        graph[n] = {m for m in graph[n] if not n.startswith(m + ".")}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                raise AssertionError("import cycle: " + " -> ".join([*stack[stack.index(m) :], m]))
            if m not in state:
                visit(m)
        stack.pop()
        state[n] = 2

    for n in sorted(graph):
        if n not in state:
            visit(n)


#: the start of an f-string that builds an element id (``f"bar/ds{i}"``, ``f"/sub{j}"``)
_ID_FSTRING = re.compile(r"^/?(?:[a-z][a-z-]*/)*(?:ds|row|sub|p|r|c|s)?$|^[a-z][a-z-]*/")


def test_element_ids_are_built_only_in_ids_module() -> None:
    builders = []
    for path in sorted(RENDER.rglob("*.py")):
        if path.name == "ids.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr) or not node.values:
                continue
            head = node.values[0]
            if (
                isinstance(head, ast.Constant)
                and isinstance(head.value, str)
                and _ID_FSTRING.match(head.value)
                and len(node.values) > 1
            ):
                builders.append(f"{path.name}:{node.lineno}: {head.value!r}")
    assert not builders, builders
