"""The editor shows what a graph cannot show, as `plotdoc render` says it: the drawing the
page shows carries its warnings (an analysis that did not converge, at its path)."""

from __future__ import annotations

from plotdoc.editor.hits import screen

from ..failing_fit import failed_fit_project


def test_the_shown_graph_carries_the_failed_fit_warning() -> None:
    project = failed_fit_project()
    shown = screen(project, "dose", 60)
    assert shown.png
    assert any("is not drawn (did-not-converge)" in w for w in shown.warnings), shown.warnings
    assert any("logX expects log10 doses" in w for w in shown.warnings)
