"""A colour the file sets that nearly vanishes on the preset's background is drawn as asked,
with a render-ambiguous warning at the style override that sets it."""

from __future__ import annotations

from plotdoc.render import render_table_checked
from plotdoc.render.notices import AMBIGUOUS, warning_code, warning_path

from ..docs import open_doc, with_graph, xy_doc


def _warnings(preset: str, color: str) -> list[str]:
    doc = with_graph(
        xy_doc("scatter"),
        activePresetId=preset,
        styleOverrides={"perDataSet": {"S1": {"symbol": {"color": {"hex": color}}}}},
    )
    p = open_doc(doc)
    return [
        w for w in render_table_checked(p, p.tables[0]).warnings if warning_code(w) == AMBIGUOUS
    ]


def test_light_cyan_on_white_and_navy_on_starry_warn() -> None:
    for preset, color in (("modern", "#E0FFFF"), ("starry", "#1B1F4A")):
        found = _warnings(preset, color)
        assert len(found) == 1, (preset, found)
        assert warning_path(found[0]) == (
            "graph", "styleOverrides", "perDataSet", "S1", "symbol", "color"
        )  # fmt: skip
        assert color in found[0]


def test_a_colour_that_reads_gives_no_warning() -> None:
    assert _warnings("modern", "#1B1F4A") == []
    assert _warnings("starry", "#E0FFFF") == []
