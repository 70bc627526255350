"""`plotdoc validate` of a small file needs no numpy, and finds exactly what an open finds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from plotdoc.api import validate

from ..conftest import CORPUS

EXAMPLES = Path(__file__).parents[2] / "src" / "plotdoc" / "examples"

CODE = """
import json, sys
from plotdoc.cli import main
rc = main(["validate", "--json", "--jobs", "1", *sys.argv[1:]])
print(json.dumps({"numpy": "numpy" in sys.modules}))
sys.exit(rc)
"""


def _doc(tables: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "plotdoc-project", "schemaVersion": 1, "tables": tables}


def _problem_files(tmp: Path) -> list[Path]:
    """Small files whose cells the semantic stage judges: wide rows, text, survival codes."""
    column = {
        "format": "column",
        "replicates": 1,
        "dataSets": [
            {"name": "A", "values": [[1], [2, 3, 4], ["abc"], ["NaN"], [" 2.5 "], [None]]},
            {"name": "B", "values": [[float(i)] for i in range(40)] + [[1, 2]]},
        ],
    }
    survival = {
        "format": "survival",
        "x": [1, 2, 3, 4, 5],
        "dataSets": [{"name": "S", "values": [[1], [0], [2], ["0.5"], [None], ["1"]]}],
    }
    text = {
        "format": "multipleVariables",
        "dataSets": [
            {"name": "n", "values": [[1.5], [2], [None]]},
            {"name": "t", "values": [["a"], ["b:c"], ["1e400"]]},
        ],
    }
    ragged = {
        "format": "grouped",
        "replicates": 2,
        "dataSets": [{"name": "R", "values": [[1, 2], [3]] * 20}],
    }
    files = []
    for name, tables in [
        ("column", [column]),
        ("survival", [survival]),
        ("text", [text]),
        ("ragged", [ragged]),
    ]:
        path = tmp / f"{name}.plotdoc"
        path.write_text(json.dumps(_doc(tables)))
        files.append(path)
    return files


@pytest.fixture
def files(tmp_path: Path) -> list[Path]:
    examples = sorted(EXAMPLES.glob("*.plotdoc"))
    assert len(examples) >= 5
    return [*examples, CORPUS / "valid" / "every-family.plotdoc", *_problem_files(tmp_path)]


def test_validate_of_small_files_imports_no_numpy(files: list[Path]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", CODE, *map(str, files)], capture_output=True, text=True
    )
    assert done.returncode in (0, 1), done.stderr
    report_text, loaded = done.stdout.rsplit("\n", 2)[:2]
    assert json.loads(loaded) == {"numpy": False}
    found = json.loads(report_text)["files"]
    assert [f["file"] for f in found] == [str(f) for f in files]
    # the same problems, with the same messages, as the reader finds with its arrays
    for entry, path in zip(found, files, strict=True):
        full = validate(path, build=True)
        assert [(e["code"], e["message"]) for e in entry["errors"]] == [
            (p.code, p.message) for p in full.errors
        ], path.name
        assert [(w["code"], w["message"]) for w in entry["warnings"]] == [
            (p.code, p.message) for p in full.warnings
        ], path.name
    by_name = {Path(f["file"]).stem: f for f in found}
    codes = {e["code"] for e in by_name["column"]["errors"]}
    assert codes == {"row-too-wide", "text-cell", "non-finite-cell"}
    assert {w["code"] for w in by_name["survival"]["warnings"]} == {"survival-code-ignored"}
    assert by_name["ragged"]["ok"]


ONE_FILE = """
import json, sys
from plotdoc.cli import main
rc = main(["validate", sys.argv[1]])
loaded = sorted(m for m in sys.modules if m.startswith(("plotdoc.cli.", "concurrent.")))
print(json.dumps(loaded))
sys.exit(rc)
"""


def test_validate_of_one_file_loads_only_its_own_command_and_starts_no_pool() -> None:
    """A single file is checked in the process itself (a pool of workers would cost more to
    start than the check), and no other command's module is imported."""
    done = subprocess.run(
        [sys.executable, "-c", ONE_FILE, str(EXAMPLES / "complete.plotdoc")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert "plotdoc.cli.validate" in loaded
    others = {"render", "importing", "export", "fmt", "analyze", "contract", "demo", "edit"}
    assert not loaded & {f"plotdoc.cli.{name}" for name in others}
    assert not any(m.startswith("concurrent.") for m in loaded)
