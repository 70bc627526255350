"""Room for the graph, in a real browser: *Graph only* gives the graph the sheet's room too
(at 1440x900 it takes more than 45 % of the window's width) and the graph is drawn again to
fill it; the sheet comes back with the same button. Pictures at 1280x720, 1440x900 and
1920x1080."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Editor
from .helpers import GRAPH_SRC, browser_page, click_until, example_copy, running

SHOTS = Path("/tmp/plotdoc-room")  # looked at, and kept as docs/images/editor/graph-only-*
SIZES = (
    {"width": 1280, "height": 720},
    {"width": 1440, "height": 900},
    {"width": 1920, "height": 1080},
)


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    file = example_copy(tmp_path_factory, "room", "study.plotdoc")
    with running(file, cwd=file.parent) as ed:
        yield ed


def graph_width(page: Any) -> float:
    width: float = page.evaluate(
        "() => document.querySelector('[data-testid=graph] img')?.getBoundingClientRect().width"
        " || 0"
    )
    return width


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_graph_only_gives_the_graph_the_room(
    browser: Any, editor: Editor, size: dict[str, int]
) -> None:
    with browser_page(browser, editor.url, size) as page:
        page.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
        click_until(
            page,
            page.get_by_test_id("nav-weights"),
            "() => document.querySelector('[data-testid=table-name]')?.textContent === "
            "'Body weight at day 28'",
        )
        page.wait_for_timeout(1500)
        before = graph_width(page)
        page.get_by_test_id("graph-only").click()
        page.wait_for_function(
            "(w) => (document.querySelector('[data-testid=graph] img')"
            "?.getBoundingClientRect().width || 0) > 1.3 * w",
            arg=before,
            timeout=30_000,
        )
        page.wait_for_timeout(1500)
        after = graph_width(page)
        assert page.locator(".plotdoc-sheet").is_hidden()
        name = f"graph-only-{size['width']}x{size['height']}.png"
        page.mouse.move(size["width"] // 2, size["height"] - 5)  # no tooltip in the picture
        page.wait_for_timeout(600)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / name))
        if size["width"] == 1440:
            assert after >= 0.45 * size["width"], (before, after)
        assert page.get_by_test_id("graph-only").get_attribute("aria-pressed") == "true"
        page.get_by_test_id("graph-only").click()
        page.locator(".plotdoc-sheet").wait_for()
