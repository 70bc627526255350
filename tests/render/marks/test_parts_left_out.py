"""A pie, donut or bar of slices has no slice for a part of zero or below: it says which parts
it leaves out and that its percentages are of the parts drawn; a dot plot draws them all."""

from __future__ import annotations

from typing import Any

import pytest

from plotdoc.render.notices import HIDDEN, warning_code, warning_path

from ..docs import project, svg_of
from ..row_docs import figure_of


def _doc(variant: str, values: list[float]) -> dict[str, Any]:
    return project(
        {
            "name": "Parts",
            "format": "partsOfWhole",
            "rowLabels": ["A", "B", "C"],
            "dataSets": [{"name": "V", "values": [[v] for v in values]}],
            "graph": {"variantId": variant},
        }
    )


def _warnings(doc: dict[str, Any]) -> list[str]:
    import matplotlib

    from plotdoc.render.engine import draw_graph, rc_params

    from ..docs import open_doc

    p = open_doc(doc)
    table = p.tables[0]
    assert table.graph is not None
    with matplotlib.rc_context(rc_params(table.graph)):
        _, warnings = draw_graph(p, table)
    return [w for w in warnings if warning_code(w) == HIDDEN]


@pytest.mark.parametrize("variant", ["parts-pie", "parts-donut", "parts-slices"])
def test_a_negative_part_is_named_and_the_percentages_explained(variant: str) -> None:
    found = _warnings(_doc(variant, [50.0, -20.0, 30.0]))
    assert len(found) == 1, found
    assert warning_path(found[0]) == ("dataSets", 0)
    assert "'B' (−20)" in found[0] or "'B' (-20)" in found[0]
    assert "of the 2 positive parts (total 80)" in found[0]


def test_the_percentages_are_of_the_parts_drawn() -> None:
    svg = svg_of(_doc("parts-pie", [50.0, -20.0, 30.0]))
    texts = " ".join(svg.text(sid) for sid in svg.ids("label/"))
    assert "62" in texts and "38" in texts


def test_positive_parts_say_nothing() -> None:
    assert _warnings(_doc("parts-pie", [50.0, 20.0, 30.0])) == []


def test_a_dot_plot_draws_zero_and_negative_parts() -> None:
    fig = figure_of(_doc("parts-dot-plot", [50.0, 0.0, -20.0]))
    symbols = next(a for a in fig.findobj() if str(a.get_gid()).startswith("symbols/ds0"))
    values = sorted(float(v) for xy in symbols.xy for v in xy[:1])
    assert values == [-20.0, 0.0, 50.0]
    assert _warnings(_doc("parts-dot-plot", [50.0, 0.0, -20.0])) == []
