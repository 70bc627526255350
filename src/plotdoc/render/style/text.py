"""Safe text: user text is drawn as written, with the contract's rich text.

matplotlib reads a string with an even number of unescaped ``$`` as mathtext; :func:`safe`
escapes every ``$`` so that never happens (``text.usetex`` is always False in the engine).
Every user text drawn on a single line (titles, axis titles, legend entries, category and
point labels) goes through :func:`safe`, which writes ``^{...}`` and ``_{...}`` runs with
Unicode superscript and subscript characters (``Ca^{2+}`` -> ``Ca²⁺``; a character without
one stays on the baseline, the braces go). :class:`RichText` draws annotation text with
``\\n`` line breaks and those runs raised or lowered in a smaller font, laid out run by run
without mathtext; text without runs is one text object whatever its number of lines.
:func:`rich_label` lays out a title, legend or tick label matplotlib places the same way when
a run has a character without a Unicode form (:func:`needs_runs`).
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Any, Literal

from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.text import Text
from matplotlib.transforms import IdentityTransform, Transform

from ..artists.svg import pixels_per_point

_RUN = re.compile(r"(\^\{[^{}]*\}|_\{[^{}]*\})")


#: characters XML 1.0 does not allow (control characters, lone surrogates, U+FFFE/U+FFFF)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


_SUP = dict(
    zip(
        "0123456789+-=()nia",
        "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207a\u207b\u207c"
        "\u207d\u207e\u207f\u2071\u1d43",
        strict=True,
    )
)
_SUP["\u2212"] = "\u207b"
_SUB = dict(
    zip(
        "0123456789+-=()aeoxhklmnpst",
        "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u208a\u208b\u208c"
        "\u208d\u208e\u2090\u2091\u2092\u2093\u2095\u2096\u2097\u2098\u2099\u209a\u209b"
        "\u209c",
        strict=True,
    )
)
_SUB.update({"\u2212": "\u208b", "i": "\u1d62", "r": "\u1d63", "u": "\u1d64", "v": "\u1d65"})
_SUB["j"] = "\u2c7c"


def rich_inline(text: str) -> str:
    """``text`` with its ``^{...}`` / ``_{...}`` runs in Unicode superscript / subscript
    characters (one line of text, one text object)."""
    if "{" not in text:
        return text

    def run(m: re.Match[str]) -> str:
        table = _SUP if m.group(0)[0] == "^" else _SUB
        return "".join(table.get(c, c) for c in m.group(0)[2:-1])

    return _RUN.sub(run, text)


def safe(text: str) -> str:
    """``text`` as drawn: rich-text runs as Unicode (:func:`rich_inline`), every ``$``
    escaped (never mathtext), and characters XML cannot hold replaced by U+FFFD so the SVG
    stays well-formed."""
    text = rich_inline(_NOT_XML.sub("\ufffd", text))
    return text.replace("\\$", "$").replace("$", "\\$")


@cache
def _installed_fonts() -> frozenset[str]:
    from matplotlib import font_manager

    from .fonts import register_fonts

    register_fonts()
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


def _line_pitch(text: Text, renderer: RendererBase) -> float:
    """The distance between baselines of ``text``'s font at line spacing 1 (display units)."""
    probe = Text(0, 0, "l\nl", transform=IdentityTransform(), linespacing=1.0)
    probe.update_from(text)
    probe.set_figure(text.figure)
    probe.set_text("l\nl")
    probe.set_linespacing(1.0)
    two = probe.get_window_extent(renderer).height
    probe.set_text("l")
    return max(two - probe.get_window_extent(renderer).height, 1e-9)


def run_texts(
    runs: list[tuple[str, int]], font: dict[str, Any], figure: Any, renderer: RendererBase
) -> tuple[list[tuple[Text, float, int]], float]:
    """One line's runs as text objects: (text, offset along the line, level) and the line's
    width (display units). Raised and lowered runs are drawn in a 70 % font.

    An SVG renderer (rsvg, browsers) trims and collapses the spaces of a text element: spaces
    at the ends of a run become offsets, spaces inside it no-break spaces.
    """
    size = float(font["fontsize"])
    pieces: list[tuple[Text, float, int]] = []
    width = 0.0
    for chunk, level in runs:
        fs = size * (RUN_SCALE if level else 1.0)
        drawn = safe(chunk)
        core = drawn.strip(" ")
        t = Text(
            0,
            0,
            drawn.rstrip(" ").replace(" ", "\u00a0"),
            transform=IdentityTransform(),
            **{**font, "fontsize": fs},
        )
        t.set_figure(figure)
        to_core_end = t.get_window_extent(renderer).width
        t.set_text(drawn.replace(" ", "\u00a0"))
        w = t.get_window_extent(renderer).width
        t.set_text(core.replace(" ", "\u00a0"))
        lead = to_core_end - t.get_window_extent(renderer).width if core else 0.0
        pieces.append((t, width + lead, level))
        width += w
    return pieces, width


