"""fmt and render over many files as validate: files found lazily, each result printed as it
is done (in the files' order), one JSON object per file with --output-format jsonl, nothing
but problems with -q, and fmt's forms written into a folder or URL with -o."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plotdoc.cli import main

from .helpers import GOOD, minimal, write


def _unformatted() -> bytes:
    """A file fmt changes (written on one line) and that opens with a warning (a key open
    ignores)."""
    doc = minimal()
    doc["tables"][0]["graph"]["dataSetVisibility"] = {"9": False}
    return json.dumps(doc).encode()


UNFORMATTED = _unformatted()
DROPPED = 'tables[0].graph.dataSetVisibility["9"]'


def _folder(folder: Path, n: int, data: bytes = UNFORMATTED) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [write(folder / f"f{i:02}.plotdoc", data) for i in range(n)]


def _watch(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], module: Any, name: str
) -> list[tuple[int, int]]:
    """Patch ``module.name`` (the per-file work's first step) to note, each time a file's
    work starts, how many files the walk has given so far and how many JSON lines were
    printed before it."""
    import plotdoc.cli.files as files

    walked = [0]
    real_walk = getattr(files, "walk")  # noqa: B009 - not exported: read as a module attribute

    def walk(*args: Any, **kwargs: Any) -> Iterator[str]:
        for found in real_walk(*args, **kwargs):
            walked[0] += 1
            yield found

    monkeypatch.setattr(files, "walk", walk)
    seen: list[tuple[int, int]] = []
    printed: list[str] = []
    real = getattr(module, name)

    def step(*args: Any, **kwargs: Any) -> Any:
        printed.extend(capsys.readouterr().out.splitlines())
        seen.append((walked[0], len(printed)))
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, step)
    return seen


@pytest.mark.parametrize("command", ["fmt", "render"])
def test_results_stream_as_each_file_is_done(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import plotdoc.cli.fmt as fmt
    import plotdoc.cli.render as render

    _folder(tmp_path / "in", 6)
    module, name = (fmt, "formatted") if command == "fmt" else (render, "load")
    seen = _watch(monkeypatch, capsys, module, name)
    argv = [command, "-j", "1", "--output-format", "jsonl", str(tmp_path / "in")]
    if command == "fmt":
        argv.append("--check")
    else:
        argv += ["-o", str(tmp_path / "out")]
    assert main(argv) == 1 - (command == "render")
    # the walk is a few files ahead, not done; each file's line is out before the next starts
    assert [printed for _, printed in seen] == [0, 1, 2, 3, 4, 5]
    assert seen[0][0] < 6
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 1  # the last file's line, printed after its work


@pytest.mark.parametrize("command", ["fmt", "render", "validate"])
def test_jsonl_is_one_object_per_file_as_validate_writes_it(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = _folder(tmp_path / "in", 3)
    write(files[1], b'{"format": "plotdoc-project"')  # refused
    argv = [command, "-j", "2", "--output-format", "jsonl", str(tmp_path / "in")]
    if command == "render":
        argv += ["-o", str(tmp_path / "out")]
    if command == "fmt":
        argv.append("--check")
    assert main(argv) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["file"] for r in records] == [str(f) for f in files]
    assert [r["ok"] for r in records] == [True, False, True]
    assert records[1]["errors"][0]["code"] == "json-syntax"
    assert [w["path"] for w in records[0]["warnings"]] == [DROPPED]
    assert all(r["omittedWarnings"] == 0 for r in records)
    if command == "fmt":
        assert records[0]["changed"] and records[0]["dropped"] == [DROPPED]
    if command == "render":
        assert records[0]["written"] == [str(tmp_path / "out" / "f00" / "Table_1.svg")]


@pytest.mark.parametrize("command", ["fmt", "render"])
def test_json_and_another_output_format_is_a_usage_error(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "--json", "--output-format", "jsonl", str(GOOD)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: plotdoc {command} ") and "ask for two formats" in err


def test_quiet_fmt_prints_only_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _folder(tmp_path, 3, json.dumps(minimal()).encode())
    assert main(["fmt", "-q", "-j", "1", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "")
    _folder(tmp_path, 3, json.dumps(minimal()).encode())
    assert main(["fmt", "-j", "1", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert err.count("reformatted ") == 3
    assert "plotdoc fmt: 3 files (3 reformatted, 0 already formatted), 0 refused, 0 warn" in err


def test_fmt_writes_every_form_into_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _folder(tmp_path / "a", 2)
    (second,) = _folder(tmp_path / "b", 1)
    out = tmp_path / "formatted"
    assert main(["fmt", "-j", "2", str(tmp_path / "a"), str(second), "-o", str(out)]) == 0
    names = ["f00.plotdoc", "f01.plotdoc", "f00-2.plotdoc"]  # two files named alike: both kept
    assert sorted(p.name for p in out.iterdir()) == sorted(names)
    assert capsys.readouterr().out.splitlines() == [str(out / n) for n in names]
    assert all(f.read_bytes() == UNFORMATTED for f in [*first, second])  # inputs untouched
    # the folder holds the canonical forms: formatting them again changes nothing
    assert main(["fmt", "--check", str(out)]) == 0
    capsys.readouterr()
    # a folder of -o inside the folder formatted: what it gets is not formatted again
    assert main(["fmt", "-j", "1", str(tmp_path), "-o", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(names)
    assert len(capsys.readouterr().out.splitlines()) == 3


def test_fmt_reads_and_writes_urls(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fsspec = pytest.importorskip("fsspec")
    fs = fsspec.filesystem("memory")
    fs.pipe("/fmt-in/one.plotdoc", UNFORMATTED)
    fs.pipe("/fmt-in/two.plotdoc", GOOD.read_bytes())
    assert main(["fmt", "memory://fmt-in/*.plotdoc"]) == 2  # never rewritten in place
    assert "give -o DIR" in capsys.readouterr().err
    assert main(["fmt", "-j", "1", "memory://fmt-in/*.plotdoc", "-o", "memory://fmt-out"]) == 0
    assert capsys.readouterr().out.split() == [
        "memory://fmt-out/one.plotdoc",
        "memory://fmt-out/two.plotdoc",
    ]
    assert main(["fmt", "--check", "memory://fmt-out/*.plotdoc"]) == 0
    assert b'"9"' not in fs.cat("/fmt-out/one.plotdoc")


def test_analyze_reports_on_many_files_as_each_is_done(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ttest = minimal(analyses=[{"id": "t", "method": "ttest", "params": {}}])
    one_set = json.loads(json.dumps(ttest))
    one_set["tables"][0]["dataSets"] = one_set["tables"][0]["dataSets"][:1]  # no result
    files = [
        write(tmp_path / "a.plotdoc", ttest),
        write(tmp_path / "b.plotdoc", b'{"format": "plotdoc-project"'),  # refused
        write(tmp_path / "c.plotdoc", one_set),
    ]
    # each file's object is the one `analyze --json FILE` prints for it alone
    alone = []
    for path in files:
        main(["analyze", "--json", str(path)])
        alone.append(json.loads(capsys.readouterr().out))
    assert main(["analyze", "-j", "2", "--output-format", "jsonl", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert [json.loads(line) for line in captured.out.splitlines()] == alone
    assert main(["analyze", "--output-format", "jsonl", str(files[2])]) == 1  # one file: one line
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == alone[2:]
    assert alone[0]["tables"][0]["analyses"][0]["status"] == "ok" and alone[2]["failed"] == 1
    assert (
        "plotdoc analyze: 3 files (1 with an analysis that gave no result), 1 refused"
        in captured.err
    )
    assert main(["analyze", "-j", "1", str(files[0]), str(files[2])]) == 1
    captured = capsys.readouterr()
    assert captured.out.index(f"==> {files[0]} <==") < captured.out.index(f"==> {files[2]} <==")
    assert "t: ttest — ok" in captured.out
    assert f"{files[2]}: 1 analysis(es) could not give a result" in captured.err
    assert main(["analyze", "--allow-failed", "-q", str(files[0]), str(files[2])]) == 0
    assert "plotdoc analyze" not in capsys.readouterr().err


def test_import_many_sources_beside_them_or_into_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import csv

    from plotdoc import open_project

    (tmp_path / "a.csv").write_text("Control,Treated\n1.5,2.5\n2,3.25\n3,4\n")
    (tmp_path / "a.tsv").write_text("Control\tTreated\n7\t8\n9\t10\n")
    (tmp_path / "b.csv").write_text("A,B\n1,2\n")
    sources = [str(tmp_path / n) for n in ("a.csv", "a.tsv", "b.csv")]
    assert main(["import", "-j", "2", "--family", "column", *sources]) == 0
    written = [str(tmp_path / n) for n in ("a.plotdoc", "a-2.plotdoc", "b.plotdoc")]
    captured = capsys.readouterr()
    assert captured.out.splitlines() == written  # in the inputs' order; a.csv and a.tsv both kept
    assert "plotdoc import: 3 files, 0 refused, 0 warnings in" in captured.err
    with (tmp_path / "a.csv").open(newline="") as handle:  # the csv module's reading
        rows = list(csv.reader(handle))
    data_set = open_project(written[0]).tables[0].data_sets[0]
    assert data_set.name == rows[0][0]
    assert data_set.column().tolist() == [float(r[0]) for r in rows[1:]]
    # run again: nothing replaced without --force, each file refused and the batch goes on
    (tmp_path / "b.plotdoc").unlink()
    before = Path(written[0]).read_bytes()
    argv = ["import", "--family", "column", "--output-format", "jsonl", *sources]
    assert main(argv) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["ok"] for r in records] == [False, False, True]
    assert records[0]["errors"][0]["code"] == "save-failed"
    assert Path(written[0]).read_bytes() == before
    # a quoted pattern, into a folder
    out = tmp_path / "projects"
    assert main(["import", "--family", "column", str(tmp_path / "*.csv"), "-o", str(out)]) == 0
    assert capsys.readouterr().out.split() == [str(out / "a.plotdoc"), str(out / "b.plotdoc")]


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["a.csv", "-", "--family", "column"], "is imported alone"),
        (["a.csv", "b.csv", "--family", "column", "-o", "x.plotdoc"], "give a folder"),
        (["a.csv", "b.pzfx"], "needs --family"),
    ],
)
def test_import_usage_errors_with_many_sources(
    argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: plotdoc import ") and reason in err
