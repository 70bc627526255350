"""Any valid document of any of the eight table families draws valid SVG."""

from __future__ import annotations

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plotdoc.api import loads
from plotdoc.contract.families import FAMILY_IDS
from plotdoc.render import render_table, render_table_checked
from plotdoc.render.guides.ticks import log_ends
from plotdoc.render.style.numbers import NumberFormat
from tests.hostile.strategies import tables

from .docs import Svg


@pytest.mark.filterwarnings("ignore:Glyph .* missing from font")
@pytest.mark.parametrize("family", FAMILY_IDS)
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_random_documents_render(family: str, data: st.DataObject) -> None:
    tab = data.draw(tables().filter(lambda t: t["format"] == family))
    tabs = [tab]
    doc = {"format": "plotdoc-project", "schemaVersion": 1, "tables": tabs}
    project = loads(orjson.dumps(doc))
    table = project.tables[0]
    Svg(render_table(project, table, fmt="svg", dpi=72))  # parses, ids unique


def _drawn(table: dict[str, object]) -> list[str]:
    """The warnings of drawing ``table`` alone, in SVG and PNG (both must draw)."""
    doc = {"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]}
    project = loads(orjson.dumps(doc))
    said: list[str] = []
    for fmt in ("svg", "png"):
        rendered = render_table_checked(project, project.tables[0], fmt=fmt, dpi=72)
        assert rendered.data
        said += [str(w) for w in rendered.warnings]
    return said


def test_a_log_axis_whose_set_minimum_is_far_above_the_data_draws() -> None:
    """Found by the test above: a log axis from 4.5e62 (the file's minimum) down to a value of
    1.6e-262 spans so many decades that their ratio underflowed to zero, and the ticks' span
    (log of the ratio) raised a math domain error."""
    table = {
        "format": "contingency",
        "replicates": 1,
        "dataSets": [
            {"name": "set 0", "values": [[None]]},
            {"name": "set 1", "values": [[1.5524643622984932e-262]]},
        ],
        "graph": {
            "variantId": "contingency-interleaved-bar",
            "axesOverrides": {"leftY": {"rangeMin": 4.541981268061896e62, "scale": "log10"}},
        },
    }
    _drawn(table)


def test_minor_ticks_on_a_right_axis_that_mirrors_a_log_axis_draw() -> None:
    """Found by the test above: the right axis divided the steps of a log left axis evenly
    into ``minorTicks``, and numpy was asked for an array of 10^16 ticks (CI ran out of
    memory while Hypothesis shrank the example)."""
    table = {
        "format": "partsOfWhole",
        "replicates": 1,
        "dataSets": [{"name": "set 0", "values": [[293857.85]]}],
        "graph": {
            "variantId": "parts-dot-plot",
            "axesOverrides": {
                "leftY": {"rangeMin": 2.39774635070547e16, "scale": "log2"},
                "rightY": {"show": True, "minorTicks": 18},
            },
        },
    }
    _drawn(table)


def test_a_log_axis_from_the_smallest_float_draws() -> None:
    """Found by the test above: a log axis whose lowest value is 2.2e-308, with a mean and
    SD whose lower end is the smallest float there is, widened its end to a power of ten
    below 5e-324, which is zero, and divided by it."""
    table = {
        "format": "nested",
        "replicates": 3,
        "dataSets": [
            {"name": "set 0", "values": [[None, 2.2250738585072014e-308, None], [None, 0.1, 1.0]]},
        ],
        "graph": {
            "variantId": "nested-scatter",
            "axesOverrides": {"leftY": {"rangeMax": 3.736603169059054e118, "scale": "log10"}},
        },
    }
    _drawn(table)
    assert log_ends(5e-324, 1e10, 10) == (5e-324, 1e10)


def test_a_step_on_a_right_axis_whose_range_is_known_only_when_drawn_is_capped() -> None:
    """Found by the test above: the right axis's own range (1.9e70 down to about zero) is
    placed over the left axis's final range when drawn, after its step was checked against
    the mirror; ticks every 1.5 over it asked numpy for 10^70 of them."""
    said = _drawn(
        {
            "format": "contingency",
            "replicates": 1,
            "dataSets": [
                {"name": "a", "values": [[43843.6]]},
                {"name": "b", "values": [[-144669.2]]},
                {"name": "c", "values": [[896103.2]]},
            ],
            "graph": {
                "variantId": "contingency-interleaved-bar",
                "axesOverrides": {
                    "rightY": {
                        "show": True,
                        "rangeMin": 1.8749122530641576e70,
                        "rangeMax": -8.134448039873904e-112,
                        "majorInterval": 1.5,
                    }
                },
            },
        }
    )
    assert any("rightY majorInterval 1.5 would put" in w for w in said), said


def test_a_step_too_fine_for_the_values_gets_automatic_ticks_and_says_why() -> None:
    """Found by the test above: ticks every 2.4e-162 on an axis that reaches 1 are 4e161
    steps from zero, where floats cannot tell one step from the next: matplotlib counted
    that many ticks, whatever the span."""
    said = _drawn(
        {
            "format": "partsOfWhole",
            "replicates": 1,
            "dataSets": [
                {"name": "a", "values": [[None]]},
                {"name": "b", "values": [[7.131245006267252e-171]]},
            ],
            "graph": {
                "variantId": "parts-dot-plot",
                "axesOverrides": {"leftY": {"majorInterval": 2.3906567142036234e-162}},
            },
        }
    )
    assert any("leftY majorInterval 2.39066e-162" in w for w in said), said


def test_scientific_numbers_below_the_smallest_power_of_ten_a_float_holds() -> None:
    """Found by the test above: a value label of 5e-324 divided by 10.0**-324, which is 0."""
    sci = NumberFormat.of({"format": "scientific"})
    assert sci.text(5e-324, None) == "5\u00d710\u207b\u00b3\u00b2\u2074"
    assert sci.texts([1e-320, 2e-320], None) == [
        "1\u00d710\u207b\u00b3\u00b2\u2070",
        "2\u00d710\u207b\u00b3\u00b2\u2070",
    ]
