"""Annotations (``table.annotations``): significance brackets, free text, shapes.

* ``bracket``: significance brackets (:mod:`plotdoc.render.guides.brackets`).
* ``text``: at (``x``, ``y``) points from the plot area's lower-left corner, with ``\\n`` line
  breaks and ``^{...}``/``_{...}`` runs (:class:`~plotdoc.render.style.text.RichText`).
* ``shape``: ``line``, ``arrow``, ``doubleArrow``, ``rectangle``, ``ellipse``, ``bracket``
  (two ends, the optional third point sets how far the bar stands off), ``curve`` (a quadratic
  curve through the middle control point); control points in points from the plot area's
  lower-left corner; bound ``text`` is drawn at the shape's centre.

With ``coordinates: data`` (schema version 2) the positions are in the units of the axes as
drawn and are turned into points from the plot area's corner once the axes are final
(:mod:`.data_positions`), so the annotation keeps to its data at any size, range or preset; one
that cannot be placed (a graph without axes, a value a log axis cannot show) is not drawn and
the drawing warns at its path.

Text annotations of one graph draw at most :data:`MAX_TEXT_LINES` lines and
:data:`MAX_TEXT_CHARS` characters in all, in annotation order: the annotation that reaches the
bound ends with a line "…", later text annotations are not drawn.

Ids: ``bracket/<n>``, ``annotation/text/<n>``, ``annotation/shape/<n>`` (n = the
annotation's index in the table).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.patches import Ellipse, FancyArrowPatch, PathPatch, Rectangle
from matplotlib.path import Path

from .. import ids
from ..context import DrawContext
from ..notices import CAPPED, HIDDEN, add_warning
from ..positions.plot_area import points_transform
from ..style.text import RichText, clamp
from ..style.theme import DASHES, resolve_color
from .brackets import draw_brackets
from .data_positions import Unplaceable, to_points

#: lines of text annotations drawn per graph, in all; further lines are dropped
MAX_TEXT_LINES = 20_000
#: characters of text annotations drawn per graph, in all
MAX_TEXT_CHARS = 1_000_000
ELLIPSIS = "\u2026"


class TextBudget:
    """What remains of the lines and characters text annotations may draw in one graph."""

    def __init__(self) -> None:
        self.lines = MAX_TEXT_LINES
        self.chars = MAX_TEXT_CHARS
        #: lines and characters asked for by the texts given so far
        self.asked_lines = 0
        self.asked_chars = 0
        #: whether a text given so far was cut or left out
        self.cut = False

    def take(self, text: str) -> str | None:
        """``text`` cut to what remains (ending in a line "…" when cut); None when nothing does."""
        parts = text.replace("\\n", "\n").split("\n")
        self.asked_lines += len(parts)
        self.asked_chars += sum(map(len, parts))
        if self.lines <= 0 or self.chars <= 0:
            self.cut = True
            return None
        kept: list[str] = []
        lines = text.replace("\\n", "\n").split("\n")
        for line in lines:
            if self.lines <= 0 or self.chars <= 0:
                kept.append(ELLIPSIS)
                self.cut = True
                break
            if len(line) > self.chars:
                kept.append(line[: self.chars] + ELLIPSIS)
                self.cut = True
                self.chars = 0
                self.lines -= 1
                break
            kept.append(line)
            self.lines -= 1
            self.chars -= len(line)
        return "\n".join(kept)


def draw_annotations(ctx: DrawContext) -> None:
    if not ctx.graph_switch("annotations", True):
        return
    draw_brackets(ctx)
    budget = TextBudget()
    first_cut: int | None = None
    for n, ann in enumerate(ctx.table.annotations):
        p = ann.props
        if ann.type in ("text", "shape") and p.get("coordinates") == "data":
            try:
                p = to_points(ctx, ann.type, p)
            except Unplaceable as why:
                add_warning(
                    ctx, HIDDEN, f"{ann.type} annotation {n} is not drawn: {why}", why.path(n)
                )
                continue
        if ann.type == "text":
            text = budget.take(str(p.get("text", "")))
            if budget.cut and first_cut is None:
                first_cut = n
            if text is not None:
                _text(ctx, n, p, text)
        elif ann.type == "shape":
            _shape(ctx, n, p)
    if first_cut is not None:
        add_warning(
            ctx,
            CAPPED,
            f"text annotations ask for {budget.asked_lines:,} lines and "
            f"{budget.asked_chars:,} characters; the first {MAX_TEXT_LINES - budget.lines:,} "
            f"lines and {MAX_TEXT_CHARS - budget.chars:,} characters are drawn (at most "
            f"{MAX_TEXT_LINES:,} lines and {MAX_TEXT_CHARS:,} characters per graph); this "
            "annotation is cut, later text annotations are not drawn",
            ("annotations", first_cut),
        )


def _text(ctx: DrawContext, n: int, p: Mapping[str, Any], text: str) -> None:
    art = RichText(
        clamp(p.get("x", 0.0), -5000.0, 5000.0, 0.0),
        clamp(p.get("y", 0.0), -5000.0, 5000.0, 0.0),
        text,
        transform=points_transform(ctx.ax),
        fontsize=clamp(p.get("fontSize") or ctx.theme.shapes.font_size, 1.0, 144.0, 10.0),
        color=resolve_color(p.get("color", "theme"), ctx.theme.foreground),
        family=p.get("fontFamily"),
        weight="bold" if p.get("bold") else "normal",
        style="italic" if p.get("italic") else "normal",
        align=str(p.get("align", "left")),
        rotation=float(p.get("rotation", 0.0)),
    )
    art.set_zorder(7)
    ctx.tag(art, ids.make("annotation", "text", n))
    ctx.fig.add_artist(art)


def _shape(ctx: DrawContext, n: int, p: Mapping[str, Any]) -> None:
    pts = [
        (clamp(q["x"], -5000.0, 5000.0, 0.0), clamp(q["y"], -5000.0, 5000.0, 0.0))
        for q in p.get("points", [])
    ]
    if len(pts) < 2:
        return
    trans = points_transform(ctx.ax)
    color = resolve_color(p.get("color", "theme"), ctx.theme.foreground)
    fill_ref = p.get("fill", "none")
    fill: Any = "none" if fill_ref == "none" else resolve_color(fill_ref, ctx.theme.foreground)
    style: dict[str, Any] = {
        "edgecolor": color,
        "linewidth": clamp(p.get("thickness", 1.0), 0.0, 20.0, 1.0),
        "linestyle": DASHES.get(p.get("dashStyle", "solid"), "-"),
        "transform": trans,
        "clip_on": False,
    }
    kind = p.get("shape", "line")
    (x0, y0), (x1, y1) = pts[0], pts[1]
    art: Artist
    if kind in ("line", "arrow", "doubleArrow"):
        arrow = {"line": "-", "arrow": "-|>", "doubleArrow": "<|-|>"}[kind]
        art = FancyArrowPatch(
            (x0, y0),
            (x1, y1),
            arrowstyle=arrow,
            mutation_scale=10,
            color=color,
            shrinkA=0,
            shrinkB=0,
            **{k: v for k, v in style.items() if k != "edgecolor"},
        )
    elif kind == "rectangle":
        art = Rectangle(
            (min(x0, x1), min(y0, y1)), abs(x1 - x0), abs(y1 - y0), facecolor=fill, **style
        )
    elif kind == "ellipse":
        art = Ellipse(
            ((x0 + x1) / 2, (y0 + y1) / 2), abs(x1 - x0), abs(y1 - y0), facecolor=fill, **style
        )
    elif kind == "curve":
        if len(pts) == 3:
            (cx, cy), (x1, y1) = pts[1], pts[2]
            path = Path([(x0, y0), (cx, cy), (x1, y1)], [Path.MOVETO, Path.CURVE3, Path.CURVE3])
        else:
            path = Path([(x0, y0), (x1, y1)])
        art = PathPatch(path, facecolor="none", **style)
    else:  # bracket
        dx, dy = x1 - x0, y1 - y0
        length = float(np.hypot(dx, dy)) or 1.0
        nx, ny = -dy / length, dx / length
        depth = 5.0
        if len(pts) == 3:
            depth = (pts[2][0] - x0) * nx + (pts[2][1] - y0) * ny or 5.0
        path = Path(
            [
                (x0, y0),
                (x0 + nx * depth, y0 + ny * depth),
                (x1 + nx * depth, y1 + ny * depth),
                (x1, y1),
            ]
        )
        art = PathPatch(path, facecolor="none", **style)
    art.set_zorder(7)
    ctx.tag(art, ids.make("annotation", "shape", n))
    ctx.fig.add_artist(art)
    text = str(p.get("text", ""))
    if text:
        xs = [q[0] for q in pts]
        ys = [q[1] for q in pts]
        label = RichText(
            (min(xs) + max(xs)) / 2,
            (min(ys) + max(ys)) / 2,
            text,
            transform=trans,
            fontsize=clamp(p.get("fontSize") or ctx.theme.shapes.font_size, 1.0, 144.0, 10.0),
            color=color,
            align="center",
            valign="center",
        )
        label.set_zorder(8)
        ctx.tag(label, ids.make("annotation", "shape", n, "text"))
        ctx.fig.add_artist(label)
