"""The analyses tab shows the methods of schema version 2 from their specs: the rank form of a t
test with the test that ran, a normality test's per-data-set status, a contingency test's
caveat beside its numbers, and an EC50 comparison after the fits."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import browser_page, running

pytestmark = pytest.mark.slow

DOC = {
    "format": "plotdoc-project",
    "schemaVersion": 2,
    "tables": [
        {
            "id": "col",
            "format": "column",
            "dataSets": [
                {"name": "A", "values": [[v] for v in (4.1, 5.2, 6.3, 5.5, 4.8, 6.0, 5.1, 5.7)]},
                {"name": "Few", "values": [[7.4], [8.1], [6.9]]},
            ],
            "analyses": [
                {"id": "rank", "method": "ttest", "params": {"test": "nonparametric"}},
                {"id": "norm", "method": "normalityTest"},
            ],
        },
        {
            "id": "ct",
            "format": "contingency",
            "rowLabels": ["Drug", "Placebo"],
            "dataSets": [
                {"name": "Died", "values": [[0], [25]]},
                {"name": "Lived", "values": [[88], [75]]},
            ],
            "analyses": [{"id": "fisher", "method": "contingencyTest"}],
        },
    ],
}


@pytest.fixture(scope="module")
def page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    path = tmp_path_factory.mktemp("work") / "v2.plotdoc"
    path.write_text(json.dumps(DOC), encoding="utf-8")
    with running(path) as editor, browser_page(browser, editor.url) as pg:
        yield pg


def _card(page: Any, table: str, analysis: str) -> Any:
    page.get_by_test_id(f"nav-{table}").click()
    page.get_by_test_id("tab-analyses").click()
    card = page.get_by_test_id(f"analysis-{analysis}")
    card.get_by_test_id("result-p").first.wait_for(timeout=30_000)
    return card


def test_the_rank_test_says_which_test_ran(page: Any, tmp_path: Path) -> None:
    card = _card(page, "col", "rank")
    page.screenshot(path=str(tmp_path / "rank.png"))
    assert card.get_by_test_id("result-test").inner_text() == "mann-whitney"
    assert card.get_by_text("Mann-Whitney U").count() == 1
    assert card.get_by_text("Hodges-Lehmann difference (A − B)").count() == 1


def test_a_data_set_too_small_for_the_normality_test_says_so(page: Any, tmp_path: Path) -> None:
    card = _card(page, "col", "norm")
    page.screenshot(path=str(tmp_path / "normality.png"))
    assert card.get_by_test_id("result-statistic_name").all_inner_texts() == ["K2", "K2"]
    assert card.get_by_test_id("result-passed").all_inner_texts()[1] == "—"
    assert card.get_by_text("needs at least 8 values, not 3").count() >= 1


def test_a_caveat_is_shown_beside_the_numbers(page: Any, tmp_path: Path) -> None:
    card = _card(page, "ct", "fisher")
    page.screenshot(path=str(tmp_path / "contingency.png"))
    note = card.get_by_test_id("analysis-note")
    assert "leaves the relative risk or its CI undefined" in note.inner_text()
    assert card.get_by_test_id("result-relative_risk_ci_method").inner_text() == "katz-log"
