"""`plotdoc export`: the command line over export_pzfx."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plotdoc.cli import main
from plotdoc.importers.pzfx import read_pzfx

from ..conftest import REPO

COMPLETE = REPO / "src" / "plotdoc" / "examples" / "complete.plotdoc"


def test_export_writes_a_prism_file_and_lists_what_is_not_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.pzfx"
    assert main(["export", str(COMPLETE), "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip() == str(out)
    assert "tables[0].graph [export-not-written]" in captured.err
    assert out.read_bytes().startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n')
    assert len(read_pzfx(out).document["tables"]) == 7


def test_export_never_replaces_a_file_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.pzfx"
    out.write_bytes(b"collaborator's file")
    assert main(["export", str(COMPLETE), "-o", str(out)]) == 1
    assert "exists" in capsys.readouterr().err
    assert out.read_bytes() == b"collaborator's file"
    assert main(["export", str(COMPLETE), "-o", str(out), "--force"]) == 0
    assert out.read_bytes().startswith(b"<?xml")


def test_default_output_is_beside_the_project(tmp_path: Path) -> None:
    source = tmp_path / "study.plotdoc"
    source.write_bytes(COMPLETE.read_bytes())
    assert main(["export", str(source)]) == 0
    assert (tmp_path / "study.pzfx").exists()


def test_one_table_json_outcome_and_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "one.pzfx"
    assert main(["export", str(COMPLETE), "-o", str(out), "--table", "weights", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["output"] == str(out)
    assert {w["code"] for w in report["warnings"]} == {"export-not-written"}
    assert [t["name"] for t in read_pzfx(out).document["tables"]] == ["Body weight at day 28"]
    assert main(["export", str(COMPLETE), "-o", str(tmp_path / "x.pzfx"), "--table", "no"]) == 2
    assert "names no table" in capsys.readouterr().err
    assert main(["export", str(COMPLETE), "-o", str(tmp_path / "x.csv")]) == 2
    assert not (tmp_path / "x.pzfx").exists()


def test_a_refused_project_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.plotdoc"
    bad.write_text('{"format": "plotdoc-project", "schemaVersion": 1}')
    assert main(["export", str(bad), "-o", str(tmp_path / "bad.pzfx")]) == 1
    assert "tables" in capsys.readouterr().err
    assert not (tmp_path / "bad.pzfx").exists()
