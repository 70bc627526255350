"""What the page shows at a common laptop size (1440x900): the start screen uses the window,
the sheet shows a useful number of columns, the navigator speaks a scientist's words, and an
empty table name is refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pytest

from plotdoc.builder import ProjectBuilder

from .conftest import Editor
from .helpers import browser_page, running

VIEWPORT = {"width": 1440, "height": 900}


@pytest.fixture(scope="module")
def wide_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("layout")
    rng = np.random.default_rng(3)
    b = ProjectBuilder(title="wide")
    b.add_table("column", {f"Group {i}": rng.normal(size=12) for i in range(12)}, id="wide")
    b.add_table("multipleVariables", {"a": rng.normal(size=5), "b": rng.normal(size=5)}, id="mv")
    doc = b.document()
    doc["tables"][0]["analyses"] = [{"id": "tt", "method": "ttest", "params": {}}]
    path = folder / "wide.plotdoc"
    path.write_bytes(orjson.dumps(doc))
    return path


@pytest.fixture(scope="module")
def editor(wide_file: Path) -> Iterator[Editor]:
    with running(wide_file, cwd=wide_file.parent) as ed:
        yield ed


@pytest.fixture(scope="module")
def empty_editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    with running(cwd=tmp_path_factory.mktemp("empty")) as ed:
        yield ed


def test_the_start_screen_uses_the_window(browser: Any, empty_editor: Editor) -> None:
    with browser_page(browser, empty_editor.url, VIEWPORT) as page:
        start = page.get_by_test_id("start-screen")
        start.wait_for()
        page.wait_for_timeout(800)
        page.screenshot(path="/tmp/plotdoc-start-screen.png")
        box = start.bounding_box()
        assert box is not None and box["width"] > 0.6 * VIEWPORT["width"], box
        # no empty graph frame, Export button or format panel beside it
        assert not page.get_by_test_id("tab-graph").is_visible()
        assert not page.get_by_test_id("inspector").is_visible()
        # and once there is a table, the graph and format panel are there
        page.get_by_test_id("start-column").click()
        page.get_by_test_id("tab-graph").wait_for()
        page.get_by_test_id("inspector").wait_for()


def test_the_sheet_shows_many_columns_at_1440x900(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url, VIEWPORT) as page:
        page.get_by_test_id("nav-wide").click()
        page.locator(".plotdoc-sheet .ag-header-cell[col-id='c0']").first.wait_for(state="attached")
        page.wait_for_timeout(800)
        page.screenshot(path="/tmp/plotdoc-sheet-1440.png")
        shown = page.evaluate(
            """() => {
                const sheet = document.querySelector('.plotdoc-sheet .ag-body-viewport')
                    .getBoundingClientRect();
                return [...document.querySelectorAll('.plotdoc-sheet .ag-header-cell')]
                    .filter(h => /^c\\d+$/.test(h.getAttribute('col-id')))
                    .filter(h => { const r = h.getBoundingClientRect();
                                   return r.width > 0 && r.left >= sheet.left - 1
                                          && r.right <= sheet.right + 1; })
                    .length;
            }"""
        )
        assert shown >= 6, shown


def test_the_navigator_names_families_in_words(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url, VIEWPORT) as page:
        item = page.get_by_test_id("nav-mv")
        item.wait_for()
        text = item.inner_text()
        assert "Multiple variables" in text, text
        assert "MULTIPLEVARIABLES" not in text and "multipleVariables" not in text


def test_an_empty_table_name_is_refused(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url, VIEWPORT) as page:
        page.get_by_test_id("nav-wide").click()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=table-name]')?.textContent === 'Table 1'"
        )
        before = page.get_by_test_id("table-name").inner_text()
        page.get_by_test_id("menu-table").click()
        page.get_by_text("Rename table…").click()
        page.get_by_test_id("dialog-text").fill("   ")
        page.get_by_test_id("dialog-ok").click()
        page.get_by_test_id("problems").wait_for()
        assert "at least one character" in page.get_by_test_id("problems-lines").inner_text()
        assert page.get_by_test_id("table-name").inner_text() == before
        assert page.get_by_test_id("nav-wide").inner_text().startswith(before)


def test_format_sections_stay_as_the_user_left_them(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url, VIEWPORT) as page:
        page.get_by_test_id("nav-wide").click()
        page.wait_for_function(
            "() => (document.querySelector('[data-testid=graph] img')||{}).src"
            "?.startsWith('data:image/png')"
        )
        page.wait_for_timeout(1000)  # the panel is rebuilt once the graph is drawn
        axis = page.get_by_test_id("section-leftY")
        expanded = (
            "() => document.querySelector('[data-testid=section-leftY]')"
            "?.classList.contains('q-expansion-item--expanded')"
        )
        axis.locator(".q-item").first.click()
        page.wait_for_function(expanded)
        page.wait_for_timeout(1000)
        assert page.evaluate(expanded)  # still open once the panel settled
        title = page.get_by_test_id("title-graph")
        title.fill("Body weight")
        title.press("Enter")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=title]')?.dataset.dirty === 'yes'"
        )
        page.wait_for_timeout(1000)  # the format panel is rebuilt after the change
        assert page.get_by_test_id("title-graph").input_value() == "Body weight"
        assert "q-expansion-item--expanded" in (axis.get_attribute("class") or "")


def test_analysis_parameters_read_as_words(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url, VIEWPORT) as page:
        page.get_by_test_id("nav-wide").click()
        page.get_by_test_id("tab-analyses").click()
        variance = page.get_by_test_id("param-variance")
        variance.wait_for()
        text = variance.inner_text()
        assert "Welch's correction" in text, text
        design = page.get_by_test_id("param-design").inner_text()
        assert "Unpaired" in design, design
        variance.click()
        options = page.locator(".q-menu .q-item").all_inner_texts()
        assert "Equal SDs" in options and "welch" not in options, options
        page.keyboard.press("Escape")
