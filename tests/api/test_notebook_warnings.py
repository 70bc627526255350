"""A notebook says what a graph cannot show, as `plotdoc render` does: the warnings of the
drawing (an analysis that did not converge) are listed under the figure."""

from __future__ import annotations

from ..failing_fit import failed_fit_project


def test_a_project_page_lists_the_warnings_under_the_figure() -> None:
    page = failed_fit_project()._repr_mimebundle_()["text/html"]
    assert 'class="plotdoc-warnings"' in page
    assert "is not drawn (did-not-converge)" in page
    assert "logX expects log10 doses" in page


def test_a_table_shows_its_warnings_with_its_graph() -> None:
    bundle = failed_fit_project().tables[0]._repr_mimebundle_()
    assert bundle["image/svg+xml"].startswith("<svg")
    assert "is not drawn (did-not-converge)" in bundle["text/html"]
