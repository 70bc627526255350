"""The default font: packaged Arimo (Arial's metrics) with static weights cut from its variable
fonts, named with fallbacks in SVG, embedded as TrueType in PDF, DejaVu Sans for the glyphs it
lacks."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

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
        assert fam.startswith("'Arimo', 'Arial', 'Helvetica', 'Liberation Sans', 'DejaVu Sans'")
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
    assert re.search(rb"/BaseFont /[A-Z]*\+?Arimo", pdf), "Arimo not embedded"


def test_a_glyph_the_font_lacks_falls_back_to_dejavu() -> None:
    import matplotlib
    from matplotlib.font_manager import FontProperties, fontManager

    from plotdoc.render.style.fonts import family_rc

    rc = family_rc(DEFAULT_SANS)
    with matplotlib.rc_context(rc):  # type: ignore[arg-type]
        fonts = fontManager._find_fonts_by_props(FontProperties(family=rc["font.family"]))
    names = [str(f) for f in fonts]
    assert "Arimo" in names[0] and any("DejaVuSans" in n for n in names[1:])


def test_the_font_has_arial_metrics() -> None:
    """Arial's published advance widths (units of a 2048 em): digits 1139, space 569, A 1366,
    m 1706, i 455; a figure laid out with the default font keeps its layout in Arial."""
    from fontTools.ttLib import TTFont

    from plotdoc.render.style.fonts import static_instances

    regular, bold = (TTFont(str(f)) for f in static_instances()[:2])
    assert regular["head"].unitsPerEm == 2048
    widths = {g: regular["hmtx"][g][0] for g in ("zero", "nine", "space", "A", "m", "i")}
    assert widths == {"zero": 1139, "nine": 1139, "space": 569, "A": 1366, "m": 1706, "i": 455}
    # Arial Bold: A 1479, m 1821, digits as in regular
    assert (bold["hmtx"]["A"][0], bold["hmtx"]["m"][0], bold["hmtx"]["zero"][0]) == (
        1479,
        1821,
        1139,
    )
    assert "fvar" not in regular and "fvar" not in bold  # static instances, not variable fonts


def test_the_static_weights_are_cut_once_and_cached() -> None:
    from plotdoc.render.style.fonts import STATIC_INSTANCES, static_instances

    first = static_instances()
    assert [f.name for f in first] == list(STATIC_INSTANCES)
    stamps = [f.stat().st_mtime_ns for f in first]
    assert [f.stat().st_mtime_ns for f in static_instances()] == stamps


def test_fonts_ready_tells_whether_the_weights_are_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import matplotlib

    from plotdoc.render.style import fonts

    monkeypatch.setattr(matplotlib, "get_cachedir", lambda: str(tmp_path))
    assert not fonts.fonts_ready()
    files = fonts.static_instances()
    assert fonts.fonts_ready()
    assert all(f.is_relative_to(tmp_path) for f in files)
    # a cut file is complete: it opens, and no temporary file is left beside it
    assert sorted(p.name for p in files[0].parent.iterdir()) == sorted(fonts.STATIC_INSTANCES)
