"""Every file that opens, opens in the editor: a document whose only problems are warnings
builds the whole page (no HTTP 500), lists its warnings in the problems panel, and its analyses
and format panels build with every section opened.

The documents: the warnings corpus, the reference document of every warning code the reader
can emit (taken from the catalogue, so a new code is covered once it has its reference file),
and a few documents holding several dangling references at once.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from plotdoc.api import loads
from plotdoc.problems import CATALOGUE

from .helpers import browser_page, click_until, running

CORPUS = Path(__file__).resolve().parents[1] / "corpus"

#: the stages of the reader whose warnings a document's content can raise (``read`` is about
#: the file's name)
CONTENT_STAGES = {"structure", "semantic"}

READER_WARNINGS = sorted(
    code
    for code, info in CATALOGUE.items()
    if info.severity == "warning" and info.stage in CONTENT_STAGES
)

_TWO_SETS = [
    {"name": "Control", "values": [[4.1], [5.2], [4.8]]},
    {"name": "Treated", "values": [[6.3], [7.1], [6.8]]},
]


def _column(**table: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": "column",
        "dataSets": copy.deepcopy(_TWO_SETS),
        "graph": {"variantId": "bar"},
    }
    base.update(table)
    return {"format": "plotdoc-project", "schemaVersion": 1, "tables": [base]}


#: documents with several dangling references at once (name -> (document, codes))
DANGLING: dict[str, tuple[dict[str, Any], set[str]]] = {
    "groups-and-keys-gone": (
        _column(
            analyses=[
                {"method": "ttest", "params": {"groupA": "Gone A", "groupB": "Gone B"}},
                {"method": "ttest", "params": {"groupA": "Control", "groupB": None}},
            ],
            annotations=[
                {
                    "type": "bracket",
                    "left": {"kind": "group", "groupIndex": 4},
                    "right": {"kind": "group", "groupIndex": 9},
                    "y": 10,
                    "text": "*",
                }
            ],
            graph={
                "variantId": "bar",
                "styleOverrides": {
                    "perDataSet": {"Gone A": {"bar": {"fill": {"hex": "#aa0000"}}}},
                    "perPoint": {"Gone B": {"0": {"symbol": {"size": 9}}}},
                },
                "dataSetVisibility": {"3": False},
                "elementActivation": {"perDataSet": {"6": {}}},
                "legend": {"itemOverrides": {"2": {"text": "old"}}},
            },
        ),
        {"analysis-group-unknown", "annotation-group-out-of-range", "unmatched-data-set-key"},
    ),
    "slice-of-a-data-set-gone": (
        {
            "format": "plotdoc-project",
            "schemaVersion": 1,
            "tables": [
                {
                    "format": "partsOfWhole",
                    "rowLabels": ["A", "B", "C"],
                    "dataSets": [{"name": "Share", "values": [[1], [2], [3]]}],
                    "graph": {
                        "variantId": "parts-donut",
                        "plot": {"family": "partsOfWhole", "options": {"dataSetIndex": 3}},
                    },
                }
            ],
        },
        {"unmatched-data-set-key"},
    ),
}


def _cases(tmp: Path) -> list[tuple[Path, set[str]]]:
    cases: list[tuple[Path, set[str]]] = []
    for path in sorted((CORPUS / "warnings").glob("*.plotdoc")):
        sidecar = path.with_name(path.name.removesuffix(".plotdoc") + ".expected.json")
        cases.append((path, {code for code, _ in json.loads(sidecar.read_text())}))
    for code in READER_WARNINGS:
        cases.append((CORPUS / "reference" / f"{code}.plotdoc", {code}))
    for name, (document, codes) in DANGLING.items():
        path = tmp / f"{name}.plotdoc"
        path.write_text(json.dumps(document), encoding="utf-8")
        cases.append((path, codes))
    return cases


def test_the_cases_open_with_their_warnings_only(tmp_path: Path) -> None:
    """Each case is a file open accepts, with (at least) the warnings the test looks for."""
    cases = _cases(tmp_path)
    assert {code for _, codes in cases for code in codes} >= set(READER_WARNINGS)
    for path, codes in cases:
        project = loads(path.read_bytes())
        assert codes <= {p.code for p in project.warnings}, path.name


#: opens every closed section of the format panel, one a call (each opening rebuilds nothing
#: else); returns how many it opened
OPEN_SECTIONS_JS = """
() => {
  const closed = [...document.querySelectorAll(
    '[data-testid=inspector] .q-expansion-item--collapsed > .q-expansion-item__container > .q-item'
  )];
  if (closed.length) closed[0].click();
  return closed.length;
}
"""


def _open_every_section(page: Any) -> None:
    for _ in range(40):
        if page.evaluate(OPEN_SECTIONS_JS) == 0:
            return
        page.wait_for_timeout(150)


#: what the analyses panel shows of a t test group naming no data set, per file
SHOWN_MISSING = {
    "analysis-group-unknown.plotdoc": "“Placebo” (missing)",
    "groups-and-keys-gone.plotdoc": "“Gone B” (missing)",
}


def _visit(page: Any, codes: set[str], missing: str | None) -> None:
    page.wait_for_selector("[data-testid^=nav-]", timeout=30_000)
    page.wait_for_selector(".plotdoc-sheet .ag-root", timeout=30_000)
    lines = page.get_by_test_id("problems-lines")
    lines.wait_for(state="attached", timeout=30_000)
    text = lines.text_content() or ""
    for code in codes:
        assert f"[{code}]" in text or code in text, (code, text)
    page.get_by_test_id("tab-analyses").click()
    page.wait_for_timeout(300)
    if missing is not None:
        shown = page.locator("[data-missing=true]").filter(has_text=missing)
        shown.first.wait_for(timeout=10_000)
    _open_every_section(page)
    buttons = page.locator("[data-testid=inspector] [data-testid^=style-ds]")
    for i in range(buttons.count()):
        page.locator("[data-testid=inspector] [data-testid^=style-ds]").nth(i).click()
        page.wait_for_timeout(300)
        _open_every_section(page)
    page.get_by_test_id("style-all").click()
    page.wait_for_timeout(300)
    _open_every_section(page)


@pytest.mark.slow
def test_every_warning_file_opens_in_the_editor(browser: Any, tmp_path: Path) -> None:
    failures: list[str] = []
    for path, codes in _cases(tmp_path):
        with running(path) as editor:
            try:
                context = browser.new_context(viewport={"width": 1400, "height": 900})
                try:
                    page = context.new_page()
                    response = page.goto(editor.url)
                    assert response is not None and response.status == 200, response
                    _visit(page, codes, SHOWN_MISSING.get(path.name))
                finally:
                    context.close()
            except Exception as exc:  # gathered: every file is tried
                failures.append(f"{path.name}: {type(exc).__name__}: {exc}")
            editor.stop()
            assert editor.process.stdout is not None
            log = editor.process.stdout.read()
            if "Traceback" in log:
                failures.append(f"{path.name}: the server logged an error:\n{log[-3000:]}")
    assert not failures, "\n\n".join(failures)


@pytest.mark.slow
def test_a_group_shown_missing_can_be_replaced_by_a_data_set(browser: Any) -> None:
    """The t test naming a data set that is gone shows it missing; picking a data set runs it."""
    with (
        running(CORPUS / "reference" / "analysis-group-unknown.plotdoc") as editor,
        browser_page(browser, editor.url) as page,
    ):
        page.get_by_test_id("tab-analyses").click()
        missing = page.locator("[data-missing=true]").filter(has_text="“Placebo” (missing)")
        missing.wait_for()
        click_until(page, missing, "() => document.querySelector('.q-menu .q-item')")
        page.locator(".q-menu .q-item").filter(has_text="Treated").click()
        page.wait_for_function("() => !document.querySelector('[data-missing=true]')")
        page.get_by_test_id("result-p").wait_for(timeout=30_000)
        page.get_by_test_id("undo").click()
        missing.wait_for()
