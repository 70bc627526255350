"""multipleVariables graphs: data sets are variables, rows observations, ``mapping`` gives roles.

Variable types and roles: :mod:`plotdoc.render.prepare.roles`; colour and shape keys:
:mod:`plotdoc.render.marks.keyed`; volcano groups, bubble areas and forest rows:
:mod:`plotdoc.render.prepare.multivariables`. Drawn:

``mv-bubble``
    a circle per row at (``x``, ``y``), area from ``size`` (largest ``maxBubbleSize`` points
    across), colour from ``color``, largest drawn first; a size legend of three round values
    (keys ``size:<value>``); ids ``bubble/p{r}``.
``mv-scatter``
    a symbol per row with colour and shape from their variables; ids ``symbol/p{r}``.
``mv-volcano``
    points of the groups ``volcano:up``, ``volcano:down``, ``volcano:ns`` (styles from
    ``styleOverrides.perDataSet`` under those keys; legend keys the same; when the preset
    colours up and down alike, as ``classic`` does, they are triangles up and down), dashed cut-off
    lines ``cutoff/fc-``, ``cutoff/fc+``, ``cutoff/p`` (graph switch ``cutoffLines``); the
    strongest ``maxLabels`` significant points labelled with ``label`` (or their row number).
``mv-forest``
    see :mod:`plotdoc.render.marks.forest`.

Labels (role ``label``, ids ``label/p{r}``) never overlap each other or the points: they are
placed when the graph is drawn (:mod:`plotdoc.render.guides.point_labels`); a label that finds no
room is left out. Bubble and scatter graphs label every row that has a label.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
from matplotlib.lines import Line2D

from ...contract.variants import Mark
from .. import ids
from ..artists.collections import Look, PointSymbols
from ..context import DrawContext
from ..guides.point_labels import PointLabels
from ..marks import primitives
from ..marks.data_warnings import warn_volcano_p
from ..marks.forest import draw_forest
from ..marks.keyed import base_symbol, keyed_points, legend_title
from ..prepare.multivariables import (
    VOLCANO_GROUPS,
    bubble_areas,
    bubble_order,
    nice_sizes,
    volcano,
)
from ..prepare.roles import Variable, mapped
from ..style.numbers import number_text
from ..style.symbols import symbol_path
from ..style.theme import RGBA, with_alpha

#: shapes of the up and down groups when the preset gives them one colour
_GROUP_SHAPES = {"volcano:up": "triangleUp", "volcano:down": "triangleDown"}
_GROUP_NAMES = {"volcano:up": "Up", "volcano:down": "Down", "volcano:ns": "Not significant"}


def _shape_given(ctx: DrawContext, key: str) -> bool:
    over = ctx.graph.style_overrides or {}
    layers = [over.get("global", {}), over.get("perDataSet", {}).get(key, {})]
    return any("shape" in (layer.get("symbol") or {}) for layer in layers)


#: the marks a multipleVariables variant can draw; which ones follow the plot's ``kind``, held
#: by the check to the one its record sets
MARKS = frozenset({Mark.SYMBOL, Mark.BUBBLE, Mark.ERROR_BAR, Mark.REFERENCE_LINE})


def draw(ctx: DrawContext) -> None:
    roles = mapped(ctx.table, ctx.options)
    kind = str(ctx.options.get("kind") or ctx.variant.own_defaults.get("kind", "scatter"))
    if kind == "forest":
        draw_forest(ctx, roles)
        return
    x, y = roles.get("x"), roles.get("y")
    if x is None or y is None:
        return
    ctx.auto_titles.setdefault("x", x.name)
    ctx.auto_titles.setdefault("y", y.name)
    if kind == "bubble":
        _bubble(ctx, roles, x, y)
    elif kind == "volcano":
        _volcano(ctx, roles, x, y)
    else:
        _scatter(ctx, roles, x, y)


def _labels(
    ctx: DrawContext,
    rows: list[int],
    x: Variable,
    y_values: np.ndarray,
    label: Variable | None,
    obstacles: np.ndarray,
    obstacle_pt: float | list[float],
    radius_pt: float | list[float] = 3.0,
) -> None:
    if not rows or not ctx.switch("pointLabels", None, True):
        return
    st = ctx.style("pointLabel", label.index if label is not None else None)
    texts = []
    for r in rows:
        t = label.text[r] if label is not None and label.text is not None else None
        texts.append(t if t is not None else number_text(r + 1))
    art = PointLabels(
        np.column_stack([x.values[rows], y_values[rows]]),
        texts,
        [ids.item("label", r) for r in rows],
        fontsize=float(st["fontSize"]),
        color=st["color"],
        obstacles_xy=obstacles,
        obstacle_pt=obstacle_pt,
        gap_pt=max(float(st["offset"]), 1.0),
        anchor_radius_pt=radius_pt,
    )
    ctx.add(art, "labels", z=6.0)


def _scatter(ctx: DrawContext, roles: dict[str, Variable], x: Variable, y: Variable) -> None:
    n = ctx.table.n_rows
    keyed = keyed_points(ctx, n, y, roles.get("color"), roles.get("shape"))
    _, _, size = base_symbol(ctx, y)
    rows = np.flatnonzero(np.isfinite(x.values[:n]) & np.isfinite(y.values[:n]))
    looks: dict[Look, int] = {}
    look_of = np.array(
        [
            looks.setdefault(_look(ctx, keyed.shapes[r], keyed.colors[r], size), len(looks))
            for r in rows.tolist()
        ],
        dtype=np.intp,
    )
    art = PointSymbols(
        np.column_stack([x.values[rows], y.values[rows]]),
        ids.Lazy(partial(ids.item, "symbol"), rows),
        looks=list(looks),
        look_of=look_of,
    )
    primitives.thin_out(art, size_given=primitives.size_given_by_user(ctx, y.index))
    ctx.add(art, "symbols", z=3.0)
    primitives.overhang(ctx, art, size / 2 + 1.0)
    ctx.include(x.values[rows], y.values[rows])
    label = roles.get("label")
    if label is not None:
        pts = np.column_stack([x.values[rows], y.values[rows]])
        _labels(ctx, rows.tolist(), x, y.values, label, pts, size, size / 2)


def _look(ctx: DrawContext, shape: str, color: RGBA, size: float) -> Look:
    """How a point of ``shape`` and ``color`` is drawn: filled with its colour, hollow, or
    filled with the plot's background, as its shape asks."""
    _, fill = symbol_path(shape)
    face = color if fill == "solid" else None if fill == "stroke" else ctx.theme.plot_background
    return (shape, size, face, color, 1.0)


