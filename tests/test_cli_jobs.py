"""The command's jobs end to end: demo, render, examples, publish, prompt."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from plotdoc.cli import main
from plotdoc.publish.examples import example_names

from .conftest import CORPUS


def test_demo_opens_analyses_and_draws(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "--out", str(out), "--format", "svg"]) == 0
    printed = capsys.readouterr().out
    assert "welch: ttest — ok" in printed
    drawn = sorted(out.glob("*.svg"))
    assert len(drawn) >= 5
    for path in drawn:
        ET.parse(path)  # valid XML


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf"])
def test_render_every_format(tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    source = str(CORPUS / "valid" / "minimal.plotdoc")
    assert main(["render", source, "--out", str(tmp_path), "--format", fmt, "--dpi", "50"]) == 0
    (path,) = tmp_path.iterdir()
    magic = {"svg": b"<?xml", "png": b"\x89PNG", "pdf": b"%PDF"}[fmt]
    assert path.read_bytes().startswith(magic)
    assert path.name == f"Table 1.{fmt}".replace(" ", "_") or path.suffix == f".{fmt}"


def test_render_refuses_a_bad_file_and_an_unknown_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = str(CORPUS / "invalid" / "unknown-variant.plotdoc")
    assert main(["render", bad, "--out", str(tmp_path)]) == 1
    assert "[unknown-variant]" in capsys.readouterr().err
    good = str(CORPUS / "valid" / "minimal.plotdoc")
    assert main(["render", good, "--out", str(tmp_path), "--table", "nope"]) == 2
    assert list(tmp_path.iterdir()) == []


def test_examples_publish_and_prompt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["examples", "--out", str(tmp_path / "ex")]) == 0
    assert sorted(p.stem for p in (tmp_path / "ex").glob("*.plotdoc")) == sorted(example_names())
    assert main(["publish", "--out", str(tmp_path / "site")]) == 0
    assert (tmp_path / "site" / "schemas" / "project" / "v1.json").exists()
    assert (tmp_path / "site" / "developers" / "project-format" / "v1" / "index.html").exists()
    capsys.readouterr()
    assert main(["prompt"]) == 0
    assert "mv-volcano" in capsys.readouterr().out
