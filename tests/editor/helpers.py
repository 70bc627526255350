"""What the editor's browser tests share: a project file to open, an editor running on it
and a page of a fresh browser context showing it, each closed when the test is done."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from plotdoc.publish.examples import example_bytes

from .conftest import Editor, start_editor

#: the window most tests use
VIEWPORT = {"width": 1400, "height": 900}


def example_copy(
    tmp_path_factory: pytest.TempPathFactory, folder: str, name: str, example: str = "complete"
) -> Path:
    """A copy of a built-in example as ``name`` in a new temporary folder."""
    path = tmp_path_factory.mktemp(folder) / name
    path.write_bytes(example_bytes(example))
    return path


@contextmanager
def running(file: Path | None = None, cwd: Path | None = None, **options: Any) -> Iterator[Editor]:
    """An editor on ``file`` (or on the start screen), stopped at the end."""
    editor = start_editor(file, cwd=cwd, **options)
    try:
        yield editor
    finally:
        editor.stop()


@contextmanager
def browser_page(
    browser: Any, url: str, viewport: dict[str, int] | None = None, **options: Any
) -> Iterator[Any]:
    """A page of a new browser context (``options`` are the context's) at ``url``; the
    context is closed at the end."""
    context = browser.new_context(viewport=viewport or VIEWPORT, **options)
    try:
        page = context.new_page()
        page.goto(url)
        yield page
    finally:
        context.close()


def click_until(page: Any, target: Any, condition: str, tries: int = 4) -> None:
    """Click ``target`` until ``condition`` (JS) holds: a click on a part the page is
    rebuilding just then is lost, as it would be for a user, who clicks again."""
    for attempt in range(tries):
        target.click()
        try:
            page.wait_for_function(condition, timeout=10000)
            return
        except Exception:
            if attempt == tries - 1:
                raise


def title_field(page: Any) -> Any:
    """Click the graph's title until its edit box opens (a click while the regions of the
    table just shown are drawn again is lost, and a user clicks again); the box."""
    click_until(
        page,
        page.locator(".plotdoc-hit.kind-title").first,
        "() => !!document.querySelector('[data-testid=title-edit]')",
    )
    return page.get_by_test_id("title-edit")


#: the data URL of the graph's picture ('' until there is one)
GRAPH_SRC = "() => (document.querySelector('[data-testid=graph] img')||{}).src || ''"


def graph_src(page: Any) -> str:
    src: str = page.evaluate(GRAPH_SRC)
    return src


def wait_graph_change(page: Any, old: str) -> str:
    """Wait until the graph shows a picture other than ``old``; the new one."""
    page.wait_for_function(
        f"(o) => {{ const s = ({GRAPH_SRC})(); return s.startsWith('data:image/png') && s !== o; }}",
        arg=old,
    )
    return graph_src(page)


def cell(page: Any, row: int, col: int) -> Any:
    """The data sheet's cell at ``row`` of column ``c{col}``."""
    return page.locator(
        f".plotdoc-sheet .ag-row[row-index='{row}'] .ag-cell[col-id='c{col}']"
    ).first


def cell_is(page: Any, row: int, col: int, text: str, timeout: float = 30_000) -> None:
    """Wait until the sheet's cell shows ``text``."""
    page.wait_for_function(
        "([r, c, t]) => document.querySelector("
        "`.plotdoc-sheet .ag-row[row-index='${r}'] .ag-cell[col-id='c${c}']`)"
        "?.textContent === t",
        arg=[row, col, text],
        timeout=timeout,
    )


def type_in_cell(page: Any, row: int, col: int, text: str, enter: bool = True) -> None:
    """Type ``text`` into the sheet's cell as a user would (double-click, type, Enter). A
    double-click that lands while the grid draws its rows again opens no editor: as a user
    would, it double-clicks again (three times at most, ten seconds each)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    field = page.locator(".plotdoc-sheet .ag-cell-inline-editing input").first
    for attempt in range(3):
        cell(page, row, col).dblclick()
        try:
            field.wait_for(timeout=10_000)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    field.fill(text)
    if enter:
        field.press("Enter")


def show_weights(page: Any) -> None:
    """Wait for the first graph, then show the example's table ``weights`` and wait for it."""
    page.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
    page.get_by_test_id("nav-weights").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=table-name]')?.textContent"
        " === 'Body weight at day 28'"
    )


class QuietTab:
    """A tab as opening a file sees it, showing nothing: a session and a table's id."""

    def __init__(self, table_id: str | None = None) -> None:
        from plotdoc.editing import Session

        self.session = Session()
        self.table_id = table_id

    def show_problems(self, *args: Any, **kwargs: Any) -> None:
        pass

    def clear_problems(self) -> None:
        pass

    def refresh(self, *args: Any, **kwargs: Any) -> None:
        pass

    def follow(self, *args: Any) -> None:
        pass


#: whether the project has edits not yet saved, as the page's title bar shows
DIRTY = "(want) => document.querySelector('[data-testid=title]')?.dataset.dirty === want"


def save_edit(page: Any) -> None:
    """Save the edit just made with Ctrl+S and wait until it is on disk.

    The page marks the project unsaved once the edit has reached the editor; waiting for that
    first keeps a save from "finishing" at once on the state before the edit (the page showed
    "saved" already), which let a test read the file before the edit was in it.
    """
    page.wait_for_function(DIRTY, arg="yes", timeout=30_000)
    page.keyboard.press("Control+s")
    page.wait_for_function(DIRTY, arg="no", timeout=30_000)
