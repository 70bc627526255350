"""Every ```python example of README.md and docs/*.md runs as written, in a fresh folder, and
prints what its comments say.

Each example runs in an empty temporary folder holding the files the pages open by name
(``study.plotdoc``, ``other.plotdoc``, ``weights.plotdoc``, ``experiment.plotdoc``: copies of
the complete example project), so a page's example is what a reader can paste. An example that
needs what a test cannot have (a cluster, a network) says so on the line before its fence,
``<!-- not run: why -->``; such examples are few (at most :data:`MAX_NOT_RUN`).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
from pathlib import Path

import pytest

from ..conftest import REPO, SHARED

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
FENCE = re.compile(
    r"(?:<!-- not run: (?P<why>[^>]*?) -->\n)?```python\n(?P<code>.*?)```", re.DOTALL
)
COMPLETE = REPO / "src" / "plotdoc" / "examples" / "complete.plotdoc"
GIVEN = ("study.plotdoc", "other.plotdoc", "weights.plotdoc", "experiment.plotdoc")
MAX_NOT_RUN = 3


def _examples() -> list[tuple[str, str, str | None]]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for i, m in enumerate(FENCE.finditer(text)):
            found.append((f"{page.relative_to(REPO)}#{i}", m["code"], m["why"]))
    return found


EXAMPLES = _examples()


def test_the_pages_have_examples_and_few_are_not_run() -> None:
    pages = {name.split("#")[0] for name, _, _ in EXAMPLES}
    assert {"README.md", "docs/authoring.md", "docs/analyses.md", "docs/scale.md"} <= pages
    text = "\n".join(code for _, code, _ in EXAMPLES)
    for needle in ("ProjectBuilder", "pd.DataFrame", "read_csv", "import_file", "to_pandas"):
        assert needle in text
    assert sum(why is not None for _, _, why in EXAMPLES) <= MAX_NOT_RUN


@pytest.mark.parametrize(("name", "code", "why"), EXAMPLES, ids=[n for n, _, _ in EXAMPLES])
def test_example_runs(name: str, code: str, why: str | None, tmp_path: Path) -> None:
    if why is not None:
        pytest.skip(f"{name}: {why}")
    if "pandas" in code:
        pytest.importorskip("pandas")
    if "../shared/" in code:
        if not SHARED.exists():
            pytest.skip(f"shared material not found: {SHARED}")
        code = code.replace("../shared/", f"{SHARED}/")
    for given in GIVEN:
        shutil.copyfile(COMPLETE, tmp_path / given)
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, name, "exec"), {"__name__": "__docs__"})
    finally:
        os.chdir(cwd)
    printed = out.getvalue()
    # comments of the form `# expected` after a print state what it prints
    for line in code.splitlines():
        if line.lstrip().startswith("print(") and "  # " in line:
            assert line.split("  # ", 1)[1].strip() in printed
