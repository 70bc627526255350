"""Pairwise comparisons from the Analyses panel, in a real browser: on the example's t test,
"Add pairwise comparisons" adds a bracket over the pair it compared, following the analysis
and stacked above the data; the saved file holds it (analysisId, label, a height, no text),
and a change of the label shown (stars to P) reaches the picture and the file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from scipy import stats

from plotdoc import open_project
from plotdoc.analyses.brackets import bracket_label
from plotdoc.pvalues import format_p

from .helpers import (
    GRAPH_SRC,
    browser_page,
    example_copy,
    running,
    save_edit,
    show_weights,
    wait_graph_change,
)

pytestmark = pytest.mark.slow

SHOTS = Path("/tmp/plotdoc-pairwise")


@pytest.fixture(scope="module")
def file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example_copy(tmp_path_factory, "pairwise", "weights.plotdoc")


@pytest.fixture(scope="module")
def page(browser: Any, file: Path) -> Iterator[Any]:
    with (
        running(file, cwd=file.parent) as editor,
        browser_page(browser, editor.url, {"width": 1500, "height": 950}) as pg,
    ):
        show_weights(pg)
        yield pg


def welch_p(file: Path) -> float:
    table = open_project(file).table("weights")
    a, b = (ds.values.ravel() for ds in table.data_sets[:2])
    return float(stats.ttest_ind(a[np.isfinite(a)], b[np.isfinite(b)], equal_var=False).pvalue)


def test_add_pairwise_comparisons_on_a_t_test(page: Any, file: Path) -> None:
    p = welch_p(file)
    before = open_project(file).table("weights")
    top = max(float(np.nanmax(ds.values)) for ds in before.data_sets)
    count = len(before.annotations)
    shown = page.evaluate(GRAPH_SRC)
    page.get_by_test_id("tab-analyses").click()
    page.get_by_test_id("pairwise-welch").click()
    question = page.get_by_test_id("pairwise-question")
    question.wait_for()
    assert "welch" in page.get_by_test_id("pairwise-question-text").inner_text()
    page.get_by_test_id("pairwise-question-all").click()
    page.get_by_test_id("tab-graph").click()
    wait_graph_change(page, shown)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "pairwise-added.png"))
    save_edit(page)

    project = open_project(file)
    table = project.table("weights")
    assert len(table.annotations) == count + 1
    made = table.annotations[-1]
    assert made.props["analysisId"] == "welch" and made.props["label"] == "stars"
    assert made.props["left"] == {"kind": "group", "groupIndex": 0}
    assert made.props["right"] == {"kind": "group", "groupIndex": 1}
    assert made.props["y"] > top  # above every value of the two boxes
    raw = file.read_text(encoding="utf-8")
    assert '"analysisId": "welch"' in raw
    assert bracket_label(project, table, made.props).text == "*"  # P = 0.042

    # select it on the graph and show the P instead of the stars
    shown = page.evaluate(GRAPH_SRC)
    hit = page.locator(f".plotdoc-hit[data-plotdoc-id='bracket/{len(table.annotations) - 1}']")
    hit.click()
    page.get_by_test_id("bracket-label").click()
    page.get_by_role("option", name="P value", exact=True).click()
    wait_graph_change(page, shown)
    page.screenshot(path=str(SHOTS / "pairwise-p.png"))
    save_edit(page)
    project = open_project(file)
    table = project.table("weights")
    made = table.annotations[-1]
    assert made.props["label"] == "p" and made.props["analysisId"] == "welch"
    assert bracket_label(project, table, made.props).text == format_p(p, label=True)
