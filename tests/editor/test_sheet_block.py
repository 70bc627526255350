"""The data sheet's block in a real browser: Shift extends it, Ctrl+C copies it as
tab-separated text and Ctrl+V pastes it elsewhere, Ctrl+X cuts, Delete clears the whole block,
a decimal-comma block is read as such and the editor says so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plotdoc import open_project

from .conftest import Editor
from .helpers import browser_page, cell, cell_is, click_until, example_copy, running, save_edit


@pytest.fixture(scope="module")
def file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example_copy(tmp_path_factory, "sheet", "sheet.plotdoc")


@pytest.fixture(scope="module")
def editor(file: Path) -> Iterator[Editor]:
    with running(file, cwd=file.parent) as ed:
        yield ed


@pytest.fixture(scope="module")
def page(browser: Any, editor: Editor) -> Iterator[Any]:
    clipboard = ["clipboard-read", "clipboard-write"]
    with browser_page(browser, editor.url, permissions=clipboard) as pg:
        click_until(
            pg,
            pg.get_by_test_id("nav-weights"),
            "() => document.querySelector('[data-testid=table-name]')?.textContent === "
            "'Body weight at day 28'",
        )
        pg.wait_for_function(  # the rows are fetched: the first cell has its value
            "() => document.querySelector(\".plotdoc-sheet .ag-row[row-index='0'] "
            ".ag-cell[col-id='c0']\")?.textContent === '99.4'"
        )
        yield pg


def _block(page: Any, start: tuple[int, int], end: tuple[int, int], cells: int) -> None:
    """Click ``start``, Shift-click ``end`` and wait until the sheet shows the block of
    ``cells`` cells (marked once the Shift-click has reached the page, not at once). A click
    that lands while the sheet redraws its rows is lost, as it would be for a user, who
    selects again."""
    shown = (
        "() => document.querySelectorAll('.plotdoc-sheet .ag-cell.plotdoc-in-block').length"
        f" === {cells}"
    )
    for attempt in range(4):
        cell(page, *start).click()
        cell(page, *end).click(modifiers=["Shift"])
        try:
            page.wait_for_function(shown, timeout=5000)
            return
        except Exception:
            if attempt == 3:
                raise


def test_copy_a_block_and_paste_it_elsewhere(page: Any, file: Path) -> None:
    original = [[cell(page, r, c).inner_text() for c in (0, 1)] for r in (0, 1, 2)]
    _block(page, (0, 0), (2, 1), 6)
    page.keyboard.press("Control+c")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == "\n".join("\t".join(r) for r in original) + "\n"
    cell(page, 14, 0).click()
    page.keyboard.press("Control+v")
    cell_is(page, 16, 1, original[2][1])
    assert [[cell(page, r, c).inner_text() for c in (0, 1)] for r in (14, 15, 16)] == original
    save_edit(page)
    table = open_project(file).table("weights")
    for k in range(3):
        for c in range(2):
            assert table.data_sets[c].values[14 + k, 0] == float(original[k][c])


def test_delete_clears_the_whole_block(page: Any) -> None:
    _block(page, (14, 0), (15, 1), 4)
    page.keyboard.press("Delete")
    cell_is(page, 15, 1, "")
    got = [cell(page, r, c).inner_text() for r in (14, 15) for c in (0, 1)]
    assert got == [""] * 4, got
    assert cell(page, 16, 0).inner_text() != ""


def test_cut_copies_then_clears(page: Any) -> None:
    kept = cell(page, 16, 0).inner_text()
    cell(page, 16, 0).click()
    page.keyboard.press("Control+x")
    cell_is(page, 16, 0, "")
    assert page.evaluate("() => navigator.clipboard.readText()") == kept + "\n"


def test_a_decimal_comma_block_is_read_and_the_editor_says_so(page: Any) -> None:
    cell(page, 20, 0).click()
    page.evaluate(
        """() => {
        const dt = new DataTransfer();
        dt.setData('text/plain', '1,5\\n1.234,25\\n');
        document.activeElement.dispatchEvent(
            new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));
    }"""
    )
    cell_is(page, 21, 0, "1234.25")
    assert cell(page, 20, 0).inner_text() == "1.5"
    page.get_by_text("Read 2 numbers with a decimal comma (1,5 as 1.5).").wait_for()


def test_a_block_with_text_in_number_cells_is_refused_and_names_them(page: Any) -> None:
    cell(page, 22, 0).click()
    page.evaluate(
        """() => {
        const dt = new DataTransfer();
        dt.setData('text/plain', '5\\tabc\\n6\\t7\\n');
        document.activeElement.dispatchEvent(
            new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));
    }"""
    )
    page.get_by_test_id("problems").wait_for()
    text = page.get_by_test_id("problems-lines").inner_text()
    assert "text-cell" in text
    assert "row 23" in text  # the cell that holds text, in the sheet's numbering
    assert cell(page, 22, 0).inner_text() == ""  # the whole block was refused
    assert cell(page, 23, 1).inner_text() == ""
