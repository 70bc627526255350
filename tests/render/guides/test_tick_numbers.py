"""Automatic tick labels read as values: no offset text (such as ``1e7``) to combine with them;
every number plotdoc writes on a graph follows one NumberFormat."""

from __future__ import annotations

from typing import Any

import matplotlib

from plotdoc.render.engine import draw_graph, rc_params

from ..docs import column_doc, open_doc, svg_of, xy_doc

MINUS = "\u2212"


def _draw(doc: dict[str, Any]) -> Any:
    p = open_doc(doc)
    table = p.tables[0]
    assert table.graph is not None
    with matplotlib.rc_context(rc_params(table.graph)):
        fig, _ = draw_graph(p, table)
        fig.canvas.draw()
        return fig


def _value(text: str) -> float:
    return float(text.replace("\u2009", "").replace(",", "").replace(MINUS, "-"))


def test_values_near_ten_million_are_labelled_in_full() -> None:
    doc = xy_doc("scatter", n_sets=1)
    doc["tables"][0]["dataSets"][0]["values"] = [[9995000.0], [10002000.0], [10010000.0], [1.002e7]]
    ax = _draw(doc).axes[0]
    assert ax.yaxis.get_offset_text().get_text() == ""
    lo, hi = sorted(ax.get_ylim())
    shown = [
        (t.get_position()[1], t.get_text())
        for t in ax.yaxis.get_ticklabels()
        if t.get_text() and lo <= t.get_position()[1] <= hi
    ]
    assert len(shown) >= 3
    for where, text in shown:
        assert abs(_value(text) - where) < 1e-6 * abs(where), (where, text)


def test_small_values_carry_their_exponent_on_every_label() -> None:
    doc = xy_doc("scatter", n_sets=1)
    doc["tables"][0]["dataSets"][0]["values"] = [[1e-8], [2e-8], [3e-8], [4.5e-8]]
    ax = _draw(doc).axes[0]
    assert ax.yaxis.get_offset_text().get_text() == ""
    texts = [t.get_text() for t in ax.yaxis.get_ticklabels() if t.get_text() not in ("", "0")]
    assert texts and all("\u00d710" in t for t in texts), texts


def test_value_labels_use_the_same_rule_as_the_axes() -> None:
    doc = column_doc(
        "bar",
        values=[[-12345.0, -12345.0], [2.0, 2.0]],
        graph={
            "elementActivation": {"global": {"valueLabels": True}},
            "styleOverrides": {
                "global": {
                    "valueAnnotation": {
                        "aboveBarAndErrorBar": {"show": "plottedValue", "thousands": "comma"}
                    }
                }
            },
        },
    )
    svg = svg_of(doc)
    labels = [s for s in svg.ids() if s.endswith("/aboveBarAndErrorBar")]
    texts = sorted(svg.text(s) for s in labels)
    # a true minus sign, as on the axes (it was a hyphen)
    assert f"{MINUS}12,345" in texts, texts
