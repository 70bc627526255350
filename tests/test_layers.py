"""The layers of plotdoc: every module imports only modules of its own layer or of a layer
below it, in the order declared here (at any depth of the file: an import inside a function is
still a dependency; imports for type checkers only are not). docs/architecture.md describes
the layers."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "plotdoc"

#: The layers, lowest first; a module belongs to the layer of the longest prefix naming it.
LAYERS: tuple[tuple[str, ...], ...] = (
    # what everything may use: the version, problems and their errors, P value wording,
    # copies of JSON values and the garbage collector paused
    (
        "plotdoc.version",
        "plotdoc.errors",
        "plotdoc.problems",
        "plotdoc.pvalues",
        "plotdoc.jsoncopy",
        "plotdoc.gcpause",
    ),
    # the contract's vocabulary: limits, node types, families, variants, plot and style words
    ("plotdoc.contract",),
    # the statistics (numbers in, results out) and the in-memory model
    ("plotdoc.stats", "plotdoc.display_hooks", "plotdoc.frames", "plotdoc.model"),
    # the analysis methods' specs: declared on the vocabulary, computing with the statistics
    ("plotdoc.analyses.methods",),
    # the document's shape, built from the vocabulary and the specs
    (
        "plotdoc.contract.document",
        "plotdoc.contract.schema",
        "plotdoc.contract.methods",
        "plotdoc.contract.v1",
        "plotdoc.contract.v2",
    ),
    # reading and writing files
    (
        "plotdoc.atomic",
        "plotdoc.migrations",
        "plotdoc.reader",
        "plotdoc.canonical",
        "plotdoc.save_check",
        "plotdoc.save_memo",
        "plotdoc.writer",
        "plotdoc.downwrite",
    ),
    # running the analyses of a project
    ("plotdoc.analyses",),
    # opening and saving: the public functions
    ("plotdoc.api",),
    # what is built on opening: importers, drawing, the notebook, editing
    ("plotdoc.importers",),
    ("plotdoc.render", "plotdoc.notebook"),
    ("plotdoc.editing", "plotdoc.workspace", "plotdoc.exporters"),
    # building a project in Python makes its edits with the editing API (brackets)
    ("plotdoc.builder", "plotdoc.builder_refs"),
    # many files at once: folder walks, the process pool, batches (local or on Dask)
    ("plotdoc.folders", "plotdoc.pool"),
    ("plotdoc.batch", "plotdoc.publish"),
    # the front ends: the editor, the command line, the package's own front
    ("plotdoc.editor",),
    ("plotdoc.cli", "plotdoc.__main__"),
    ("plotdoc",),
)


def modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(SRC).with_suffix("")
        out[".".join(rel.parts).removesuffix(".__init__")] = path
    return out


MODULES = modules()


def layer_of(name: str) -> int:
    best, found = -1, -1
    for i, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), i
    assert found >= 0, f"{name} is in no layer: add it to LAYERS"
    return found


def _type_checking_only(tree: ast.AST) -> set[int]:
    """Ids of the import nodes under ``if TYPE_CHECKING:``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out.update(id(n) for body in node.body for n in ast.walk(body))
    return out


def imports(name: str, path: Path) -> set[str]:
    """The modules of the package ``name`` imports (a name imported from a package counts as
    the submodule it names, when there is one)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = _type_checking_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            named = {f"{target}.{a.name}" for a in node.names} & MODULES.keys()
            found |= named or {target}
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m in MODULES and m != name}


def test_every_module_has_a_layer() -> None:
    for name in MODULES:
        layer_of(name)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_go_only_down(name: str) -> None:
    mine = layer_of(name)
    # a package's front may load its own modules (it is their layer's entry)
    upward = [
        m
        for m in sorted(imports(name, MODULES[name]))
        if layer_of(m) > mine and not m.startswith(name + ".")
    ]
    assert not upward, f"{name} (layer {mine}) imports from higher layers: " + ", ".join(
        f"{m} (layer {layer_of(m)})" for m in upward
    )


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    path = tmp_path / "run.py"
    path.write_text("def f():\n    from ..api import loads\n", encoding="utf-8")
    assert imports("plotdoc.analyses.run", path) == {"plotdoc.api"}
    assert layer_of("plotdoc.api") > layer_of("plotdoc.analyses.run")
    path.write_text("if TYPE_CHECKING:\n    from ..api import loads\n", encoding="utf-8")
    assert imports("plotdoc.analyses.run", path) == set()
