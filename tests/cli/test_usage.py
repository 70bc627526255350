"""Usage errors exit 2 with one line of reason; --version; python -m plotdoc; CI output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from plotdoc.cli import main

from .helpers import BAD, GOOD, write

SRC = str(Path(__file__).resolve().parents[2] / "src")


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["import", "x.csv", "--family", "pie"], "argument --family: invalid choice: 'pie'"),
        (["render", "x", "--format", "gif"], "argument --format: invalid choice: 'gif'"),
        (["import", "x.csv", "--delimiter", "\\t\\t"], "argument --delimiter: expected one"),
        (["render", "x", "--dpi", "0"], "expected an integer from 10 to 1200; found 0"),
        (["render", "x", "--dpi", "-5"], "expected an integer from 10 to 1200; found -5"),
        (["render", "x", "--dpi", "100000"], "from 10 to 1200; found 100000"),
        (["render", "x", "--dpi", "high"], "found 'high'"),
        (["demo", "--dpi", "0"], "found 0"),
        (["validate", "x", "--jobs", "0"], "argument -j/--jobs: expected an integer from 1"),
        (["validate", "x", "--output-format", "xml"], "invalid choice: 'xml'"),
        (["render", str(GOOD), str(BAD), "-o", "-"], "-o - takes one input file"),
    ],
)
def test_usage_errors_exit_2_with_a_reason(
    argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert reason in err
    assert "Traceback" not in err and "internal error" not in err


def test_every_option_has_help() -> None:
    from plotdoc.cli import build_parser

    parser = build_parser()
    (sub,) = [a for a in parser._actions if a.dest == "command"]
    for name, command in sub.choices.items():  # type: ignore[attr-defined]
        for action in command._actions:
            assert action.help, f"plotdoc {name} {action.option_strings or action.dest}"


def test_tab_delimiter_by_name(tmp_path: Path) -> None:
    src = tmp_path / "w.txt"
    src.write_text("A\tB\n1\t2\n")
    assert main(["import", str(src), "--family", "column", "--delimiter", "tab"]) == 0


def test_version_names_the_schema_versions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert "plotdoc 0.1.0 (plotdoc-project schema versions read: 1" in capsys.readouterr().out


def test_python_dash_m_plotdoc() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "plotdoc", "validate", str(GOOD)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": SRC},
        check=False,
    )
    assert result.returncode == 0 and result.stdout.strip().endswith(": ok")


def test_concise_and_github_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--output-format", "concise", str(BAD)]) == 1
    line = capsys.readouterr().out.strip()
    # the key "variantId" is on line 44, column 9 of the file
    assert line.startswith(f"{BAD}:44:9: error [unknown-variant] tables[0].graph.variantId: ")
    assert main(["validate", "--output-format", "github", str(BAD)]) == 1
    out = capsys.readouterr().out.strip()
    assert out.startswith(f"::error file={BAD},line=44,col=9,title=plotdoc unknown-variant::")


def test_positions_follow_the_path_in_any_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(GOOD.read_bytes())
    doc["tables"][0]["dataSets"][1]["values"][2] = ["x"]
    text = json.dumps(doc, indent=None, separators=(",", ":"))
    path = write(tmp_path / "one-line.plotdoc", text.encode())
    assert main(["validate", "--json", str(path)]) == 1
    (problem,) = json.loads(capsys.readouterr().out)["files"][0]["errors"]
    assert problem["line"] == 1
    assert text[problem["column"] - 1 :].startswith('"x"]')


def test_many_files_on_a_pool(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for i in range(6):
        write(tmp_path / f"f{i}.plotdoc", (BAD if i == 3 else GOOD).read_bytes())
    assert main(["validate", "-j", "2", "--json", str(tmp_path / "*.plotdoc")]) == 1
    files = json.loads(capsys.readouterr().out)["files"]
    assert [f["file"] for f in files] == [str(tmp_path / f"f{i}.plotdoc") for i in range(6)]
    assert [f["ok"] for f in files] == [True, True, True, False, True, True]


def test_the_progress_bar_counts_the_files(capsys: pytest.CaptureFixture[str]) -> None:
    from plotdoc.pool import run_all

    assert list(run_all(str, [1, 2, 3], 1, show=True)) == ["1", "2", "3"]
    err = capsys.readouterr().err
    assert "3/3" in err and "files/s" in err


def test_a_closed_pipe_is_not_an_error() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "plotdoc", "schema"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={"PYTHONPATH": SRC},
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(10) == b'{\n  "$sche'
    proc.stdout.close()  # as `plotdoc schema | head -c 10` does
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0
    assert err == b""
