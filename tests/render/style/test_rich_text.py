"""The contract's rich text (``^{...}``, ``_{...}``) wherever user text is drawn, and
annotation text whose spaces survive a standard SVG renderer."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from plotdoc.render.style.text import RichText, rich_inline, safe

from ..docs import column_doc, render, svg_of


def test_rich_inline_writes_unicode_runs() -> None:
    assert rich_inline("Ca^{2+}") == "Ca\u00b2\u207a"
    assert rich_inline("\u00b5m^{2}") == "\u00b5m\u00b2"
    assert rich_inline("CO_{2} (mmol)") == "CO\u2082 (mmol)"
    assert rich_inline("x^{-1}") == "x\u207b\u00b9"
    # a character without a superscript form stays, the markup goes
    assert rich_inline("e^{Q}") == "eQ"
    assert rich_inline("no {braces} here") == "no {braces} here"
    assert safe("$5 ^{2}") == "\\$5 \u00b2"


def _rich_doc() -> dict[str, object]:
    doc = column_doc(
        titles={
            "graph": {"text": "Ca^{2+} uptake"},
            "x": {"text": "Area (\u00b5m^{2})"},
            "y": {"text": "[Ca^{2+}]_{i} (nM)"},
        },
        annotations=[{"type": "text", "text": "P_{O2} below 5 \u00b5m^{2}", "x": 10, "y": 10}],
    )
    table = doc["tables"][0]  # type: ignore[index]
    for k, ds in enumerate(table["dataSets"]):
        ds["name"] = f"CO_{{2}} set {k}"
    table["graph"]["legend"] = {"show": True}
    return doc


def test_no_literal_markup_in_titles_legend_categories_and_annotations() -> None:
    data = render(_rich_doc())
    assert b"^{" not in data and b"_{" not in data
    svg = svg_of(_rich_doc())
    assert svg.text("title/graph") == "Ca\u00b2\u207a uptake"
    assert svg.text("title/x") == "Area (\u00b5m\u00b2)"
    assert "CO\u2082 set 0" in data.decode()


def test_plain_multiline_annotation_is_one_text_object() -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.transforms import IdentityTransform

    fig = Figure(dpi=72)
    FigureCanvasAgg(fig)
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    text = "\n".join(f"line {i}" for i in range(1000))
    art = RichText(0, 0, text, transform=IdentityTransform(), fontsize=10, color="k")
    art.set_figure(fig)
    assert len(art._layout(renderer)) == 1
    rich = RichText(0, 0, "a^{2}\nb", transform=IdentityTransform(), fontsize=10, color="k")
    rich.set_figure(fig)
    assert len(rich._layout(renderer)) == 3


def _ink_extent(png: Path | bytes) -> int:
    import io

    import matplotlib.image as mpimg
    import numpy as np

    img = mpimg.imread(io.BytesIO(png) if isinstance(png, bytes) else str(png), format="png")
    band = img[:20, :, :3]  # the annotation stands alone above the plot area
    dark = np.flatnonzero((band.sum(axis=2) < 1.5).any(axis=0))
    return int(dark.max() - dark.min())


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert not installed")
def test_annotation_spaces_survive_an_svg_renderer(tmp_path: Path) -> None:
    """rsvg collapses and trims the spaces of a text element: the run ``     C`` after ``^{2}``
    would lose its spaces and the annotation be drawn narrower than plotdoc laid it out."""
    text = "A     B^{2}     C x"
    doc = column_doc(annotations=[{"type": "text", "text": text, "x": 10, "y": 300}])
    doc["tables"][0]["graph"]["elementActivation"] = {  # type: ignore[index]
        "graph": {"graphTitle": False}
    }
    src = tmp_path / "a.svg"
    src.write_bytes(render(doc))
    png = tmp_path / "a.png"
    cmd = ["rsvg-convert", "--dpi-x", "72", "--dpi-y", "72", "-o", str(png), str(src)]
    subprocess.run(cmd, check=True, timeout=60)
    drawn_by_rsvg = _ink_extent(png)
    drawn_by_plotdoc = _ink_extent(render(doc, "png"))
    assert abs(drawn_by_rsvg - drawn_by_plotdoc) <= 4, (drawn_by_rsvg, drawn_by_plotdoc)


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert not installed")
def test_title_run_spaces_survive_an_svg_renderer(tmp_path: Path) -> None:
    """A title drawn run by run (``q`` has no superscript form) keeps its spaces in rsvg."""
    doc = column_doc(titles={"graph": {"text": "A     B^{q}     C x"}})
    src = tmp_path / "t.svg"
    src.write_bytes(render(doc))
    png = tmp_path / "t.png"
    cmd = ["rsvg-convert", "--dpi-x", "72", "--dpi-y", "72", "-o", str(png), str(src)]
    subprocess.run(cmd, check=True, timeout=60)
    drawn_by_rsvg = _ink_extent(png)
    drawn_by_plotdoc = _ink_extent(render(doc, "png"))
    assert abs(drawn_by_rsvg - drawn_by_plotdoc) <= 4, (drawn_by_rsvg, drawn_by_plotdoc)


NS_TEXT = "{http://www.w3.org/2000/svg}text"


def _runs_doc() -> dict[str, object]:
    doc = column_doc(
        titles={
            "graph": {"text": "Flux of x^{q} in the wall"},
            "y": {"text": "Rate k_{off} (s^{-1})"},
        },
    )
    table = doc["tables"][0]  # type: ignore[index]
    table["dataSets"][0]["name"] = "IL^{b} high"
    table["graph"]["legend"] = {"show": True}
    return doc


def _texts(el: object) -> list[tuple[str, str]]:
    """(text, style) of every text element under ``el``."""
    return [("".join(t.itertext()), t.get("style") or "") for t in el.iter(NS_TEXT)]  # type: ignore[attr-defined]


def _font_px(style: str) -> float:
    for item in style.split(";"):
        if item.strip().startswith("font-size"):
            return float(item.split(":")[1].strip().rstrip("px"))
    return 0.0


@pytest.mark.parametrize(
    ("sid", "run", "rest"),
    [
        ("title/graph", "q", "Flux of x"),
        ("title/y", "off", "Rate k"),
    ],
)
def test_runs_without_unicode_form_are_raised_or_lowered_in_titles(
    sid: str, run: str, rest: str
) -> None:
    svg = svg_of(_runs_doc())
    texts = _texts(svg[sid])
    assert len(texts) >= 2, texts  # drawn run by run, not "xq" on the baseline
    sizes = {t.replace("\u00a0", " "): _font_px(s) for t, s in texts}
    assert sizes[run] == pytest.approx(0.7 * sizes[rest], rel=0.01)
    assert all("^{" not in t and "_{" not in t for t, _ in texts)
    # spaces survive an SVG renderer: none at a run's ends, no-break spaces inside
    assert all(t == t.strip(" ") and "  " not in t and " " not in t for t, _ in texts)


def test_runs_in_legend_and_category_labels() -> None:
    svg = svg_of(_runs_doc())
    legend = [t for t, _ in _texts(svg["legend"])]
    assert "b" in legend and "IL" in legend
    whole = svg.data.decode()
    assert "^{" not in whole and "_{" not in whole
    # the category label of the first column (same data set name) too: 'b' drawn twice
    assert sum(1 for t, _ in _texts(svg.root) if t == "b") == 2


def test_heat_map_row_labels_draw_their_runs() -> None:
    from ..row_docs import grouped_doc

    values = [[[1.0], [2.0]], [[3.0], [4.0]]]
    doc = grouped_doc("grouped-heat-map", values=values, rows=["IL_{q} high", "TNF"])  # type: ignore[arg-type]
    svg = svg_of(doc)
    texts = [t for t, _ in _texts(svg["label/row/r0"])]
    assert "q" in texts and len(texts) >= 2
    assert "_{" not in svg.data.decode()
