"""Edits are kept: typed while the analyses are computed again, typed after a change of the
graph's title, and typed just before the server is killed (the recovery copy holds them half
a second later; what it does not hold yet, the page offers back to the editor started again)."""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from plotdoc import open_project
from plotdoc.publish.examples import example_bytes

from .conftest import start_editor
from .helpers import browser_page, cell_is, running, show_weights, title_field, type_in_cell

SHOTS = Path("/tmp/plotdoc-edits-kept")
#: what the page shows when it refused an edit made on rows that moved
NOTICES = (
    "() => Array.from(document.querySelectorAll('.q-notification, [data-testid=page-message]'))"
    ".map((n) => n.textContent).join(' | ')"
)


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture
def project_file(tmp_path: Path) -> Path:
    path = tmp_path / "complete.plotdoc"
    path.write_bytes(example_bytes("complete"))
    return path


def dirty_is(page: Any, value: str) -> None:
    page.wait_for_function(
        "(v) => document.querySelector('[data-testid=title]')?.dataset.dirty === v", arg=value
    )


def save_and_read(page: Any, path: Path) -> list[float]:
    page.get_by_test_id("save").click()
    dirty_is(page, "no")
    return [float(v) for v in open_project(path).table("weights").data_sets[0].values[:, 0]]


@contextmanager
def weights_analyses(browser: Any, path: Path, env: dict[str, str] | None = None) -> Iterator[Any]:
    """A page of an editor on ``path``, showing the table ``weights`` and its analyses."""
    with (
        running(path, cwd=path.parent, env=env) as editor,
        browser_page(browser, editor.url) as page,
    ):
        show_weights(page)
        page.get_by_test_id("tab-analyses").click()
        yield page


def saved_histogram(page: Any, path: Path) -> dict[str, Any]:
    """Save, then the params of the table ``weights``'s frequency distribution in the file."""
    page.get_by_test_id("save").click()
    dirty_is(page, "no")
    return open_project(path).table("weights").analyses[1].params


def cumulative_shown(page: Any, checked: bool) -> None:
    """Wait until the histogram's "Cumulative" checkbox shows ``checked``."""
    page.wait_for_function(
        "(v) => document.querySelector('[data-testid=analysis-histogram] "
        "[role=checkbox]')?.getAttribute('aria-checked') === v",
        arg=str(checked).lower(),
    )


@pytest.mark.slow
def test_edits_typed_while_the_analyses_are_computed_are_all_kept(
    browser: Any, project_file: Path
) -> None:
    # each computation of the analyses takes two seconds more than it would
    env = {"PLOTDOC_EDITOR_COMPUTE_DELAY": "2"}
    with weights_analyses(browser, project_file, env) as page:
        # a change of an analysis: computed again; a value entered at once, on the rows shown
        page.get_by_role("checkbox", name="Cumulative").click()
        dirty_is(page, "yes")  # the click reached the server
        page.evaluate(
            "() => plotdocGridApi().getDisplayedRowAtIndex(8).setDataValue('c0', '499.5')"
        )
        typed = [f"{500 + k}.5" for k in range(6)]
        for k, value in enumerate(typed):
            type_in_cell(page, k, 0, value)
            page.wait_for_timeout(400)  # a computation is under way the whole time
            assert page.get_by_text("Computing").count()
        page.wait_for_timeout(5000)  # every computation done, the sheet read again
        shot(page, "typed-while-computing")
        assert "not applied" not in page.evaluate(NOTICES)
        for k, value in enumerate(typed):
            cell_is(page, k, 0, value)
        values = save_and_read(page, project_file)
        assert values[:6] == [float(v) for v in typed] and values[8] == 499.5
        histogram = open_project(project_file).table("weights").analyses[1]
        assert histogram.params["cumulative"] is True


#: marks every parameter control of the analyses panel (a mark lasts as long as its element)
MARK_CONTROLS = (
    "() => document.querySelectorAll('[data-testid^=analysis-] .q-checkbox, "
    "[data-testid^=analysis-] .q-field').forEach((e) => { e.dataset.marked = 'yes'; })"
)
MARKS_LEFT = (
    "() => [...document.querySelectorAll('[data-testid^=analysis-] .q-checkbox, "
    "[data-testid^=analysis-] .q-field')].map((e) => e.dataset.marked || 'rebuilt')"
)


