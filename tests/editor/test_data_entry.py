"""Data entry as in a spreadsheet, in a real browser: a pasted block whose first row holds
names asks whether they name the data sets (and how many replicates each name covers)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plotdoc import open_project

from .conftest import Editor
from .helpers import browser_page, cell, cell_is, click_until, example_copy, running, save_edit

SHOTS = Path("/tmp/plotdoc-data-entry")

PASTE = """(text) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', text);
    document.activeElement.dispatchEvent(
        new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));
}"""


@pytest.fixture(scope="module")
def file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example_copy(tmp_path_factory, "entry", "entry.plotdoc")


@pytest.fixture(scope="module")
def editor(file: Path) -> Iterator[Editor]:
    with running(file, cwd=file.parent) as ed:
        yield ed


@pytest.fixture(scope="module")
def page(browser: Any, editor: Editor) -> Iterator[Any]:
    with browser_page(browser, editor.url) as pg:
        click_until(
            pg,
            pg.get_by_test_id("nav-weights"),
            "() => document.querySelector('[data-testid=table-name]')?.textContent === "
            "'Body weight at day 28'",
        )
        pg.wait_for_function(
            "() => document.querySelector(\".plotdoc-sheet .ag-row[row-index='0'] "
            ".ag-cell[col-id='c0']\")?.textContent === '99.4'"
        )
        yield pg


def header_names(page: Any) -> list[str]:
    names: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('.plotdoc-sheet .ag-header-cell-text')]"
        ".map(e => e.textContent)"
    )
    return names


def test_a_pasted_header_row_names_the_data_sets_when_asked(page: Any, file: Path) -> None:
    cell(page, 0, 0).click()
    page.evaluate(PASTE, "Alpha\tBeta\n1\t2\n3\t4\n")
    dialog = page.get_by_test_id("paste-names-dialog")
    dialog.wait_for()
    assert "“Alpha”, “Beta”" in dialog.inner_text()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "paste-names.png"))
    page.get_by_test_id("paste-names").click()
    cell_is(page, 0, 0, "1")
    cell_is(page, 1, 1, "4")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.plotdoc-sheet .ag-header-cell-text')]"
        ".some(e => e.textContent === 'Alpha')"
    )
    assert {"Alpha", "Beta"} <= set(header_names(page))
    page.get_by_text("Named the data sets from the first row").wait_for()


def test_numbers_only_first_rows_are_data(page: Any) -> None:
    cell(page, 2, 0).click()
    page.evaluate(PASTE, "10\t20\n30\t40\n")
    cell_is(page, 3, 1, "40")
    assert page.get_by_test_id("paste-names-dialog").count() == 0


def header(page: Any, name: str) -> Any:
    return page.locator(".plotdoc-sheet .plotdoc-ds").filter(has_text=name).first


def test_double_click_a_header_to_rename_enter_commits_esc_cancels(page: Any) -> None:
    name = next(n for n in header_names(page) if n)
    header(page, name).dblclick()
    field = page.get_by_test_id("header-edit")
    field.wait_for()
    assert field.input_value() == name
    field.fill("Renamed in place")
    field.press("Escape")
    assert page.get_by_test_id("header-edit").count() == 0
    page.wait_for_timeout(300)
    assert "Renamed in place" not in header_names(page)
    header(page, name).dblclick()
    field = page.get_by_test_id("header-edit")
    field.fill("Renamed in place")
    field.press("Enter")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.plotdoc-sheet .ag-header-cell-text')]"
        ".some(e => e.textContent === 'Renamed in place')"
    )
    assert name not in header_names(page)


def test_a_tables_usermeta_is_edited_as_json(page: Any, file: Path) -> None:
    page.get_by_test_id("menu-table").click()
    page.get_by_test_id("menu-usermeta").click()
    area = page.locator(
        "[data-testid=usermeta-text] textarea, textarea[data-testid=usermeta-text]"
    ).first
    area.wait_for()
    area.fill('{"instrument": "plate reader", ')
    page.get_by_test_id("usermeta-ok").click()
    page.get_by_text("Not JSON:").wait_for()  # said in the dialog, nothing saved
    area.fill('{"instrument": "plate reader", "run": 3}')
    page.get_by_test_id("usermeta-ok").click()
    area.wait_for(state="detached")
    save_edit(page)
    assert open_project(file).table("weights").usermeta == {"instrument": "plate reader", "run": 3}


def test_a_first_paste_into_an_empty_table_asks_for_the_replicates(page: Any, file: Path) -> None:
    page.get_by_test_id("menu-table").click()
    page.get_by_text("New table…").click()
    page.get_by_test_id("new-table-family").get_by_text("Grouped", exact=False).first.click()
    page.get_by_test_id("new-table-create").click()
    page.wait_for_function(
        "() => /^Data \\d+$/.test(document.querySelector('[data-testid=table-name]')?.textContent)"
    )
    page.wait_for_timeout(800)
    cell(page, 0, 1).click()
    page.evaluate(PASTE, "1\t2\t3\t4\n5\t6\t7\t8\n")
    page.get_by_test_id("paste-replicates-dialog").wait_for()
    page.get_by_test_id("paste-replicates").click()
    page.get_by_role("option", name="2 (2 data sets)").click()
    page.get_by_test_id("paste-replicates-ok").click()
    page.get_by_test_id("paste-replicates-dialog").wait_for(state="detached")
    save_edit(page)
    table = open_project(file).tables[-1]
    assert table.replicates == 2 and len(table.data_sets) == 2
    assert list(table.data_sets[1].values[1]) == [7.0, 8.0]
