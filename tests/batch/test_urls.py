"""Inputs and outputs given as fsspec URLs, on the command line, without a cluster."""

from __future__ import annotations

import json

import pytest

from plotdoc.cli import main

from ..conftest import CORPUS

fsspec = pytest.importorskip("fsspec")
GOOD = (CORPUS / "valid" / "minimal.plotdoc").read_bytes()


def test_validate_and_render_read_and_write_urls(capsys: pytest.CaptureFixture[str]) -> None:
    fs = fsspec.filesystem("memory")
    for i in range(4):
        fs.pipe(f"/urls/in/f{i}.plotdoc", GOOD if i != 1 else b"{")
    code = main(["validate", "-j", "1", "--output-format", "jsonl", "memory://urls/in/*.plotdoc"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    assert [(r["file"], r["ok"]) for r in lines] == [
        (f"memory://urls/in/f{i}.plotdoc", i != 1) for i in range(4)
    ]
    code = main(["render", "-j", "1", "memory://urls/in/f0.plotdoc", "-o", "memory://urls/out"])
    printed = capsys.readouterr().out.split()
    assert code == 0 and len(printed) == 1 and printed[0].startswith("memory://urls/out/f0--")
    assert fs.cat(printed[0].removeprefix("memory://")).startswith(b"<?xml")
