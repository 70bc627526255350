"""What the editor's browser tests share: a project file to open, an editor running on it
and a page of a fresh browser context showing it, each closed when the test is done."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from plotdoc.publish.examples import example_bytes

from .conftest import Editor, start_editor

#: the window most tests use
VIEWPORT = {"width": 1400, "height": 900}


def example_copy(
    tmp_path_factory: pytest.TempPathFactory, folder: str, name: str, example: str = "complete"
) -> Path:
    """A copy of a built-in example as ``name`` in a new temporary folder."""
    path = tmp_path_factory.mktemp(folder) / name
    path.write_bytes(example_bytes(example))
    return path


@contextmanager
def running(file: Path | None = None, cwd: Path | None = None, **options: Any) -> Iterator[Editor]:
    """An editor on ``file`` (or on the start screen), stopped at the end."""
    editor = start_editor(file, cwd=cwd, **options)
    try:
        yield editor
    finally:
        editor.stop()


@contextmanager
def browser_page(
    browser: Any, url: str, viewport: dict[str, int] | None = None, **options: Any
) -> Iterator[Any]:
    """A page of a new browser context (``options`` are the context's) at ``url``; the
    context is closed at the end."""
    context = browser.new_context(viewport=viewport or VIEWPORT, **options)
    try:
        page = context.new_page()
        page.goto(url)
        yield page
    finally:
        context.close()
