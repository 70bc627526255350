"""Any valid document of any of the eight table families draws valid SVG."""

from __future__ import annotations

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plotdoc.api import loads
from plotdoc.contract.families import FAMILY_IDS
from plotdoc.render import render_table
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
    doc = {"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]}
    project = loads(orjson.dumps(doc))
    for fmt in ("svg", "png"):
        assert render_table(project, project.tables[0], fmt=fmt, dpi=72)
