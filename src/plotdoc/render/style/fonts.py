"""The fonts drawing uses: the packaged default sans font, and its fallbacks.

The default sans font of the presets is **Arimo**, a sans-serif with the metrics of Arial
(every character as wide as in Arial, so a figure laid out with it keeps its layout where a
journal substitutes Arial or Helvetica). It comes from the ``fontpkg-arimo`` package; nothing
is read from the system or downloaded.

The package ships Arimo as variable fonts (one file per style, weight 400 to 700). matplotlib
draws only a variable font's default instance, so a bold title would come out regular. The
first time a graph is drawn, :func:`register_fonts` cuts the four static instances the presets
use (regular, bold, italic, bold italic) with fontTools (which matplotlib itself depends on),
keeps them in matplotlib's cache folder beside its font list (``matplotlib.get_cachedir()``,
keyed by the versions of the font and of fontTools, written atomically so that parallel
renders share them) and registers them. This costs a few seconds once per installation; later
draws read the cached files. Where no cache folder can be written the instances are cut in
memory into a temporary folder for this process.

A glyph Arimo lacks is drawn with DejaVu Sans, which matplotlib ships; if the font cannot be
registered at all, DejaVu Sans draws every text. SVG output names the whole stack (``font-family:
'Arimo', 'Arial', 'Helvetica', 'Liberation Sans', 'DejaVu Sans', sans-serif``) so a viewer
without Arimo uses a font of the same metrics; PDF output embeds the fonts it uses (TrueType,
``pdf.fonttype 42``).
"""

from __future__ import annotations

import os
import tempfile
from functools import cache
from pathlib import Path

#: the presets' sans font, as named in a preset
DEFAULT_SANS = "Arimo"
#: the font used for glyphs the chosen font lacks (ships with matplotlib)
FALLBACK = "DejaVu Sans"
#: the sans stack: what SVG names, in order; matplotlib draws with the first one installed
SANS_STACK = (DEFAULT_SANS, "Arial", "Helvetica", "Liberation Sans", FALLBACK)
#: the static instances cut from the packaged variable fonts: file name -> (source, weight)
STATIC_INSTANCES: dict[str, tuple[str, int]] = {
    "Arimo-Regular.ttf": ("Arimo[wght].ttf", 400),
    "Arimo-Bold.ttf": ("Arimo[wght].ttf", 700),
    "Arimo-Italic.ttf": ("Arimo-Italic[wght].ttf", 400),
    "Arimo-BoldItalic.ttf": ("Arimo-Italic[wght].ttf", 700),
}


def _package() -> tuple[Path, str] | None:
    """The packaged variable fonts' folder and the package version; None when missing."""
    try:
        import fontpkg_arimo
    except ImportError:  # pragma: no cover - a declared dependency
        return None
    from importlib.metadata import PackageNotFoundError, version

    try:
        ver = version("fontpkg-arimo")
    except PackageNotFoundError:  # pragma: no cover - imported but not installed (a checkout)
        ver = "unknown"
    return Path(fontpkg_arimo.ROOT) / "files", ver


def _cache_folder(font_version: str) -> Path:
    """Where the static instances live: matplotlib's cache folder, keyed by versions."""
    import fontTools
    import matplotlib

    key = f"arimo-{font_version}-fonttools-{fontTools.version}"
    return Path(matplotlib.get_cachedir()) / "plotdoc-fonts" / key


def _cut(source: Path, weight: int, target: Path) -> None:
    """Write the static instance of ``source`` at ``weight`` to ``target``, atomically."""
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    font = instancer.instantiateVariableFont(
        TTFont(str(source)), {"wght": weight}, updateFontNames=True, optimize=False
    )
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".cut-", suffix=".ttf", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            font.save(out)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def static_instances() -> list[Path]:
    """The four static files of the default font, cut once and cached; [] when the package is
    missing or no folder at all can be written."""
    found = _package()
    if found is None:  # pragma: no cover - a declared dependency
        return []
    root, ver = found
    folders = [_cache_folder(ver), Path(tempfile.gettempdir()) / f"plotdoc-fonts-{os.getpid()}"]
    for folder in folders:
        files = [folder / name for name in STATIC_INSTANCES]
        try:
            for f, (source, weight) in zip(files, STATIC_INSTANCES.values(), strict=True):
                if not f.is_file():
                    _cut(root / source, weight, f)
        except OSError:
            continue
        return files
    return []  # pragma: no cover - no writable folder at all


def fonts_ready() -> bool:
    """True when the default font's static weights are already cut and cached (drawing then
    starts at once); False when the first drawing will cut them (a few seconds, once)."""
    found = _package()
    if found is None:  # pragma: no cover - a declared dependency
        return True
    folder = _cache_folder(found[1])
    return all((folder / name).is_file() for name in STATIC_INSTANCES)


@cache
def register_fonts() -> bool:
    """Register the default font's static instances with matplotlib (once); False when they
    cannot be had (then DejaVu Sans draws every text)."""
    files = static_instances()
    if not files:  # pragma: no cover - a broken install
        return False
    from matplotlib import font_manager

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
