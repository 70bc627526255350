"""Analyses are computed once per version of the session, however many tabs need them."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from plotdoc.editor import computing


def _tabs(n: int) -> list[Any]:
    server = SimpleNamespace(computing={})
    session = SimpleNamespace(version=7)
    return [SimpleNamespace(server=server, session=session, name=k) for k in range(n)]


def test_tabs_that_need_the_same_results_wait_for_one_computation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    computed: list[int] = []
    shown: list[tuple[int, int]] = []

    async def compute(tab: Any, version: int) -> bool:
        computed.append(tab.name)
        await asyncio.sleep(0.05)
        return True

    monkeypatch.setattr(computing, "_compute", compute)
    monkeypatch.setattr(computing, "show_analysed", lambda tab, v: shown.append((tab.name, v)))
    tabs = _tabs(20)

    async def all_tabs() -> None:
        await asyncio.gather(*(computing.recompute(tab) for tab in tabs))

    asyncio.run(all_tabs())
    assert computed == [0]  # the first tab computes; the 19 others wait for its results
    assert sorted(shown) == [(k, 7) for k in range(1, 20)]
    assert tabs[0].server.computing == {}  # nothing is left waiting


def test_results_not_installed_are_not_shown_by_the_tabs_that_waited(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A computation cancelled (or failed) leaves the waiting tabs as they were, and the next
    need computes again."""
    computed: list[int] = []
    shown: list[int] = []

    async def compute(tab: Any, version: int) -> bool:
        computed.append(tab.name)
        await asyncio.sleep(0.05)
        return False

    monkeypatch.setattr(computing, "_compute", compute)
    monkeypatch.setattr(computing, "show_analysed", lambda tab, v: shown.append(tab.name))
    tabs = _tabs(3)

    async def all_tabs() -> None:
        await asyncio.gather(*(computing.recompute(tab) for tab in tabs))
        await computing.recompute(tabs[2])

    asyncio.run(all_tabs())
    assert computed == [0, 2] and shown == []


def test_a_drawing_is_shared_while_nothing_it_is_drawn_from_changed() -> None:
    """Tabs share a drawing of the same graph at the same size until the project changes or
    new results are put into it; a failed drawing is not shared; a few are kept."""
    from plotdoc.editor.server import KEPT_DRAWINGS, Server

    server = Server()

    async def check() -> None:
        loop = asyncio.get_running_loop()
        key = server.drawing_key("weights", 120.0)
        assert server.drawing_key("weights", 120.00001) == key  # the same size
        drawing: asyncio.Future[Any] = loop.create_future()
        server.keep_drawing(key, drawing)
        assert server.drawings[key] is drawing
        server.results_stamp += 1  # new results: drawn again
        assert server.drawing_key("weights", 120.0) != key
        server.results_stamp -= 1
        server.session.version += 1  # an edit: drawn again
        assert server.drawing_key("weights", 120.0) != key
        server.forget_drawing(key, loop.create_future())  # another drawing's failure
        assert key in server.drawings
        server.forget_drawing(key, drawing)
        assert key not in server.drawings
        for k in range(KEPT_DRAWINGS + 3):
            server.keep_drawing(("t", k), loop.create_future())
        assert len(server.drawings) == KEPT_DRAWINGS

    asyncio.run(check())
