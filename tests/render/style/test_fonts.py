"""The default font: packaged Lato with static weights, named with fallbacks in SVG,
embedded as TrueType in PDF, DejaVu Sans for the glyphs it lacks."""

from __future__ import annotations

import re

import numpy as np

from plotdoc.render.style.fonts import DEFAULT_SANS, register_fonts

from ..docs import column_doc, render, svg_of


def test_the_packaged_font_is_registered() -> None:
    from matplotlib import font_manager

    assert register_fonts()
    found = {(f.name, f.weight, f.style) for f in font_manager.fontManager.ttflist}
    for weight in (400, 700):
        for style in ("normal", "italic"):
            assert (DEFAULT_SANS, weight, style) in found


def test_svg_names_the_font_and_its_fallbacks() -> None:
    data = render(column_doc()).decode()
    families = set(re.findall(r"font-family: ([^;\"]+)", data))
    assert families, "no text drawn with a font family"
    for fam in families:
        assert fam.startswith("'Lato', 'Arial', 'Helvetica', 'Liberation Sans', 'DejaVu Sans'")
        assert fam.rstrip().endswith("sans-serif")
    title = svg_of(column_doc())["title/graph"]
    assert "font-weight: 700" in "".join(e.get("style", "") for e in title.iter())


def test_bold_is_drawn_bold() -> None:
    """A variable font without static weights draws ``bold`` as regular: count the ink."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from plotdoc.render.style.fonts import family_rc

    ink = {}
    with matplotlib.rc_context(family_rc(DEFAULT_SANS)):  # type: ignore[arg-type]
        for weight in ("normal", "bold"):
            fig = Figure(figsize=(3, 1), dpi=100)
            canvas = FigureCanvasAgg(fig)
            fig.text(0.05, 0.3, "Dose response 123", fontsize=20, fontweight=weight)
            canvas.draw()
            img = np.asarray(canvas.buffer_rgba())[:, :, 0]
            ink[weight] = int((img < 128).sum())
    assert ink["bold"] > 1.25 * ink["normal"], ink


def test_pdf_embeds_the_font_as_truetype() -> None:
    pdf = render(column_doc(), "pdf")
    assert b"/FontFile2" in pdf  # TrueType (Type 42), not Type 3
    assert re.search(rb"/BaseFont /[A-Z]*\+?Lato", pdf), "Lato not embedded"


def test_a_glyph_the_font_lacks_falls_back_to_dejavu() -> None:
    import matplotlib
    from matplotlib.font_manager import FontProperties, fontManager

    from plotdoc.render.style.fonts import family_rc

    rc = family_rc(DEFAULT_SANS)
    with matplotlib.rc_context(rc):  # type: ignore[arg-type]
        fonts = fontManager._find_fonts_by_props(FontProperties(family=rc["font.family"]))
    names = [str(f) for f in fonts]
    assert "Lato" in names[0] and any("DejaVuSans" in n for n in names[1:])
