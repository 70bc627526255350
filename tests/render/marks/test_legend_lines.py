"""Legends of marks joined by lines show the line (with its dash in a one-colour preset), and
spikes are told apart by the same dash; symbol legends carry the error bar the graph draws."""

from __future__ import annotations

from typing import Any

import pytest

from ..docs import NS, Svg, svg_of, xy_doc
from ..row_docs import grouped_doc

PATH = f"{{{NS['svg']}}}path"
USE = f"{{{NS['svg']}}}use"


def _dashes(svg: Svg, sid: str) -> list[bool]:
    """Whether each path under ``sid`` is dashed."""
    return ["stroke-dasharray" in (p.get("style") or "") for p in svg[sid].iter(PATH)]


def _classic(doc: dict[str, Any]) -> dict[str, Any]:
    doc["tables"][0]["graph"]["activePresetId"] = "classic"
    doc["tables"][0]["graph"]["legend"] = {"show": True}
    return doc


def test_classic_spikes_take_their_data_sets_dash_in_graph_and_legend() -> None:
    svg = svg_of(_classic(xy_doc("xy-spikes", n_sets=2)))
    assert not any(_dashes(svg, "spike/ds0/p0"))
    assert all(_dashes(svg, "spike/ds1/p0"))
    assert sum(_dashes(svg, "legend")) == 1  # the second entry's line


@pytest.mark.parametrize("variant", ["grouped-superimposed-symbols-line", "grouped-rm-across-row"])
def test_joined_marks_show_their_line_in_the_legend(variant: str) -> None:
    svg = svg_of(_classic(grouped_doc(variant)))
    # two data sets: both entries draw a line, the second dashed (classic's dash cycle)
    lines = _dashes(svg, "legend")
    assert len(lines) >= 2 and sum(lines) >= 1


@pytest.mark.parametrize("variant", ["grouped-interleaved-symbols", "grouped-separated-symbols"])
def test_symbol_legends_carry_the_error_bar(variant: str) -> None:
    svg = svg_of(grouped_doc(variant, graph={"legend": {"show": True}}))
    assert svg.ids("errorbar")
    assert len(list(svg["legend"].iter(USE))) == 2 * 2  # error bar and symbol, two entries
    plain = svg_of(grouped_doc(variant, options={"mode": "mean"}, graph={"legend": {"show": True}}))
    assert len(list(plain["legend"].iter(USE))) == 2
