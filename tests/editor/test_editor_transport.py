"""How the page and the server talk: two editors in one browser, refused requests, large
pastes, many warnings, and the headers that keep other sites out."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from plotdoc import open_project
from plotdoc.publish.examples import example_bytes

from .conftest import Editor, drop_file, start_editor
from .helpers import browser_page, cell_is, running, show_weights

MESSAGE = "() => document.querySelector('[data-testid=page-message]')?.textContent || ''"


def _project(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "complete.plotdoc"
    path.write_bytes(example_bytes("complete"))
    return path


@pytest.fixture
def project_file(tmp_path: Path) -> Path:
    return _project(tmp_path / "one")


@pytest.fixture
def editor(project_file: Path) -> Iterator[Editor]:
    with running(project_file, cwd=project_file.parent) as ed:
        yield ed


def shown(value: float) -> str:
    return repr(float(value)).removesuffix(".0")


def reread_sheet(page: Any) -> None:
    page.evaluate("() => plotdocGridApi().refreshInfiniteCache()")


def test_two_editors_in_one_browser_keep_their_own_tokens(
    browser: Any, editor: Editor, project_file: Path, tmp_path: Path
) -> None:
    other_file = _project(tmp_path / "two")
    other = start_editor(other_file, cwd=other_file.parent)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        first = context.new_page()
        first.goto(editor.url)
        show_weights(first)
        second = context.new_page()
        second.goto(other.url)  # sets the second server's cookie in the same browser
        show_weights(second)
        value = open_project(project_file).table("weights").data_sets[0].values[0, 0]
        reread_sheet(first)  # the first tab's sheet asks its server for rows again
        cell_is(first, 0, 0, shown(value))
        reread_sheet(second)
        cell_is(second, 0, 0, shown(value))
        # and a dropped file still opens in the first tab
        drop_file(first, "again.plotdoc", example_bytes("complete"))
        first.wait_for_function(
            "() => [...document.querySelectorAll('.q-notification')]"
            ".some(n => n.textContent.includes('Opened again.plotdoc'))"
        )
        assert first.evaluate(MESSAGE) == ""
        first.screenshot(path="/tmp/plotdoc-two-editors.png")
    finally:
        context.close()
        other.stop()


def test_a_refused_request_is_told_never_parsed(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url) as page:
        show_weights(page)
        page.context.clear_cookies()  # the token is gone: every request is refused (403)
        drop_file(page, "again.plotdoc", example_bytes("complete"))
        page.wait_for_function(f"() => ({MESSAGE})().includes('refused')")
        assert "Open the address" in page.evaluate(MESSAGE)
        page.get_by_test_id("problems").wait_for()
        assert "Could not open again.plotdoc" in page.get_by_test_id("problems-title").inner_text()
        page.evaluate("() => document.getElementById('plotdoc-message').remove()")
        reread_sheet(page)
        page.wait_for_function(f"() => ({MESSAGE})().includes('sheet could not be read')")
        page.screenshot(path="/tmp/plotdoc-refused.png")


PASTE_JS = """
([text]) => {
  const dt = new DataTransfer();
  dt.setData('text/plain', text);
  const target = document.activeElement;
  target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
}
"""

WATCH_JS = """
() => {
  window.__said = [];
  new MutationObserver(() => {
    const box = document.querySelector('[data-testid=page-message]');
    if (box && !window.__said.includes(box.textContent)) window.__said.push(box.textContent);
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}
"""


def focus_cell(page: Any, row: int, col: int) -> None:
    page.locator(
        f".plotdoc-sheet .ag-row[row-index='{row}'] .ag-cell[col-id='c{col}']"
    ).first.click()


def test_a_paste_of_150000_cells_arrives_whole(
    browser: Any, editor: Editor, project_file: Path
) -> None:
    rows = 75_000
    text = "".join(f"{i}.25\t{i + 1}.5\n" for i in range(rows))
    assert len(text.encode()) > 1_000_000  # more than the connection's messages may hold
    with browser_page(browser, editor.url) as page:
        show_weights(page)
        page.evaluate(WATCH_JS)
        focus_cell(page, 0, 0)
        page.evaluate(PASTE_JS, [text])
        cell_is(page, 0, 0, "0.25", timeout=60000)
        page.evaluate(f"() => plotdocGridApi().ensureIndexVisible({rows - 1})")
        cell_is(page, rows - 1, 1, f"{rows}.5", timeout=60000)
        assert any("Sending the paste" in said for said in page.evaluate("() => window.__said"))
        page.get_by_test_id("save").click()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=title]')?.dataset.dirty === 'no'"
        )
        saved = open_project(project_file).table("weights")
        assert saved.n_rows == rows
        assert saved.data_sets[1].values[rows - 1, 0] == rows + 0.5


def test_a_paste_past_the_limits_is_refused_with_a_message(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url) as page:
        show_weights(page)
        focus_cell(page, 0, 0)
        page.evaluate(
            "() => { const dt = new DataTransfer(); dt.setData('text/plain', '1\\n'.repeat(30e6));"
            " document.activeElement.dispatchEvent(new ClipboardEvent('paste',"
            " { clipboardData: dt, bubbles: true, cancelable: true })); }"
        )
        page.wait_for_function(f"() => ({MESSAGE})().includes('at most 50 MB')")
        assert "not applied" in page.evaluate(MESSAGE)


def test_warnings_reach_the_page_capped(browser: Any, editor: Editor) -> None:
    kinds = "".join(f"<Unknown{i}/>" for i in range(1_500))
    pzfx = (
        '<?xml version="1.0"?><GraphPadPrismFile PrismXMLVersion="5.00">'
        '<Table ID="T1" XFormat="none" TableType="OneWay"><Title>T</Title>'
        '<YColumn Width="81" Decimals="0" Subcolumns="1"><Title>A</Title>'
        "<Subcolumn><d>1</d><d>2</d></Subcolumn></YColumn></Table>" + kinds + "</GraphPadPrismFile>"
    ).encode()
    with browser_page(browser, editor.url) as page:
        show_weights(page)
        drop_file(page, "many.pzfx", pzfx)
        page.get_by_test_id("problems").wait_for()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=problems-title]')?.textContent"
            ".includes('warnings')"
        )
        lines = page.get_by_test_id("problems-lines").inner_text().splitlines()
        warnings = [line for line in lines if ": warning " in line]
        assert len(warnings) == 1_000
        assert lines[-1].endswith("more warnings")


def test_every_answer_keeps_other_sites_out(editor: Editor) -> None:
    with urllib.request.urlopen(editor.url) as response:
        csp = response.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp
        assert "default-src 'self'" in csp
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["Referrer-Policy"] == "no-referrer"


def test_the_page_works_under_its_content_security_policy(browser: Any, editor: Editor) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.add_init_script(
        "window.__csp = []; document.addEventListener('securitypolicyviolation',"
        " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    try:
        page = context.new_page()
        page.goto(editor.url)
        show_weights(page)
        page.get_by_test_id("tab-analyses").click()
        page.get_by_test_id("tab-graph").click()
        time.sleep(1)
        assert page.evaluate("() => window.__csp") == []
        # a page of another site cannot show the editor in a frame: the browser shows its
        # own error page in the frame instead
        framing = context.new_page()
        framing.set_content(f'<iframe id="f" src="{editor.url}"></iframe>')
        framing.wait_for_timeout(3000)
        frames = [f for f in framing.frames if f is not framing.main_frame]
        assert frames and not frames[0].url.startswith(editor.base), frames[0].url
    finally:
        context.close()


TWO_UPLOADS_JS = """
async (files) => {
  const ids = [];
  for (const [name, text] of files) {  // both uploaded before either is opened
    const r = await fetch('/_plotdoc/upload?name=' + name,
      { method: 'POST', body: text, credentials: 'same-origin' });
    ids.push([name, (await r.json()).id]);
  }
  for (const [name, id] of ids) emitEvent('plotdoc_open', { id: id, name: name });
}
"""


def test_two_files_arriving_together_are_both_opened(browser: Any, editor: Editor) -> None:
    with browser_page(browser, editor.url) as page:
        show_weights(page)
        files = [
            ["first.plotdoc", example_bytes("complete").decode()],
            ["second.plotdoc", example_bytes("complete").decode()],
        ]
        page.evaluate(
            "() => { window.__opened = []; new MutationObserver(() => document"
            ".querySelectorAll('.q-notification').forEach(n => { const t = n.textContent;"
            " if (t.includes('Opened ') && !window.__opened.includes(t))"
            " window.__opened.push(t); })).observe(document.body,"
            " { childList: true, subtree: true }); }"
        )
        page.evaluate(TWO_UPLOADS_JS, files)
        page.wait_for_function("() => window.__opened.length >= 2", timeout=30000)
        opened = page.evaluate("() => window.__opened")
        assert any("first.plotdoc" in t for t in opened)
        assert any("second.plotdoc" in t for t in opened)
