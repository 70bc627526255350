"""The editor shows what a graph cannot show, as `plotdoc render` says it: the drawing the
page shows carries its warnings (an analysis that did not converge, at its path)."""

from __future__ import annotations

import plotdoc
from plotdoc.editor.hits import screen

DOSES = [1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0, 10000.0]
RESPONSE = [[2.0], [3.0], [8.0], [20.0], [50.0], [78.0], [92.0], [97.0], [99.0]]


def test_the_shown_graph_carries_the_failed_fit_warning() -> None:
    table = {
        "id": "dose",
        "name": "Dose",
        "format": "xy",
        "x": DOSES,
        "dataSets": [{"name": "R", "values": RESPONSE}],
        "graph": {"variantId": "scatter"},
        "analyses": [{"id": "fit", "method": "nonlinearRegression", "params": {"model": "logX"}}],
    }
    project = plotdoc.loads({"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]})
    shown = screen(project, "dose", 60)
    assert shown.png
    assert any("is not drawn (did-not-converge)" in w for w in shown.warnings), shown.warnings
    assert any("logX expects log10 doses" in w for w in shown.warnings)
