"""Two tabs on one project, in a real browser: a value typed over a change the tab never saw
is written but told (with the value it replaced and an undo), the other tab sees the cell
marked; undo shows the table and panel it acts on and names the table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plotdoc import open_project
from plotdoc.publish.examples import example_bytes

from .conftest import Editor
from .helpers import browser_page, cell, cell_is, click_until, running, type_in_cell

SHOTS = Path("/tmp/plotdoc-two-tabs")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture
def editor(tmp_path: Path) -> Iterator[Editor]:
    study = tmp_path / "study.plotdoc"
    study.write_bytes(example_bytes("complete"))
    with running(study, cwd=tmp_path) as ed:
        yield ed


def ready(page: Any) -> None:
    page.get_by_test_id("nav-weights").wait_for()
    page.wait_for_function("() => window.socket && window.socket.connected && window.did_handshake")


def show(page: Any, nav: str, name: str) -> None:
    click_until(
        page,
        page.get_by_test_id(f"nav-{nav}"),
        f"() => document.querySelector('[data-testid=table-name]')?.textContent === {name!r}",
    )
    page.wait_for_function(
        "() => document.querySelector(\".plotdoc-sheet .ag-row[row-index='0'] "
        ".ag-cell[col-id='c0']\")?.textContent !== ''"
    )
    page.wait_for_timeout(300)


WEIGHTS = "Body weight at day 28"


def first_weight() -> str:
    from plotdoc import loads

    value = float(loads(example_bytes("complete")).table("weights").data_sets[0].values[0, 0])
    return repr(value)[:-2] if repr(value).endswith(".0") else repr(value)


def test_a_value_typed_over_an_unseen_change_is_told_and_can_be_undone(
    browser: Any, editor: Editor, tmp_path: Path
) -> None:
    with (
        browser_page(browser, editor.url) as one,
        browser_page(browser, editor.url) as two,
    ):
        ready(one)
        ready(two)
        show(one, "weights", WEIGHTS)
        show(two, "weights", WEIGHTS)
        original = first_weight()
        # Tab 2 starts typing while its sheet still shows the original value ...
        cell(two, 0, 0).dblclick()
        field = two.locator(".plotdoc-sheet .ag-cell-inline-editing input").first
        field.wait_for()
        # ... Tab 1 writes 777 meanwhile ...
        type_in_cell(one, 0, 0, "777")
        one.wait_for_timeout(800)
        # ... and Tab 2's 555 replaces it: written, and told with the value it replaced
        field.fill("555")
        field.press("Enter")
        notice = two.get_by_test_id("conflict-text")
        notice.wait_for()
        text = notice.inner_text()
        assert "You replaced 777 with 555" in text, text
        assert "Tab 1 had changed it since this tab showed " + original in text, text
        assert "row 1" in text and "Control" in text, text
        shot(two, "conflict-writer")
        # Tab 1, whose value was replaced, is told and sees the cell marked
        one.get_by_text("Tab 2 replaced your value 777 with 555").wait_for()
        cell_is(one, 0, 0, "555")
        one.wait_for_function(
            "() => document.querySelector(\".plotdoc-sheet .ag-row[row-index='0'] "
            ".ag-cell[col-id='c0']\")?.classList.contains('plotdoc-changed-elsewhere')"
        )
        shot(one, "conflict-marked")
        # Undo in the notice puts 777 back (an ordinary edit)
        two.get_by_test_id("conflict-undo").click()
        cell_is(two, 0, 0, "777")
        cell_is(one, 0, 0, "777")
        assert two.get_by_test_id("conflict").count() == 0
        # a value typed over a change the tab had seen is not a conflict
        type_in_cell(two, 0, 0, "778")
        cell_is(one, 0, 0, "778")
        two.wait_for_timeout(500)
        assert two.get_by_test_id("conflict").count() == 0


def test_undo_shows_the_table_and_names_it(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url) as page:
        ready(page)
        show(page, "weights", WEIGHTS)
        type_in_cell(page, 0, 0, "999")
        cell_is(page, 0, 0, "999")
        project = open_project(editor_file(editor))
        other = next(t for t in project.tables if t.id != "weights" and t.derived_from is None)
        show(page, other.id, other.name)
        page.locator("body").press("Control+z")
        page.get_by_text(f"Undid: Edit cell — table “{WEIGHTS}”").wait_for()
        page.wait_for_function(
            f"() => document.querySelector('[data-testid=table-name]')?.textContent === {WEIGHTS!r}"
        )
        cell_is(page, 0, 0, first_weight())


def editor_file(editor: Editor) -> Path:
    args = editor.process.args
    assert isinstance(args, list)
    return Path(str(args[-1]))
