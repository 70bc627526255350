"""Folder walks skip what black and ruff skip, and say when nothing was found."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from plotdoc.cli import main

from ..conftest import CORPUS

GOOD = CORPUS / "valid" / "minimal.plotdoc"


def _tree(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(GOOD.read_bytes())


def _validated(capsys: pytest.CaptureFixture[str], root: Path, *extra: str) -> list[str]:
    assert main(["validate", "--output-format", "jsonl", str(root), *extra]) == 0
    lines = capsys.readouterr().out.splitlines()
    return [Path(json.loads(line)["file"]).relative_to(root).as_posix() for line in lines]


def test_hidden_and_vendored_folders_are_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _tree(
        tmp_path,
        "a/one.plotdoc",
        "b/two.plotdoc.json",
        ".hidden/x.plotdoc",
        "node_modules/pkg/x.plotdoc",
        ".venv/lib/x.plotdoc",
        "venv/x.plotdoc",
        "__pycache__/x.plotdoc",
        "build/x.plotdoc",
        "dist/x.plotdoc",
        ".git/x.plotdoc",
    )
    assert _validated(capsys, tmp_path) == ["a/one.plotdoc", "b/two.plotdoc.json"]
    # a folder named on the command line is walked, hidden or not
    assert _validated(capsys, tmp_path / ".hidden") == ["x.plotdoc"]


def test_gitignore_is_honoured_unless_told_not_to(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    _tree(tmp_path, "keep.plotdoc", "out/gen.plotdoc", "sub/skip.plotdoc", "sub/ok.plotdoc")
    (tmp_path / ".gitignore").write_text("out/\n")
    (tmp_path / "sub" / ".gitignore").write_text("skip.plotdoc\n")
    assert _validated(capsys, tmp_path) == ["keep.plotdoc", "sub/ok.plotdoc"]
    # the repository's .gitignore applies when a folder inside it is walked
    assert _validated(capsys, tmp_path / "sub") == ["ok.plotdoc"]
    every = _validated(capsys, tmp_path, "--no-respect-gitignore")
    assert every == ["keep.plotdoc", "out/gen.plotdoc", "sub/ok.plotdoc", "sub/skip.plotdoc"]


def test_exclude_replaces_and_extend_exclude_adds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _tree(tmp_path, "a.plotdoc", "drafts/d.plotdoc", "build/b.plotdoc", "old.bak.plotdoc")
    assert _validated(capsys, tmp_path, "--extend-exclude", "drafts/") == [
        "a.plotdoc",
        "old.bak.plotdoc",
    ]
    assert _validated(capsys, tmp_path, "--exclude", "*.bak.plotdoc") == [
        "a.plotdoc",
        "build/b.plotdoc",
        "drafts/d.plotdoc",
    ]
    # a file named on the command line is always taken
    named = tmp_path / "drafts" / "d.plotdoc"
    assert main(["validate", str(named), "--extend-exclude", "drafts/"]) == 0
    assert "d.plotdoc: ok" in capsys.readouterr().out


def test_defaults_from_pyproject_found_upward(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _tree(tmp_path, "data/a.plotdoc", "data/drafts/d.plotdoc")
    (tmp_path / "pyproject.toml").write_text('[tool.plotdoc]\nextend-exclude = ["drafts/"]\n')
    assert _validated(capsys, tmp_path / "data") == ["a.plotdoc"]
    assert main(["validate", "-v", str(tmp_path / "data")]) == 0
    err = capsys.readouterr().err
    assert f"using [tool.plotdoc] from {tmp_path / 'pyproject.toml'}" in err
    assert "skipped" in err and "drafts (excluded)" in err
    (tmp_path / "pyproject.toml").write_text("[tool.plotdoc]\nexclude = 3\n")
    assert main(["validate", str(tmp_path / "data")]) == 2
    assert "exclude: expected a list of patterns" in capsys.readouterr().err


def test_an_unknown_pyproject_key_is_warned_with_the_one_meant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _tree(tmp_path, "data/a.plotdoc", "data/drafts/d.plotdoc")
    (tmp_path / "pyproject.toml").write_text('[tool.plotdoc]\nextend-exlude = ["drafts/"]\n')
    assert main(["validate", "-q", str(tmp_path / "data")]) == 0  # ignored, not fatal
    err = capsys.readouterr().err
    assert "warning:" in err and "unknown key 'extend-exlude'" in err
    assert "exclude, extend-exclude, respect-gitignore" in err
    assert 'did you mean "extend-exclude"?' in err


def test_a_pyproject_that_never_names_plotdoc_is_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another tool's pyproject.toml, even a broken one, is none of plotdoc's business; one
    that names plotdoc, even through an escape in a quoted key, is read (and must parse)."""
    _tree(tmp_path, "data/a.plotdoc", "data/drafts/d.plotdoc")
    (tmp_path / "pyproject.toml").write_text("[tool.black\nline-length = = 3\n")
    assert _validated(capsys, tmp_path / "data") == ["a.plotdoc", "drafts/d.plotdoc"]
    (tmp_path / "pyproject.toml").write_text(
        '[tool."plotdo\\u0063"]\nextend-exclude = ["drafts/"]\n'
    )
    assert _validated(capsys, tmp_path / "data") == ["a.plotdoc"]
    (tmp_path / "pyproject.toml").write_text("[tool.plotdoc\nexclude = 3\n")
    assert main(["validate", str(tmp_path / "data")]) == 2
    assert "[tool.plotdoc]: could not be read" in capsys.readouterr().err
    (tmp_path / "pyproject.toml").write_bytes(b"[tool.plotdoc]\nexclude = ['\xff']\n")
    assert main(["validate", str(tmp_path / "data")]) == 2
    assert "could not be read" in capsys.readouterr().err


def test_nothing_found_says_what_was_searched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "empty").mkdir()
    _tree(tmp_path, "empty/node_modules/x.plotdoc")
    assert main(["validate", str(tmp_path / "empty")]) == 0  # as black and ruff do
    err = capsys.readouterr().err
    assert "no plotdoc files found" in err and str(tmp_path / "empty") in err
    assert main(["validate", str(tmp_path / "nope" / "*.plotdoc")]) == 1
    assert "no plotdoc files found" in capsys.readouterr().err


def test_quiet_prints_problems_only_and_a_summary_otherwise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _tree(tmp_path, "a.plotdoc", "b.plotdoc")
    (tmp_path / "c.plotdoc").write_text("{")
    assert main(["validate", "-j", "1", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "a.plotdoc: ok" in captured.out
    assert "plotdoc validate: 3 files, 1 refused, 0 warnings in" in captured.err
    assert main(["validate", "-q", "-j", "1", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "ok" not in captured.out and "c.plotdoc" in captured.out
    assert "files," not in captured.err


def test_a_link_back_to_a_walked_folder_is_not_a_loop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _tree(tmp_path, "a/one.plotdoc")
    (tmp_path / "a" / "back").symlink_to(tmp_path, target_is_directory=True)
    assert _validated(capsys, tmp_path) == ["a/one.plotdoc"]
