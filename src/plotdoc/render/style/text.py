"""Safe text: user text is always drawn literally.

matplotlib reads a string with an even number of unescaped ``$`` as mathtext; :func:`safe`
escapes every ``$`` so that never happens (``text.usetex`` is always False in the engine).
:class:`RichText` draws annotation text with ``\\n`` line breaks and ``^{...}`` / ``_{...}``
runs raised or lowered in a smaller font, laid out run by run without mathtext.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.text import Text
from matplotlib.transforms import IdentityTransform, Transform

from ..artists.svg import pixels_per_point

_RUN = re.compile(r"(\^\{[^{}]*\}|_\{[^{}]*\})")


#: characters XML 1.0 does not allow (control characters, lone surrogates, U+FFFE/U+FFFF)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def safe(text: str) -> str:
    """``text`` as drawn literally: every ``$`` escaped (never mathtext), and characters XML
    cannot hold replaced by U+FFFD so the SVG stays well-formed."""
    text = _NOT_XML.sub("\ufffd", text)
    return text.replace("\\$", "$").replace("$", "\\$")


@cache
def _installed_fonts() -> frozenset[str]:
    from matplotlib import font_manager

    names = {f.name.lower() for f in font_manager.fontManager.ttflist}
    return frozenset(names | {"serif", "sans-serif", "monospace", "cursive", "fantasy"})


def font_family(name: object) -> str | None:
    """A user's font family if it is installed (so matplotlib never searches for it), else None."""
    if not isinstance(name, str) or not name.strip():
        return None
    return name if name.strip().lower() in _installed_fonts() else None


def clamp(value: object, low: float, high: float, default: float) -> float:
    """A user's size as a float within [low, high] (``default`` when it is not a number)."""
    try:
        v = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default
    if v != v:
        return default
    return min(max(v, low), high)


def parse_rich(text: str) -> list[list[tuple[str, int]]]:
    """Lines of runs ``(text, level)``: level 1 = superscript, -1 = subscript, 0 = normal."""
    lines: list[list[tuple[str, int]]] = []
    for raw in text.replace("\\n", "\n").split("\n"):
        runs: list[tuple[str, int]] = []
        for part in _RUN.split(raw):
            if not part:
                continue
            if part.startswith("^{") and part.endswith("}"):
                runs.append((part[2:-1], 1))
            elif part.startswith("_{") and part.endswith("}"):
                runs.append((part[2:-1], -1))
            else:
                runs.append((part, 0))
        lines.append(runs)
    return lines


class RichText(Artist):
    """Multi-line text with superscript and subscript runs, anchored at a point.

    ``x``, ``y`` are in ``transform`` coordinates; ``align`` is ``left``, ``center`` or
    ``right``; the first line's baseline is at the anchor and further lines go downwards.
    """

    def __init__(
        self,
        x: float,
        y: float,
        text: str,
        *,
        transform: Transform,
        fontsize: float,
        color: Any,
        family: str | None = None,
        weight: str = "normal",
        style: str = "normal",
        align: str = "left",
        rotation: float = 0.0,
        valign: str = "baseline",
    ) -> None:
        super().__init__()
        self._xy = (x, y)
        self._lines = parse_rich(text)
        self._anchor_transform = transform
        self._font: dict[str, Any] = {
            "fontsize": fontsize,
            "color": color,
            "fontweight": weight,
            "fontstyle": style,
        }
        checked = font_family(family)
        if checked:
            self._font["fontfamily"] = checked
        self._align = align
        self._rotation = rotation
        self._valign = valign
        self._texts: list[Text] = []
        self.set_in_layout(True)

    @property
    def plain_text(self) -> str:
        return "\n".join("".join(t for t, _ in line) for line in self._lines)

    def _layout(self, renderer: RendererBase) -> list[Text]:
        size = float(self._font["fontsize"])
        px = pixels_per_point(renderer)
        x0, y0 = self._anchor_transform.transform(self._xy)
        line_h = size * 1.25 * px
        n = len(self._lines)
        if self._valign == "center":
            y0 += (n - 1) * line_h / 2 - size * 0.35 * px
        elif self._valign == "top":
            y0 -= size * 0.8 * px
        texts: list[Text] = []
        for li, runs in enumerate(self._lines):
            pieces: list[tuple[Text, float]] = []
            width = 0.0
            for chunk, level in runs:
                fs = size * (0.7 if level else 1.0)
                t = Text(
                    0,
                    0,
                    safe(chunk),
                    transform=IdentityTransform(),
                    **{**self._font, "fontsize": fs},
                )
                t.set_figure(self.figure)
                w = t.get_window_extent(renderer).width
                pieces.append((t, width))
                width += w
                t._plotdoc_level = level  # type: ignore[attr-defined]
            shift = {"left": 0.0, "center": -width / 2, "right": -width}.get(self._align, 0.0)
            y_line = y0 - li * line_h
            for t, dx in pieces:
                level = t._plotdoc_level  # type: ignore[attr-defined]
                t.set_position((x0 + shift + dx, y_line + level * size * 0.38 * px))
                t.set_verticalalignment("baseline")
                t.set_rotation(self._rotation)
                texts.append(t)
        return texts

    def draw(self, renderer: RendererBase) -> None:
        if not self.get_visible():
            return
        self._texts = self._layout(renderer)
        gid = self.get_gid()
        renderer.open_group("richtext", gid=gid)
        for t in self._texts:
            t.draw(renderer)
        renderer.close_group("richtext")

    def get_window_extent(self, renderer: RendererBase | None = None) -> Any:
        from matplotlib.transforms import Bbox

        if renderer is None:
            renderer = self.figure._get_renderer()  # type: ignore[union-attr]
        texts = self._layout(renderer)
        boxes = [t.get_window_extent(renderer) for t in texts if t.get_text()]
        if not boxes:
            return Bbox.null()
        return Bbox.union(boxes)
