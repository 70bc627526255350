"""Every Python example of docs/authoring.md runs, in a fresh folder, and prints what it says."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

from ..conftest import REPO, SHARED

DOC = REPO / "docs" / "authoring.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.DOTALL)


def test_the_page_has_an_example_per_path() -> None:
    text = "\n".join(BLOCKS)
    for needle in ("ProjectBuilder", "pd.DataFrame", "read_csv", "import_file"):
        assert needle in text


@pytest.mark.parametrize("code", BLOCKS, ids=[f"example-{i}" for i in range(len(BLOCKS))])
def test_example_runs(code: str, tmp_path: Path) -> None:
    if "pandas" in code:
        pytest.importorskip("pandas")
    if "../shared/" in code:
        if not SHARED.exists():
            pytest.skip(f"shared material not found: {SHARED}")
        code = code.replace("../shared/", f"{SHARED}/")
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(DOC), "exec"), {"__name__": "__docs__"})
    finally:
        os.chdir(cwd)
    printed = out.getvalue()
    # comments of the form `# expected` after a print state what it prints
    for line in code.splitlines():
        if line.lstrip().startswith("print(") and "  # " in line:
            assert line.split("  # ", 1)[1].strip() in printed
