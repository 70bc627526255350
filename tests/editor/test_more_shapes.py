"""Every annotation of the contract from the editor, in a real browser: *More shapes* adds each
shape the contract names (a double arrow and a curve here, beyond the six tools), selected for
its properties; a curve's control point is set by number; a bracket's end is freed from its
data set; all saved and read back with plotdoc's reader, and drawn (the drawing's ids)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plotdoc import open_project
from plotdoc.contract.styles import ANNOTATION_SHAPES

from .conftest import Editor
from .helpers import GRAPH_SRC, browser_page, click_until, example_copy, running, save_edit

pytestmark = pytest.mark.slow  # each shape is drawn and selected

SHOTS = Path("/tmp/plotdoc-shapes")


@pytest.fixture(scope="module")
def file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example_copy(tmp_path_factory, "shapes", "figure.plotdoc")


@pytest.fixture(scope="module")
def editor(file: Path) -> Iterator[Editor]:
    with running(file, cwd=file.parent) as ed:
        yield ed


def wait_region(page: Any, rid: str) -> None:
    page.locator(f".plotdoc-hit[data-plotdoc-id='{rid}']").wait_for(
        state="attached", timeout=30_000
    )


def add_shape(page: Any, kind: str) -> None:
    page.get_by_test_id("more-shapes").click()
    page.get_by_test_id(f"more-shapes-{kind}").click()
    page.get_by_test_id("format-selected").wait_for()


def set_number(page: Any, testid: str, value: str, tries: int = 3) -> None:
    """Type ``value`` into a number field and wait until the field shows it. A field the
    Format panel builds again just then (after the choice that made it appear) loses what
    was typed into the old one, as it would for a user, who types it again."""
    for attempt in range(tries):
        field = page.get_by_test_id(testid)
        field.fill(value)
        field.press("Enter")
        try:
            page.wait_for_function(
                "([t, v]) => document.querySelector(`[data-testid=${t}]`)?.value === v",
                arg=[testid, value],
                timeout=15_000,
            )
            break
        except Exception:
            if attempt == tries - 1:
                raise
    page.wait_for_timeout(800)


def test_more_shapes_adds_every_shape_and_sets_its_points(
    browser: Any, editor: Editor, file: Path
) -> None:
    with browser_page(browser, editor.url, {"width": 1500, "height": 950}) as page:
        page.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
        click_until(
            page,
            page.get_by_test_id("nav-weights"),
            "() => document.querySelector('[data-testid=table-name]')?.textContent === "
            "'Body weight at day 28'",
        )
        page.wait_for_timeout(1000)
        before = len(open_project(file).table("weights").annotations)
        # the menu offers every shape the contract names, and a text
        page.get_by_test_id("more-shapes").click()
        for kind in (*ANNOTATION_SHAPES, "text"):
            page.get_by_test_id(f"more-shapes-{kind}").wait_for()
        page.keyboard.press("Escape")

        add_shape(page, "doubleArrow")
        wait_region(page, f"annotation/shape/{before}")
        assert "Double arrow" in page.get_by_test_id(f"fmt-annotations-{before}-shape").inner_text()

        add_shape(page, "curve")
        curve = before + 1
        wait_region(page, f"annotation/shape/{curve}")
        assert page.get_by_test_id(f"fmt-annotations-{curve}-points-2-y").count() == 1
        assert page.get_by_test_id(f"fmt-annotations-{curve}-fill").count() == 0  # a line
        set_number(page, f"fmt-annotations-{curve}-points-1-y", "30")
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "curve.png"))

        # the bracket between the groups: its left end freed from its data set ...
        page.get_by_test_id("format-deselect").click()
        page.locator(".plotdoc-hit[data-plotdoc-id='bracket/0']").click(position={"x": 2, "y": 2})
        page.get_by_test_id("bracket-left").wait_for()
        assert "On Control" in page.get_by_test_id("bracket-left").inner_text()
        page.get_by_test_id("bracket-left").click()
        page.get_by_role("option", name="Free (at a distance from the plot's left)").click()
        page.get_by_test_id("fmt-annotations-0-left-x").wait_for()
        set_number(page, "fmt-annotations-0-left-x", "20")
        page.screenshot(path=str(SHOTS / "bracket-end.png"))
        # ... and the other bracket's free end put on a data set
        page.get_by_test_id("format-deselect").click()
        page.locator(".plotdoc-hit[data-plotdoc-id='bracket/1']").click(position={"x": 2, "y": 2})
        page.get_by_test_id("fmt-annotations-1-left-x").wait_for()
        page.get_by_test_id("bracket-left").click()
        page.get_by_role("option", name="On Control").click()
        page.wait_for_function(
            "() => !document.querySelector('[data-testid=fmt-annotations-1-left-x]')",
            timeout=30_000,
        )
        save_edit(page)
    anns = open_project(file).table("weights").annotations
    assert anns[before].type == "shape" and anns[before].props["shape"] == "doubleArrow"
    assert anns[curve].props["shape"] == "curve" and len(anns[curve].props["points"]) == 3
    assert anns[curve].props["points"][1]["y"] == 30
    assert anns[0].props["left"] == {"kind": "free", "x": 20}
    assert anns[1].props["left"] == {"kind": "group", "groupIndex": 0}