@pytest.mark.slow
def test_results_that_arrive_leave_the_parameters_being_edited_alone(
    browser: Any, project_file: Path
) -> None:
    # a click or a number typed as the results arrive reaches the control it was made on
    env = {"PLOTDOC_EDITOR_COMPUTE_DELAY": "3"}
    with weights_analyses(browser, project_file, env) as page:
        page.get_by_test_id("analysis-histogram").get_by_test_id("analysis-results").wait_for()
        computing = page.get_by_text(re.compile(r"^Computing \d+ analyses"))
        computing.wait_for(state="detached", timeout=20_000)  # the first results are in
        page.get_by_role("checkbox", name="Cumulative").click()
        dirty_is(page, "yes")
        computing.wait_for()  # the change is being computed
        page.wait_for_timeout(500)  # the panel built again for the change has arrived
        page.evaluate(MARK_CONTROLS)
        marks = page.evaluate(MARKS_LEFT)
        assert len(marks) >= 8 and set(marks) == {"yes"}
        assert computing.count()  # the marks were set before the results came
        computing.wait_for(state="detached", timeout=20_000)
        page.wait_for_timeout(500)
        shot(page, "results-arrived")
        assert page.evaluate(MARKS_LEFT) == marks  # no control was built again
        assert page.get_by_role("checkbox", name="Cumulative").is_checked()
        assert saved_histogram(page, project_file)["cumulative"]


def test_a_number_typed_with_a_pause_keeps_its_field(browser: Any, project_file: Path) -> None:
    # "1", a pause long enough for it to be applied, then "5": the field keeps the focus
    # and the value is 15 (a panel built again under the pointer took the "5" away)
    with weights_analyses(browser, project_file) as page:
        field = page.get_by_test_id("analysis-histogram").get_by_label("Bin width")
        field.click()
        page.keyboard.press("Control+A")
        page.keyboard.type("1")
        dirty_is(page, "yes")  # applied
        page.wait_for_timeout(500)
        page.keyboard.type("5")
        page.wait_for_function("() => document.activeElement?.value === '15'")
        page.wait_for_timeout(1200)  # applied in turn
        shot(page, "typed-with-a-pause")
        assert saved_histogram(page, project_file)["binWidth"] == 15


def test_the_analyses_panel_shows_what_undo_and_each_click_set(
    browser: Any, project_file: Path
) -> None:
    # a control not built again after its own edit still applies each change it makes, and
    # undo, which no control of the panel made, builds the panel with the value put back
    with weights_analyses(browser, project_file) as page:
        box = page.get_by_test_id("analysis-histogram").get_by_role("checkbox", name="Cumulative")
        for checked in (True, False, True):
            box.click()
            cumulative_shown(page, checked)
            assert saved_histogram(page, project_file)["cumulative"] is checked
        page.get_by_test_id("undo").click()
        cumulative_shown(page, False)
        assert saved_histogram(page, project_file)["cumulative"] is False


def test_a_cell_edit_after_a_change_of_the_title_is_applied(
    browser: Any, project_file: Path
) -> None:
    with (
        running(project_file, cwd=project_file.parent) as editor,
        browser_page(browser, editor.url) as page,
    ):
        show_weights(page)
        field = title_field(page)
        field.fill("Weights at day 28")
        field.press("Enter")
        page.wait_for_function(
            "() => (window.plotdocHitsData?.regions || [])"
            ".some((g) => g.kind === 'title' && g.text === 'Weights at day 28')"
        )
        type_in_cell(page, 0, 0, "432.5")
        cell_is(page, 0, 0, "432.5")
        page.wait_for_timeout(500)
        assert "not applied" not in page.evaluate(NOTICES)
        assert save_and_read(page, project_file)[0] == 432.5
        assert open_project(project_file).table("weights").titles  # the title too


KEPT = "() => document.querySelector('[data-testid=server-stopped-kept]')?.textContent || ''"


