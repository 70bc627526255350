"""`plotdoc import`: a .pzfx or CSV file becomes a project file that opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from plotdoc.api import open_project
from plotdoc.cli import main

from ..conftest import shared_path


def test_import_pzfx(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = shared_path("corpora", "pzfx", "Yue-Jiang_pzfx", "x_y_rep.pzfx")
    out = tmp_path / "x.plotdoc"
    assert main(["import", str(source), "-o", str(out)]) == 0
    assert "[import-unsupported]" in capsys.readouterr().err
    project = open_project(out)
    assert project.tables[0].format == "xy"
    assert project.tables[0].replicates > 1


def test_import_csv_and_bad_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "w.csv"
    good.write_text("Control;Treated\n1,5;2,5\n3,0;4\n")
    assert main(["import", str(good), "--family", "column", "--decimal", ","]) == 0
    project = open_project(tmp_path / "w.plotdoc")
    assert project.tables[0].data_sets[0].values[:, 0].tolist() == [1.5, 3.0]
    bad = tmp_path / "bad.csv"
    bad.write_text("A,B\n1,2\n3,oops\n")
    assert main(["import", str(bad), "--family", "column"]) == 1
    err = capsys.readouterr().err
    assert "[import-bad-number]" in err and "line 3, column 2" in err
    assert not (tmp_path / "bad.plotdoc").exists()
    assert main(["import", str(bad)]) == 2  # a CSV needs --family: a usage error
    assert main(["import", str(tmp_path / "x.xlsx")]) == 1
