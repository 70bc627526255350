"""The server stays up and every tab stays in step: page loads that never open their
connection, tabs whose connection drops, edits made on rows that have moved since."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plotdoc import open_project
from plotdoc.publish.examples import example_bytes

from .conftest import Editor
from .helpers import cell_is, running, show_weights, type_in_cell


@pytest.fixture
def project_file(tmp_path: Path) -> Path:
    path = tmp_path / "complete.plotdoc"
    path.write_bytes(example_bytes("complete"))
    return path


@pytest.fixture
def editor(project_file: Path) -> Iterator[Editor]:
    with running(project_file, cwd=project_file.parent) as ed:
        yield ed


def open_tab(browser: Any, editor: Editor) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.goto(editor.url)
    show_weights(page)
    return context, page


def connected(page: Any) -> bool:
    return bool(page.evaluate("() => !!(window.socket && window.socket.connected)"))


def drop_connection(page: Any, seconds: float) -> None:
    """Take the tab's connection down (as a closed laptop lid or lost Wi-Fi does)."""
    page.evaluate("() => window.socket.io.engine.close()")
    page.wait_for_function("() => !window.socket.connected")
    time.sleep(seconds)


def test_a_page_load_that_never_connects_breaks_nothing(browser: Any, editor: Editor) -> None:
    """NiceGUI deletes a client that never opened its socket about a minute after the load;
    later tabs must still open and the tabs already open must still follow edits."""
    first_context, first = open_tab(browser, editor)
    try:
        for _ in range(3):  # as curl, a prefetch or a tab closed while loading would
            with urllib.request.urlopen(editor.url) as response:
                assert response.status == 200
        time.sleep(75)  # past NiceGUI's pruning of clients that never connected (60 s + 10 s)
        with urllib.request.urlopen(editor.url) as response:
            assert response.status == 200
        second_context, second = open_tab(browser, editor)
        try:
            type_in_cell(second, 0, 0, "111.5")
            cell_is(first, 0, 0, "111.5")
            type_in_cell(first, 1, 0, "222.5")
            cell_is(second, 1, 0, "222.5")
            second.screenshot(path="/tmp/plotdoc-lifecycle-second.png")
        finally:
            second_context.close()
    finally:
        first_context.close()


def test_a_tab_whose_connection_dropped_follows_edits_again(browser: Any, editor: Editor) -> None:
    a_context, a = open_tab(browser, editor)
    b_context, b = open_tab(browser, editor)
    try:
        drop_connection(b, 2)
        b.wait_for_function("() => window.socket.connected", timeout=20000)
        type_in_cell(a, 0, 0, "101.5")
        cell_is(b, 0, 0, "101.5")
        # and a change made while it was away is shown once it is back
        b.evaluate("() => window.socket.io.engine.close()")
        type_in_cell(a, 1, 0, "202.5")
        b.wait_for_function("() => window.socket.connected", timeout=20000)
        cell_is(b, 1, 0, "202.5")
    finally:
        a_context.close()
        b_context.close()


def test_an_edit_made_on_rows_that_moved_is_refused_never_misplaced(
    browser: Any, editor: Editor, project_file: Path
) -> None:
    a_context, a = open_tab(browser, editor)
    b_context, b = open_tab(browser, editor)
    try:
        before = open_project(project_file).table("weights").data_sets[0].values[:, 0].tolist()
        # b stops hearing from the server (its connection is down, and comes back by itself
        # after eight seconds, as after a lost Wi-Fi), while a deletes the first row
        b.evaluate(
            "() => { window.socket.io.reconnectionDelay(8000);"
            " window.socket.io.reconnectionDelayMax(8000); window.socket.io.engine.close(); }"
        )
        a.locator(".plotdoc-sheet .ag-row[row-index='0'] .ag-cell[col-id='c0']").first.click(
            button="right"
        )
        a.get_by_test_id("row-delete").click()
        cell_is(a, 0, 0, str(before[1]).removesuffix(".0"))
        # b still shows the old rows, and an edit of what b shows as row 2 is on its way (the
        # page takes no typing while the connection is down: the grid's own edit stands for
        # one typed just before the connection dropped)
        b.evaluate("() => plotdocGridApi().getDisplayedRowAtIndex(2).setDataValue('c0', '555')")
        assert not connected(b)  # the edit waits for the connection
        b.wait_for_function(
            "() => document.querySelector('[data-testid=page-message], .q-notification')"
            "?.textContent.includes('not applied')",
            timeout=20000,
        )
        b.screenshot(path="/tmp/plotdoc-stale-edit.png")
        # the value went nowhere: a shows the rows as they are, without 555
        a.get_by_test_id("save").click()
        a.wait_for_function(
            "() => document.querySelector('[data-testid=title]')?.dataset.dirty === 'no'"
        )
        after = open_project(project_file).table("weights").data_sets[0].values[:, 0].tolist()
        assert 555 not in after
        assert after == before[1:]
        # b is up to date now: its row 0 is a's row 0
        cell_is(b, 0, 0, str(before[1]).removesuffix(".0"))
    finally:
        a_context.close()
        b_context.close()