@pytest.mark.slow
def test_a_killed_server_keeps_edits_half_a_second_old_and_the_page_offers_the_rest(
    browser: Any, tmp_path: Path, project_file: Path
) -> None:
    recovery = tmp_path / "recovery"
    first = start_editor(project_file, cwd=tmp_path, recovery=recovery)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = context.new_page()
        page.goto(first.url)
        show_weights(page)
        type_in_cell(page, 0, 0, "611.5")
        cell_is(page, 0, 0, "611.5")
        dirty_is(page, "yes")
        time.sleep(0.6)
        (copy,) = recovery.glob("*.plotdoc")  # written within half a second of the edit
        assert open_project(copy).table("weights").data_sets[0].values[0, 0] == 611.5
        # the page words what the server last told it, which a loaded machine delivers late
        page.wait_for_function(
            "() => document.querySelector('[data-testid=recovery-state]')?.dataset.kept === 'copy'",
            timeout=10000,
        )
        first.process.send_signal(signal.SIGKILL)
        first.process.wait(timeout=10)
        page.get_by_test_id("server-stopped").wait_for()
        said = page.evaluate(KEPT)
        assert "Your edits up to " in said and "are kept in the recovery copy" in said
        assert "held in this browser" not in said  # nothing typed after the copy
        shot(page, "killed-all-kept")

        # again, now with a value typed after the copy was written
        second = start_editor(project_file, cwd=tmp_path, recovery=recovery, port=first.port)
        try:
            page.goto(second.url)
            page.get_by_test_id("recover-question-recover").click()
            show_weights(page)
            cell_is(page, 0, 0, "611.5")
            type_in_cell(page, 1, 0, "622.5")
            # the copy holds it (half a second later), and the page was told so (read from
            # the disk first: on a loaded machine the page may not count the value yet)
            _wait_for_copy_holding(recovery, 1, 622.5)
            page.wait_for_function("() => plotdocUnsentCount() === 0", timeout=10000)
            type_in_cell(page, 2, 0, "633.5")
            second.process.send_signal(signal.SIGKILL)  # before a copy could hold 633.5
            second.process.wait(timeout=10)
            page.get_by_test_id("server-stopped").wait_for()
            said = page.evaluate(KEPT)
            # the notice counts what this page holds (one value, or more when a loaded machine
            # delivered an earlier one late): the words and the page's own count agree
            held = page.evaluate("() => plotdocUnsentCount()")
            assert held >= 1
            words = (
                "1 typed value entered after that is"
                if held == 1
                else f"{held} typed values entered after that are"
            )
            assert f"{words} held in this browser only" in said, said
            shot(page, "killed-one-held")
        finally:
            second.stop()
        (copy,) = recovery.glob("*.plotdoc")
        values = open_project(copy).table("weights").data_sets[0].values[:, 0]
        assert values[1] == 622.5 and values[2] != 633.5

        # started again: the recovery copy, then the value it misses, are offered back
        third = start_editor(project_file, cwd=tmp_path, recovery=recovery, port=first.port)
        try:
            page.goto(third.url)
            page.get_by_test_id("recover-question-recover").click()
            offer = page.get_by_test_id("unsent-question")
            offer.wait_for()
            assert "633.5" in offer.inner_text() and "row 3" in offer.inner_text()
            shot(page, "unsent-offered")
            page.get_by_test_id("unsent-reapply").click()
            show_weights(page)
            cell_is(page, 1, 0, "622.5")
            cell_is(page, 2, 0, "633.5")
            assert save_and_read(page, project_file)[:3] == [611.5, 622.5, 633.5]
            # offered once: a page opened now offers nothing
            page.goto(third.url)
            show_weights(page)
            page.wait_for_timeout(1000)
            assert page.get_by_test_id("unsent-question").count() == 0
        finally:
            third.stop()
    finally:
        context.close()
        first.stop()


def _wait_for_copy_holding(recovery: Path, row: int, value: float, seconds: float = 20) -> None:
    """Wait until the recovery copy on disk holds ``value`` in the first data set's ``row``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for copy in recovery.glob("*.plotdoc"):
            try:
                held = open_project(copy).table("weights").data_sets[0].values[row, 0]
            except Exception:  # replaced while read: read it again
                continue
            if held == value:
                return
        time.sleep(0.2)
    raise AssertionError(f"no recovery copy holds {value} in row {row + 1} after {seconds} s")
