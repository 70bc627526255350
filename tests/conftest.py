"""Shared test helpers: where the shared material and the corpus live."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = REPO / "tests" / "corpus"


def shared_path(*parts: str) -> Path:
    """A path under ../shared, or a skip with the reason when it is truly absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared material not found: {path} (check out ../shared beside the repo)")
    return path
