"""Black-and-white presets tell data sets' lines apart by dash pattern, in the graph and in its
legend (xy lines, survival curves, fitted curves); colour presets keep solid lines."""

from __future__ import annotations

from typing import Any

import pytest

from plotdoc.contract.presets import PRESETS

from ..docs import Svg, survival_doc, svg_of, with_graph, xy_doc

NS = "{http://www.w3.org/2000/svg}"

DOCS: dict[str, Any] = {
    "xy-points-line-error": lambda: xy_doc("xy-points-line-error", reps=3, n_sets=4),
    "xy-line-only": lambda: xy_doc("xy-line-only", n_sets=3),
    "survival": lambda: survival_doc(),
}


def _dashes(svg: Svg) -> list[str]:
    return [svg.style(s).get("stroke-dasharray", "solid") for s in svg.ids("line/ds")]


def _legend_dashes(svg: Svg) -> set[str]:
    out = set()
    for p in svg["legend"].iter(f"{NS}path"):
        style = p.get("style", "")
        if "fill: none" in style and "stroke:" in style:
            out.add(style.split("stroke-dasharray: ")[1].split(";")[0] if "dasharray" in style
                    else "solid")  # fmt: skip
    return out


@pytest.mark.parametrize("variant", sorted(DOCS))
def test_classic_lines_differ_by_dash_pattern(variant: str) -> None:
    svg = svg_of(with_graph(DOCS[variant](), activePresetId="classic", legend={"show": True}))
    dashes = _dashes(svg)
    assert len(dashes) >= 2
    assert len(set(dashes)) == len(dashes), dashes
    assert set(dashes) <= _legend_dashes(svg)


def test_colour_presets_keep_solid_lines() -> None:
    svg = svg_of(with_graph(DOCS["xy-line-only"](), activePresetId="modern"))
    assert set(_dashes(svg)) == {"solid"}


def test_dash_cycle_is_preset_data() -> None:
    assert PRESETS["classic"].colors.dash_cycle[:2] == ("solid", "dashed")
    assert PRESETS["modern"].colors.dash_cycle == ("solid",)


def test_a_dash_the_user_gave_wins() -> None:
    doc = with_graph(
        DOCS["xy-line-only"](),
        activePresetId="classic",
        styleOverrides={"global": {"line": {"dashStyle": "solid"}}},
    )
    assert set(_dashes(svg_of(doc))) == {"solid"}