def _bubble(ctx: DrawContext, roles: dict[str, Variable], x: Variable, y: Variable) -> None:
    n = ctx.table.n_rows
    size_var = roles.get("size")
    max_d = float(ctx.options.get("maxBubbleSize", 30.0))
    sizes = size_var.values if size_var is not None else np.ones(n)
    areas = bubble_areas(sizes, max_d)
    keyed = keyed_points(ctx, n, y, roles.get("color"), None, shaped=False)
    order = [
        r for r in bubble_order(areas) if np.isfinite(x.values[r]) and np.isfinite(y.values[r])
    ]
    alpha = 0.7
    art = PointSymbols(
        np.column_stack([x.values[order], y.values[order]]),
        [ids.item("bubble", r) for r in order],
        shapes=["circle"] * len(order),
        sizes=[float(np.sqrt(areas[r])) for r in order],
        faces=[with_alpha(keyed.colors[r], alpha) for r in order],
        edges=[keyed.colors[r] for r in order],
        widths=[0.8] * len(order),
    )
    ctx.add(art, "bubbles", z=3.0)
    ctx.include(x.values[order], y.values[order])
    # keep the biggest bubble inside the plot: pad the axes by its radius
    ctx.ax.margins(0.12)
    if size_var is not None:
        top = float(np.nanmax(np.where(sizes > 0, sizes, np.nan))) if order else 1.0
        legend_title(ctx, "size", size_var.name)
        for v in nice_sizes(sizes):
            d = max_d * float(np.sqrt(v / top))
            handle = Line2D(
                [], [], marker="o", markersize=d, linestyle="none",
                markerfacecolor="none", markeredgecolor=ctx.theme.foreground,
            )  # fmt: skip
            ctx.legend_entry(f"size:{number_text(v)}", handle, number_text(v))
    label = roles.get("label")
    if label is not None:
        pts = np.column_stack([x.values[order], y.values[order]])
        diameters = [float(np.sqrt(areas[r])) for r in order]
        radii = [d / 2 for d in diameters]
        _labels(ctx, order, x, y.values, label, pts, diameters, radii)


