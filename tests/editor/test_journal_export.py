"""Export → For a journal in a real browser: the graph previewed at a column's width with what
would print too small, and downloaded at that width."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Editor
from .helpers import browser_page, example_copy, running

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example_copy(tmp_path_factory, "journal", "study.plotdoc")


@pytest.fixture(scope="module")
def editor(study: Path) -> Iterator[Editor]:
    with running(study, cwd=study.parent) as ed:
        yield ed


def test_export_for_a_journal_previews_and_downloads_at_the_column_width(
    browser: Any, editor: Editor, tmp_path: Path
) -> None:
    with browser_page(browser, editor.url, accept_downloads=True) as page:
        page.get_by_test_id("tab-graph").click()
        page.get_by_test_id("export").click()
        page.get_by_test_id("export-journal").click()
        dialog = page.get_by_test_id("journal-export")
        dialog.wait_for()
        preview = page.get_by_test_id("journal-preview").locator("img")
        preview.wait_for(state="attached")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=journal-note]').innerText.length > 0"
        )
        note = page.get_by_test_id("journal-note").inner_text()
        # the calibration graph at 85 mm: a legend inside, 9-10 pt text scaled below 6 pt
        assert "85mm" in note or "Too small" in note, note
        # the preview is shown at the width it prints at: 85 mm is 321 CSS pixels (once the
        # page has laid out the width the server set; a loaded machine lays it out later)
        page.wait_for_function(
            "() => Math.abs(document.querySelector('[data-testid=journal-preview]')"
            ".getBoundingClientRect().width - 85 / 25.4 * 96) < 3",
            timeout=15000,
        )
        box = page.get_by_test_id("journal-preview").bounding_box()
        assert box is not None and abs(box["width"] - 85 / 25.4 * 96) < 3, box
        page.screenshot(path="/tmp/plotdoc-journal-export.png")
        with page.expect_download() as caught:
            page.get_by_test_id("journal-download").click()
        download = caught.value
        assert download.suggested_filename.endswith("-85mm.pdf")
        out = tmp_path / "fig.pdf"
        download.save_as(out)
        media = re.search(rb"/MediaBox \[ *0 +0 +([0-9.]+)", out.read_bytes())
        assert media is not None and abs(float(media.group(1)) - 85 / 25.4 * 72) < 1.0
        page.get_by_test_id("journal-close").click()
        dialog.wait_for(state="hidden")
