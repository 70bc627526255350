"""Take the screenshots of docs/editor.md with the browser tests' set-up (Chromium, Playwright).

    PYTHONPATH=src python tools/editor_screenshots.py [OUT_DIR]
    PYTHONPATH=src python tools/editor_screenshots.py --graph [OUT_DIR]   (the graph's shots only)

Notifications are dismissed before each screenshot, so none covers what it shows.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.editor.conftest import CHROMIUM_ARGS, drop_file, start_editor  # noqa: E402

from plotdoc.publish.examples import example_bytes  # noqa: E402

GRAPH_SHOWN = "() => (document.querySelector('[data-testid=graph] img')||{}).src?.startsWith('data:image/png')"
CLEAR_NOTES = "() => document.querySelectorAll('.q-notification').forEach(n => n.remove())"
CSV = b"Dose,Control,Treated\n0.1,2.1,2.4\n0.3,3.9,5.2\n1,8.2,11.6\n3,15.7,24.9\n10,21.3,38.2\n"


def shot(page: Any, path: Path, locator: Any = None) -> None:
    time.sleep(0.6)
    page.evaluate(CLEAR_NOTES)
    time.sleep(0.2)
    (locator or page).screenshot(path=path)


def graph_of(page: Any, table_id: str) -> None:
    before = page.evaluate("() => (document.querySelector('[data-testid=graph] img')||{}).src")
    page.get_by_test_id(f"nav-{table_id}").click()
    page.wait_for_function(
        "(o) => { const s = (document.querySelector('[data-testid=graph] img')||{}).src; "
        "return s && s !== o && s.startsWith('data:image/png'); }",
        arg=before,
    )


def graph_shots(browser: Any, out: Path) -> None:
    """The graph as the way in: a mark selected, its style section, a bracket being added."""
    work = Path(tempfile.mkdtemp())
    path = work / "figure.plotdoc"
    path.write_bytes(example_bytes("complete"))
    editor = start_editor(path, cwd=work)
    try:
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.goto(editor.url)
        symbol = page.locator(".plotdoc-hit[data-plotdoc-id='symbol/ds0/p5']")
        symbol.wait_for(state="attached", timeout=60_000)
        symbol.hover()
        shot(page, out / "hover-mark.png")
        symbol.click()
        page.get_by_test_id("format-selected").wait_for()
        shot(page, out / "select-mark.png")
        field = page.get_by_test_id("fmt-graph-styleOverrides-perDataSet-BSA_standard-symbol-color")
        before = page.evaluate("() => document.querySelector('[data-testid=graph] img').src")
        field.fill("#2ca02c")
        field.press("Enter")
        page.wait_for_function(
            "(o) => document.querySelector('[data-testid=graph] img').src !== o", arg=before
        )
        shot(page, out / "style-section.png", page.get_by_test_id("inspector"))
        page.get_by_test_id("nav-weights").click()
        box0 = page.locator(".plotdoc-hit[data-plotdoc-id='box/ds0']")
        box0.wait_for(state="attached", timeout=60_000)
        a = box0.bounding_box()
        b = page.locator(".plotdoc-hit[data-plotdoc-id='box/ds1']").bounding_box()
        # the example's own bracket is selected and removed (Delete) first
        page.locator(".plotdoc-hit[data-plotdoc-id='bracket/0']").click()
        page.get_by_test_id("format-selected").wait_for()
        page.keyboard.press("Delete")
        page.wait_for_function(
            "() => !(window.plotdocHitsData||{regions: []}).regions.some(r => r.id === 'bracket/1')"
        )
        page.get_by_test_id("tool-bracket").click()
        y = a["y"] + a["height"] + 40
        page.mouse.move(a["x"] + a["width"] / 2, y)
        page.mouse.down()
        page.mouse.move(b["x"] + b["width"] / 2, y, steps=5)
        shot(page, out / "add-bracket-drag.png")
        page.mouse.up()
        page.get_by_test_id("format-selected").wait_for()
        page.wait_for_function(
            "() => (window.plotdocHitsData||{regions: []}).regions.some(r => r.id === 'bracket/1')"
        )
        shot(page, out / "add-bracket.png")
        page.close()
    finally:
        editor.stop()


def main() -> int:
    graph_only = "--graph" in sys.argv
    args = [a for a in sys.argv[1:] if a != "--graph"]
    out = Path(args[0]) if args else REPO / "docs" / "images" / "editor"
    out.mkdir(parents=True, exist_ok=True)
    if graph_only:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS
            )
            graph_shots(browser, out)
            browser.close()
        return 0
    editor = start_editor(cwd=Path(tempfile.mkdtemp()))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.goto(editor.url)
            page.get_by_test_id("start-screen").wait_for()
            shot(page, out / "start-screen.png")
            drop_file(page, "complete.plotdoc", example_bytes("complete"))
            page.get_by_test_id("nav-weights").wait_for()
            page.wait_for_function(GRAPH_SHOWN)
            shot(page, out / "editor.png")
            # the variant picker
            page.get_by_test_id("variant").click()
            page.wait_for_function(
                "() => document.querySelectorAll('[data-testid=variant-picker] img[src^=\"data:image/png\"]').length > 3"
            )
            shot(page, out / "variant-picker.png")
            page.keyboard.press("Escape")
            # a multiple-variables graph: which variable is X, Y, label
            graph_of(page, "rnaseq")
            shot(page, out / "graph-panel.png")
            # nested plot options: the heat map's settings
            graph_of(page, "table-1")
            page.get_by_test_id("option-heatMap").click()
            shot(page, out / "plot-options.png")
            # row operations
            page.get_by_test_id("nav-weights").click()
            page.locator(".plotdoc-sheet .ag-row[row-index='3'] .ag-cell[col-id='c0']").click()
            time.sleep(0.3)
            page.locator(".plotdoc-sheet .ag-row[row-index='5'] .ag-cell[col-id='c0']").click(
                modifiers=["Shift"]
            )
            time.sleep(0.3)
            page.locator(".plotdoc-sheet .ag-row[row-index='4'] .ag-cell[col-id='c1']").click(
                button="right"
            )
            page.get_by_test_id("row-delete").wait_for()
            shot(page, out / "row-operations.png")
            page.keyboard.press("Escape")
            # analyses
            page.get_by_test_id("tab-analyses").click()
            page.get_by_test_id("analysis-welch").wait_for()
            page.get_by_test_id("result-p").first.wait_for()
            shot(page, out / "analyses.png")
            page.get_by_test_id("tab-graph").click()
            # a CSV file asks for its family
            drop_file(page, "dose.csv", CSV)
            page.get_by_test_id("csv-family").wait_for()
            shot(page, out / "csv-family.png")
            page.keyboard.press("Escape")
            # problems
            bad = orjson.loads(example_bytes("complete"))
            bad["tables"][1]["graph"]["variantId"] = "scatter"
            bad["tables"][0]["dataSets"][1]["name"] = bad["tables"][0]["dataSets"][0]["name"]
            drop_file(page, "broken.plotdoc", orjson.dumps(bad))
            page.get_by_test_id("problems").wait_for()
            shot(page, out / "problems.png")
            page.get_by_test_id("problems-dismiss").click()
            page.get_by_test_id("menu-help").click()
            page.get_by_text("Prompt for an AI assistant").click()
            page.get_by_test_id("prompt-text").wait_for()
            shot(page, out / "prompt.png")
            graph_shots(browser, out)
            browser.close()
    finally:
        editor.stop()
    for png in sorted(out.glob("*.png")):
        print(png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
