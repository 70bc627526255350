"""The editor in a real browser: row operations, the CSV family question, the variables of a
multiple-variables graph, a second tab kept in sync, and Cancel of a long computation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from plotdoc.builder import ProjectBuilder
from plotdoc.publish.examples import example_bytes

from .conftest import Editor, drop_file, start_editor
from .helpers import (
    GRAPH_SRC,
    cell,
    cell_is,
    graph_src,
    running,
    show_weights,
    wait_graph_change,
)

CSV = b"Dose,Control,Treated\n0.1,2.1,2.4\n0.3,3.9,5.2\n1,8.2,11.6\n3,15.7,24.9\n"


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    with running(cwd=tmp_path_factory.mktemp("tools")) as ed:
        yield ed


@pytest.fixture(scope="module")
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture(scope="module")
def page(context: Any, editor: Editor) -> Any:
    pg = context.new_page()
    pg.goto(editor.url)
    pg.get_by_test_id("start-screen").wait_for()
    drop_file(pg, "complete.plotdoc", example_bytes("complete"))
    pg.get_by_test_id("nav-weights").wait_for()
    pg.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
    return pg


def open_table(page: Any, table_id: str, name: str) -> None:
    page.get_by_test_id(f"nav-{table_id}").click()
    page.wait_for_function(
        "(n) => document.querySelector('[data-testid=table-name]')?.textContent === n", arg=name
    )


def test_delete_the_selected_rows_from_the_context_menu_and_undo(page: Any) -> None:
    open_table(page, "weights", "Body weight at day 28")
    cell_is(page, 1, 0, "101.4")
    values = [cell(page, r, 0).inner_text() for r in range(6)]
    cell(page, 1, 0).click()
    cell(page, 3, 0).click(modifiers=["Shift"])
    cell(page, 2, 0).click(button="right")
    page.get_by_test_id("row-delete").click()
    cell_is(page, 1, 0, values[4])  # rows 2 to 4 (shown 1-based) are gone
    cell_is(page, 0, 0, values[0])
    page.get_by_test_id("undo").click()
    cell_is(page, 1, 0, values[1])


def test_insert_rows_with_the_keyboard(page: Any) -> None:
    open_table(page, "weights", "Body weight at day 28")
    cell_is(page, 2, 0, "81.6")
    cell(page, 2, 0).click()
    page.keyboard.press("Control+Shift+Equal")  # Ctrl++ : insert above
    cell_is(page, 2, 0, "")
    cell_is(page, 3, 0, "81.6")
    page.keyboard.press("Control+Minus")  # Ctrl+- : delete the row again
    cell_is(page, 2, 0, "81.6")


def test_a_dropped_csv_asks_for_its_family_with_the_guess_chosen(page: Any) -> None:
    drop_file(page, "dose.csv", CSV)
    # the row edits of the tests before are unsaved: opening asks first
    page.locator("[data-testid=csv-family], [data-testid=discard-question]").first.wait_for()
    if page.get_by_test_id("discard-question").count():
        page.get_by_test_id("discard-question-discard").click()
    dialog = page.get_by_test_id("csv-family")
    dialog.wait_for()
    choice = dialog.get_by_test_id("csv-family-choice")
    checked = choice.locator("[aria-checked=true]").inner_text()
    assert checked.startswith("XY")  # the guess: its first column holds numbers
    choice.get_by_text("Column —", exact=False).click()
    dialog.get_by_test_id("csv-family-import").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=title]')?.textContent.includes('dose.plotdoc')"
    )
    nav = page.locator("[data-testid^=nav-]").first
    assert "column" in nav.inner_text().lower()
    # back to the example for the other tests
    drop_file(page, "complete.plotdoc", example_bytes("complete"))
    page.get_by_test_id("nav-weights").wait_for()


def test_the_variables_of_a_multiple_variables_graph_are_chosen_in_selects(page: Any) -> None:
    open_table(page, "rnaseq", "Differential expression")
    mapping = page.get_by_test_id("mapping")
    mapping.wait_for()
    label = page.get_by_test_id("mapping-label")
    assert "Gene" in label.locator("xpath=ancestor::label").inner_text()
    before = page.evaluate(GRAPH_SRC)
    label.click()
    page.get_by_role("option", name="(none)", exact=True).click()
    wait_graph_change(page, before)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=mapping-label]')"
        "?.closest('label')?.textContent.includes('Gene')"
    )
    page.get_by_test_id("undo").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=mapping-label]')"
        "?.closest('label')?.textContent.includes('Gene')"
    )


def test_a_second_tab_follows_the_edits_of_the_first(
    page: Any, context: Any, editor: Editor
) -> None:
    other = context.new_page()
    try:
        other.goto(editor.url)
        show_weights(other)
        # count the notices the second tab shows (each is a new Quasar notification)
        other.evaluate(
            """() => {
                window.__told = 0;
                new MutationObserver(records => records.forEach(r => r.addedNodes.forEach(n => {
                    if (n.textContent && n.textContent.includes('changed the project'))
                        window.__told += 1;
                }))).observe(document.body, {childList: true, subtree: true});
            }"""
        )
        open_table(page, "weights", "Body weight at day 28")
        cell(page, 0, 0).dblclick()
        field = page.locator(".plotdoc-sheet .ag-cell-inline-editing input").first
        field.fill("123.5")
        field.press("Enter")
        cell_is(other, 0, 0, "123.5")
        page.get_by_test_id("undo").click()
        cell_is(other, 0, 0, "99.4")
        # told once, not after every edit
        assert other.evaluate("() => window.__told") == 1
    finally:
        other.close()


def test_a_second_tab_builds_again_only_what_shows_the_edit(
    page: Any, context: Any, editor: Editor
) -> None:
    """A title typed in one tab is drawn in the other and shown in its title field; a cell
    of another table than the one the other tab shows leaves its graph as drawn, and shows
    once that table is opened there."""
    other = context.new_page()
    try:
        other.goto(editor.url)
        show_weights(other)
        # shown afresh (its Format panel built for it) before the title is typed
        open_table(page, "calibration", "Protein assay calibration")
        open_table(page, "weights", "Body weight at day 28")
        before = graph_src(other)
        field = page.get_by_test_id("title-graph")
        field.fill("Weights on day 28")
        field.press("Enter")
        wait_graph_change(other, before)
        other.wait_for_function(
            "() => document.querySelector('[data-testid=title-graph]')?.value"
            " === 'Weights on day 28'"
        )
        drawn = other.get_by_test_id("graph").get_attribute("data-version")
        open_table(page, "table-1", "Cytokines by donor")
        shown = graph_src(page)
        cell(page, 0, 0).dblclick()
        typed = page.locator(".plotdoc-sheet .ag-cell-inline-editing input").first
        typed.fill("44.5")
        typed.press("Enter")
        wait_graph_change(page, shown)  # the other tab has followed by then
        assert other.get_by_test_id("graph").get_attribute("data-version") == drawn
        assert other.evaluate(GRAPH_SRC) == graph_src(other)
        open_table(other, "table-1", "Cytokines by donor")
        cell_is(other, 0, 0, "44.5")
        other.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
    finally:
        other.close()


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found.update(int(t) for t in text)
    return found


def _helper(pid: int) -> bool:
    """multiprocessing's fork server and resource tracker (they outlive a computation)."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return False
    return b"forkserver" in cmdline or b"resource_tracker" in cmdline


