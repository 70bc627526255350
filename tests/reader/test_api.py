"""The public API: open, validate, the workspace that stays untouched on error, atomic save."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

import plotdoc
from plotdoc.api import loads, open_project, validate
from plotdoc.editing import Session
from plotdoc.problems import CATALOGUE, PlotdocError, format_path

from ..conftest import CORPUS

GOOD = CORPUS / "valid" / "minimal.plotdoc"
BAD = CORPUS / "invalid" / "unknown-variant.plotdoc"


def test_public_surface_is_small() -> None:
    assert sorted(plotdoc.__all__) == sorted(
        [
            "EditRefusedError",
            "FileRefusedError",
            "MissingFileError",
            "PlotdocError",
            "Problem",
            "Project",
            "Report",
            "SaveError",
            "__version__",
            "dumps",
            "export_pzfx",
            "loads",
            "open_project",
            "save_project",
            "validate",
        ]
    )
    assert plotdoc.open_project is open_project


def test_workspace_keeps_its_project_when_an_open_fails(tmp_path: Path) -> None:
    ws = Session()
    assert ws.open_path(GOOD).ok
    before, before_path = ws.project, ws.path
    report = ws.open_path(BAD)
    assert not report.ok and report.errors[0].code == "unknown-variant"
    assert ws.project is before and ws.path == before_path
    report = ws.open_path(tmp_path / "missing.plotdoc")
    assert [p.code for p in report.errors] == ["file-not-found"]
    assert ws.project is before


def test_workspace_save_and_reopen(tmp_path: Path) -> None:
    ws = Session()
    ws.open_path(GOOD)
    target = tmp_path / "copy.plotdoc"
    ws.save(target)
    assert ws.path == target
    again = open_project(target)
    assert again.created_at is not None and again.modified_at is not None
    assert [p.name for p in tmp_path.iterdir()] == ["copy.plotdoc"]


def test_failed_save_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    target = tmp_path / "p.plotdoc"
    target.write_bytes(b"old")
    project = open_project(GOOD)

    def broken_replace(src: str, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(PlotdocError) as info:
        plotdoc.save_project(project, target)
    assert info.value.errors[0].code == "save-failed"
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["p.plotdoc"]


def test_validate_never_raises_and_reports_file_problems(tmp_path: Path) -> None:
    assert validate(tmp_path / "nope.plotdoc").errors[0].code == "file-not-found"
    assert validate(tmp_path).errors[0].code == "file-unreadable"
    other = tmp_path / "data.json"
    other.write_bytes(GOOD.read_bytes())
    report = validate(other)
    assert report.ok and report.warnings[0].code == "file-name"


def test_text_input_and_lone_surrogates() -> None:
    text = GOOD.read_text()
    assert loads(text).tables[0].data_sets[0].name == "Control"
    with pytest.raises(PlotdocError) as info:
        loads(
            '{"format": "plotdoc-project", "schemaVersion": 1, "tables": [], "meta": {"title": "\ud800"}}'
        )
    assert info.value.errors[0].code == "invalid-utf8"


def test_paths_render_as_the_contract_writes_them() -> None:
    assert format_path(("tables", 0, "graph", "variantId")) == "tables[0].graph.variantId"
    assert format_path(("usermeta", "a.b")) == 'usermeta["a.b"]'
    assert (
        format_path(("tables", 1, "graph", "dataSetVisibility", "3"))
        == 'tables[1].graph.dataSetVisibility["3"]'
    )
    assert format_path(()) == ""


def test_problem_codes_come_from_the_catalogue() -> None:
    with pytest.raises(ValueError):
        plotdoc.Problem("no-such-code", "error", (), "x")
    assert all(code == code.lower() and " " not in code for code in CATALOGUE)


def test_messages_never_echo_long_values() -> None:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {"format": "column", "name": "n" * 5000, "dataSets": [{"name": "A", "values": []}]}
        ],
    }
    with pytest.raises(PlotdocError) as info:
        loads(orjson.dumps(doc))
    assert len(info.value.errors[0].message) < 200
    doc["tables"][0]["name"] = "ok"
    doc["tables"][0]["format"] = "x" * 5000
    with pytest.raises(PlotdocError) as info:
        loads(orjson.dumps(doc))
    assert len(info.value.errors[0].message) < 400
