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


#: the contrast of an element's text with the colour it is drawn on, from the browser's own
#: computed styles: the first ancestor with an opaque background (WCAG's formula)
CONTRAST = """(sel) => {
  const el = document.querySelector(sel);
  const rgb = (c) => (c.match(/[0-9.]+/g) || []).map(Number);
  let bg = null;
  for (let e = el; e && !bg; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] === 1)) bg = c.slice(0, 3);
  }
  const lum = (c) => {
    const [r, g, b] = c.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92
      : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const a = lum(rgb(getComputedStyle(el).color).slice(0, 3)), b = lum(bg || [255, 255, 255]);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def _over_backdrop(page: Any, node: dict[str, Any]) -> bool:
    """A text axe measured against a dialog's backdrop (its stacking model leaves out the
    dialog's card), whose contrast the browser's computed colours put at AA or above."""
    related = [r["html"] for check in node.get("any", []) for r in check.get("relatedNodes", [])]
    if not any("q-dialog__backdrop" in html for html in related):
        return False
    ratio: float = page.evaluate(CONTRAST, node["target"][0])
    return ratio >= 4.5


def serious(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    out = []
    for v in results.response["violations"]:
        if v.get("impact") not in ("serious", "critical"):
            continue
        nodes = v["nodes"]
        if v["id"] == "color-contrast":
            nodes = [n for n in nodes if not _over_backdrop(page, n)]
        if nodes:
            summary = nodes[0].get("failureSummary", "")[:300]
            out.append(
                f"{v['id']} ({v['impact']}): {v['help']} — {nodes[0]['html'][:400]} {summary}"
            )
    return out


SHOTS = Path("/tmp/plotdoc-a11y")


PANELS = [
    "page",
    "analyses",
    "format-axis",
    "shown",
    "legend",
    "frame",
    "data-set",
    "variant-picker",
    "export-journal",
]


@pytest.mark.parametrize("panel", PANELS)
def test_axe_finds_no_serious_violation(page: Any, panel: str) -> None:
    pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed")
    if panel == "analyses":
        page.get_by_test_id("tab-analyses").click()
    elif panel == "format-axis":
        page.get_by_test_id("tab-graph").click()
        page.get_by_test_id("section-leftY").click()
    elif panel in ("shown", "legend", "frame"):
        page.get_by_test_id(f"section-{panel}").click()
    elif panel == "data-set":
        page.locator(".plotdoc-hit[data-plotdoc-id='box/ds0']").click(position={"x": 3, "y": 3})
        page.get_by_test_id("format-selected").wait_for()
    elif panel == "export-journal":
        page.get_by_test_id("export").click()
        page.get_by_test_id("export-journal").click()
        page.get_by_test_id("journal-preview").locator("img").wait_for(state="attached")
        page.wait_for_timeout(1500)
    elif panel == "variant-picker":
        page.get_by_test_id("variant").click()
        page.get_by_test_id("variant-picker").wait_for()
    page.wait_for_timeout(800)
    found = serious(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{panel}.png"))
    if panel in ("variant-picker", "export-journal"):
        page.keyboard.press("Escape")
    if panel == "data-set":
        page.get_by_test_id("format-deselect").click()
    assert found == [], "\n".join(found)


def test_an_analysis_s_remove_button_names_the_analysis(page: Any) -> None:
    page.get_by_test_id("tab-analyses").click()
    button = page.get_by_test_id("analysis-remove-welch")
    button.wait_for()
    assert button.get_attribute("aria-label") == "Remove analysis welch (t test)"
    page.get_by_test_id("tab-graph").click()


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
