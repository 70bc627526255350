"""Mistakes in the arguments are usage errors (exit 2, the subcommand's usage line), not
problems of a file; what the options spell and default to is the same across commands."""

from __future__ import annotations

import errno
import json
import socket
from pathlib import Path
from typing import Any

import pytest

from plotdoc.cli import main
from plotdoc.cli.render import DEFAULT_DPI
from plotdoc.publish.examples import example_bytes

from .helpers import GOOD, minimal, write


def complete(tmp_path: Path) -> Path:
    """The built-in complete example: a file with several graphs."""
    return write(tmp_path / "complete.plotdoc", example_bytes("complete"))


def usage_of(err: str, command: str) -> None:
    assert err.startswith(f"usage: plotdoc {command} "), err
    assert f"plotdoc {command}: error: " in err
    assert "[file-unreadable]" not in err and "[builder-invalid]" not in err


@pytest.mark.parametrize(
    ("argv", "command", "reason"),
    [
        (["validate", "--bogus", "x"], "validate", "unrecognized arguments: --bogus"),
        (["render", "x", "--bogus"], "render", "unrecognized arguments: --bogus"),
        (["analyze", "--json", "--output-format", "jsonl", "x"], "analyze", "two formats"),
        (
            ["validate", "--json", "--output-format", "concise", "x"],
            "validate",
            "--json and --output-format concise",
        ),
        (["render", "x", "-o", "fig.jpg"], "render", "expected a file ending in .svg, .png"),
        (["render", "x", "-o", "fig.png", "--format", "svg"], "render", "names a png file"),
        (["render", "x", "y", "-o", "fig.png"], "render", "-o fig.png takes one input file"),
        (["fmt", "x", "y", "-o", "out.plotdoc"], "fmt", "-o out.plotdoc names one file"),
        (["export", "x.plotdoc", "-o", "x.txt"], "export", "expected an output file name ending"),
        (["export", "-"], "export", "give -o OUT.pzfx"),
        (["export", "-", "-o", "-", "--json"], "export", "cannot share standard output"),
    ],
)
def test_usage_errors_print_the_subcommand_usage(
    argv: list[str], command: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    usage_of(err, command)
    assert reason in err


def test_render_an_unknown_table_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = complete(tmp_path)
    assert main(["render", str(path), "--table", "nope", "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    usage_of(err, "render")
    assert "--table 'nope'" in err and "has no table with this id" in err
    assert not (tmp_path / "out").exists()


def test_render_to_stdout_with_several_graphs_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", str(complete(tmp_path)), "-o", "-"]) == 2
    err = capsys.readouterr().err
    usage_of(err, "render")
    assert "-o - takes one graph" in err and "choose one with --table" in err
    assert capsys.readouterr().out == ""


def test_import_a_csv_without_family_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "data.csv"
    src.write_text("A,B\n1,2\n")
    assert main(["import", str(src)]) == 2
    err = capsys.readouterr().err
    usage_of(err, "import")
    assert "needs --family" in err
    assert not (tmp_path / "data.plotdoc").exists()


@pytest.mark.parametrize("spelling", ["-o", "--output", "--out"])
def test_render_one_graph_to_a_named_file(
    spelling: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = write(tmp_path / "one.plotdoc", GOOD.read_bytes())
    target = tmp_path / "figs" / "fig.png"
    assert main(["render", str(src), spelling, str(target)]) == 0
    assert target.is_file() and target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert capsys.readouterr().out.strip() == str(target)


def test_render_a_named_file_takes_one_graph(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = complete(tmp_path)
    target = tmp_path / "fig.svg"
    assert main(["render", str(path), "-o", str(target)]) == 2
    assert "takes one graph" in capsys.readouterr().err and not target.exists()
    doc = json.loads(path.read_bytes())
    table = next(t["id"] for t in doc["tables"] if "graph" in t)
    assert main(["render", str(path), "--table", table, "-o", str(target)]) == 0
    assert target.read_bytes().lstrip().startswith((b"<?xml", b"<svg"))


def test_every_writing_command_spells_its_output_the_same_way() -> None:
    from plotdoc.cli import build_parser

    parser = build_parser()
    (sub,) = [a for a in parser._actions if a.dest == "command"]
    for name in ("render", "fmt", "import", "demo", "examples", "publish"):
        choices: Any = sub.choices
        command = choices[name]
        flags = [a.option_strings for a in command._actions if "--output" in a.option_strings]
        assert flags and flags[0][:2] == ["-o", "--output"], name


def test_demo_and_render_draw_at_one_default_resolution() -> None:
    from plotdoc.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["demo"]).dpi == DEFAULT_DPI
    assert parser.parse_args(["render", "x"]).dpi == DEFAULT_DPI


def test_examples_never_overwrite_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["examples", "-o", str(tmp_path)]) == 0
    mine = sorted(tmp_path.iterdir())[0]
    mine.write_text("my own edits")
    capsys.readouterr()
    assert main(["examples", "--out", str(tmp_path)]) == 1
    assert "--force" in capsys.readouterr().err
    assert mine.read_text() == "my own edits"
    assert main(["examples", "--out", str(tmp_path), "--force"]) == 0
    assert mine.read_text() != "my own edits"


def test_a_log_scale_is_suggested_as_log10(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = minimal()
    doc["tables"][0]["graph"]["axesOverrides"] = {"leftY": {"scale": "log"}}
    assert main(["validate", str(write(tmp_path / "a.plotdoc", doc))]) == 1
    assert 'found "log"; did you mean "log10"?' in capsys.readouterr().out


def test_edit_on_a_busy_port_exits_2_before_printing_an_address(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        assert main(["edit", "--no-browser", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert "http://" not in out
    usage_of(err, "edit")
    assert f"port {port} is in use; try --port" in err


def test_edit_taken_after_the_check_is_still_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import plotdoc.editor

    def taken(*args: object, **kwargs: object) -> int:
        raise OSError(errno.EADDRINUSE, "Address already in use")

    monkeypatch.setattr(plotdoc.editor, "main", taken)
    with socket.socket() as probe:  # a free port, taken "in between" by the stand-in
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["edit", "--no-browser", "--port", str(port)]) == 2
    assert f"port {port} is in use" in capsys.readouterr().err
