"""`plotdoc fmt` behaves as a formatter: idempotent, --check, --diff, many files, stdout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plotdoc.cli import main

from .helpers import BAD, GOOD, feed_stdin, write


def test_a_second_run_changes_no_byte_and_keeps_the_timestamps(tmp_path: Path) -> None:
    doc = json.loads(GOOD.read_bytes())
    doc["createdAt"] = doc["modifiedAt"] = "2020-01-02T03:04:05Z"
    path = write(tmp_path / "a.plotdoc", doc)
    assert main(["fmt", str(path)]) == 0
    first = path.read_bytes()
    assert json.loads(first)["modifiedAt"] == "2020-01-02T03:04:05Z"
    assert main(["fmt", str(path)]) == 0
    assert path.read_bytes() == first
    assert main(["fmt", "--check", str(path)]) == 0


def test_check_exits_1_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "a.plotdoc", GOOD.read_bytes())
    assert main(["fmt", "--check", str(path)]) == 1
    assert path.read_bytes() == GOOD.read_bytes()
    assert f"would reformat {path}" in capsys.readouterr().err
    assert main(["fmt", "--check", "--json", str(path)]) == 1
    (entry,) = json.loads(capsys.readouterr().out)["files"]
    assert entry["changed"] is True and entry["ok"] is True


def test_diff_prints_a_unified_diff(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "a.plotdoc", GOOD.read_bytes())
    assert main(["fmt", "--diff", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"--- {path}") and '+  "$schema"' in out
    assert path.read_bytes() == GOOD.read_bytes()


def test_several_files_and_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "sub").mkdir()
    a = write(tmp_path / "a.plotdoc", GOOD.read_bytes())
    b = write(tmp_path / "sub" / "b.plotdoc.json", GOOD.read_bytes())
    other = write(tmp_path / "sub" / "notes.json", b"{}")
    assert main(["fmt", "-j", "2", str(tmp_path)]) == 0
    for path in (a, b):
        assert json.loads(path.read_bytes())["generator"]["name"] == "plotdoc"
    assert other.read_bytes() == b"{}"
    assert "plotdoc fmt: 2 files (2 reformatted, 0 already formatted), 0 refused" in (
        capsys.readouterr().err
    )
    bad = write(tmp_path / "bad.plotdoc", BAD.read_bytes())
    assert main(["fmt", "--check", str(a), str(bad)]) == 1
    assert bad.read_bytes() == BAD.read_bytes()


def test_standard_input_and_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    feed_stdin(monkeypatch, GOOD.read_bytes())
    assert main(["fmt", "-"]) == 0
    out = capsysbinary.readouterr().out
    assert json.loads(out)["tables"][0]["graph"]["variantId"] == "scatter-bar"
    path = write(tmp_path / "a.plotdoc", GOOD.read_bytes())
    assert main(["fmt", str(path), "-o", "-"]) == 0
    again = json.loads(capsysbinary.readouterr().out)
    assert again["tables"] == json.loads(out)["tables"]
    assert path.read_bytes() == GOOD.read_bytes()


def test_compact_is_one_line_and_the_default_is_readable(tmp_path: Path) -> None:
    path = write(tmp_path / "a.plotdoc", GOOD.read_bytes())
    assert main(["fmt", str(path), "-o", str(tmp_path / "c.plotdoc"), "--compact"]) == 0
    assert (tmp_path / "c.plotdoc").read_bytes().count(b"\n") == 1
    assert main(["fmt", str(path)]) == 0
    assert path.read_bytes().count(b"\n") > 20


def test_o_takes_one_file(tmp_path: Path) -> None:
    assert main(["fmt", str(GOOD), str(BAD), "-o", str(tmp_path / "x.plotdoc")]) == 2


def test_standard_input_among_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    path = write(tmp_path / "a.plotdoc", GOOD.read_bytes())
    feed_stdin(monkeypatch, GOOD.read_bytes())
    assert main(["fmt", str(path), "-"]) == 0
    assert json.loads(capsysbinary.readouterr().out)["format"] == "plotdoc-project"
    assert path.read_bytes() != GOOD.read_bytes()
    assert main(["fmt", "--json", "-"]) == 2


def test_fmt_invents_no_timestamp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    import plotdoc.writer

    doc = json.loads(GOOD.read_bytes())
    doc.pop("createdAt", None)
    doc.pop("modifiedAt", None)
    path = write(tmp_path / "a.plotdoc", doc)
    outputs = []
    for clock in ("2001-01-01T00:00:00Z", "2031-12-31T23:59:59Z"):
        monkeypatch.setattr(plotdoc.writer, "now_timestamp", lambda clock=clock: clock)
        assert main(["fmt", "-o", "-", str(path)]) == 0
        outputs.append(capsysbinary.readouterr().out)
    assert outputs[0] == outputs[1]
    formatted = json.loads(outputs[0])
    assert "createdAt" not in formatted and "modifiedAt" not in formatted
    assert main(["fmt", str(path)]) == 0
    assert main(["fmt", "--check", str(path)]) == 0


def test_fmt_names_the_keys_it_drops_and_check_fails_on_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(GOOD.read_bytes())
    path = write(tmp_path / "a.plotdoc", doc)
    assert main(["fmt", str(path)]) == 0  # canonical first: only the ignored key differs
    doc = json.loads(path.read_bytes())
    doc["tables"][0]["graph"]["dataSetVisibility"] = {"9": False}
    path.write_bytes(json.dumps(doc, indent=2).encode())
    capsys.readouterr()
    assert main(["fmt", "--check", str(path)]) == 1
    dropped = 'tables[0].graph.dataSetVisibility["9"]'
    assert f"{path}: would drop {dropped}" in capsys.readouterr().err
    assert main(["fmt", "--check", "--json", str(path)]) == 1
    (entry,) = json.loads(capsys.readouterr().out)["files"]
    assert entry["dropped"] == [dropped]
    assert main(["fmt", str(path)]) == 0
    assert f"{path}: dropped {dropped}" in capsys.readouterr().err
    assert json.loads(path.read_bytes())["tables"][0]["graph"]["dataSetVisibility"] == {}


# -- schema versions ----------------------------------------------------------------------------


def test_fmt_says_it_upgrades_a_version_1_file_and_names_what_the_migration_drops(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(GOOD.read_bytes())
    assert doc["schemaVersion"] == 1
    doc["tables"][0]["graph"]["dataSetVisibility"] = {"1": False, "9": False}
    path = write(tmp_path / "a.plotdoc", doc)
    assert main(["fmt", "--check", "--json", str(path)]) == 1
    (entry,) = json.loads(capsys.readouterr().out)["files"]
    assert entry["schemaVersion"] == {"from": 1, "to": 2}
    assert entry["dropped"] == ['tables[0].graph.dataSetVisibility["9"]']
    assert main(["fmt", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}: upgraded from schema version 1 to 2" in err
    written = json.loads(path.read_bytes())
    assert written["schemaVersion"] == 2
    second = written["tables"][0]["dataSets"][1]["id"]
    assert written["tables"][0]["graph"]["dataSetVisibility"] == {second: False}
    assert main(["fmt", "--check", str(path)]) == 0  # formatted now: no upgrade left


def test_fmt_writes_version_1_when_the_file_fits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "a.plotdoc", GOOD.read_bytes())
    assert main(["fmt", str(path)]) == 0
    assert main(["fmt", "--schema-version", "1", str(path)]) == 0
    assert f"{path}: written as schema version 1" in capsys.readouterr().err
    doc = json.loads(path.read_bytes())
    assert doc["schemaVersion"] == 1
    assert "id" not in doc["tables"][0]["dataSets"][0]
    assert main(["fmt", "--schema-version", "1", "--check", str(path)]) == 0


def test_fmt_refuses_version_1_for_a_file_that_does_not_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(GOOD.read_bytes())
    doc["schemaVersion"] = 2
    doc["tables"][0]["dataSets"][0]["id"] = "ctrl"
    path = write(tmp_path / "a.plotdoc", doc)
    before = path.read_bytes()
    assert main(["fmt", "--schema-version", "1", str(path)]) == 1
    err = capsys.readouterr().err
    assert "tables[0].dataSets[0].id" in err and "version-1-unfit" in err
    assert path.read_bytes() == before
    assert main(["fmt", "--schema-version", "7", str(path)]) == 2


def test_schema_prints_each_version(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    from plotdoc.contract.schema import schema_bytes

    assert main(["schema", "--version", "1"]) == 0
    assert capsysbinary.readouterr().out == schema_bytes(1)
    assert main(["schema"]) == 0
    assert capsysbinary.readouterr().out == schema_bytes(2)
    assert main(["schema", "--catalog"]) == 0
    catalog = json.loads(capsysbinary.readouterr().out)
    assert [(v["schemaVersion"], v["current"]) for v in catalog["versions"]] == [
        (1, False),
        (2, True),
    ]
