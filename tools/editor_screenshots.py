"""Take the screenshots of docs/editor.md with the browser tests' set-up (Chromium, Playwright).

    PYTHONPATH=src python tools/editor_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.editor.conftest import CHROMIUM_ARGS, drop_file, start_editor  # noqa: E402

from plotdoc.publish.examples import example_bytes  # noqa: E402


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs" / "images" / "editor"
    out.mkdir(parents=True, exist_ok=True)
    editor = start_editor(cwd=Path(tempfile.mkdtemp()))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(editor.url)
            page.get_by_test_id("start-screen").wait_for()
            time.sleep(0.5)
            page.screenshot(path=out / "start-screen.png")
            drop_file(page, "complete.plotdoc", example_bytes("complete"))
            page.get_by_test_id("nav-weights").wait_for()
            page.wait_for_function(
                "() => (document.querySelector('[data-testid=graph] img')||{}).src?.startsWith('data:image/png')"
            )
            time.sleep(2.5)  # let the notifications fade
            page.screenshot(path=out / "editor.png")
            page.locator(".q-splitter__after").screenshot(path=out / "graph-panel.png")
            page.get_by_test_id("nav-weights").click()
            page.get_by_test_id("tab-analyses").click()
            page.get_by_test_id("analysis-welch").wait_for()
            time.sleep(0.5)
            page.locator(".q-splitter__after").screenshot(path=out / "analyses.png")
            bad = orjson.loads(example_bytes("complete"))
            bad["tables"][1]["graph"]["variantId"] = "scatter"
            bad["tables"][0]["dataSets"][1]["name"] = bad["tables"][0]["dataSets"][0]["name"]
            drop_file(page, "broken.plotdoc", orjson.dumps(bad))
            page.get_by_test_id("problems").wait_for()
            time.sleep(2.5)
            page.screenshot(path=out / "problems.png")
            page.get_by_test_id("problems-dismiss").click()
            page.get_by_test_id("menu-help").click()
            page.get_by_text("Prompt for an AI assistant").click()
            page.get_by_test_id("prompt-text").wait_for()
            time.sleep(0.5)
            page.screenshot(path=out / "prompt.png")
            browser.close()
    finally:
        editor.stop()
    for png in sorted(out.glob("*.png")):
        print(png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
