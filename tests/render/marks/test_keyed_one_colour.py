"""A colour mapping in a one-colour preset (classic) reads in shades of grey, categories with
symbol shapes too, and the legend matches the points."""

from __future__ import annotations

from typing import Any

from plotdoc.render.style.colors import hex_to_rgba, luminance
from plotdoc.render.style.scales import category_shades, ramp_colormap

from ..docs import Svg, svg_of
from ..row_docs import mv_doc

NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


def _doc(color: int, preset: str = "classic", kind: str = "scatter") -> dict[str, Any]:
    sets: list[tuple[str, list[Any]]] = [
        ("x", [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
        ("y", [2.0, 1.0, 4.0, 3.0, 5.0, 4.5]),
        ("kind", ["u", "v", "w", "u", "v", "w"]),
        ("dose", [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]),
    ]
    graph = {"activePresetId": preset}
    return mv_doc(f"mv-{kind}", kind, {"x": 0, "y": 1, "color": color}, sets, graph=graph)


def _fill(el: Any) -> str:
    style = el.get("style") or ""
    for item in style.split(";"):
        if item.strip().startswith("fill:"):
            return item.split(":", 1)[1].strip()
    return el.get("fill", "#000000")  # matplotlib leaves black, the default, unwritten


def _point_looks(svg: Svg, prefix: str = "symbol/p") -> dict[str, tuple[str, str]]:
    return {sid: (_fill(svg[sid]), str(svg[sid].get(XLINK))) for sid in svg.ids(prefix)}


def test_categories_in_classic_are_distinct_greys_and_shapes_with_a_matching_legend() -> None:
    svg = svg_of(_doc(2))
    looks = _point_looks(svg)
    by_kind = {looks[f"symbol/p{r}"] for r in range(3)}  # rows 0..2 are u, v, w
    assert len({f for f, _ in by_kind}) == 3  # three shades
    assert len({h for _, h in by_kind}) == 3  # three shapes
    assert looks["symbol/p0"] == looks["symbol/p3"]  # one look per category
    legend = [(_fill(u), str(u.get(XLINK))) for u in svg["legend"].iter(f"{NS}use")]
    assert {f for f, _ in legend} == {f for f, _ in by_kind}
    assert len(legend) == 3


def test_continuous_in_classic_runs_from_light_grey_to_black() -> None:
    svg = svg_of(_doc(3))
    fills = [_fill(svg[f"symbol/p{r}"]) for r in range(6)]
    assert len(set(fills)) == 6
    assert fills[0].lower() == "#d9d9d9" and fills[-1].lower() == "#000000"
    assert svg.has("colorbar")


def test_colour_presets_keep_their_hues() -> None:
    svg = svg_of(_doc(2, preset="modern"))
    fills = {_fill(svg[f"symbol/p{r}"]) for r in range(3)}
    lum = [luminance(hex_to_rgba(f)) for f in fills]
    assert len(fills) == 3 and max(lum) < 0.9


def test_shade_helpers() -> None:
    black, white = hex_to_rgba("#000000"), hex_to_rgba("#FFFFFF")
    cmap = ramp_colormap(black, white)
    assert abs(cmap(0.0)[0] - 0xD9 / 255) < 0.01 and cmap(1.0)[:3] == (0.0, 0.0, 0.0)
    shades = category_shades(black, white, 4)
    assert shades[0] == black and len(set(shades)) == 4
