"""The fonts drawing uses: the packaged default sans font, and its fallbacks.

The default sans font of the presets is Lato, shipped by the ``fontpkg-lato`` package (static
regular, italic, bold and bold italic files, so bold titles are drawn bold; nothing is read
from the system or downloaded). It is registered with matplotlib the first time a graph is
drawn (:func:`register_fonts`), never at ``import plotdoc``. A glyph Lato lacks is drawn with
DejaVu Sans, which matplotlib ships. SVG output names the whole list (``font-family: 'Lato',
'Arial', 'Helvetica', 'Liberation Sans', 'DejaVu Sans', sans-serif``) so a viewer without
Lato uses a similar font; PDF output embeds the fonts it uses (TrueType, ``pdf.fonttype 42``).
"""

from __future__ import annotations

from functools import cache

#: the presets' sans font, as named in a preset
DEFAULT_SANS = "Lato"
#: the font used for glyphs the chosen font lacks (ships with matplotlib)
FALLBACK = "DejaVu Sans"
#: the sans stack: what SVG names, in order; matplotlib draws with the first one installed
SANS_STACK = (DEFAULT_SANS, "Arial", "Helvetica", "Liberation Sans", FALLBACK)
#: the packaged files registered with matplotlib (the weights and styles the presets use)
_LATO_FILES = ("Lato-Regular.ttf", "Lato-Italic.ttf", "Lato-Bold.ttf", "Lato-BoldItalic.ttf")


@cache
def register_fonts() -> bool:
    """Register the packaged default font with matplotlib (once); False when the package is
    missing (then DejaVu Sans draws every text)."""
    try:
        import fontpkg_lato
    except ImportError:  # pragma: no cover - a declared dependency
        return False
    from matplotlib import font_manager

    files = [fontpkg_lato.ROOT / "files" / name for name in _LATO_FILES]
    if not all(f.is_file() for f in files):  # pragma: no cover - a broken install
        return False
    for f in files:
        font_manager.fontManager.addfont(str(f))
    return True


def family_rc(family: str) -> dict[str, object]:
    """The rcParams that draw with ``family``: the sans stack for the default sans font,
    else ``family`` with DejaVu Sans for the glyphs it lacks."""
    register_fonts()
    if family == DEFAULT_SANS:
        return {"font.family": ["sans-serif", FALLBACK], "font.sans-serif": list(SANS_STACK)}
    return {"font.family": [family, FALLBACK]}
