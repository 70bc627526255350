"""A project whose graph cannot show everything asked: its curve fit does not converge."""

from __future__ import annotations

import plotdoc

DOSES = [1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0, 10000.0]
RESPONSE = [[2.0], [3.0], [8.0], [20.0], [50.0], [78.0], [92.0], [97.0], [99.0]]


def failed_fit_project() -> plotdoc.Project:
    """Table ``dose``: a sigmoid of raw doses fitted with the log-dose model (``logX``), which
    does not converge; the graph is drawn without the curve and says why."""
    table = {
        "id": "dose",
        "name": "Dose",
        "format": "xy",
        "x": DOSES,
        "dataSets": [{"name": "R", "values": RESPONSE}],
        "graph": {"variantId": "scatter"},
        "analyses": [{"id": "fit", "method": "nonlinearRegression", "params": {"model": "logX"}}],
    }
    return plotdoc.loads({"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]})
