"""Inputs and outputs given as fsspec URLs, on the command line, without a cluster."""

from __future__ import annotations

import json
from pathlib import Path

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
    # one file: its graphs straight into -o, named after their tables, as on this machine
    assert code == 0 and printed == ["memory://urls/out/Table_1.svg"]
    assert fs.cat(printed[0].removeprefix("memory://")).startswith(b"<?xml")


def _exit_on_crash(name: str) -> bytes:
    import os

    from plotdoc.api import read_limited

    if "crash" in name:
        os._exit(1)  # as a segmentation fault would end the worker
    return read_limited(name)


def test_a_file_that_kills_its_pool_worker_does_not_stop_the_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import plotdoc.batch as batch

    for i in range(12):
        (tmp_path / f"f{i:02}{'-crash' if i == 5 else ''}.plotdoc").write_bytes(GOOD)
    monkeypatch.setattr(batch, "_read", _exit_on_crash)  # the forked workers inherit it
    results = list(batch.run("validate", [str(tmp_path)], jobs=2))
    assert [r.ok for r in results] == [i != 5 for i in range(12)]
    assert results[5].crashed and "worker process died" in results[5].crashed
    # the command line too: the file is refused, the others are checked
    import plotdoc.cli.files as files

    def check(name: str, data: bytes | None = None):  # type: ignore[no-untyped-def]
        if "crash" in name:
            os._exit(1)
        return real_check(name, data)

    real_check = files.check
    import os

    import plotdoc.cli.validate as validate

    monkeypatch.setattr(validate, "check", check)
    assert main(["validate", "-j", "2", "--output-format", "jsonl", str(tmp_path)]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["ok"] for r in lines] == [i != 5 for i in range(12)]
    assert "crashed its worker process" in lines[5]["errors"][0]["message"]
