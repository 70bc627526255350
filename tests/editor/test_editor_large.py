"""A 200,000-row table opens in the editor and scrolls: the sheet fetches rows a window at a time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from plotdoc.builder import ProjectBuilder

from .conftest import Editor
from .helpers import browser_page, running

ROWS = 200_000


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(7)
    b = ProjectBuilder(title="Large")
    b.add_table("xy", {"Signal": rng.normal(size=ROWS)}, x=np.arange(ROWS, dtype=float), id="big")
    path = tmp_path_factory.mktemp("big") / "big.plotdoc"
    b.save(path)
    return path


@pytest.fixture(scope="module")
def editor(big_file: Path) -> Iterator[Editor]:
    with running(big_file, cwd=big_file.parent) as ed:
        yield ed


def test_a_200000_row_table_opens_and_scrolls(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url) as page:
        first = page.locator(".plotdoc-sheet .ag-row[row-index='0'] .ag-cell[col-id='c0']").first
        first.wait_for()
        assert first.inner_text() == "0"
        # the sheet never renders every row
        rendered = page.locator(".plotdoc-sheet .ag-center-cols-container .ag-row").count()
        assert 0 < rendered < 200
        # scroll a little with the wheel, then jump near the end
        page.locator(".plotdoc-sheet .ag-body-viewport").first.hover()
        page.mouse.wheel(0, 2000)
        page.wait_for_function(
            "() => !!document.querySelector(\".plotdoc-sheet .ag-row[row-index='60'] .ag-cell[col-id='c0']\")"
        )
        row = ROWS - 100
        page.evaluate("(r) => plotdocGridApi().ensureIndexVisible(r, 'top')", row)
        page.wait_for_function(
            "(r) => [...document.querySelectorAll('.plotdoc-sheet .ag-row .ag-cell[col-id=\"c0\"]')].some(c => Number(c.textContent) >= r)",
            arg=row,
        )
        rendered = page.locator(".plotdoc-sheet .ag-center-cols-container .ag-row").count()
        assert rendered < 200
