"""Removing a data set asks first: the dialog names everything that uses it; on confirm the uses
go with it in one undo step, and the saved file names no data set that is gone."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest

from plotdoc.api import validate

from .helpers import browser_page, click_until, running

DOCUMENT: dict[str, Any] = {
    "format": "plotdoc-project",
    "schemaVersion": 1,
    "tables": [
        {
            "id": "t",
            "name": "Weights",
            "format": "column",
            "dataSets": [
                {"name": "Control", "values": [[4.1], [5.2], [4.8]]},
                {"name": "Treated", "values": [[6.3], [7.1], [6.8]]},
                {"name": "High dose", "values": [[8.3], [9.1], [8.8]]},
            ],
            "graph": {
                "variantId": "bar",
                "styleOverrides": {
                    "perDataSet": {"Treated": {"bar": {"fill": {"hex": "#aa0000"}}}}
                },
                "legend": {"itemOverrides": {"1": {"text": "T"}, "2": {"text": "H"}}},
            },
            "analyses": [
                {
                    "id": "ab",
                    "method": "ttest",
                    "params": {"groupA": "Control", "groupB": "Treated"},
                },
                {
                    "id": "ac",
                    "method": "ttest",
                    "params": {"groupA": "Control", "groupB": "High dose"},
                },
            ],
            "annotations": [
                {
                    "id": "b01",
                    "type": "bracket",
                    "left": {"kind": "group", "groupIndex": 0},
                    "right": {"kind": "group", "groupIndex": 1},
                    "y": 12,
                    "text": "*",
                }
            ],
        }
    ],
}

USES = [
    "• analysis ab (t test), group B: the analysis is removed (it cannot run without the data set)",
    "• bracket b01: removed (it joins the data set)",
    "• its style: dropped",
    "• its legend entry: dropped",
]

SHOTS = Path(tempfile.gettempdir()) / "plotdoc-editor-shots"
SHOTS.mkdir(exist_ok=True)

HEADERS = (
    "() => [...document.querySelectorAll('.plotdoc-sheet .ag-header-cell-text')]"
    ".map(e => e.textContent).join('|')"
)


@pytest.mark.slow
def test_removing_a_data_set_names_its_uses_and_removes_them_in_one_step(
    browser: Any, tmp_path: Path
) -> None:
    path = tmp_path / "weights.plotdoc"
    path.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    with running(path) as editor, browser_page(browser, editor.url) as page:
        page.wait_for_function(f"() => ({HEADERS})().includes('Treated')", timeout=30_000)
        # (a click before the page is wired up is lost, and a user clicks again)
        click_until(
            page,
            page.get_by_role("button", name="Remove…"),
            "() => !!document.querySelector('[data-testid=remove-data-set-which]')",
        )
        click_until(
            page,
            page.get_by_test_id("remove-data-set-which"),
            "() => document.querySelector('.q-menu .q-item')",
        )
        page.locator(".q-menu .q-item").filter(has_text="Treated").click()
        page.wait_for_function(
            "() => document.querySelectorAll('[data-testid=remove-data-set-use]').length === 4"
        )
        assert page.get_by_test_id("remove-data-set-use").all_inner_texts() == USES
        page.screenshot(path=str(SHOTS / "remove-data-set-dialog.png"))
        page.get_by_test_id("remove-data-set-ok").click()
        page.wait_for_function(f"() => !({HEADERS})().includes('Treated')", timeout=30_000)
        page.get_by_test_id("tab-analyses").click()
        page.get_by_test_id("analysis-ac").wait_for()
        assert page.get_by_test_id("analysis-ab").count() == 0
        page.get_by_test_id("save").click()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=title]')?.dataset.dirty === 'no'"
        )
        report = validate(path.read_bytes())
        assert report.ok and report.warnings == [], [p.message for p in report.warnings]
        saved = json.loads(path.read_text(encoding="utf-8"))["tables"][0]
        assert [d["name"] for d in saved["dataSets"]] == ["Control", "High dose"]
        assert [a["id"] for a in saved["analyses"]] == ["ac"]
        assert saved.get("annotations", []) == []
        # one undo step brings the data set back with every use
        page.get_by_test_id("undo").click()
        page.wait_for_function(f"() => ({HEADERS})().includes('Treated')", timeout=30_000)
        page.get_by_test_id("analysis-ab").wait_for()
