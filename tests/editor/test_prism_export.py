"""File → Export to Prism in a real browser: a .pzfx download and the list of what is left out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plotdoc import open_project
from plotdoc.importers.pzfx import read_pzfx

from .conftest import Editor
from .helpers import browser_page, example_copy, running


@pytest.fixture(scope="module")
def study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example_copy(tmp_path_factory, "prism", "study.plotdoc")


@pytest.fixture(scope="module")
def editor(study: Path) -> Iterator[Editor]:
    with running(study, cwd=study.parent) as ed:
        yield ed


def test_export_to_prism_downloads_every_table(
    browser: Any, editor: Editor, study: Path, tmp_path: Path
) -> None:
    with browser_page(browser, editor.url, accept_downloads=True) as page:
        page.get_by_test_id("tab-graph").wait_for()
        page.get_by_test_id("menu-file").click()
        with page.expect_download() as caught:
            page.get_by_test_id("menu-export-prism").click()
        download = caught.value
        assert download.suggested_filename == "study.pzfx"
        out = tmp_path / "study.pzfx"
        download.save_as(out)
        names = [t["name"] for t in read_pzfx(out).document["tables"]]
        assert names == [t.name for t in open_project(study).tables]
        report = page.get_by_test_id("prism-export-report")
        report.wait_for()
        text = report.inner_text()
        assert "tables[0].graph" in text and "binary template" in text
        assert "tables[0].analyses[0]" in text and "line-fit" in text
        page.screenshot(path="/tmp/plotdoc-prism-export.png")
        page.get_by_test_id("prism-export-close").click()
        report.wait_for(state="hidden")
