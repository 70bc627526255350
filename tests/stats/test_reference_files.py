"""The reference statistics kept in ``tests/reference``: every file names its source, and each
is the same, byte for byte, as the shared reference material it was copied from (when that
material is checked out beside the repository)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import SHARED
from .helpers import REFERENCE

FILES = sorted(p for p in REFERENCE.rglob("*") if p.is_file() and p.name != "README.md")


def test_the_reference_folder_is_there() -> None:
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", [p for p in FILES if p.suffix == ".json"], ids=lambda p: p.name)
def test_every_reference_names_its_source_and_numbers(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data.get("source"), f"{path.name} names no source"
    assert "expected" in data or "certified" in data or "data" in data


def test_the_readme_lists_every_file() -> None:
    readme = (REFERENCE / "README.md").read_text(encoding="utf-8")
    missing = [
        p.name
        for p in FILES
        if p.suffix == ".json" and p.name not in readme and p.parent.name not in readme
    ]
    assert not missing


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(REFERENCE)))
def test_same_as_the_shared_material(path: Path) -> None:
    shared = SHARED / "reference" / path.relative_to(REFERENCE)
    if not shared.is_file():
        pytest.skip(f"shared reference material not checked out: {shared}")
    assert path.read_bytes() == shared.read_bytes()
