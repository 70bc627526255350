"""Room for the graph, in a real browser: *Graph only* (or the split dragged) gives the graph
the sheet's room too and the graph is drawn again to fill it (at 1440x900 the picture itself,
not only its box, takes more than 45 % of the window's width); the toolbar wraps and is never
taller than the graph; zoom in draws the graph larger in a place that scrolls, and *Zoom to
fit* shows it whole again. Pictures at 1280x720, 1440x900 and 1920x1080."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Editor
from .helpers import GRAPH_SRC, browser_page, click_until, example_copy, running

pytestmark = pytest.mark.slow  # the graph is drawn again for each size

#: the part by which a new size must differ before the graph is drawn again
REFIT: float = pytest.importorskip("plotdoc.editor.zoom", reason="the editor extra").REFIT

SHOTS = Path("/tmp/plotdoc-room")  # looked at, and kept as docs/images/editor/graph-only-*
SIZES = (
    {"width": 1280, "height": 720},
    {"width": 1440, "height": 900},
    {"width": 1920, "height": 1080},
)

#: the picture as the browser shows it: its pixels scaled down into the element (never up),
#: measured on the <img> itself
PICTURE = """() => {
  const img = document.querySelector('[data-testid=graph] img');
  if (!img || !img.naturalWidth) return {width: 0, height: 0, natural: 0};
  const r = img.getBoundingClientRect();
  const s = Math.min(1, r.width / img.naturalWidth, r.height / img.naturalHeight);
  return {width: img.naturalWidth * s, height: img.naturalHeight * s, natural: img.naturalWidth};
}"""
BOX = """() => {
  const b = document.querySelector('.plotdoc-graph-box');
  return {width: b.clientWidth, height: b.clientHeight, scroll: b.scrollHeight,
          scrollWidth: b.scrollWidth};
}"""


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    file = example_copy(tmp_path_factory, "room", "study.plotdoc")
    with running(file, cwd=file.parent) as ed:
        yield ed


def picture(page: Any) -> dict[str, float]:
    seen: dict[str, float] = page.evaluate(PICTURE)
    return seen


def height_of(page: Any, testid: str) -> float:
    height: float = page.evaluate(
        "(t) => document.querySelector(`[data-testid=${t}]`).getBoundingClientRect().height",
        testid,
    )
    return height


def show(page: Any, nav: str, name: str) -> None:
    page.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
    click_until(
        page,
        page.get_by_test_id(f"nav-{nav}"),
        f"() => document.querySelector('[data-testid=table-name]')?.textContent === {name!r}",
    )
    page.wait_for_timeout(1500)


def zoom_reads(words: str) -> str:
    """JavaScript: whether the zoom button reads ``words``."""
    return (
        "() => document.querySelector('[data-testid=graph-zoom-fit]')"
        f"?.textContent.trim() === {words!r}"
    )


def settled(page: Any) -> dict[str, float]:
    """The picture once the page has stopped drawing it again (a first drawing is fitted to
    the window once its size is known)."""
    seen = picture(page)
    for _ in range(30):
        page.wait_for_timeout(1000)
        now = picture(page)
        if now == seen:
            return now
        seen = now
    return seen


def wait_width(page: Any, above: float) -> None:
    page.wait_for_function(f"(w) => ({PICTURE})().width > w", arg=above, timeout=30_000)
    page.wait_for_timeout(800)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_graph_only_gives_the_graph_the_room(
    browser: Any, editor: Editor, size: dict[str, int]
) -> None:
    with browser_page(browser, editor.url, size) as page:
        show(page, "calibration", "Protein assay calibration")
        before = picture(page)["width"]
        # with the sheet beside it, the toolbar wraps but never takes the graph's place
        assert height_of(page, "graph-toolbar") < page.evaluate(BOX)["height"]
        page.get_by_test_id("graph-only").click()
        wait_width(page, 1.3 * before)
        after = picture(page)
        box = page.evaluate(BOX)
        assert page.locator(".plotdoc-sheet").is_hidden()
        # drawn again to fill its place: whole, and as large as the place allows
        assert after["width"] <= box["width"] + 1 and after["height"] <= box["height"] + 1
        # (within the part a new size must differ by before the graph is drawn again)
        fills = max(after["width"] / box["width"], after["height"] / box["height"])
        assert fills > 1 - REFIT, (
            after,
            box,
        )
        assert height_of(page, "graph-toolbar") < after["height"]
        if size["width"] == 1440:
            assert after["width"] >= 0.45 * size["width"], (before, after)
        name = f"graph-only-{size['width']}x{size['height']}.png"
        page.mouse.move(size["width"] // 2, size["height"] - 5)  # no tooltip in the picture
        page.wait_for_timeout(600)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / name))
        assert page.get_by_test_id("graph-only").get_attribute("aria-pressed") == "true"
        page.get_by_test_id("graph-only").click()
        page.locator(".plotdoc-sheet").wait_for()


def test_the_split_dragged_gives_the_graph_the_room(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url, {"width": 1440, "height": 900}) as page:
        show(page, "calibration", "Protein assay calibration")
        before = picture(page)["width"]
        handle = page.locator(".plotdoc-split > .q-splitter__separator").first
        box = handle.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(330, box["y"] + box["height"] / 2, steps=8)
        page.mouse.up()
        wait_width(page, 1.3 * before)
        assert picture(page)["width"] >= 0.45 * 1440


def test_zoom_in_out_and_to_fit(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url, {"width": 1440, "height": 900}) as page:
        show(page, "weights", "Body weight at day 28")  # a tall graph: its height limits it
        page.get_by_test_id("graph-only").click()
        page.wait_for_function(
            f"() => ({PICTURE})().height > 0.9 * ({BOX})().height", timeout=30_000
        )
        fit = settled(page)
        box = page.evaluate(BOX)
        assert fit["height"] > (1 - REFIT) * box["height"], (fit, box)
        assert page.get_by_test_id("graph-zoom-fit").inner_text().strip() == "Fit"
        for words in ("125 %", "156 %"):
            click_until(page, page.get_by_test_id("graph-zoom-in"), zoom_reads(words))
        wait_width(page, 1.5 * fit["width"])
        zoomed = settled(page)
        # drawn again at the larger size (its own pixels, not an enlargement), scrolling
        assert zoomed["natural"] == pytest.approx(zoomed["width"], abs=1)
        # two steps of 25 % from the fitted size (itself fitted within REFIT)
        assert zoomed["width"] == pytest.approx(1.5625 * fit["width"], rel=REFIT + 0.05)
        box = page.evaluate(BOX)
        assert box["scroll"] > box["height"] + 50
        assert page.get_by_test_id("graph-zoom-fit").inner_text().strip() == "156 %"
        # the hit regions follow the zoomed picture
        region = page.locator(".plotdoc-hit[data-plotdoc-id='box/ds0']")
        hits = page.locator(".plotdoc-hits").bounding_box()
        image = page.locator("[data-testid=graph] img").bounding_box()
        assert abs(hits["width"] - image["width"]) < 2 and abs(hits["x"] - image["x"]) < 2
        assert region.count() == 1
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "zoomed.png"))
        click_until(page, page.get_by_test_id("graph-zoom-fit"), zoom_reads("Fit"))
        page.wait_for_function(
            f"([w, REFIT]) => Math.abs(({PICTURE})().width - w) < REFIT * w",
            arg=[fit["width"], REFIT],
            timeout=30_000,
        )
        assert page.evaluate(BOX)["scroll"] <= page.evaluate(BOX)["height"] + 1
        assert page.get_by_test_id("graph-zoom-fit").inner_text().strip() == "Fit"
        click_until(page, page.get_by_test_id("graph-zoom-out"), zoom_reads("80 %"))
        page.wait_for_function(
            f"(w) => ({PICTURE})().width < w", arg=0.9 * fit["width"], timeout=30_000
        )
