"""The analyses tab lists the results of every method from its spec: a correlation matrix shows
r, its P value and n for each pair of variables (it listed nothing before)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from plotdoc.api import loads
from plotdoc.publish.examples import example_bytes

from .helpers import browser_page, running

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    path = tmp_path_factory.mktemp("work") / "iris.plotdoc"
    path.write_bytes(example_bytes("multiple-variables-iris"))
    with running(path) as editor, browser_page(browser, editor.url) as pg:
        yield pg


def test_a_correlation_matrix_lists_every_pair(page: Any, tmp_path: Path) -> None:
    from scipy import stats

    project = loads(example_bytes("multiple-variables-iris"))
    table = project.tables[0]
    page.get_by_test_id(f"nav-{table.id}").click()
    page.get_by_test_id("tab-analyses").click()
    card = page.get_by_test_id(f"analysis-{table.analyses[0].id}")
    card.get_by_test_id("result-r").first.wait_for(timeout=30_000)
    page.screenshot(path=str(tmp_path / "correlation.png"))
    shown = card.get_by_test_id("result-r").all_inner_texts()
    # the measurements; the species (text) is no continuous variable
    columns = [ds.values[:, 0] for ds in table.data_sets if np.isfinite(ds.values).all()]
    expected = [
        stats.pearsonr(columns[i], columns[j]).statistic
        for i in range(len(columns))
        for j in range(i + 1, len(columns))
    ]
    assert len(shown) == len(expected) == 6
    assert [float(s) for s in shown] == pytest.approx(expected, abs=6e-5)  # 4 decimals
    assert len(card.get_by_test_id("result-p").all_inner_texts()) == 6
    assert card.get_by_text("Results are in the results table").count() == 1
