"""The editor in a real browser: open by drop, refuse bad files, edit, undo, save."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plotdoc import open_project
from plotdoc.publish.examples import example_bytes

from .conftest import Editor, drop_file, start_editor


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    ed = start_editor(cwd=tmp_path_factory.mktemp("cwd"))
    try:
        yield ed
    finally:
        ed.stop()


@pytest.fixture(scope="module")
def page(browser: Any, editor: Editor) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = context.new_page()
    pg.goto(editor.url)
    pg.get_by_test_id("start-screen").wait_for()
    try:
        yield pg
    finally:
        context.close()


def test_start_screen_then_drop_opens_tables_and_graph(page: Any) -> None:
    drop_file(page, "complete.plotdoc", example_bytes("complete"))
    page.get_by_test_id("nav-weights").wait_for()
    page.get_by_test_id("nav-calibration").wait_for()
    page.wait_for_function(
        "() => (document.querySelector('[data-testid=graph] img')||{}).src?.startsWith('data:image/svg')"
    )
    page.screenshot(path="/tmp/shot1.png")
