"""The saved layout: indented with one row of cells per line by default, minified on request.

Both open to the same project; the same project gives the same bytes every time; a changed
cell changes one line of the indented file (what a git diff shows).
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import orjson
import pytest

from plotdoc import save_project
from plotdoc.api import loads
from plotdoc.editing import Session
from plotdoc.publish.examples import example_bytes, example_names
from plotdoc.writer import dumps

NOW = "2024-06-01T12:00:00Z"


@pytest.mark.parametrize("name", example_names())
def test_saving_twice_gives_the_same_bytes_in_both_layouts(name: str) -> None:
    project = loads(example_bytes(name))
    indented = dumps(project, now=NOW)
    compact = dumps(project, now=NOW, compact=True)
    assert dumps(loads(indented), now=NOW) == indented
    assert dumps(loads(compact), now=NOW, compact=True) == compact
    assert dumps(loads(compact), now=NOW) == indented  # one project, two spellings
    assert orjson.loads(indented) == orjson.loads(compact)


@pytest.mark.parametrize("name", example_names())
def test_compact_is_minified_json(name: str) -> None:
    compact = dumps(loads(example_bytes(name)), now=NOW, compact=True)
    assert compact == orjson.dumps(orjson.loads(compact)) + b"\n"
    assert b"\n" not in compact[:-1]


def test_each_row_of_cells_is_one_line() -> None:
    project = loads(example_bytes("complete"))
    text = dumps(project, now=NOW).decode()
    doc = json.loads(text)
    lines = text.splitlines()
    for table in doc["tables"]:
        for ds in table.get("dataSets", []):
            for row in ds["values"]:
                spelled = orjson.dumps(row).decode()
                assert any(line.strip().rstrip(",") == spelled for line in lines), spelled
    assert lines[0] == "{" and lines[1].startswith('  "$schema": ')


def test_a_changed_cell_changes_one_line() -> None:
    project = loads(example_bytes("xy-dose-response"))
    before = dumps(project, now=NOW).decode().splitlines()
    project.tables[0].data_sets[0].values[3, 1] = 42.5
    after = dumps(project, now=NOW).decode().splitlines()
    changed = [
        line
        for line in difflib.unified_diff(before, after, lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    assert len(changed) == 2, changed
    assert "42.5" in changed[1]


def test_text_cells_keep_their_rows_on_one_line() -> None:
    project = loads(example_bytes("multiple-variables-iris"))
    text = dumps(project, now=NOW).decode()
    doc = json.loads(text)
    rows = doc["tables"][0]["dataSets"]
    texty = [ds for ds in rows if any(isinstance(c, str) for r in ds["values"] for c in r)]
    assert texty
    for row in texty[0]["values"][:5]:
        assert orjson.dumps(row).decode() in text


def test_a_workspace_saves_either_layout(tmp_path: Path) -> None:
    path = tmp_path / "p.plotdoc"
    path.write_bytes(example_bytes("column-scatter-bar"))
    ws = Session()
    assert ws.open_path(path).ok
    save_project(ws.project, path, compact=True)
    assert b"\n" not in path.read_bytes()[:-1]
    ws.save()
    assert path.read_bytes().startswith(b"{\n  ")


def test_a_project_too_big_indented_is_written_compact(monkeypatch: pytest.MonkeyPatch) -> None:
    import plotdoc.writer as writer

    project = loads(example_bytes("complete"))
    compact = dumps(project, now=NOW, compact=True)
    indented = dumps(project, now=NOW)
    monkeypatch.setattr(writer, "MAX_FILE_BYTES", (len(compact) + len(indented)) // 2)
    assert dumps(project, now=NOW) == compact


def test_a_project_too_big_even_compact_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import plotdoc.writer as writer
    from plotdoc.problems import PlotdocError

    project = loads(example_bytes("complete"))
    compact = dumps(project, now=NOW, compact=True)
    monkeypatch.setattr(writer, "MAX_FILE_BYTES", len(compact) - 1)
    with pytest.raises(PlotdocError) as info:
        dumps(project, now=NOW)
    assert [p.code for p in info.value.errors] == ["file-too-large"]
