"""A file you receive never runs code in the editor.

The editor opens a valid project file (the reader accepts it without a problem) whose every
string the reader lets hold one carries an injection: quotes that end an attribute, Vue
props, ``</script>``, tags with handlers, template syntax of Vue and of JavaScript,
``javascript:`` URLs (see ``injection.py``). The file's own name carries one too, and an
invalid file whose problem messages quote its payloads is dropped on the page. Every panel
is visited: the navigator, each table's sheet and graph, the format panel and its sections,
the analyses panel, the problems panel, and the dialogs that show the document's names.

At each step the page must hold no element or attribute a payload made (an observer installed
before the page's own scripts records any that appears, even for a moment), no script may have
run (``window.__pwned`` stays undefined, no dialog opens, the Content-Security-Policy reports
no blocked script), no request may leave for another origin or ask for a payload's address,
and the names are shown as they are written, payload and all.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Editor, drop_file
from .helpers import GRAPH_SRC, browser_page, running
from .injection import FLAG, injected_bytes, payloads

pytestmark = pytest.mark.slow

#: the file's name: a payload of its own (the page shows the name in its title)
FILE_NAME = f"{payloads(0)[2]}.plotdoc"

#: installed before the page's scripts: records every injected element or attribute, however
#: briefly it exists, and every script or load the Content-Security-Policy blocked
WATCH = """
(() => {
  window.__injected = [];
  window.__blocked = [];
  const bad = (el) => {
    const found = [];
    if (!el || !el.attributes) return found;
    for (const a of el.attributes) {
      const n = a.name.toLowerCase();
      if (n.startsWith("on") || n === "innerhtml" || n.startsWith(":") || n.startsWith("v-"))
        found.push(el.tagName + " " + n + "=" + a.value.slice(0, 60));
      if (["href", "src", "action", "formaction", "xlink:href"].includes(n)
          && /^\\s*javascript:/i.test(a.value))
        found.push(el.tagName + " " + n + "=" + a.value.slice(0, 60));
    }
    if (el.tagName === "IMG" && el.getAttribute("src") === "x") found.push("IMG src=x");
    return found;
  };
  const scan = (node) => {
    if (node.nodeType !== 1) return;
    window.__injected.push(...bad(node));
    for (const el of node.querySelectorAll("*")) window.__injected.push(...bad(el));
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes") window.__injected.push(...bad(r.target));
      for (const node of r.addedNodes || []) scan(node);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener("securitypolicyviolation", (e) =>
    window.__blocked.push(e.violatedDirective + " " + e.blockedURI + " " + (e.sample || "")));
})();
"""

STATE = f"""() => {{
  const now = [];
  for (const el of document.querySelectorAll("*")) {{
    for (const a of el.attributes) {{
      const n = a.name.toLowerCase();
      if (n.startsWith("on") || n === "innerhtml") now.push(el.tagName + " " + n);
    }}
    if (el.tagName === "IMG" && el.getAttribute("src") === "x") now.push("IMG src=x");
  }}
  return {{
    pwned: window.{FLAG} === undefined ? null : String(window.{FLAG}),
    injected: window.__injected.slice(0, 20),
    blocked: window.__blocked.slice(0, 20),
    now: now.slice(0, 20),
  }};
}}"""


class Watched:
    """A page with everything that could show a payload at work recorded."""

    def __init__(self, page: Any, editor: Editor) -> None:
        self.page = page
        self.editor = editor
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.elsewhere: list[str] = []
        #: where the screenshots of each step go (to look at when the page changes)
        self.shots: Path | None = None

    def shot(self, name: str) -> None:
        if self.shots is not None:
            self.page.screenshot(path=str(self.shots / f"{name}.png"))

    def check(self, where: str) -> None:
        state = self.page.evaluate(STATE)
        found = {k: v for k, v in state.items() if v}
        if self.dialogs:
            found["dialogs"] = self.dialogs
        if self.elsewhere:
            found["requests to another origin"] = self.elsewhere
        asked = [u for u in self.requests if u.split("?")[0].rstrip("/").endswith("/x")]
        if asked:
            found["requests for a payload's address"] = asked
        script_errors = [e for e in self.errors if FLAG in e or "Content Security" in e]
        if script_errors:
            found["console"] = script_errors
        assert not found, f"{where}: {json.dumps(found, indent=1)}"


@pytest.fixture(scope="module")
def payload_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    data, placed = injected_bytes()
    assert len(placed) > 150, "the walk must place payloads in the document's strings"
    path = tmp_path_factory.mktemp("injection") / FILE_NAME
    path.write_bytes(data)
    return path, json.loads(data)


def test_the_payload_file_is_a_valid_file(payload_file: tuple[Path, dict[str, Any]]) -> None:
    """`plotdoc validate` (the reader) accepts the file: the test exercises what a real file
    can hold, not what the reader would refuse anyway."""
    path, doc = payload_file
    done = subprocess.run(
        [sys.executable, "-m", "plotdoc", "validate", str(path)],
        capture_output=True,
        text=True,
        cwd=path.parent,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok" in done.stdout.lower()
    tables = doc["tables"]
    # the places the review found and the ones each panel shows hold a payload
    assert all(FLAG in t["id"] and FLAG in t["name"] for t in tables)
    assert any(FLAG in a["id"] for t in tables for a in t["analyses"])
    assert any(FLAG in ds["name"] for t in tables for ds in t.get("dataSets", []))
    assert any(FLAG in a.get("text", "") for t in tables for a in t["annotations"])
    assert any(FLAG in t["titles"].get("graph", {}).get("text", "") for t in tables)
    assert any(FLAG in k for k in doc["usermeta"])
    assert any(FLAG in label for t in tables for label in t.get("rowLabels", []))


@pytest.fixture(scope="module")
def watched(browser: Any, payload_file: tuple[Path, dict[str, Any]]) -> Iterator[Watched]:
    path, _ = payload_file
    with running(path, cwd=path.parent) as editor, browser_page(browser, "about:blank") as page:
        w = Watched(page, editor)
        w.shots = path.parent
        context = page.context
        origin = editor.base

        def route(r: Any) -> None:
            url = r.request.url
            if url.startswith((origin + "/", "data:", "blob:")):
                r.continue_()
            else:
                w.elsewhere.append(url)
                r.abort()

        context.route("**/*", route)
        context.add_init_script(WATCH)
        page.on("request", lambda r: w.requests.append(r.url))
        page.on("dialog", lambda d: (w.dialogs.append(d.message), d.dismiss()))
        page.on("console", lambda m: m.type == "error" and w.errors.append(m.text))
        page.on("pageerror", lambda e: w.errors.append(str(e)))
        page.goto(editor.url)
        page.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
        yield w


def _nav_items(page: Any) -> Any:
    return page.locator(".plotdoc-nav .q-item")


def test_opening_the_file_runs_nothing(watched: Watched) -> None:
    watched.check("opened")
    assert FLAG in watched.page.title() or 'x"' in watched.page.title()


def test_every_table_sheet_graph_and_panel_shows_its_payloads_as_text(
    watched: Watched, payload_file: tuple[Path, dict[str, Any]]
) -> None:
    page = watched.page
    _, doc = payload_file
    names = [t["name"] for t in doc["tables"]]
    # text as written: textContent, which keeps every character (innerText folds white space)
    nav = page.locator(".plotdoc-nav").text_content() or ""
    for name in names:
        assert name in nav, f"the navigator shows {name!r} as written"
    for i in range(_nav_items(page).count()):
        item = _nav_items(page).nth(i)
        item.click()
        label = item.locator(".q-item__label").first.text_content()
        page.wait_for_function(
            "(n) => document.querySelector('[data-testid=table-name]')?.textContent === n",
            arg=label,
        )
        table = next(t for t in doc["tables"] if t["name"] == label)
        page.wait_for_timeout(800)  # the sheet's rows and the graph come in their own time
        headers = page.locator(".plotdoc-sheet .ag-header").text_content() or ""
        for ds in table.get("dataSets", []):
            if table["format"] != "multipleVariables" or FLAG in ds["name"]:
                assert ds["name"] in headers or len(table.get("dataSets", [])) > 8
        watched.check(f"table {i} ({(label or '')[:30]})")
        watched.shot(f"table-{i}")
        page.get_by_test_id("tab-analyses").click()
        page.wait_for_timeout(300)
        watched.check(f"analyses of table {i}")
        watched.shot(f"analyses-{i}")
        page.get_by_test_id("tab-graph").click()
        for section in page.locator("[data-testid^=section-]").all():
            section.locator(".q-item").first.click()
        page.wait_for_timeout(300)
        watched.check(f"format sections of table {i}")
        _format_each_selection(watched, table, i)


def _selected(watched: Watched, where: str, shot: str | None = None) -> None:
    """Check the Format panel's section of what is selected, then close it."""
    page = watched.page
    page.get_by_test_id("format-selected").wait_for()
    page.wait_for_timeout(300)
    watched.check(where)
    if shot is not None:
        watched.shot(shot)
    page.get_by_test_id("format-deselect").click()
    page.get_by_test_id("format-selected").wait_for(state="detached")


def _format_each_selection(watched: Watched, table: dict[str, Any], i: int) -> None:
    """The Format panel of each thing the graph draws, selected as a click selects it: each
    data set (its controls are named by the data set's name), title, axis, the legend and each
    annotation (their text is previewed as rich text)."""
    page = watched.page
    regions = page.evaluate(
        """() => {
          const seen = new Set();
          return (window.plotdocHitsData?.regions || []).filter((g) => {
            const what = g.kind + "/" + g.ds + "/" + g.key;
            if ((g.kind === "dataSet" && g.point) || seen.has(what)) return false;
            seen.add(what);
            return true;
          }).map((g) => g.id);
        }"""
    )
    assert regions, f"table {i}'s graph has things to select"
    for k, rid in enumerate(regions):
        page.evaluate("(id) => emitEvent('plotdoc_pick', { id: id })", rid)
        _selected(
            watched, f"format of {rid[:40]} of table {i}", f"selected-{k}" if i == 0 else None
        )


def test_the_dialogs_show_the_names_as_text(
    watched: Watched, payload_file: tuple[Path, dict[str, Any]]
) -> None:
    page = watched.page
    item = _nav_items(page).nth(1)
    item.click()
    page.wait_for_function(
        "(n) => document.querySelector('[data-testid=table-name]')?.textContent === n",
        arg=item.locator(".q-item__label").first.text_content(),
    )
    for button in ("Rename…", "Remove…"):
        page.get_by_role("button", name=button).click()
        page.locator(".q-dialog .q-select").first.click()
        page.locator(".q-menu .q-item").first.wait_for()  # the data sets, listed by name
        watched.check(f"dialog {button}")
        watched.shot(f"dialog-{button[:-1]}")
        page.keyboard.press("Escape")  # the list
        page.wait_for_timeout(200)
        page.keyboard.press("Escape")  # the dialog
        page.locator(".q-dialog").wait_for(state="detached")
    page.get_by_test_id("copy-format").click()
    page.get_by_test_id("copy-format-dialog").wait_for()
    watched.check("copy format dialog")
    watched.shot("copy-format")
    page.keyboard.press("Escape")
    page.get_by_test_id("copy-format-dialog").wait_for(state="detached")
    page.get_by_test_id("variant").click()
    page.get_by_test_id("variant-picker").wait_for()
    watched.check("variant picker")
    watched.shot("variant-picker")
    page.keyboard.press("Escape")
    page.get_by_test_id("variant-picker").wait_for(state="detached")


def test_problem_messages_quoting_payloads_show_them_as_text(
    watched: Watched, payload_file: tuple[Path, dict[str, Any]]
) -> None:
    """An invalid file, named by a payload, whose problems quote payloads (an unknown key, a
    value of the wrong type, a broken reference)."""
    page = watched.page
    _, doc = payload_file
    bad = json.loads(json.dumps(doc))
    bad["tables"][0][payloads(900)[0]] = payloads(901)[0]
    bad["tables"][0]["name"] = [payloads(902)[0]]
    bad["view"]["activeTableId"] = payloads(903)[1]
    drop_file(page, payloads(904)[4] + ".plotdoc", json.dumps(bad).encode())
    problems = page.get_by_test_id("problems")
    problems.wait_for()
    page.wait_for_timeout(500)
    lines = page.get_by_test_id("problems-lines")
    if not lines.is_visible():
        problems.locator(".q-item").first.click()  # the list opens
    lines.wait_for()
    page.wait_for_timeout(300)
    watched.check("problems panel")
    shown = lines.text_content() or ""
    assert "#901" in shown or "#900" in shown, shown
    assert payloads(904)[4] in (page.get_by_test_id("problems-title").text_content() or "")
    watched.shot("problems")


def test_the_page_runs_only_its_own_scripts(browser: Any, watched: Watched) -> None:
    """A second line of defence: were markup ever to reach the page, its handlers and
    scripts would not run. Each page gets a nonce of its own for its own inline scripts; the
    policy allows no other inline script."""
    editor = watched.editor
    nonces = []
    for _ in range(2):
        with urllib.request.urlopen(editor.url) as response:
            policy = response.headers["Content-Security-Policy"]
            page = response.read().decode()
        scripts = next(d for d in policy.split(";") if d.strip().startswith("script-src"))
        assert "'unsafe-inline'" not in scripts
        nonce = re.search(r"'nonce-([^']+)'", scripts)
        assert nonce is not None, policy
        nonces.append(nonce.group(1))
        tags = re.findall(r"<script\b[^>]*>", page)
        assert tags and all(f'nonce="{nonce.group(1)}"' in tag for tag in tags), tags
    assert nonces[0] != nonces[1], "each page has a nonce of its own"
    with browser_page(browser, editor.url) as page:
        page.evaluate(
            "() => { window.__blocked = []; document.addEventListener("
            "'securitypolicyviolation', e => window.__blocked.push(e.violatedDirective)); }"
        )
        page.wait_for_function(f"() => ({GRAPH_SRC})().startsWith('data:image/png')")
        page.evaluate(
            """() => {
              document.body.insertAdjacentHTML("beforeend",
                '<img src="data:," onerror="window.__probe = 1" onload="window.__probe = 2">');
              const s = document.createElement("script");
              s.textContent = "window.__probe = 3";
              document.body.appendChild(s);
            }"""
        )
        page.wait_for_function("() => window.__blocked.length >= 2")
        assert page.evaluate("() => window.__probe") is None
