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
