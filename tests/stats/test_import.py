"""Importing plotdoc.stats stays cheap and isolated."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import plotdoc.stats

STATS_DIR = Path(plotdoc.stats.__file__).resolve().parent


def test_import_does_not_load_scipy_or_matplotlib() -> None:
    code = (
        "import sys, plotdoc.stats\n"
        "bad = [m for m in ('scipy', 'matplotlib') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""


def test_modules_import_only_numpy_scipy_stdlib_the_contract_and_the_package_itself() -> None:
    allowed_roots = {"numpy", "scipy", "__future__"} | set(sys.stdlib_module_names)
    for path in sorted(STATS_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level > 0:
                    # the package itself, the contract's vocabulary (plain data) or the one
                    # P value formatter (plotdoc.pvalues, standard library only)
                    inside = node.level == 1 or (
                        node.level == 2
                        and (node.module or "").split(".")[0] in ("contract", "pvalues")
                    )
                    assert inside, f"{path.name} imports outside plotdoc.stats, contract, pvalues"
                    continue
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            for root in roots:
                assert root in allowed_roots, f"{path.name} imports {root}"


def test_all_names_exist() -> None:
    for name in plotdoc.stats.__all__:
        assert hasattr(plotdoc.stats, name), name
