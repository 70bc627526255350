"""-q prints problems only: no written paths, no summary (render, fmt and import)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from plotdoc.cli import main

from ..conftest import REPO

MINIMAL = REPO / "tests" / "corpus" / "valid" / "minimal.plotdoc"


@pytest.mark.slow
def test_render_quiet_prints_no_paths(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    shutil.copy(MINIMAL, tmp_path / "a.plotdoc")
    assert main(["render", str(tmp_path / "a.plotdoc"), "-o", str(tmp_path / "out")]) == 0
    loud = capsys.readouterr().out
    assert ".svg" in loud
    assert main(["render", "-q", str(tmp_path / "a.plotdoc"), "-o", str(tmp_path / "q")]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""
    assert list((tmp_path / "q").glob("*.svg"))


def test_import_quiet_prints_no_paths(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("a", "b"):
        (tmp_path / f"{name}.csv").write_text("A,B\n1,2\n")
    one = [str(tmp_path / "a.csv")]
    both = [*one, str(tmp_path / "b.csv")]
    assert (
        main(["import", "-q", *one, "--family", "column", "-o", str(tmp_path / "one.plotdoc")]) == 0
    )
    assert main(["import", "-q", *both, "--family", "column", "-o", str(tmp_path / "out")]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""
    assert (tmp_path / "one.plotdoc").exists() and len(list((tmp_path / "out").iterdir())) == 2


def test_fmt_quiet_prints_no_paths(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(MINIMAL, tmp_path / "a.plotdoc")
    assert main(["fmt", str(tmp_path / "a.plotdoc"), "-o", str(tmp_path / "loud")]) == 0
    assert "a.plotdoc" in capsys.readouterr().out
    assert main(["fmt", "-q", str(tmp_path / "a.plotdoc"), "-o", str(tmp_path / "q")]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""
    assert (tmp_path / "q" / "a.plotdoc").exists()
