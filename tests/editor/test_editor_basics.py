"""The editor in a real browser: open by drop, refuse bad files, edit, paste, undo, save."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from plotdoc import open_project
from plotdoc.publish.examples import example_bytes

from .conftest import Editor, drop_file
from .helpers import (
    GRAPH_SRC,
    browser_page,
    cell,
    graph_src,
    running,
    type_in_cell,
    wait_graph_change,
)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("work")


@pytest.fixture(scope="module")
def editor(workdir: Path) -> Iterator[Editor]:
    with running(cwd=workdir) as ed:
        yield ed


@pytest.fixture(scope="module")
def page(browser: Any, editor: Editor) -> Iterator[Any]:
    with browser_page(browser, editor.url) as pg:
        pg.get_by_test_id("start-screen").wait_for()
        yield pg


def select_table(page: Any, table_id: str) -> None:
    page.get_by_test_id(f"nav-{table_id}").click()
    page.wait_for_function(
        "(n) => document.querySelector('[data-testid=table-name]')?.textContent === n",
        arg={"weights": "Body weight at day 28", "calibration": "Protein assay calibration"}.get(
            table_id, ""
        )
        or None,
    ) if table_id in ("weights", "calibration") else None


def test_drop_a_valid_file_shows_tables_and_graph(page: Any) -> None:
    drop_file(page, "complete.plotdoc", example_bytes("complete"))
    page.get_by_test_id("nav-weights").wait_for()
    page.get_by_test_id("nav-calibration").wait_for()
    page.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
    cell(page, 0, 1).wait_for()
    assert cell(page, 0, 1).inner_text() == "0.04"


def test_drop_an_invalid_file_lists_errors_and_keeps_the_project(page: Any) -> None:
    bad = orjson.loads(example_bytes("complete"))
    bad["tables"][1]["graph"]["variantId"] = "scatter"
    bad["tables"][0]["dataSets"][1]["name"] = bad["tables"][0]["dataSets"][0]["name"]
    drop_file(page, "broken.plotdoc", orjson.dumps(bad))
    page.get_by_test_id("problems").wait_for()
    text = page.get_by_test_id("problems-lines").inner_text()
    assert "tables[0].dataSets[1].name [duplicate-data-set-name]" in text
    assert "tables[1].graph.variantId [variant-family-mismatch]" in text
    assert "broken.plotdoc: error" in text
    assert "unchanged" in page.get_by_test_id("problems-title").inner_text()
    # the project shown before is still there
    assert page.get_by_test_id("nav-weights").is_visible()
    assert cell(page, 0, 1).inner_text() == "0.04"


def test_newer_schema_version_is_refused_with_its_message(page: Any) -> None:
    newer = orjson.loads(example_bytes("complete"))
    newer["schemaVersion"] = 7
    drop_file(page, "future.plotdoc", orjson.dumps(newer))
    page.wait_for_function(
        "() => document.querySelector('[data-testid=problems-lines]')?.textContent.includes('schema-version-newer')"
    )
    text = page.get_by_test_id("problems-lines").inner_text()
    assert "upgrade plotdoc to open it" in text
    assert "future.plotdoc: error schemaVersion [schema-version-newer]" in text
    page.get_by_test_id("problems-dismiss").click()
    page.get_by_test_id("problems").wait_for(state="detached")


def test_edit_a_cell_redraws_the_graph(page: Any) -> None:
    before = graph_src(page)
    type_in_cell(page, 0, 1, "0.5")
    wait_graph_change(page, before)
    page.wait_for_function(
        "() => document.querySelector('[data-testid=title]')?.dataset.dirty === 'yes'"
    )
    assert cell(page, 0, 1).inner_text() == "0.5"


def test_text_in_a_numeric_cell_is_refused_in_place(page: Any) -> None:
    type_in_cell(page, 1, 1, "abc")
    page.get_by_test_id("problems").wait_for()
    text = page.get_by_test_id("problems-lines").inner_text()
    # told where it is in the editor, not as a path and position in a document
    assert "error — table “Protein assay calibration”, data set “BSA standard”, row 2: " in text
    assert "[text-cell]" in text and "line 1" not in text
    page.wait_for_function(
        "() => document.querySelector(\".plotdoc-sheet .ag-row[row-index='1'] .ag-cell[col-id='c1']\")?.textContent === '0.062'"
    )


def test_paste_a_block_from_a_spreadsheet(page: Any) -> None:
    before = graph_src(page)
    cell(page, 2, 1).click()
    page.evaluate(
        """() => {
        const dt = new DataTransfer();
        dt.setData('text/plain', '1.5\\t2.5\\n3.5\\t4.5\\n');
        const target = document.activeElement;
        target.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));
    }"""
    )
    page.wait_for_function(
        "() => document.querySelector(\".plotdoc-sheet .ag-row[row-index='3'] .ag-cell[col-id='c2']\")?.textContent === '4.5'"
    )
    assert cell(page, 2, 1).inner_text() == "1.5"
    wait_graph_change(page, before)


def test_switch_the_variant(page: Any) -> None:
    before = graph_src(page)
    page.get_by_test_id("variant").click()
    picker = page.get_by_test_id("variant-picker")
    # the picker groups the types and draws a thumbnail of each from the table's data
    picker.get_by_text("Lines and areas", exact=True).wait_for()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=variant-xy-area-error] img')?.src?.startsWith('data:image/png')"
    )
    picker.get_by_test_id("variant-xy-area-error").click()
    wait_graph_change(page, before)
    page.wait_for_function(
        "() => document.querySelector('[data-testid=variant]')?.textContent.includes('Area error')"
    )


def test_add_a_t_test_and_read_its_result(page: Any) -> None:
    page.get_by_test_id("nav-weights").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=table-name]')?.textContent === 'Body weight at day 28'"
    )
    page.get_by_test_id("tab-analyses").click()
    page.get_by_test_id("analysis-method").click()
    page.get_by_role("option", name="Two-sample t test", exact=False).click()
    page.get_by_test_id("analysis-add").click()
    card = page.get_by_test_id("analysis-ttest-1")
    card.wait_for()
    card.get_by_test_id("result-p").wait_for()
    shown = float(card.get_by_test_id("result-p").inner_text())
    from scipy import stats

    project = open_project_from_example()
    table = project.table("weights")
    a, b = (ds.values[:, 0] for ds in table.data_sets[:2])
    expected = stats.ttest_ind(a[a == a], b[b == b], equal_var=False).pvalue
    assert shown == pytest.approx(expected, abs=6e-5)  # shown to 4 decimals
    page.get_by_test_id("tab-graph").click()


def open_project_from_example() -> Any:
    from plotdoc import loads

    return loads(example_bytes("complete"))


def test_undo_and_redo(page: Any) -> None:
    page.get_by_test_id("nav-weights").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=table-name]')?.textContent === 'Body weight at day 28'"
    )
    original = cell(page, 0, 0).inner_text()
    type_in_cell(page, 0, 0, "123")
    page.wait_for_function(
        "() => document.querySelector(\".plotdoc-sheet .ag-row[row-index='0'] .ag-cell[col-id='c0']\")?.textContent === '123'"
    )
    page.locator("body").press("Control+z")
    page.wait_for_function(
        "(v) => document.querySelector(\".plotdoc-sheet .ag-row[row-index='0'] .ag-cell[col-id='c0']\")?.textContent === v",
        arg=original,
    )
    page.get_by_test_id("redo").click()
    page.wait_for_function(
        "() => document.querySelector(\".plotdoc-sheet .ag-row[row-index='0'] .ag-cell[col-id='c0']\")?.textContent === '123'"
    )


def test_a_shortcut_right_after_an_edit_comes_after_it(page: Any) -> None:
    """AG Grid delivers a finished edit on a timer: Enter and Ctrl+Z in one task must still
    undo that edit (not the step before it, which would leave 77 in the cell)."""
    cell(page, 0, 0).dblclick()
    page.locator(".plotdoc-sheet .ag-cell-inline-editing input").first.fill("77")
    page.evaluate(
        """() => {
        const input = document.querySelector('.plotdoc-sheet .ag-cell-inline-editing input');
        const key = (target, init) =>
            target.dispatchEvent(new KeyboardEvent('keydown', {bubbles: true, ...init}));
        key(input, {key: 'Enter', code: 'Enter'});
        key(document.body, {key: 'z', code: 'KeyZ', ctrlKey: true});
    }"""
    )
    page.wait_for_function(  # the edit arrived, then its undo
        "() => document.querySelector(\".plotdoc-sheet .ag-row[row-index='0'] .ag-cell[col-id='c0']\")?.textContent === '123'"
    )
    page.wait_for_timeout(300)  # nothing arrives later to change it
    assert cell(page, 0, 0).inner_text() == "123"


def test_save_as_then_reopen_finds_every_edit(page: Any, workdir: Path) -> None:
    target = workdir / "edited.plotdoc"
    page.keyboard.press("Control+s")
    page.get_by_test_id("save-as-path").fill(str(target))
    page.get_by_test_id("save-as-confirm").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=title]')?.dataset.dirty === 'no'"
    )
    project = open_project(target)
    calibration = project.table("calibration")
    assert calibration.data_sets[0].values[0, 0] == 0.5  # typed
    assert calibration.data_sets[0].values[2, 0] == 1.5  # pasted
    assert calibration.data_sets[0].values[3, 1] == 4.5
    assert calibration.data_sets[0].values[1, 0] == 0.062  # the refused text changed nothing
    assert calibration.graph is not None and calibration.graph.variant_id == "xy-area-error"
    weights = project.table("weights")
    assert weights.data_sets[0].values[0, 0] == 123  # redone
    assert [a.method for a in weights.analyses].count("ttest") == 2
    assert project.generator is not None and project.generator["name"] == "plotdoc"


def test_requests_without_the_token_or_from_elsewhere_are_refused(editor: Editor) -> None:
    def status(url: str, headers: dict[str, str] | None = None) -> int:
        request = urllib.request.Request(url, headers=headers or {})
        try:
            with urllib.request.urlopen(request) as response:
                return int(response.status)
        except urllib.error.HTTPError as exc:
            return int(exc.code)

    assert status(editor.url) == 200
    assert status(editor.base + "/") == 403
    assert status(editor.base + "/?token=wrong") == 403
    assert status(editor.base + "/_plotdoc/rows?table=weights") == 403
    assert status(editor.url, {"Host": f"evil.example:{editor.port}"}) == 403
    assert status(editor.url, {"Origin": "http://evil.example"}) == 403
    rows = editor.base + f"/_plotdoc/rows?table=weights&start=0&end=2&token={editor.token}"
    assert json.loads(urllib.request.urlopen(rows).read())["lastRow"] > 0
