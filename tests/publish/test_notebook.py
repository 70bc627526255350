"""The notebook under docs/ runs from top to bottom and shows what its text says."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import plotdoc

from ..conftest import REPO

NOTEBOOK = REPO / "docs" / "notebooks" / "tidy-to-figures.ipynb"


@pytest.mark.slow
def test_tidy_to_figures_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pandas")
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    for cell in notebook.cells:  # committed without outputs: the page is its code
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None
    shutil.copyfile(NOTEBOOK, tmp_path / NOTEBOOK.name)
    # the kernel imports the plotdoc under test, whatever folder it starts in
    package_root = str(Path(plotdoc.__file__).resolve().parents[1])
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join([package_root, os.environ.get("PYTHONPATH", "")])
    )
    client = nbclient.NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    )
    client.execute()
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    html = [o.data["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    results_table = next(h for h in html if "<caption>2 analyses</caption>" in h)
    assert "slope" in results_table and "&lt; 0.0001" in results_table
    assert any("<caption>ttest t of weights</caption>" in h for h in html)
    assert any(
        "image/svg+xml" in o.get("data", {}) or "<svg" in str(o.get("data", {})) for o in outputs
    )
    assert (tmp_path / "tidy-to-figures.plotdoc").is_file()
    assert (tmp_path / "body-weight.png").read_bytes()[:4] == b"\x89PNG"
