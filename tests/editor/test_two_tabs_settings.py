"""Two tabs on one project changing the same setting, in a real browser: a title or an axis
range set over a value another tab set meanwhile (while this tab was typing) is written but
told, with the value it replaced and an undo; the tab whose value was replaced is told; the
typing is never lost to the other tab's change."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plotdoc import open_project
from plotdoc.publish.examples import example_bytes

from .conftest import Editor
from .helpers import browser_page, click_until, running, save_edit

pytestmark = pytest.mark.slow  # two tabs, each edit drawn in both

SHOTS = Path("/tmp/plotdoc-two-tabs")
WEIGHTS = "Body weight at day 28"
MAX = "fmt-graph-axesOverrides-leftY-rangeMax"


@pytest.fixture
def study(tmp_path: Path) -> Path:
    path = tmp_path / "study.plotdoc"
    path.write_bytes(example_bytes("complete"))
    return path


@pytest.fixture
def editor(study: Path) -> Iterator[Editor]:
    with running(study, cwd=study.parent) as ed:
        yield ed


def ready(page: Any) -> None:
    page.get_by_test_id("nav-weights").wait_for()
    page.wait_for_function("() => window.socket && window.socket.connected && window.did_handshake")
    click_until(
        page,
        page.get_by_test_id("nav-weights"),
        f"() => document.querySelector('[data-testid=table-name]')?.textContent === {WEIGHTS!r}",
    )
    page.wait_for_timeout(800)


def open_axis(page: Any) -> None:
    section = page.get_by_test_id("section-leftY")
    if "q-expansion-item--expanded" not in (section.get_attribute("class") or ""):
        section.locator(".q-item").first.click()
    page.get_by_test_id(MAX).wait_for()


def value_of(page: Any, testid: str) -> str:
    text: str = page.evaluate(
        "(t) => document.querySelector(`[data-testid=${t}]`)?.value ?? ''", testid
    )
    return text


def test_a_setting_changed_in_another_tab_is_not_overwritten_silently(
    browser: Any, editor: Editor, study: Path
) -> None:
    with (
        browser_page(browser, editor.url) as one,
        browser_page(browser, editor.url) as two,
    ):
        ready(one)
        ready(two)
        # Tab 2 starts typing a title ...
        title = two.get_by_test_id("title-graph")
        title.fill("Weights, tab two")
        two.wait_for_timeout(500)
        # ... Tab 1 sets another one meanwhile ...
        theirs = one.get_by_test_id("title-graph")
        theirs.fill("Weights, tab one")
        theirs.press("Enter")
        two.wait_for_function(
            "() => document.querySelector('[data-testid=title]')?.dataset.dirty === 'yes'"
        )
        two.wait_for_timeout(1500)
        # ... Tab 2's typing is still there (not lost to the other tab's change) ...
        assert title.input_value() == "Weights, tab two"
        # ... and its value is written, and told with the value it replaced
        title.press("Enter")
        notice = two.get_by_test_id("conflict-text")
        notice.wait_for()
        text = notice.inner_text()
        assert "You replaced “Weights, tab one” with “Weights, tab two”" in text, text
        assert f"“Graph title” of table “{WEIGHTS}”" in text, text
        assert "Tab 1 had changed it since this tab showed (not set)" in text, text
        SHOTS.mkdir(exist_ok=True)
        two.screenshot(path=str(SHOTS / "setting-conflict-writer.png"))
        one.get_by_text("Tab 2 replaced your value “Weights, tab one”").wait_for()
        one.wait_for_function(
            "() => document.querySelector('[data-testid=title-graph]')?.value"
            " === 'Weights, tab two'"
        )
        # Undo in the notice puts Tab 1's title back, in both tabs
        two.get_by_test_id("conflict-undo").click()
        one.wait_for_function(
            "() => document.querySelector('[data-testid=title-graph]')?.value"
            " === 'Weights, tab one'"
        )
        two.wait_for_function(
            "() => document.querySelector('[data-testid=title-graph]')?.value"
            " === 'Weights, tab one'"
        )
        assert two.get_by_test_id("conflict").count() == 0

        # the same for an axis range: Tab 2 types a maximum while Tab 1 sets another
        open_axis(one)
        open_axis(two)
        shown_max = value_of(two, MAX)
        two.get_by_test_id(MAX).fill("150")
        two.wait_for_timeout(500)
        one.get_by_test_id(MAX).fill("160")
        one.get_by_test_id(MAX).press("Enter")
        two.wait_for_timeout(2000)
        assert value_of(two, MAX) == "150"
        two.get_by_test_id(MAX).press("Enter")
        notice.wait_for()
        text = notice.inner_text()
        assert "You replaced 160 with 150 as “Y axis: Maximum”" in text, text
        assert f"this tab showed {shown_max}" in text, text
        two.get_by_test_id("conflict-keep").click()  # keep mine: the notice goes
        two.get_by_test_id("conflict").wait_for(state="detached")
        # a value set over a change the tab had seen is not a conflict
        two.wait_for_timeout(1000)
        two.get_by_test_id(MAX).fill("155")
        two.get_by_test_id(MAX).press("Enter")
        two.wait_for_timeout(1500)
        assert two.get_by_test_id("conflict").count() == 0
        save_edit(two)
    table = open_project(study).table("weights")
    assert table.titles["graph"]["text"] == "Weights, tab one"
    assert table.graph is not None and table.graph.axes["leftY"]["rangeMax"] == 155
