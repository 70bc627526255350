"""The command line: exit codes, human and JSON output, fmt that never harms a bad file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from plotdoc.cli import main

from ..conftest import CORPUS

GOOD = str(CORPUS / "valid" / "minimal.plotdoc")
BAD = str(CORPUS / "invalid" / "unknown-variant.plotdoc")
WARN = str(CORPUS / "warnings" / "mode-not-offered.plotdoc")


def test_validate_exit_codes_and_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", GOOD]) == 0
    assert main(["validate", WARN]) == 0
    assert main(["validate", GOOD, BAD]) == 1
    out = capsys.readouterr().out
    assert f"{BAD}: error tables[0].graph.variantId [unknown-variant]: expected one of" in out
    assert f"{WARN}: warning tables[0].graph.plot.options.mode [mode-not-offered]:" in out


def test_validate_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.plotdoc")
    assert main(["validate", "--json", GOOD, BAD, missing]) == 1
    payload = json.loads(capsys.readouterr().out)
    files = payload["files"]
    assert [f["ok"] for f in files] == [True, False, False]
    assert files[1]["errors"][0] == {
        "code": "unknown-variant",
        "path": "tables[0].graph.variantId",
        "message": files[1]["errors"][0]["message"],
        "line": 44,
        "column": 9,
    }
    assert files[2]["errors"][0]["code"] == "file-not-found"
    assert files[0]["warnings"] == []


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["validate"]) == 2
    assert main(["no-such-command"]) == 2


def test_fmt_writes_the_complete_form_and_leaves_bad_files_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "a.plotdoc"
    src.write_bytes(Path(GOOD).read_bytes())
    assert main(["fmt", str(src)]) == 0
    formatted = json.loads(src.read_bytes())
    assert (
        formatted["generator"]["name"] == "plotdoc"
        and "axesOverrides" in formatted["tables"][0]["graph"]
    )
    bad = tmp_path / "bad.plotdoc"
    original = Path(BAD).read_bytes()
    bad.write_bytes(original)
    assert main(["fmt", str(bad)]) == 1
    assert bad.read_bytes() == original
    assert "[unknown-variant]" in capsys.readouterr().err
    out = tmp_path / "out.plotdoc"
    assert main(["fmt", str(src), "-o", str(out), "--indent"]) == 0
    assert out.read_text().startswith("{\n  ")


def test_schema_and_catalog(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    from plotdoc.contract.schema import catalog_bytes, schema_bytes

    assert main(["schema"]) == 0
    assert capsysbinary.readouterr().out == schema_bytes()
    assert main(["schema", "--catalog"]) == 0
    assert capsysbinary.readouterr().out == catalog_bytes()


def test_reading_a_file_does_not_load_matplotlib_or_scipy() -> None:
    code = (
        f"import sys; from plotdoc.cli import main; rc = main(['validate', {GOOD!r}]);"
        "heavy = [m for m in ('matplotlib', 'scipy', 'pandas', 'nicegui', 'fastapi', 'starlette',"
        " 'uvicorn', 'playwright', 'plotdoc.editor.app') if m in sys.modules];"
        "print(heavy); sys.exit(rc)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip().endswith("[]")
    result = subprocess.run(
        [sys.executable, "-c", "import plotdoc, sys; print('numpy' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "False"
