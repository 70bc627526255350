"""The graph as the way in, in a real browser: click what is drawn, format it, annotate it.

The editor opens a copy of the complete example from disk; each test saves with Ctrl+S and
reads the file back with plotdoc's own reader. Colours are checked in the picture's pixels,
a bracket that follows the table's Welch t test.
"""

from __future__ import annotations

import base64
import io
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from plotdoc import open_project
from plotdoc.editor.hits import screen

from .conftest import Editor
from .helpers import GRAPH_SRC, browser_page, cell, example_copy, running, save_edit, title_field

GREEN = (0, 192, 0)


@pytest.fixture(scope="module")
def file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example_copy(tmp_path_factory, "graph", "figure.plotdoc")


@pytest.fixture(scope="module")
def editor(file: Path) -> Iterator[Editor]:
    with running(file, cwd=file.parent) as ed:
        yield ed


@pytest.fixture(scope="module")
def page(browser: Any, editor: Editor) -> Iterator[Any]:
    with browser_page(browser, editor.url, {"width": 1500, "height": 950}) as pg:
        pg.get_by_test_id("nav-calibration").wait_for()
        yield pg


def region(page: Any, rid: str) -> Any:
    loc = page.locator(f".plotdoc-hit[data-plotdoc-id='{rid}']")
    loc.wait_for(state="attached", timeout=30_000)
    return loc


LAYER_VERSION = (
    "() => (document.querySelector('.plotdoc-hits')||{dataset:{}}).dataset.version || ''"
)


def show_table(page: Any, table_id: str, first_region: str) -> None:
    """Show the table and wait for the drawing that follows (with its regions)."""
    old = page.evaluate(LAYER_VERSION)
    page.get_by_test_id(f"nav-{table_id}").click()
    page.wait_for_function(f"(old) => ({LAYER_VERSION})() !== old", arg=old, timeout=30_000)
    region(page, first_region)


def picture(page: Any) -> Any:
    from PIL import Image

    src: str = page.evaluate(GRAPH_SRC)
    data = base64.b64decode(src.split(",", 1)[1])
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)


def count_colour(pixels: Any, rgb: tuple[int, int, int], tol: int = 12) -> int:
    return int((np.abs(pixels - np.array(rgb)).max(axis=2) <= tol).sum())


def wait_for_colour(page: Any, rgb: tuple[int, int, int], minimum: int, timeout: float = 30) -> int:
    """Wait until the shown picture has more than ``minimum`` pixels of ``rgb``: the page may
    show a drawing made just before the edit (a refit to the window) ahead of the edit's own.
    Returns the last count seen (the caller asserts it)."""
    deadline = time.monotonic() + timeout
    seen = count_colour(picture(page), rgb)
    while seen <= minimum and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        seen = count_colour(picture(page), rgb)
    return seen


def wait_redrawn(page: Any, old: str) -> None:
    page.wait_for_function(
        f"(old) => {{ const s = ({GRAPH_SRC})(); return s.startsWith('data:image/png') && s !== old; }}",
        arg=old,
        timeout=30_000,
    )


def hits_dpi(page: Any) -> float:
    dpi: float = page.evaluate("() => window.plotdocHitsData && window.plotdocHitsData.dpi")
    return dpi


#: parts of the page an edit of the graph's look leaves as they are
BORDER_FIELD = "fmt-graph-styleOverrides-perDataSet-BSA_standard-symbol-borderColor"
UNCHANGED_PARTS = (
    "['[data-testid=nav-calibration]', '[data-testid=nav-weights]', '[data-testid=table-name]',"
    f" '[data-testid={BORDER_FIELD}]']"
)


def test_click_a_symbol_and_change_its_colour(page: Any, file: Path) -> None:
    show_table(page, "calibration", "symbol/ds0/p3")
    assert count_colour(picture(page), GREEN) == 0
    region(page, "symbol/ds0/p3").click()
    selected = page.get_by_test_id("format-selected")
    selected.wait_for()
    assert "BSA standard" in selected.inner_text()
    before = page.evaluate(GRAPH_SRC)
    page.evaluate(
        f"() => {{ for (const s of {UNCHANGED_PARTS}) document.querySelector(s).kept = 1; }}"
    )
    border = page.get_by_test_id(BORDER_FIELD)
    assert border.get_attribute("placeholder") == "#1b6ca8"  # the symbol's colour, from the file
    field = page.get_by_test_id("fmt-graph-styleOverrides-perDataSet-BSA_standard-symbol-color")
    field.fill("#00c000")
    field.press("Enter")
    wait_redrawn(page, before)
    assert wait_for_colour(page, GREEN, 50) > 50  # the symbols are green now
    # the list of tables, the table's header and the Format panel were not built again for a
    # colour; the border, left to the style, now shows the symbol's new colour as its default
    assert page.evaluate(
        f"() => {UNCHANGED_PARTS}.every(s => document.querySelector(s).kept === 1)"
    )
    page.wait_for_function(
        "([tid, colour]) => document.querySelector(`[data-testid=${tid}]`)?.placeholder === colour",
        arg=[BORDER_FIELD, "#00c000"],
    )
    save_edit(page)
    table = open_project(file).table("calibration")
    assert table.graph is not None
    style = table.graph.style_overrides["perDataSet"]["BSA standard"]["symbol"]
    assert style["color"] == {"hex": "#00c000"}