def _volcano(ctx: DrawContext, roles: dict[str, Variable], x: Variable, y: Variable) -> None:
    opts = ctx.options.get("volcano") or {}
    v = volcano(x.values, y.values, opts)
    warn_volcano_p(ctx, y, v)
    ctx.auto_titles["y"] = "\u2212log10 P" if not opts.get("yIsNegLog10") else y.name
    # a preset that colours up and down alike (classic) tells them apart by shape
    same_colors = ctx.theme.semantic("volcano:up") == ctx.theme.semantic("volcano:down")
    # not significant first, so the significant points are drawn on top
    for key in reversed(VOLCANO_GROUPS):
        rows = [r for r, g in enumerate(v.group) if g == key and np.isfinite(v.y[r])]
        st = ctx.style("symbol", None, None, key)
        shape = str(st["shape"]) if st["shape"] != "auto" else "circle"
        if same_colors and not _shape_given(ctx, key) and key in _GROUP_SHAPES:
            shape = _GROUP_SHAPES[key]
        size = float(st["size"]) * (0.75 if key == "volcano:ns" else 1.0)
        art = PointSymbols(
            np.column_stack([v.x[rows], v.y[rows]]),
            [ids.item("symbol", r) for r in rows],
            shapes=[shape] * len(rows),
            sizes=[size] * len(rows),
            faces=[with_alpha(st["color"], 0.8)] * len(rows),
            edges=[st["borderColor"]] * len(rows),
            widths=[0.5] * len(rows),
        )
        ctx.add(art, ids.make("points", key), z=3.0 if key == "volcano:ns" else 3.5)
        primitives.overhang(ctx, art, size / 2 + 0.5)
        ctx.include(v.x[rows], v.y[rows])
        handle = Line2D(
            [], [], marker=symbol_path(shape)[0], markersize=size, linestyle="none",
            markerfacecolor=st["color"], markeredgecolor=st["borderColor"],
        )  # fmt: skip
        ctx.legend_entry(key, handle, _GROUP_NAMES[key])
    ctx.include([0.0], [0.0])
    if ctx.graph_switch("cutoffLines", True):
        ref = ctx.style("referenceLine", None)
        kw: dict[str, Any] = {
            "color": ref["color"], "linewidth": float(ref["thickness"]), "linestyle": (0, (4, 3))
        }  # fmt: skip
        for sid, xv in (("cutoff/fc-", -v.fc_cutoff), ("cutoff/fc+", v.fc_cutoff)):
            ctx.tag(ctx.ax.axvline(xv, zorder=1.0, **kw), sid)
        ctx.tag(ctx.ax.axhline(v.y_cutoff, zorder=1.0, **kw), "cutoff/p")
    ok = np.isfinite(v.x) & np.isfinite(v.y)
    pts = np.column_stack([v.x[ok], v.y[ok]])
    _labels(ctx, v.label_rows, x, v.y, roles.get("label"), pts, 5.0, 2.5)
