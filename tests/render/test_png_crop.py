"""A PNG is cropped to what it draws: the same margin of ink on every side, nothing cut off.

A PNG is drawn once on a canvas larger than the figure and cropped to the pixels that differ
from its background, with a margin of ``PAD_IN``; when something is drawn up to that canvas'
edge, the crop is measured from the artists' boxes instead (docs/rendering.md, "Output").
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import orjson
import pytest
from numpy.typing import NDArray
from PIL import Image

from plotdoc.api import loads
from plotdoc.publish.samples import sample_document
from plotdoc.render import render_table
from plotdoc.render.engine import PAD_IN

from .docs import long_labelled_bar, open_doc

CASES = [
    ("scatter", None),
    ("column-violin", "floral"),
    ("parts-donut", None),
    ("grouped-heat-map", None),
    ("bar", "starry"),
]


def _project(variant: str, preset: str | None = None) -> Any:
    doc = sample_document(variant)
    if preset is not None:
        doc["tables"][0]["graph"]["activePresetId"] = preset
    return loads(orjson.dumps(doc))


def _margins(png: bytes) -> tuple[int, int, int, int]:
    """Pixels from the left, top, right and bottom edges to the first pixel that is not the
    background (the corner's colour)."""
    rgba: NDArray[Any] = np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))
    pixels = rgba.view(np.uint32)[..., 0]
    ink = pixels != pixels[0, 0]
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    assert rows.size and cols.size, "nothing drawn"
    h, w = ink.shape
    return int(cols[0]), int(rows[0]), w - 1 - int(cols[-1]), h - 1 - int(rows[-1])


@pytest.mark.parametrize("dpi", [72.0, 100.0, 150.0])
@pytest.mark.parametrize(("variant", "preset"), CASES)
def test_a_png_has_the_same_margin_on_every_side(
    variant: str, preset: str | None, dpi: float
) -> None:
    p = _project(variant, preset)
    png = render_table(p, p.tables[0], fmt="png", dpi=dpi)
    pad = round(PAD_IN * dpi)
    assert _margins(png) == (pad, pad, pad, pad)


def test_labels_reaching_far_past_the_figure_are_kept_whole() -> None:
    """Category labels of 60 characters turned 45 degrees reach further than the canvas the
    PNG is first drawn on: the crop is measured instead, and nothing is cut off."""
    p = open_doc(long_labelled_bar("with a long and very descriptive name, number {k}"))
    png = render_table(p, p.tables[0], fmt="png", dpi=100)
    assert min(_margins(png)) >= 1  # nothing drawn up to an edge: nothing cut off
    with Image.open(io.BytesIO(png)) as im:
        height = im.height
    svg = render_table(p, p.tables[0], fmt="svg").decode()
    svg_height_pt = float(svg.split('height="', 1)[1].split("pt", 1)[0])
    # the box the SVG's is, measured from the artists (text is measured at each resolution)
    assert height == pytest.approx(svg_height_pt * 100 / 72, rel=0.01)


@pytest.mark.parametrize(("variant", "preset"), CASES)
def test_an_opaque_png_is_written_without_its_alpha(variant: str, preset: str | None) -> None:
    p = _project(variant, preset)
    png = render_table(p, p.tables[0], fmt="png", dpi=72)
    with Image.open(io.BytesIO(png)) as im:
        assert im.mode == "RGB"
        assert im.info["Software"] == "plotdoc"
        assert im.info["dpi"] == pytest.approx((72, 72), abs=0.01)


def test_the_ink_box_of_a_picture() -> None:
    from plotdoc.render.engine import ink_box

    rgba = np.full((20, 30, 4), 255, dtype=np.uint8)
    assert ink_box(rgba, 2) is None  # nothing drawn
    rgba[5:8, 10:12] = (0, 0, 0, 255)
    box = ink_box(rgba, 2)
    assert box is not None
    assert (box.top, box.bottom, box.left, box.right, box.at_edge) == (3, 10, 8, 14, False)
    rgba[19, 29] = (1, 2, 3, 255)  # ink in the last row and column
    box = ink_box(rgba, 4)
    assert box is not None
    assert (box.top, box.bottom, box.left, box.right, box.at_edge) == (1, 20, 6, 30, True)