def test_shift_click_selects_the_single_point(page: Any) -> None:
    show_table(page, "calibration", "symbol/ds0/p3")
    region(page, "symbol/ds0/p3").click(modifiers=["Shift"])
    page.wait_for_function(
        "() => document.querySelector('[data-testid=format-selected]')?.textContent"
        ".includes('Point 4 of BSA standard')"
    )


def test_click_the_y_axis_and_set_a_number_format(page: Any, file: Path) -> None:
    show_table(page, "calibration", "axis/y")
    axis = region(page, "axis/y")
    box = axis.bounding_box()
    axis.click(position={"x": box["width"] * 0.8, "y": box["height"] * 0.5})
    page.wait_for_function(
        "() => document.querySelector('[data-testid=format-selected]')?.textContent"
        ".includes('Y axis')"
    )
    before = page.evaluate(GRAPH_SRC)
    page.get_by_test_id("fmt-graph-axesOverrides-leftY-numberFormat-format").click()
    page.locator(".q-menu .q-item", has_text="Scientific").click()
    wait_redrawn(page, before)
    save_edit(page)
    table = open_project(file).table("calibration")
    assert table.graph is not None
    assert table.graph.axes["leftY"]["numberFormat"]["format"] == "scientific"


def test_bracket_between_two_groups_follows_the_t_test(page: Any, file: Path) -> None:
    show_table(page, "weights", "box/ds0")
    page.get_by_test_id("bracket-link").click()
    page.locator(".q-menu .q-item", has_text="Stars (analysis)").click()
    a = region(page, "box/ds0").bounding_box()
    b = region(page, "box/ds1").bounding_box()
    before = page.evaluate(GRAPH_SRC)
    page.get_by_test_id("tool-bracket").click()
    y = a["y"] + a["height"] + 40  # below the boxes, away from the existing brackets
    page.mouse.move(a["x"] + a["width"] / 2, y)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, y, steps=5)
    page.mouse.up()
    wait_redrawn(page, before)
    save_edit(page)
    project = open_project(file)
    table = project.table("weights")
    made = [a for a in table.annotations if a.props.get("analysisId") == "welch"]
    assert len(made) == 1
    bracket = made[0].props
    assert bracket["left"] == {"kind": "group", "groupIndex": 0}
    assert bracket["right"] == {"kind": "group", "groupIndex": 1}
    assert bracket["label"] == "stars"
    from plotdoc.analyses.brackets import bracket_label

    assert bracket_label(project, table, bracket).text == "*"  # Welch P = 0.042 (SciPy)


def test_drag_a_text_annotation(page: Any, file: Path) -> None:
    show_table(page, "calibration", "symbol/ds0/p3")
    before_table = open_project(file).table("calibration")
    index = next(i for i, a in enumerate(before_table.annotations) if a.type == "text")
    start = before_table.annotations[index].props
    rid = f"annotation/text/{index}"
    box = region(page, rid).bounding_box()
    scale = page.evaluate(
        "() => { const l = document.querySelector('.plotdoc-hits'); "
        "return l.getBoundingClientRect().width / window.plotdocHitsData.width; }"
    )
    dpi = hits_dpi(page)
    before = page.evaluate(GRAPH_SRC)
    x0, y0 = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 - 30, y0 - 20, steps=6)
    page.mouse.up()
    wait_redrawn(page, before)
    save_edit(page)
    project = open_project(file)
    moved = project.table("calibration").annotations[index].props
    assert start["coordinates"] == moved["coordinates"] == "data"  # it stays in data units
    frame = screen(project, "calibration").frame
    assert frame is not None
    k = frame.dpi / dpi / scale  # PNG pixels of this drawing per CSS pixel dragged
    (x_a, y_a), (x_b, y_b) = (frame.pixels(p["x"], p["y"]) for p in (start, moved))
    assert x_b - x_a == pytest.approx(-30 * k, abs=1.5)  # as dragged, on screen
    assert y_b - y_a == pytest.approx(-20 * k, abs=1.5)


def test_hit_regions_name_what_is_drawn(page: Any) -> None:
    show_table(page, "calibration", "symbol/ds0/p3")
    ids = page.evaluate(
        "() => Array.from(document.querySelectorAll('.plotdoc-hit')).map(d => d.dataset.plotdocId)"
    )
    for wanted in ("axis/x", "axis/y", "title/graph", "legend", "symbol/ds1/p0"):
        assert wanted in ids


