"""The Python API's rules: what each function takes, that validate never raises, what
str(report) prints, one class for the project being edited, and exceptions to catch by kind."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

import plotdoc
from plotdoc.cli import main
from plotdoc.editing import Session, rename_table, set_cell

from ..conftest import CORPUS

GOOD = CORPUS / "valid" / "minimal.plotdoc"
BAD = CORPUS / "invalid" / "unknown-variant.plotdoc"


def test_json_text_given_to_validate_is_a_path_with_a_hint() -> None:
    text = GOOD.read_text()
    report = plotdoc.validate(text)
    (problem,) = report.errors
    assert problem.code == "file-not-found"
    assert "use plotdoc.loads(text) or pass bytes" in problem.message
    assert len(problem.message) < 300  # the text is quoted in part, not whole
    assert plotdoc.validate(text.encode()).ok
    with pytest.raises(plotdoc.MissingFileError, match=r"use plotdoc\.loads\(text\)"):
        plotdoc.open_project(text)


@pytest.mark.parametrize(
    "source",
    [
        {"format": "plotdoc-project"},
        {"format": "plotdoc-project", "schemaVersion": 1, "tables": [{"id": float("nan")}]},
        {"tables": {1, 2}},
        3,
        None,
        ["a"],
        "",
        "\x00",
        "x" * 5000,
    ],
)
def test_validate_never_raises(source: object) -> None:
    report = plotdoc.validate(source)
    assert not report.ok and report.errors


def test_validate_takes_a_parsed_document() -> None:
    doc = json.loads(GOOD.read_bytes())
    assert plotdoc.validate(doc).ok
    doc["tables"][0]["graph"]["variantId"] = "pie"
    (problem,) = plotdoc.validate(doc).errors
    assert problem.code == "unknown-variant" and problem.where == "tables[0].graph.variantId"
    assert problem.line is None  # no line of the caller's to point at
    assert plotdoc.validate(bytearray(GOOD.read_bytes())).ok


def test_loads_refuses_a_path_naming_open_project() -> None:
    with pytest.raises(TypeError, match=r"plotdoc\.open_project\(path\)"):
        plotdoc.loads(GOOD)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"plotdoc\.loads\(data\)"):
        plotdoc.open_project(GOOD.read_bytes())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    ["study.plotdoc", "  results/study.plotdoc\n", str(GOOD)],
    ids=["name", "padded", "full"],
)
def test_loads_of_a_file_name_as_text_names_open_project(text: str) -> None:
    with pytest.raises(plotdoc.FileRefusedError) as info:
        plotdoc.loads(text)
    (problem,) = info.value.errors
    assert problem.code == "json-syntax"
    assert "looks like a file name" in problem.message
    assert "plotdoc.open_project(path)" in problem.message
    with pytest.raises(plotdoc.FileRefusedError) as info:
        plotdoc.loads('{"format": ')  # JSON text: its own syntax error, no hint
    assert "file name" not in info.value.errors[0].message


def test_str_of_a_report_is_what_the_command_prints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    warned = tmp_path / "warned.json"  # an unusual name: read, with a warning
    warned.write_bytes(GOOD.read_bytes())
    for path in (BAD, GOOD, warned):
        main(["validate", str(path)])
        assert str(plotdoc.validate(str(path))) == capsys.readouterr().out.rstrip("\n")
    assert str(plotdoc.validate(GOOD.read_bytes())) == "<bytes>: ok"


def test_workspace_is_the_session_under_its_former_name(tmp_path: Path) -> None:
    with pytest.warns(DeprecationWarning, match="plotdoc.editing.Session"):
        ws = plotdoc.Workspace()  # type: ignore[attr-defined]
    assert isinstance(ws, Session)
    assert ws.open(GOOD).ok
    before = ws.project
    for session_open in (ws.open, Session.open_path.__get__(ws)):
        report = session_open(BAD)  # one behaviour on a refused open: a report, nothing changed
        assert not report.ok and ws.project is before and ws.path == GOOD
    ws.save(tmp_path / "copy.plotdoc", compact=True)
    assert b"\n" not in (tmp_path / "copy.plotdoc").read_bytes().rstrip(b"\n")
    assert "Workspace" not in plotdoc.__all__


def test_a_missing_file_is_a_file_not_found_error(tmp_path: Path) -> None:
    missing = tmp_path / "missing.plotdoc"
    with pytest.raises(FileNotFoundError) as info:
        plotdoc.open_project(missing)
    exc = info.value
    assert isinstance(exc, plotdoc.MissingFileError) and isinstance(exc, plotdoc.PlotdocError)
    assert exc.errno == 2 and exc.filename == str(missing)
    assert [p.code for p in exc.errors] == ["file-not-found"]
    assert str(missing) in str(exc)


def test_a_refused_file_carries_its_report() -> None:
    with pytest.raises(plotdoc.FileRefusedError) as info:
        plotdoc.open_project(BAD)
    report = info.value.report
    assert not report.ok and report.errors[0].code == "unknown-variant"
    assert [p.code for p in report.problems] == [p.code for p in plotdoc.validate(BAD).problems]
    with pytest.raises(plotdoc.FileRefusedError):
        plotdoc.loads(b"{")
    copied = pickle.loads(pickle.dumps(info.value))  # sent between processes intact
    assert type(copied) is plotdoc.FileRefusedError and copied.problems == info.value.problems


def test_a_failed_save_is_a_save_error(tmp_path: Path) -> None:
    project = plotdoc.open_project(GOOD)
    with pytest.raises(plotdoc.SaveError) as info:
        plotdoc.save_project(project, tmp_path / "no-such-folder" / "p.plotdoc")
    assert info.value.errors[0].code == "save-failed"
    project.tables[0].data_sets[1].name = project.tables[0].data_sets[0].name
    with pytest.raises(plotdoc.SaveError):  # refused by the check before writing
        plotdoc.save_project(project, tmp_path / "p.plotdoc")
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(plotdoc.SaveError):  # a session with no path to save to
        Session().save()


def test_a_refused_edit_is_an_edit_refused_error() -> None:
    project = plotdoc.open_project(GOOD)
    table = project.tables[0]
    with pytest.raises(plotdoc.EditRefusedError):
        rename_table(project, "no-such-table", "x")
    with pytest.raises(plotdoc.EditRefusedError):
        set_cell(project, table.id, 0, 0, "not a number")