#: the size of a raised or lowered run, as a fraction of its text's
RUN_SCALE = 0.7


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

    def smallest_size(self) -> float:
        """The size (points) of its smallest run: raised and lowered runs are 70 %."""
        size = float(self._font["fontsize"])
        scripts = any(level and run.strip() for line in self._lines for run, level in line)
        return size * (RUN_SCALE if scripts else 1.0)

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
        if all(level == 0 for runs in self._lines for _, level in runs):
            # plain text: one text object for all its lines
            align: Literal["left", "center", "right"] = (
                "center"
                if self._align == "center"
                else "right"
                if self._align == "right"
                else "left"
            )
            plain = Text(
                x0,
                y0 - (n - 1) * line_h,  # a multi-line text's baseline is its last line's
                safe(self.plain_text),
                transform=IdentityTransform(),
                horizontalalignment=align,
                verticalalignment="baseline",
                multialignment=align,
                rotation=self._rotation,
                rotation_mode="anchor",
                **self._font,
            )
            plain.set_figure(self.figure)
            # lines ``line_h`` apart, as the run-by-run layout below puts them
            plain.set_linespacing(line_h / _line_pitch(plain, renderer))
            return [plain]
        for li, runs in enumerate(self._lines):
            pieces, width = run_texts(runs, self._font, self.figure, renderer)
            shift = {"left": 0.0, "center": -width / 2, "right": -width}.get(self._align, 0.0)
            y_line = y0 - li * line_h
            for t, dx, level in pieces:
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


def needs_runs(text: str) -> bool:
    """Whether ``text`` has a ``^{...}``/``_{...}`` run with a character that has no Unicode
    superscript or subscript form (``x^{q}``), so that it must be drawn raised or lowered."""
    if "{" not in text:
        return False
    for m in _RUN.finditer(text):
        table = _SUP if m.group(0)[0] == "^" else _SUB
        if any(c not in table for c in m.group(0)[2:-1]):
            return True
    return False


def rich_label(label: Text, source: str, *, set_text: bool = True) -> None:
    """Set ``label`` (a title, axis title, legend or tick label that matplotlib places) to
    ``source`` as :func:`safe` writes it (``set_text``); when a run has no Unicode form, the
    label is drawn run by run (raised and lowered in a 70 % font, as annotations are) where
    matplotlib places it. A label whose text is emptied later (thinned) draws nothing."""
    if set_text:
        label.set_text(safe(source))
    lines = parse_rich(source)
    if len(lines) != 1 or not needs_runs(source):
        return
    runs = lines[0]

    def draw(renderer: RendererBase) -> None:
        if not label.get_visible() or not label.get_text():
            return
        label.get_window_extent(renderer)  # a wrapped label measures with the renderer it keeps
        _, info, _ = label._get_layout(renderer)  # type: ignore[attr-defined]
        if len(info) != 1:
            return
        _, (width, _, _), (lx, ly) = info[0]
        px0, py0 = label.get_transform().transform(label.get_unitless_position())
        font = {
            "fontsize": label.get_fontsize(),
            "color": label.get_color(),
            "fontweight": label.get_fontweight(),
            "fontstyle": label.get_fontstyle(),
            "fontfamily": label.get_fontfamily(),
            "alpha": label.get_alpha(),
        }
        pieces, total = run_texts(runs, font, label.figure, renderer)
        ha = label.get_horizontalalignment()
        shift = 0.0 if ha == "left" else width - total if ha == "right" else (width - total) / 2
        angle = label.get_rotation()
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        raise_by = float(label.get_fontsize()) * 0.38 * pixels_per_point(renderer)
        renderer.open_group("text", label.get_gid())
        for t, dx, level in pieces:
            along, across = shift + dx, level * raise_by
            t.set_position(
                (px0 + lx + along * cos - across * sin, py0 + ly + along * sin + across * cos)
            )
            t.set_rotation(angle)
            t.set_rotation_mode("anchor")
            t.set_verticalalignment("baseline")
            t.set_clip_on(False)
            t.draw(renderer)
        renderer.close_group("text")

    label.draw = draw  # type: ignore[method-assign]
