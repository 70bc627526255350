"""Colour, shape and size keys of multipleVariables graphs, and their legends.

Colour (role ``color``):

- a categorical variable gives category ``k`` (in order of first appearance) the theme's
  colour ``k``; each category gets a legend entry (key ``color:<category>``);
- a continuous variable maps its range onto the *viridis* colormap and adds a colour scale
  bar titled with the variable's name (id ``colorbar``);
- unmapped, every point takes the symbol colour of the ``y`` variable's data set (so its
  ``perDataSet`` overrides apply).

Shape (role ``shape``) is always categorical (numbers are read as text): category ``k`` takes
the theme's symbol ``k`` and a legend entry (key ``shape:<category>``) drawn in the
foreground colour. Rows whose colour or shape variable is missing are drawn in the
unmapped colour or shape.

In a one-colour preset (``classic``) colours are shades of its colour instead: a continuous
variable runs from ``#D9D9D9`` to black, categories take distinct greys and, unless a shape
variable is mapped, the symbol cycle too (bubbles stay round); the legend shows the same.

Each mapping's entries follow a title line with the variable's name (key ``title:color``,
``title:shape``, ``title:size``); when colour and shape map the same variable, each value has
one entry, its symbol in its colour.
"""

from __future__ import annotations

from dataclasses import dataclass

import matplotlib as mpl
import numpy as np
from matplotlib.lines import Line2D

from ..context import DrawContext
from ..prepare.roles import Variable, categories
from ..style.numbers import number_text
from ..style.scales import HeatScale, category_shades, one_colour, ramp_colormap
from ..style.symbols import symbol_path
from ..style.theme import RGBA
from .heat import color_bar


@dataclass
class Keyed:
    colors: list[RGBA]
    shapes: list[str]


def base_symbol(ctx: DrawContext, var: Variable | None) -> tuple[RGBA, str, float]:
    """(colour, shape, size) of a point when no variable maps them."""
    index = var.index if var is not None else None
    st = ctx.style("symbol", index)
    shape = str(st["shape"])
    # the first shape of the preset, not the variable's place in the cycle (a star for the
    # sixth column), unless the file gives the variable a shape
    if shape == "auto" or shape == ctx.theme.symbol_shape(0 if index is None else index):
        shape = ctx.theme.symbol_shape(0)
    return st["color"], shape, float(st["size"])


def keyed_points(
    ctx: DrawContext,
    n: int,
    base: Variable | None,
    color: Variable | None,
    shape: Variable | None,
    *,
    legend_marker: str | None = None,
    shaped: bool = True,
) -> Keyed:
    """Per-row colours and shapes, with their legend entries or colour bar.

    In a one-colour preset colours are shades (see :mod:`plotdoc.render.style.scales`) and,
    with ``shaped`` and no shape mapping, colour categories also take the symbol cycle.
    """
    color0, shape0, size = base_symbol(ctx, base)
    legend_marker = legend_marker or shape0  # the legend shows the shape the points have
    mono = one_colour(ctx.theme.colors.palette)
    ink, paper = ctx.theme.palette(0), ctx.theme.plot_background
    if mono and shaped and shape is None and color is not None and not color.is_continuous:
        shape = color  # shades alone are hard to tell apart: the symbol says it too
    colors = [color0] * n
    shapes = [shape0] * n
    if color is not None and color.is_continuous:
        vals = color.values
        finite = vals[np.isfinite(vals)]
        if finite.size:
            lo, hi = float(finite.min()), float(finite.max())
            cmap = ramp_colormap(ink, paper) if mono else mpl.colormaps["viridis"]
            scale = HeatScale(cmap, lo, hi if hi > lo else lo + 1.0)
            colors = [scale.color(float(v)) if np.isfinite(v) else color0 for v in vals]
            color_bar(ctx, scale, label=color.name)
    lookup: dict[str, RGBA] = {}
    if color is not None and not color.is_continuous and color.text is not None:
        cats = categories(color.text)
        shades = category_shades(ink, paper, len(cats)) if mono else []
        lookup = {c: shades[k] if mono else ctx.theme.palette(k) for k, c in enumerate(cats)}
        colors = [lookup.get(t, color0) if t is not None else color0 for t in color.text]
    lookup_s: dict[str, str] = {}
    if shape is not None:
        text = shape.text if shape.text is not None else [
            None if not np.isfinite(v) else number_text(float(v)) for v in shape.values
        ]  # fmt: skip
        lookup_s = {c: ctx.theme.symbol_shape(k) for k, c in enumerate(categories(text))}
        shapes = [lookup_s.get(t, shape0) if t is not None else shape0 for t in text]
    same = color is not None and shape is not None and color.index == shape.index
    if lookup and color is not None:
        legend_title(ctx, "color", color.name)
        for c, col in lookup.items():
            marker = lookup_s.get(c, legend_marker) if same else legend_marker
            ctx.legend_entry(f"color:{c}", _handle(marker, col, size), c)
    if lookup_s and shape is not None and not same:
        legend_title(ctx, "shape", shape.name)
        for c, mark in lookup_s.items():
            ctx.legend_entry(f"shape:{c}", _handle(mark, ctx.theme.foreground, size), c)
    return Keyed(colors, shapes)


def legend_title(ctx: DrawContext, mapping: str, name: str) -> None:
    """A legend line naming the variable a mapping (colour, size, shape) shows, above its
    values: an entry with no glyph (key ``title:<mapping>``)."""
    ctx.legend_entry(f"title:{mapping}", Line2D([], [], linestyle="none"), name)


def _handle(shape: str, color: RGBA, size: float) -> Line2D:
    path, kind = symbol_path(shape)
    face: RGBA | str = color if kind == "solid" else "none"
    return Line2D(
        [], [], marker=path, markersize=size, markerfacecolor=face, markeredgecolor=color,
        linestyle="none",
    )  # fmt: skip
