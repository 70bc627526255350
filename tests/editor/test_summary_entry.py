"""A table of summary data in a real browser: the New table dialog makes one, the sheet labels
each data set's columns Mean, SD, N, a pasted block of means, SDs and Ns is drawn, an N that is
not a whole number is refused with the reason, and the saved file holds the table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from plotdoc import open_project

from .conftest import Editor
from .helpers import (
    GRAPH_SRC,
    browser_page,
    cell,
    cell_is,
    running,
    save_edit,
    type_in_cell,
    wait_graph_change,
)

SHOTS = Path("/tmp/plotdoc-summary-entry")

PASTE = """(text) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', text);
    document.activeElement.dispatchEvent(
        new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));
}"""

START = {
    "format": "plotdoc-project",
    "schemaVersion": 2,
    "tables": [
        {"id": "raw", "format": "column", "dataSets": [{"name": "A", "values": [[1], [2]]}]}
    ],
}


@pytest.fixture(scope="module")
def file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("summary") / "summary.plotdoc"
    path.write_bytes(orjson.dumps(START))
    return path


@pytest.fixture(scope="module")
def editor(file: Path) -> Iterator[Editor]:
    with running(file, cwd=file.parent) as ed:
        yield ed


@pytest.fixture(scope="module")
def page(browser: Any, editor: Editor) -> Iterator[Any]:
    with browser_page(browser, editor.url) as pg:
        pg.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
        yield pg


def _headers(page: Any) -> list[str]:
    names: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('.plotdoc-sheet .ag-header-cell-text')]"
        ".map(e => e.textContent)"
    )
    return names


@pytest.mark.slow
def test_a_summary_table_is_made_pasted_drawn_checked_and_saved(page: Any, file: Path) -> None:
    page.get_by_test_id("menu-table").click()
    page.get_by_text("New table…").click()
    page.get_by_test_id("new-table-family").get_by_text("Grouped", exact=False).first.click()
    page.get_by_test_id("new-table-entry").click()
    page.get_by_role("option", name="Mean, SD and N").click()
    page.get_by_test_id("new-table-create").click()
    page.wait_for_function(
        "() => /^Data \\d+$/.test(document.querySelector('[data-testid=table-name]')?.textContent)"
    )
    page.wait_for_function(
        "() => [...document.querySelectorAll('.plotdoc-sheet .ag-header-cell-text')]"
        ".some(e => e.textContent === 'Mean')"
    )
    headers = _headers(page)
    assert headers.count("Mean") == headers.count("SD") == headers.count("N") >= 2, headers
    assert "Y1" not in headers
    # three columns of a summary, not a replicate count; only modes the summaries can draw
    assert page.get_by_test_id("entry").inner_text() == "Mean, SD and N"
    assert page.get_by_test_id("replicates").count() == 0
    page.get_by_test_id("mode").click()
    page.get_by_role("option").first.wait_for()
    offered = page.get_by_role("option").all_inner_texts()
    page.keyboard.press("Escape")
    assert offered and not any("edian" in o or "ange" in o or "eometric" in o for o in offered)
    before = page.evaluate(GRAPH_SRC)
    page.wait_for_timeout(500)
    cell(page, 0, 1).click()
    page.evaluate(PASTE, "5\t0.5\t4\t4\t0.4\t5\n7\t0.6\t4\t6\t1.0\t5\n")
    cell_is(page, 1, 6, "5")
    cell_is(page, 1, 5, "1")
    wait_graph_change(page, before)
    # an N that is not a whole number: refused, with the reason, and the cell keeps its value
    type_in_cell(page, 0, 3, "4.5")
    page.get_by_text("a whole number of at least 1", exact=False).first.wait_for()
    cell_is(page, 0, 3, "4")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "summary-table.png"))
    page.keyboard.press("Escape")
    save_edit(page)
    # no analysis of a grouped table computes from summaries: none is offered, and that is said
    page.get_by_test_id("tab-analyses").click()
    page.get_by_text("No analysis method runs on Grouped tables of summary data").wait_for()
    saved = orjson.loads(file.read_bytes())["tables"][-1]
    assert (saved["format"], saved["entry"], saved["replicates"]) == ("grouped", "meanSdN", 3)
    table = open_project(file).tables[-1]
    assert table.data_sets[0].values.tolist() == [[5.0, 0.5, 4.0], [7.0, 0.6, 4.0]]
    assert table.data_sets[1].values.tolist() == [[4.0, 0.4, 5.0], [6.0, 1.0, 5.0]]
    assert table.graph is not None and table.graph.variant_id == "grouped-interleaved-bars"
