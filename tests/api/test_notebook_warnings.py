"""A notebook says what a graph cannot show, as `plotdoc render` does: the warnings of the
drawing (an analysis that did not converge) are listed under the figure."""

from __future__ import annotations

import plotdoc

DOSES = [1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0, 10000.0]
RESPONSE = [[2.0], [3.0], [8.0], [20.0], [50.0], [78.0], [92.0], [97.0], [99.0]]


def _project() -> plotdoc.Project:
    table = {
        "name": "Dose",
        "format": "xy",
        "x": DOSES,
        "dataSets": [{"name": "R", "values": RESPONSE}],
        "graph": {"variantId": "scatter"},
        "analyses": [{"id": "fit", "method": "nonlinearRegression", "params": {"model": "logX"}}],
    }
    return plotdoc.loads({"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]})


def test_a_project_page_lists_the_warnings_under_the_figure() -> None:
    page = _project()._repr_mimebundle_()["text/html"]
    assert 'class="plotdoc-warnings"' in page
    assert "is not drawn (did-not-converge)" in page
    assert "logX expects log10 doses" in page


def test_a_table_shows_its_warnings_with_its_graph() -> None:
    bundle = _project().tables[0]._repr_mimebundle_()
    assert bundle["image/svg+xml"].startswith("<svg")
    assert "is not drawn (did-not-converge)" in bundle["text/html"]
