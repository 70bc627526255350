"""The pre-commit hooks run the commands they name on the files pre-commit passes."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import yaml

from plotdoc.cli import main

from .helpers import BAD, GOOD, write

HOOKS = Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml"


def hooks() -> dict[str, dict[str, object]]:
    return {h["id"]: h for h in yaml.safe_load(HOOKS.read_text())}


def test_both_hooks_are_offered_for_project_files() -> None:
    found = hooks()
    assert set(found) == {"plotdoc-validate", "plotdoc-fmt"}
    for hook in found.values():
        assert hook["language"] == "python"
        pattern = re.compile(str(hook["files"]))
        assert pattern.search("a/b.plotdoc") and pattern.search("b.plotdoc.json")
        assert not pattern.search("b.json")


def _run(hook: str, files: list[Path]) -> int:
    argv = shlex.split(str(hooks()[hook]["entry"]))
    assert argv[0] == "plotdoc"
    return main([*argv[1:], *map(str, files)])


def test_validate_hook_fails_on_a_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write(tmp_path / "good.plotdoc", GOOD.read_bytes())
    bad = write(tmp_path / "bad.plotdoc", BAD.read_bytes())
    assert _run("plotdoc-validate", [good]) == 0
    assert _run("plotdoc-validate", [good, bad]) == 1
    assert f"{bad}:44:9: error [unknown-variant]" in capsys.readouterr().out


def test_fmt_hook_rewrites_and_then_passes(tmp_path: Path) -> None:
    path = write(tmp_path / "a.plotdoc", GOOD.read_bytes())
    assert _run("plotdoc-fmt", [path]) == 0
    once = path.read_bytes()
    assert once != GOOD.read_bytes()
    assert _run("plotdoc-fmt", [path]) == 0
    assert path.read_bytes() == once


def test_the_documented_rev_is_a_revision_of_this_repository_with_both_hooks() -> None:
    import subprocess

    repo = HOOKS.parent
    docs = (repo / "docs" / "cli.md").read_text()
    (rev,) = re.findall(r"^\s*rev:\s*(\S+)", docs, flags=re.MULTILINE)
    if not (repo / ".git").exists():
        pytest.skip("not a git checkout: the revision cannot be looked up")
    shown = subprocess.run(
        ["git", "-C", str(repo), "show", f"{rev}:.pre-commit-hooks.yaml"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert shown.returncode == 0, f"rev {rev} names no revision with the hooks: {shown.stderr}"
    assert {h["id"] for h in yaml.safe_load(shown.stdout)} == {"plotdoc-validate", "plotdoc-fmt"}
