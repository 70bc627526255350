"""Notebook display: every graph shows, ids are unique on the page, and the model draws nothing
(its modules import neither the renderer nor the analyses)."""

from __future__ import annotations

import ast
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import plotdoc
from plotdoc.publish.examples import example_bytes

SRC = Path(plotdoc.__file__).resolve().parent


def test_a_results_table_shows_its_graph() -> None:
    project = plotdoc.loads(example_bytes("complete"))
    results = [t for t in project.tables if t.derived_from is not None and t.graph is not None]
    assert results
    for table in results:
        svg = table._repr_svg_()
        assert svg is not None, table.id
        root = ET.fromstring(svg.encode())
        assert root.tag.endswith("svg") and len(list(root.iter())) > 50


def test_a_project_page_has_unique_ids_and_each_figure_refers_to_its_own() -> None:
    project = plotdoc.loads(example_bytes("complete"))
    page = project._repr_mimebundle_()["text/html"]
    figures = re.findall(r"<figure>.*?</figure>", page, flags=re.DOTALL)
    assert len(figures) == sum(t.graph is not None for t in project.tables) >= 3
    ids = re.findall(r'(?<![\w:-])id="([^"]+)"', page)
    repeated = [i for i, n in Counter(ids).items() if n > 1]
    assert ids and not repeated, repeated[:5]
    referring = 0
    for figure in figures:
        own = set(re.findall(r'(?<![\w:-])id="([^"]+)"', figure))
        refs = re.findall(r'url\(#([^)]+)\)|href="#([^"]+)"', figure)
        referring += bool(refs)
        for ref in refs:
            assert (ref[0] or ref[1]) in own
    assert referring  # clip paths and glyphs are referred to: the check saw references


def _imports(path: Path, package: str) -> set[str]:
    """Every plotdoc module ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m.startswith("plotdoc")}


def _module_path(name: str) -> Path | None:
    rel = Path(*name.split(".")[1:])
    for candidate in (SRC / rel.with_suffix(".py"), SRC / rel / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def test_the_model_reaches_neither_drawing_nor_analyses() -> None:
    """Follow every import of plotdoc.model's modules (also those inside functions): none
    leads to the renderer, the analyses, the statistics or the notebook display."""
    seen: dict[str, str] = {}
    todo = [f"plotdoc.model.{p.stem}" for p in (SRC / "model").glob("*.py")]
    todo = [n.removesuffix(".__init__") for n in todo]
    for name in todo:
        seen[name] = "plotdoc.model"
    while todo:
        name = todo.pop()
        path = _module_path(name)
        if path is None:
            continue
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for module in _imports(path, package):
            if module not in seen and _module_path(module) is not None:
                seen[module] = name
                todo.append(module)
    forbidden = ("plotdoc.render", "plotdoc.analyses", "plotdoc.stats", "plotdoc.notebook")
    reached = sorted(m for m in seen if m.startswith(forbidden))
    chains = []
    for module in reached[:3]:
        chain = [module]
        while chain[-1] in seen and seen[chain[-1]] != "plotdoc.model":
            chain.append(seen[chain[-1]])
        chains.append(" <- ".join(chain))
    assert not reached, chains