def test_click_a_title_to_retype_it_and_drag_it(page: Any, file: Path) -> None:
    show_table(page, "weights", "title/graph")
    region(page, "title/graph").click()
    edit = page.get_by_test_id("title-edit")
    edit.wait_for()
    before = page.evaluate(GRAPH_SRC)
    edit.fill("Weight at day 28")
    edit.press("Enter")
    wait_redrawn(page, before)
    box = region(page, "title/graph").bounding_box()
    scale = page.evaluate(
        "() => { const l = document.querySelector('.plotdoc-hits'); "
        "return l.getBoundingClientRect().width / window.plotdocHitsData.width; }"
    )
    per_px = 72.0 / hits_dpi(page) / scale
    before = page.evaluate(GRAPH_SRC)
    x0, y0 = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 24, y0 + 10, steps=6)
    page.mouse.up()
    wait_redrawn(page, before)
    save_edit(page)
    title = open_project(file).table("weights").titles["graph"]
    assert title["text"] == "Weight at day 28"
    assert title["dx"] == pytest.approx(24 * per_px, abs=1.0)
    assert title["dy"] == pytest.approx(-10 * per_px, abs=1.0)


def test_a_title_being_typed_stays_when_a_new_drawing_arrives(page: Any) -> None:
    """The regions are laid out again for each drawing; the box of a title being typed was
    among what they replaced, and went with what was typed in it."""
    show_table(page, "calibration", "symbol/ds0/p3")
    field = title_field(page)
    field.fill("Calibration, typed")
    page.evaluate("() => plotdocHits({...plotdocHitsData, version: plotdocHitsData.version + 1})")
    assert page.evaluate("() => document.activeElement?.dataset?.testid") == "title-edit"
    assert field.input_value() == "Calibration, typed"
    field.press("Enter")
    page.wait_for_function(
        "() => (window.plotdocHitsData?.regions || [])"
        ".some((g) => g.kind === 'title' && g.text === 'Calibration, typed')"
    )


def test_select_an_annotation_and_delete_it(page: Any, file: Path) -> None:
    """A cell of the sheet has the focus (the user was typing data); a click on an annotation
    and Delete remove the annotation, not the cell's value (the graph's click kept the focus
    in the sheet, whose own Delete cleared the cell instead)."""
    show_table(page, "weights", "bracket/1")
    n = len(open_project(file).table("weights").annotations)
    value = cell(page, 0, 0).text_content()
    cell(page, 0, 0).click()
    page.wait_for_function("() => !!document.activeElement?.closest?.('.plotdoc-sheet')")
    region(page, "bracket/1").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=format-selected]')?.textContent"
        ".includes('Annotation: bracket')"
    )
    # the page outlines the selection when the server's word of it arrives, which may come
    # after the panel: Delete acts on the selection the page knows
    page.wait_for_function("() => !!document.querySelector('.plotdoc-hit.selected')")
    before = page.evaluate(GRAPH_SRC)
    page.keyboard.press("Delete")
    wait_redrawn(page, before)
    save_edit(page)
    assert len(open_project(file).table("weights").annotations) == n - 1
    assert cell(page, 0, 0).text_content() == value


def test_copy_this_graphs_format_to_another_table(page: Any, file: Path) -> None:
    show_table(page, "calibration", "symbol/ds0/p3")
    page.get_by_test_id("copy-format").click()
    page.get_by_test_id("copy-format-dialog").wait_for()
    box = page.get_by_test_id("copy-to-table-3")
    box.click()  # a survival table: another family, unticked until chosen
    page.get_by_test_id("copy-format-apply").click()
    page.get_by_test_id("copy-format-dialog").wait_for(state="detached")
    save_edit(page)
    project = open_project(file)
    source, target = project.table("calibration"), project.table("table-3")
    assert source.graph is not None and target.graph is not None
    assert target.graph.active_preset_id == source.graph.active_preset_id
    assert target.graph.axes == source.graph.axes
    page.get_by_test_id("undo").click()  # one step takes it all back
    save_edit(page)
    undone = open_project(file).table("table-3").graph
    assert undone is not None and undone.axes != source.graph.axes


def test_the_text_tool_places_text_where_clicked(page: Any, file: Path) -> None:
    show_table(page, "weights", "box/ds0")
    layer = page.evaluate(
        "() => { const l = document.querySelector('.plotdoc-hits').getBoundingClientRect(); "
        "const d = window.plotdocHitsData; return [l.x, l.y, l.width / d.width, d.plot, d.dpi]; }"
    )
    left, top, scale, plot, dpi = layer
    # half an inch right of the plot area's left edge, an inch above its bottom (CSS pixels)
    x = left + (plot[0] + dpi / 2) * scale
    y = top + (plot[3] - dpi) * scale
    before = page.evaluate(GRAPH_SRC)
    page.get_by_test_id("tool-text").click()
    page.mouse.click(x, y)
    wait_redrawn(page, before)
    save_edit(page)
    project = open_project(file)
    made = project.table("weights").annotations[-1]
    assert made.type == "text" and made.props["text"] == "Text"
    assert made.props["coordinates"] == "data"  # it stays on the data it was dropped on
    n = len(project.table("weights").annotations) - 1
    drawn = screen(project, "weights", dpi=dpi)  # as the page drew it
    box = next(r.box for r in drawn.regions if r.id == f"annotation/text/{n}")
    assert box[0] == pytest.approx(plot[0] + dpi / 2, abs=2.0)  # PNG pixels, where clicked
    assert box[3] == pytest.approx(plot[3] - dpi, abs=dpi / 10)
