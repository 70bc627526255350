"""Legend entries that differ only in colours a reader cannot tell apart are named
(render-ambiguous), and entries that differ in their symbol's size are not (a bubble graph's
size key). The colour difference is CIEDE2000, checked against Sharma, Wu and Dalal's test
data and colorspacious' simulation of deuteranomaly."""

from __future__ import annotations

import copy

import numpy as np
import orjson
import pytest
from colorspacious import cspace_convert

from plotdoc.api import loads
from plotdoc.publish.samples import sample_document
from plotdoc.render import render_table_checked
from plotdoc.render.notices import AMBIGUOUS, warning_code
from plotdoc.render.style.colors import hex_to_rgba
from plotdoc.render.style.difference import delta_e_lab, deuteranomaly

from ..docs import open_doc, with_graph
from ..row_docs import grouped_doc

#: pairs of CIELAB colours with their CIEDE2000 difference (Sharma, Wu and Dalal 2005, table 1)
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
]


@pytest.mark.parametrize(("a", "b", "expected"), SHARMA)
def test_ciede2000(a: tuple[float, ...], b: tuple[float, ...], expected: float) -> None:
    assert delta_e_lab(a, b) == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize("color", ["#8EE3EF", "#D98A3A", "#C2577A", "#3F88B5"])
def test_deuteranomaly_as_colorspacious_simulates_it(color: str) -> None:
    rgb = np.array(hex_to_rgba(color)[:3])
    cvd = {"name": "sRGB1+CVD", "cvd_type": "deuteranomaly", "severity": 100}
    theirs = np.clip(cspace_convert(rgb, cvd, "sRGB1"), 0, 1)
    assert np.allclose(deuteranomaly(rgb), theirs, atol=2e-3)


def _ambiguous(doc: dict[str, object]) -> list[str]:
    p = open_doc(doc)
    drawn = render_table_checked(p, p.tables[0])
    return [w for w in drawn.warnings if warning_code(w) == AMBIGUOUS]


def _eight_bars(preset: str) -> dict[str, object]:
    """A grouped bar graph of 8 data sets: its legend tells them apart by their fill alone."""
    values = [[[float(k + r), float(k + r + 1)] for r in range(3)] for k in range(8)]
    doc = grouped_doc("grouped-interleaved-bars", values=values)
    return with_graph(doc, activePresetId=preset)


def test_starry_s_two_light_blues_are_named() -> None:
    found = _ambiguous(_eight_bars("starry"))
    assert any("'G7' and 'G1'" in w and "ΔE 2.7" in w for w in found), found


def test_floral_s_pair_alike_with_deuteranomaly_is_named() -> None:
    found = _ambiguous(_eight_bars("floral"))
    assert any("'G4' and 'G1'" in w and "with deuteranomaly" in w for w in found), found


def test_modern_s_eight_bars_are_told_apart() -> None:
    assert _ambiguous(_eight_bars("modern")) == []


@pytest.mark.parametrize("preset", ["modern", "starry"])
def test_a_bubble_size_key_is_not_a_false_alarm(preset: str) -> None:
    doc = copy.deepcopy(sample_document("mv-bubble"))
    for t in doc["tables"]:
        t["graph"]["activePresetId"] = preset
    p = loads(orjson.dumps(doc))
    warnings = render_table_checked(p, p.tables[0]).warnings
    assert not [w for w in warnings if "drawn alike" in w], warnings
