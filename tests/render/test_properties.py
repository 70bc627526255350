"""Any valid document of the xy, column, nested or survival families draws valid SVG."""

from __future__ import annotations

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plotdoc.api import loads
from plotdoc.render import render_table
from tests.hostile.strategies import tables

from .docs import Svg

PART1 = ("xy", "column", "nested", "survival")


@pytest.mark.filterwarnings("ignore:Glyph .* missing from font")
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(st.lists(tables().filter(lambda t: t["format"] in PART1), min_size=1, max_size=1))
def test_random_documents_render(tabs: list[dict[str, object]]) -> None:
    doc = {"format": "plotdoc-project", "schemaVersion": 1, "tables": tabs}
    project = loads(orjson.dumps(doc))
    table = project.tables[0]
    Svg(render_table(project, table, fmt="svg", dpi=72))  # parses, ids unique
