"""When the machine refuses a write, every command says where and exits 1.

A full disk (ENOSPC), a read-only or missing folder, a file where a folder is expected: each
command names the path (or standard output), exits 1 (never 3, "internal error") and leaves
the previous file intact, with no empty or temporary file beside it. Rendering writes each
graph as a save does (a temporary file renamed over the target).

As root, file modes do not stop a write; the failures are made with a path under /dev/full
(a device, not a folder), a file where a folder is expected, standard output sent to
/dev/full, and ``os.replace`` or ``os.write`` made to fail with ENOSPC.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from plotdoc.cli import main
from plotdoc.publish.examples import example_bytes

EXAMPLE = "column-scatter-bar"
PREVIOUS = b"previous graph, byte for byte"


@pytest.fixture
def doc(tmp_path: Path) -> Path:
    path = tmp_path / "in" / "a.plotdoc"
    path.parent.mkdir()
    path.write_bytes(example_bytes(EXAMPLE))
    return path


def _leftovers(folder: Path, keep: str) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != keep)


def _run(*args: str, stdout: Any = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    return subprocess.run(
        [sys.executable, "-m", "plotdoc", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def _full_disk_at(monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    def full(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, step, full)


@pytest.mark.parametrize("step", ["replace", "fsync"])
def test_render_onto_a_full_disk_keeps_the_old_graph(
    step: str, doc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    out = tmp_path / "graphs" / "graph.svg"
    out.parent.mkdir()
    out.write_bytes(PREVIOUS)
    _full_disk_at(monkeypatch, step)
    assert main(["render", str(doc), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "[save-failed]" in err and str(out) in err and "No space left on device" in err
    assert "internal error" not in err
    assert out.read_bytes() == PREVIOUS
    assert _leftovers(out.parent, "graph.svg") == []


def test_render_into_a_folder_on_a_full_disk_writes_nothing(
    doc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    out = tmp_path / "graphs"
    _full_disk_at(monkeypatch, "replace")
    assert main(["render", str(doc), "-o", str(out)]) == 1
    assert "[save-failed]" in capsys.readouterr().err
    assert list(out.iterdir()) == []


@pytest.mark.parametrize(
    "command",
    [
        ["render", "{doc}", "-o", "{bad}/g.svg"],
        ["render", "{doc}", "-o", "{bad}/graphs"],
        ["fmt", "{doc}", "-o", "{bad}/a.plotdoc"],
        ["export", "{doc}", "-o", "{bad}/a.pzfx"],
        ["import", "{csv}", "--family", "column", "-o", "{bad}/a.plotdoc"],
        ["examples", "-o", "{bad}/examples"],
        ["publish", "-o", "{bad}/site"],
    ],
)
@pytest.mark.parametrize("bad", ["/dev/full", "file"])
def test_a_path_that_is_no_folder_is_named_and_exits_1(
    command: list[str], bad: str, doc: Path, tmp_path: Path, capsys: Any
) -> None:
    if bad == "file":
        bad = str(tmp_path / "a-file")
        Path(bad).write_bytes(b"not a folder")
    csv = tmp_path / "a.csv"
    csv.write_text("A,B\n1,2\n3,4\n")
    args = [a.format(doc=doc, bad=bad, csv=csv) for a in command]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert bad in err
    assert "internal error" not in err and "Traceback" not in err
    if bad != "/dev/full":
        assert Path(bad).read_bytes() == b"not a folder"


def test_a_failed_save_of_fmt_keeps_the_file(
    doc: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    doc.write_bytes(example_bytes(EXAMPLE).replace(b"\n", b"\n  ", 3))  # not canonical
    before = doc.read_bytes()
    _full_disk_at(monkeypatch, "replace")
    assert main(["fmt", str(doc)]) == 1
    assert str(doc) in capsys.readouterr().err
    assert doc.read_bytes() == before
    assert _leftovers(doc.parent, doc.name) == []


@pytest.mark.parametrize(
    "command",
    [
        ["validate", "{doc}"],
        ["validate", "--json", "{doc}"],
        ["fmt", "{doc}", "-o", "-"],
        ["analyze", "{doc}"],
        ["analyze", "--json", "{doc}"],
        ["export", "{doc}", "-o", "-"],
        ["import", "{csv}", "--family", "column", "-o", "-"],
        ["schema"],
        ["prompt"],
        pytest.param(["render", "{doc}", "-o", "-"], marks=pytest.mark.slow),
    ],
)
def test_standard_output_on_a_full_disk_exits_1(
    command: list[str], doc: Path, tmp_path: Path
) -> None:
    csv = tmp_path / "a.csv"
    csv.write_text("A,B\n1,2\n3,4\n")
    with open("/dev/full", "w") as full:
        done = _run(*(a.format(doc=doc, csv=csv) for a in command), stdout=full)
    assert done.returncode == 1, done.stderr
    assert "could not write standard output: No space left on device" in done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