def _computations(pid: int) -> set[int]:
    """The processes computing for the server: its children, or the fork server's."""
    found: set[int] = set()
    for child in _children(pid):
        if _helper(child):
            found.update(_children(child))
        else:
            found.add(child)
    return found


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def test_cancel_ends_a_long_analysis(browser: Any, tmp_path: Path) -> None:
    """Spearman matrices of 250 variables with missing values run for many seconds."""
    rng = np.random.default_rng(1)
    n = 4000
    data = {f"v{i}": np.where(rng.random(n) < 0.1, np.nan, rng.normal(size=n)) for i in range(250)}
    b = ProjectBuilder(title="slow")
    b.add_table("multipleVariables", data, id="mv")
    doc = b.document()
    doc["tables"][0]["analyses"] = [  # each runs until its 10 s budget; 40 s in all
        {"id": f"corr{i}", "method": "correlationMatrix", "params": {"method": "spearman"}}
        for i in range(4)
    ]
    import orjson

    path = tmp_path / "slow.plotdoc"
    path.write_bytes(orjson.dumps(doc))
    ed = start_editor(path, cwd=tmp_path)
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        pg = ctx.new_page()
        pg.goto(ed.url)

        pg.wait_for_function(
            "() => document.querySelector('[data-testid=job-progress]')"
            "?.textContent.includes('Computing 4 analyses')",
            timeout=60_000,
        )
        running = _computations(ed.process.pid)
        assert running, "the analysis runs in a child process"
        pg.get_by_test_id("job-cancel").click()
        pg.get_by_test_id("job-message").wait_for()
        assert "cancelled" in pg.get_by_test_id("job-message").inner_text()
        pg.wait_for_function("() => !document.querySelector('[data-testid=job-progress]')")
        # the computation itself is ended, not only the waiting for it
        pg.wait_for_timeout(1500)
        assert not any(_alive(pid) for pid in running)
        # the page still answers
        pg.get_by_test_id("tab-analyses").click()
        pg.get_by_test_id("analysis-corr0").wait_for()
    finally:
        ctx.close()
        ed.stop()
