"""Standard input, --json on every reporting command, import never overwrites by surprise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plotdoc.api import open_project
from plotdoc.cli import main

from .helpers import BAD, GOOD, feed_stdin, minimal, write

CSV = b"Control,Treated\n1,5\n3,4\n"


def test_validate_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed_stdin(monkeypatch, BAD.read_bytes())
    assert main(["validate", "-"]) == 1
    assert "<stdin>: error tables[0].graph.variantId [unknown-variant]" in capsys.readouterr().out
    feed_stdin(monkeypatch, GOOD.read_bytes())
    assert main(["validate", "-", str(GOOD)]) == 0


def test_analyze_reads_standard_input_and_reports_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = minimal(analyses=[{"id": "t", "method": "ttest", "params": {}}])
    feed_stdin(monkeypatch, json.dumps(doc).encode())
    assert main(["analyze", "--json", "-"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["ok"] and payload["failed"] == 0
    assert payload["tables"][0]["analyses"][0]["status"] == "ok"


def test_analyze_json_of_a_refused_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "--json", str(BAD)]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["ok"] is False
    assert payload["errors"][0]["code"] == "unknown-variant"


def test_an_analysis_that_cannot_run_fails_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = minimal(analyses=[{"id": "t", "method": "ttest", "params": {}}])
    doc["tables"][0]["dataSets"] = doc["tables"][0]["dataSets"][:1]
    path = write(tmp_path / "one.plotdoc", doc)
    assert main(["analyze", str(path)]) == 1
    captured = capsys.readouterr()
    assert "could not give a result" in captured.err and "t: ttest —" in captured.out
    assert main(["analyze", "--allow-failed", str(path)]) == 0
    capsys.readouterr()
    assert main(["analyze", "--json", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["failed"] == 1


def test_render_one_graph_to_standard_output(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    feed_stdin(monkeypatch, GOOD.read_bytes())
    assert main(["render", "-", "-o", "-", "--format", "png", "--dpi", "30"]) == 0
    assert capsysbinary.readouterr().out.startswith(b"\x89PNG")


def test_render_json_lists_the_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(GOOD), "-o", str(tmp_path), "--json"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)["files"]
    assert entry["ok"] and [Path(p).suffix for p in entry["written"]] == [".svg"]


def test_one_failing_graph_does_not_stop_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import plotdoc.render as render

    doc = minimal()
    second = json.loads(json.dumps(doc["tables"][0]))
    second["name"] = "Second"
    doc["tables"].append(second)
    path = write(tmp_path / "two.plotdoc", doc)
    real = render.render_table_checked

    def flaky(project, table, **kw):  # type: ignore[no-untyped-def]
        if table is project.tables[0]:
            raise RuntimeError("boom")
        return real(project, table, **kw)

    monkeypatch.setattr(render, "render_table_checked", flaky)
    assert main(["render", str(path), "-o", str(tmp_path / "out"), "-j", "1"]) == 1
    captured = capsys.readouterr()
    assert "[render-failed]" in captured.err and "boom" in captured.err
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["Second.svg"]


def test_render_several_files_one_folder_each(tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    a = write(tmp_path / "a.plotdoc", GOOD.read_bytes())
    b = write(tmp_path / "b.v2.plotdoc.json", GOOD.read_bytes())
    c = write(tmp_path / "x" / "a.plotdoc", GOOD.read_bytes())
    argv = ["render", str(a), str(b), str(c), "-o", str(tmp_path / "out"), "-j", "1"]
    assert main(argv) == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a", "a-2", "b.v2"]


def test_import_refuses_to_replace_a_file_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "w.csv"
    src.write_bytes(CSV)
    existing = write(tmp_path / "w.plotdoc", b"precious")
    assert main(["import", str(src), "--family", "column"]) == 1
    assert existing.read_bytes() == b"precious"
    assert "--force" in capsys.readouterr().err
    assert main(["import", str(src), "--family", "column", "--force", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["ok"] and payload["output"] == str(existing)
    assert open_project(existing).tables[0].format == "column"


def test_import_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    feed_stdin(monkeypatch, CSV.replace(b",", b"\t"))
    assert main(["import", "-", "--family", "column", "--delimiter", "\\t"]) == 0
    out = tmp_path / "p.plotdoc"
    out.write_bytes(capsysbinary.readouterr().out)
    table = open_project(out).tables[0]
    assert [ds.name for ds in table.data_sets] == ["Control", "Treated"]
