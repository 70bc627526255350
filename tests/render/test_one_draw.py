"""Symbols are drawn once per output: matplotlib's layout pass for the cropped (tight) box
runs every artist's draw with no-op renderer calls, and the symbols skip their work there."""

from __future__ import annotations

from typing import Any

import pytest

from plotdoc.render import render_table
from plotdoc.render.artists.collections import PointSymbols

from .docs import open_doc, xy_doc


@pytest.mark.parametrize("fmt", ["png", "svg", "pdf"])
def test_symbols_are_drawn_once(monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    prepared: list[int] = []
    original = PointSymbols._prepare

    def prepare(self: PointSymbols, *args: Any) -> Any:
        prepared.append(id(self))
        return original(self, *args)

    monkeypatch.setattr(PointSymbols, "_prepare", prepare)
    p = open_doc(xy_doc(n_sets=2))
    render_table(p, p.tables[0], fmt=fmt, dpi=50)
    # two data sets of one look each: one batch (one run of SVG elements) each, drawn once
    assert len(prepared) == 2
    assert len(set(prepared)) == 2
