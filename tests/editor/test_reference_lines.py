"""Reference lines from the axis section of the Format panel, in a real browser: add a dashed
line at y = 1 with a label, see it drawn (the drawing's ids), change it, undo, redo, remove,
save and read the file back with plotdoc's reader; the 21st line of an axis is refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plotdoc import open_project, save_project
from plotdoc.editing import add_reference_line

from .conftest import Editor
from .helpers import GRAPH_SRC, browser_page, example_copy, running, save_edit

pytestmark = pytest.mark.slow  # each starts an editor and draws the graph several times

SHOTS = Path("/tmp/plotdoc-reflines")
#: a label that would be markup were it ever read as such
LABEL = "Limit <b>1</b> & more"


@pytest.fixture(scope="module")
def file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example_copy(tmp_path_factory, "reflines", "figure.plotdoc")


@pytest.fixture(scope="module")
def editor(file: Path) -> Iterator[Editor]:
    with running(file, cwd=file.parent) as ed:
        yield ed


def region_count(page: Any, rid: str) -> int:
    n: int = page.evaluate(
        "(rid) => document.querySelectorAll(`.plotdoc-hit[data-plotdoc-id='${rid}']`).length",
        rid,
    )
    return n


def wait_region(page: Any, rid: str, present: bool) -> None:
    page.wait_for_function(
        "([rid, want]) => (document.querySelectorAll("
        "`.plotdoc-hit[data-plotdoc-id='${rid}']`).length > 0) === want",
        arg=[rid, present],
        timeout=30_000,
    )


def open_axis(page: Any, bucket: str) -> None:
    section = page.get_by_test_id(f"section-{bucket}")
    section.wait_for()
    if "q-expansion-item--expanded" not in (section.get_attribute("class") or ""):
        section.locator(".q-item").first.click()
    page.get_by_test_id(f"refline-add-{bucket}").wait_for()


def saved_state(page: Any) -> str:
    state: str = page.evaluate("() => document.querySelector('[data-testid=title]')?.dataset.dirty")
    return state


def test_add_a_dashed_line_with_a_label_undo_redo_remove_save(
    browser: Any, editor: Editor, file: Path
) -> None:
    with browser_page(browser, editor.url, {"width": 1500, "height": 950}) as page:
        page.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
        page.get_by_test_id("nav-calibration").click()
        page.wait_for_timeout(1000)
        open_axis(page, "leftY")
        assert region_count(page, "reference/leftY/0") == 0
        top = page.get_by_test_id("fmt-graph-axesOverrides-leftY-rangeMax")
        top.fill("1.2")  # the example's Y axis ends at 0.9: a line at 1 needs room
        top.press("Enter")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=title]')?.dataset.dirty === 'yes'"
        )
        page.wait_for_timeout(1000)
        page.get_by_test_id("refline-new-value-leftY").fill("1")
        page.get_by_test_id("refline-new-label-leftY").fill(LABEL)
        page.get_by_test_id("refline-add-leftY").click()
        wait_region(page, "reference/leftY/0", True)
        wait_region(page, "reference/leftY/0/label", True)
        line = page.get_by_test_id("refline-leftY-0")
        line.wait_for()
        label = page.get_by_test_id("fmt-graph-axesOverrides-leftY-referenceLines-0-label")
        assert label.input_value() == LABEL  # the label is data: shown as written
        assert page.locator("[data-testid=refline-leftY-0] b").count() == 0
        dash = page.get_by_test_id("fmt-graph-axesOverrides-leftY-referenceLines-0-dashStyle")
        assert "Dashed" in dash.inner_text()
        remove = page.get_by_test_id("refline-remove-leftY-0")
        assert remove.get_attribute("aria-label") == "Remove reference line 1 at 1"
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "added.png"))

        page.get_by_test_id("undo").click()
        wait_region(page, "reference/leftY/0", False)
        page.get_by_test_id("redo").click()
        wait_region(page, "reference/leftY/0", True)

        thickness = page.get_by_test_id("fmt-graph-axesOverrides-leftY-referenceLines-0-thickness")
        thickness.fill("2.5")
        thickness.press("Enter")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=fmt-graph-axesOverrides-leftY-"
            "referenceLines-0-thickness]')?.value === '2.5'"
        )
        page.wait_for_timeout(1000)

        page.get_by_test_id("refline-remove-leftY-0").click()
        wait_region(page, "reference/leftY/0", False)
        assert page.get_by_test_id("refline-leftY-0").count() == 0
        page.get_by_test_id("undo").click()  # the removal is one step: the line comes back
        wait_region(page, "reference/leftY/0", True)
        page.get_by_test_id("refline-leftY-0").wait_for()
        page.screenshot(path=str(SHOTS / "after-undo.png"))

        save_edit(page)
    project = open_project(file)
    lines = project.tables[0].graph.axes["leftY"]["referenceLines"]  # type: ignore[union-attr]
    assert lines == [
        {"value": 1, "label": LABEL, "color": "theme", "thickness": 2.5, "dashStyle": "dashed"}
    ]


def test_the_21st_line_is_refused_with_the_reason(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    file = example_copy(tmp_path_factory, "reflines-full", "full.plotdoc")
    project = open_project(file)
    for v in range(20):
        add_reference_line(project, "calibration", "xContinuous", {"value": v / 10})
    save_project(project, file)
    with (
        running(file, cwd=file.parent) as editor,
        browser_page(browser, editor.url, {"width": 1500, "height": 950}) as page,
    ):
        page.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
        page.get_by_test_id("nav-calibration").click()
        page.wait_for_timeout(1000)
        open_axis(page, "xContinuous")
        page.get_by_test_id("refline-xContinuous-19").wait_for()
        page.get_by_test_id("refline-new-value-xContinuous").fill("0.5")
        page.get_by_test_id("refline-add-xContinuous").click()
        message = page.get_by_text("at most 20 reference lines on the X axis").first
        message.wait_for(timeout=15_000)
        assert page.get_by_test_id("refline-xContinuous-20").count() == 0
        assert saved_state(page) == "no"
