"""A graph of thousands of bars draws each data set's bars as one artist, one id per bar, with
the same pixels as bars drawn one by one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from plotdoc.render.marks import primitives

from ..docs import open_doc, render, svg_of
from ..row_docs import grouped_doc

ROWS = 1000  # x 2 data sets = primitives.MANY_BARS


def _doc(variant: str, **graph: Any) -> dict[str, Any]:
    rng = np.random.default_rng(8)
    values = [rng.normal(5 + k, 2, (ROWS, 3)).round(2).tolist() for k in range(2)]
    return grouped_doc(
        variant, values=values, rows=[f"r{r}" for r in range(ROWS)], graph=graph or None
    )


@pytest.mark.parametrize("variant", ["grouped-interleaved-bars", "grouped-stacked-bars"])
def test_many_bars_are_one_artist_per_data_set_with_an_id_per_bar(variant: str) -> None:
    svg = svg_of(_doc(variant))
    for i in range(2):
        group = svg[f"bars/ds{i}"]
        bars = [el.get("id") for el in group.iter() if el.get("id", "").startswith("bar/")]
        assert len(bars) == ROWS
        assert bars[:2] == [f"bar/ds{i}/row0", f"bar/ds{i}/row1"]
    # a bar is a rectangle from the baseline (or the stack below it) to its center
    x0, y0, x1, y1 = svg.bbox("bar/ds0/row0")
    assert x1 > x0 and y1 > y0


#: fill patterns on two data sets, one in a colour of its own
PATTERNS = {
    "perDataSet": {
        "G0": {"bar": {"fillPattern": "diagonalRight"}},
        "G1": {"bar": {"fillPattern": "crosshatch", "patternColor": {"hex": "#C00000"}}},
    }
}


@pytest.mark.parametrize(
    ("variant", "preset", "styles"),
    [
        ("grouped-interleaved-bars", "modern", None),
        ("grouped-stacked-bars", "classic", None),
        ("grouped-separated-scatter-bar", "starry", None),
        ("grouped-interleaved-bars", "modern", PATTERNS),
        ("grouped-stacked-bars", "classic", PATTERNS),
    ],
)
def test_batched_bars_look_the_same_as_bars_drawn_one_by_one(
    variant: str,
    preset: str,
    styles: dict[str, Any] | None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    from matplotlib.testing.compare import compare_images

    graph: dict[str, Any] = {"activePresetId": preset}
    if styles is not None:
        graph["styleOverrides"] = styles
    doc = grouped_doc(variant, graph=graph)
    monkeypatch.setattr(primitives, "MANY_BARS", 2)
    assert b'id="bars/ds0"' in render(doc)  # the batched path ran
    (tmp_path / "batched.png").write_bytes(render(doc, "png"))
    monkeypatch.setattr(primitives, "MANY_BARS", 10**9)
    (tmp_path / "one.png").write_bytes(render(doc, "png"))
    assert compare_images(str(tmp_path / "one.png"), str(tmp_path / "batched.png"), 0) is None


def test_thousands_of_bordered_bars_are_not_a_block_of_borders() -> None:
    """classic draws black borders round white and grey fills; 1,000 stacked rows in a few
    hundred pixels must still show both data sets apart: the grey ones grey, the white ones
    (too thin for borders, invisible on white) black, not one block of black borders."""
    from io import BytesIO

    from PIL import Image

    png = render(_doc("grouped-stacked-bars", activePresetId="classic"), "png")
    img = np.asarray(Image.open(BytesIO(png)).convert("L")).astype(int)
    h, w = img.shape

    def band(top: float, bottom: float) -> float:
        return float(img[int(h * top) : int(h * bottom), w // 4 : w * 3 // 4].mean())

    white_set = band(0.78, 0.84)  # values about 2: the lower data set (white, bordered)
    grey_set = band(0.50, 0.56)  # values about 8: mostly the upper one (grey)
    assert 30 < white_set < 160, white_set  # neither one black block nor vanished into white
    assert grey_set > white_set + 30, (grey_set, white_set)  # the two data sets tell apart


def test_a_bar_with_its_own_style_keeps_it_among_many() -> None:
    doc = _doc("grouped-interleaved-bars")
    doc["tables"][0]["graph"]["styleOverrides"] = {
        "perPoint": {"G0": {"7": {"bar": {"fill": {"hex": "#FF0000", "alpha": 1}}}}}
    }
    open_doc(doc)  # the override is valid
    svg = svg_of(doc)
    assert svg.style("bar/ds0/row7")["fill"].lower() == "#ff0000"
    assert svg.style("bar/ds0/row8")["fill"].lower() != "#ff0000"


def test_bars_with_a_fill_pattern_are_batched_and_keep_it_in_every_format() -> None:
    """A grouped table of thousands of patterned bars (what a large table of summaries with
    the print preset draws) is drawn as one artist per data set; the SVG still has a pattern
    on each bar and its id."""
    doc = _doc("grouped-interleaved-bars", styleOverrides=PATTERNS)
    svg = svg_of(doc)
    bars = [el for el in svg["bars/ds1"].iter() if el.get("id", "").startswith("bar/")]
    assert len(bars) == ROWS
    assert all("url(#" in (el.get("style") or el.get("fill") or "") or _hatched(el) for el in bars)
    assert render(doc, "pdf").startswith(b"%PDF")


def _hatched(el: Any) -> bool:
    """Whether an SVG element (a bar's group) fills with a pattern."""
    return any("url(#" in (sub.get("style") or "") for sub in el.iter())
