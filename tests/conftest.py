"""Shared test helpers: where the shared material and the corpus live."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import Phase, settings

# Property tests draw the same examples on every run: a failure is the same in CI as on a
# developer's machine, and no run meets a new one by chance. The search for new inputs is
# the fuzz pass (fuzz/run.py), or PLOTDOC_HYPOTHESIS=explore for these tests. Neither spends
# minutes in Hypothesis's "explain" phase, which traces every line a failing example runs
# (a shrinking render held gigabytes so).
_PHASES = [phase for phase in Phase if phase is not Phase.explain]
settings.register_profile("plotdoc", derandomize=True, database=None, phases=_PHASES)
settings.register_profile("explore", phases=_PHASES)
settings.load_profile(os.environ.get("PLOTDOC_HYPOTHESIS", "plotdoc"))

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = REPO / "tests" / "corpus"


def shared_path(*parts: str) -> Path:
    """A path under ../shared, or a skip with the reason when it is truly absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared material not found: {path} (check out ../shared beside the repo)")
    return path
