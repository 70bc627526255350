"""The analyses tab shows a one-way ANOVA's table of comparisons (a data set's name as text,
never markup), in the analysis' P value style, and the style and pairs are controls."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from plotdoc.analyses.report import comparison_table
from plotdoc.api import loads

from .helpers import browser_page, running

pytestmark = pytest.mark.slow

SHOTS = Path("/tmp/plotdoc-shots")

DOC = {
    "format": "plotdoc-project",
    "schemaVersion": 2,
    "tables": [
        {
            "id": "t",
            "name": "Doses",
            "format": "column",
            "dataSets": [
                {"id": "c", "name": "Control", "values": [[4.1], [5.2], [6.3], [5.5], [4.8]]},
                {
                    "id": "d1",
                    "name": "<b>Dose</b> 1",
                    "values": [[7.4], [8.1], [6.9], [7.7], [8.3]],
                },
                {"id": "d2", "name": "Dose 2", "values": [[5.0], [6.1], [5.9], [6.6], [5.2]]},
            ],
            "analyses": [{"id": "a", "method": "oneWayAnova", "params": {"pValueStyle": "apa"}}],
        }
    ],
}


@pytest.fixture(scope="module")
def page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    path = tmp_path_factory.mktemp("work") / "doses.plotdoc"
    path.write_bytes(orjson.dumps(DOC))
    with running(path) as editor, browser_page(browser, editor.url) as pg:
        yield pg


def test_the_table_of_comparisons_is_shown_in_the_analysis_style(page: Any) -> None:
    run = loads(orjson.dumps(DOC)).results[("t", "a")]
    expected = comparison_table(run)
    page.get_by_test_id("nav-t").click()
    page.get_by_test_id("tab-analyses").click()
    card = page.get_by_test_id("analysis-a")
    table = card.get_by_test_id("analysis-comparisons")
    table.wait_for(timeout=30_000)
    SHOTS.mkdir(exist_ok=True)
    table.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "one-way-comparisons.png"))
    rows = table.get_by_test_id("comparison")
    assert rows.count() == 3
    shown = [tuple(rows.nth(i).locator("td").all_inner_texts()) for i in range(3)]
    assert shown == expected
    # a name is text: "<b>Dose</b> 1" shows its brackets and makes no element
    assert "Control vs <b>Dose</b> 1" in shown[0][0]
    assert table.locator("b").count() == 0
    # APA: no leading zero
    assert card.get_by_test_id("result-p").inner_text().startswith((".", "< ."))
    assert all(not cells[3].startswith("0.") for cells in shown)


def test_the_p_value_style_is_a_control(page: Any) -> None:
    card = page.get_by_test_id("analysis-a")
    card.get_by_test_id("param-pValueStyle").click()
    page.get_by_role("option", name="GraphPad", exact=False).click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=analysis-a] [data-testid=result-p]')"
        "?.textContent.startsWith('0.') || document.querySelector("
        "'[data-testid=analysis-a] [data-testid=result-p]')?.textContent.startsWith('< 0.')",
        timeout=30_000,
    )
    card = page.get_by_test_id("analysis-a")
    rows = card.get_by_test_id("comparison")
    p_cells = [rows.nth(i).locator("td").nth(3).inner_text() for i in range(rows.count())]
    assert all(p.startswith(("0.", "1.", "< 0.")) for p in p_cells), p_cells


def test_selected_pairs_are_chosen_in_a_control(page: Any) -> None:
    card = page.get_by_test_id("analysis-a")
    card.get_by_test_id("param-comparisons").click()
    page.get_by_role("option", name="Selected pairs", exact=False).click()
    card = page.get_by_test_id("analysis-a")
    card.get_by_text("no pairs are selected", exact=False).wait_for(timeout=30_000)
    card.get_by_test_id("param-pairs").click()
    page.get_by_role("option", name="Control vs Dose 2", exact=True).click()
    page.keyboard.press("Escape")
    rows = page.get_by_test_id("analysis-a").get_by_test_id("comparison")
    rows.first.wait_for(timeout=30_000)
    assert rows.count() == 1
    assert rows.nth(0).locator("td").first.inner_text() == "Control vs Dose 2"
    rows.nth(0).scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "one-way-selected-pairs.png"))
