"""Significance brackets (``bracket`` annotations).

Anchors ``{kind: group, groupIndex: d}`` (in a file: ``{kind: dataSet, dataSetId}``) snap to
data set d where it is drawn (``ctx.anchors``: the middle of its places where a grouped or
contingency graph draws it in every row); an index past the last data set snaps to the last one
drawn; a data set that is not drawn (hidden) leaves its bracket out, with a warning;
``{kind: free, x}`` is ``x`` points from the plot area's left edge. ``y`` is the bar height in
value units, or just above the spanned data when null (brackets at a given height first, then
the automatic ones narrowest first, so that a narrow bracket stands nearest its data). Tips
point down by ``tipLengthPt``; the label sits centred above the bar: ``text``, or, for a
bracket that follows an analysis (``analysisId``), the P of the analysis' comparison of the
two data sets it joins (:mod:`plotdoc.analyses.brackets`), computed at drawing time; where the
analysis gives none, no label and a ``render-analysis-not-drawn`` warning.

An automatic value axis grows to hold the brackets and still ends on a tick; a maximum the
file sets is never changed: brackets past it are drawn above the plot area (the graph title
moves up to clear them), at most :data:`MAX_ABOVE` of the axis' span above it, with a
``render-capped`` warning beyond. A bracket whose two ends snap to one place (a group joined to
itself, or two data sets a superimposed arrangement draws at one place) has no width and is
drawn with a ``render-ambiguous`` warning naming the two data sets. Ids: ``bracket/<n>`` (n =
the annotation's index).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.path import Path
from matplotlib.text import Text
from matplotlib.transforms import Bbox, IdentityTransform, ScaledTranslation

from ...analyses.brackets import bracket_label
from .. import ids
from ..artists.collections import points
from ..context import DrawContext
from ..notices import AMBIGUOUS, ANALYSIS_NOT_DRAWN, CAPPED, HIDDEN, add_warning
from ..style.numbers import number_text
from ..style.text import clamp, safe
from ..style.theme import resolve_color
from .ticks import grow_value_axis, value_end_is_set

#: how far above a value axis whose maximum the file sets a bracket may stand (in parts of
#: the axis' span); one further is drawn there, with a warning
MAX_ABOVE = 0.5


def draw_brackets(ctx: DrawContext) -> None:
    """Place and add every bracket annotation of the table."""
    placed: list[tuple[float, float, float]] = []
    brackets = [
        (n, _labelled(ctx, n, ann.props))
        for n, ann in enumerate(ctx.table.annotations)
        if ann.type == "bracket"
    ]
    brackets.sort(key=lambda b: (b[1].get("y") is None, _span_width(ctx, b[1]), b[0]))
    order = [p for n, p in brackets if _bracket(ctx, n, p, placed)]
    if placed and not ctx.horizontal:
        _lift_title(ctx, order, placed)


def _labelled(ctx: DrawContext, n: int, props: Mapping[str, Any]) -> Mapping[str, Any]:
    """The bracket's props with the text it shows: typed, or the P of the comparison of the
    analysis it follows, computed now (no label, and a warning, where there is none)."""
    if props.get("analysisId") is None:
        return props
    label = bracket_label(ctx.project, ctx.table, props)
    if label.why is not None:
        add_warning(ctx, ANALYSIS_NOT_DRAWN, label.why, ("annotations", n))
    return {**props, "text": label.text}


class Bracket(Artist):
    """A significance bracket between two anchors, positioned at draw time."""

    def __init__(
        self,
        ctx: DrawContext,
        left: Mapping[str, Any],
        right: Mapping[str, Any],
        y: float,
        props: Mapping[str, Any],
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.left, self.right, self.y = left, right, y
        #: the annotation's index in the table
        self.index = -1
        self.props = props
        self.color = resolve_color(props.get("color", "theme"), ctx.theme.foreground)

    def _pos(self, anchor: Mapping[str, Any], renderer: RendererBase) -> float:
        """Display coordinate along the category axis."""
        ax = self.ctx.ax
        horizontal = self.ctx.horizontal
        if anchor.get("kind") == "free":
            origin = ax.transAxes.transform((0.0, 0.0))
            return float(
                origin[1 if horizontal else 0]
                + clamp(anchor.get("x", 0.0), -5000.0, 5000.0, 0.0) * points(renderer)
            )
        pos = anchor_pos(self.ctx, anchor)
        pt = (self.y, pos) if horizontal else (pos, self.y)
        return float(ax.transData.transform(pt)[1 if horizontal else 0])

    def _layout(self, renderer: RendererBase) -> tuple[Path, Text | None]:
        ax = self.ctx.ax
        horizontal = self.ctx.horizontal
        a, b = self._pos(self.left, renderer), self._pos(self.right, renderer)
        pt = (self.y, 0.0) if horizontal else (0.0, self.y)
        level = float(ax.transData.transform(pt)[0 if horizontal else 1])
        tip = clamp(self.props.get("tipLengthPt", 5.0), 0.0, 100.0, 5.0) * points(renderer)
        raw = [(a, level - tip), (a, level), (b, level), (b, level - tip)]
        verts = [(v, u) for u, v in raw] if horizontal else raw
        text = str(self.props.get("text", ""))
        label = None
        if text:
            off = 2.0 * points(renderer)
            mid = (a + b) / 2
            xy = (level + off, mid) if horizontal else (mid, level + off)
            label = Text(
                xy[0],
                xy[1],
                safe(text),
                transform=IdentityTransform(),
                ha="left" if horizontal else "center",
                va="center" if horizontal else "bottom",
                color=self.color,
                fontsize=clamp(
                    self.props.get("fontSize") or self.ctx.theme.shapes.font_size, 1.0, 144.0, 10.0
                ),
            )
            label.set_figure(self.figure)
        return Path(np.asarray(verts, dtype=float)), label

    def draw(self, renderer: RendererBase) -> None:
        path, label = self._layout(renderer)
        gc = renderer.new_gc()
        gc.set_foreground(self.color, isRGBA=True)
        gc.set_linewidth(clamp(self.props.get("thickness", 1.0), 0.0, 20.0, 1.0))
        renderer.open_group("bracket", gid=self.get_gid())
        renderer.draw_path(gc, path, IdentityTransform())
        if label is not None:
            label.draw(renderer)
        renderer.close_group("bracket")
        gc.restore()

    def get_window_extent(self, renderer: RendererBase | None = None) -> Bbox:
        if renderer is None:
            renderer = self.figure._get_renderer()  # type: ignore[union-attr]
        path, label = self._layout(renderer)
        verts = np.asarray(path.vertices, dtype=float)
        boxes = [Bbox.from_extents(*verts.min(axis=0), *verts.max(axis=0))]
        if label is not None:
            boxes.append(label.get_window_extent(renderer))
        return Bbox.union(boxes)


def places(ctx: DrawContext) -> dict[int, tuple[float, float]]:
    """Where each plotted data set stands along the category axis, and how high its data
    reach: (position, top) by data set index. A family that draws a data set at several
    places (a grouped or contingency graph draws it in every row) gives the middle of them
    and the highest top."""
    spots: dict[int, list[tuple[float, float]]] = {}
    for a in ctx.anchors:
        if a.data_set is not None:
            spots.setdefault(a.data_set, []).append((a.pos, a.top))
    return {d: (float(np.mean([p for p, _ in s])), max(t for _, t in s)) for d, s in spots.items()}


def anchored(ctx: DrawContext, anchor: Mapping[str, Any]) -> int | None:
    """The data set a ``group`` anchor stands on (the model's ``groupIndex`` is a data set's
    index, v2's ``dataSetId``): itself when drawn; past the last data set, the last one drawn
    (version 1 said so); None when it is not drawn (hidden, or no value)."""
    where = places(ctx)
    if not where:
        return None
    d = int(anchor.get("groupIndex", 0))
    if d in where:
        return d
    if d >= len(ctx.table.data_sets) or d < 0:
        return max(where) if d >= 0 else min(where)
    return None


def anchor_pos(ctx: DrawContext, anchor: Mapping[str, Any]) -> float:
    """Category-axis position of a ``group`` anchor (its data set's place)."""
    d = anchored(ctx, anchor)
    return places(ctx)[d][0] if d is not None else 0.0


def _span_width(ctx: DrawContext, p: Mapping[str, Any]) -> float:
    """How many category positions a bracket spans (infinite with a free end)."""
    ends = [p.get("left", {}), p.get("right", {})]
    if all(a.get("kind") == "group" for a in ends):
        return abs(anchor_pos(ctx, ends[1]) - anchor_pos(ctx, ends[0]))
    return float("inf")


def _bracket(
    ctx: DrawContext, n: int, p: Mapping[str, Any], placed: list[tuple[float, float, float]]
) -> bool:
    """Add bracket ``n``; without ``y`` it sits above the spanned data and above the brackets
    already placed over an overlapping span (``placed``: (low, high, y) in data units).
    Returns whether it was drawn (not when a data set it joins is not drawn)."""
    lim = ctx.ax.get_xlim() if ctx.horizontal else ctx.ax.get_ylim()
    lo_lim, hi_lim = min(lim), max(lim)
    span = (hi_lim - lo_lim) or 1.0
    step = 0.1 * span
    ends = [p.get("left", {}), p.get("right", {})]
    groups = [a for a in ends if a.get("kind") == "group"]
    missing = [a for a in groups if anchored(ctx, a) is None]
    if missing and ctx.anchors:
        names = [ctx.ds_name(int(a.get("groupIndex", 0))) for a in missing]
        add_warning(
            ctx,
            HIDDEN,
            f"the bracket is not drawn: its data set {', '.join(map(repr, names))} is not "
            "drawn (hidden, or without a value)",
            ("annotations", n),
        )
        return False
    if len(groups) == 2:
        lo_pos, hi_pos = sorted(anchor_pos(ctx, a) for a in groups)
        if hi_pos - lo_pos < 1e-9 and ctx.anchors:
            _say_no_width(ctx, n, groups)
    else:
        lo_pos, hi_pos = -np.inf, np.inf
    y = p.get("y")
    if y is None:
        spanned = [a.top for a in ctx.anchors if lo_pos - 1e-9 <= a.pos <= hi_pos + 1e-9]
        y = max(spanned or [a.top for a in ctx.anchors] or [hi_lim]) + 0.6 * step
        for lo, hi, other in placed:
            if lo <= hi_pos + 1e-9 and lo_pos <= hi + 1e-9:
                y = max(y, other + step)
    y = clamp(y, lo_lim - 10 * span, hi_lim + 10 * span, hi_lim)
    fixed = value_end_is_set(ctx)
    if fixed and y > hi_lim + MAX_ABOVE * span:
        # the file's range holds: a bracket far above it is drawn at the most the graph shows
        add_warning(
            ctx,
            CAPPED,
            f"the bracket stands at {number_text(float(y))}, above the value axis' maximum "
            f"{number_text(hi_lim)} the file sets; it is drawn at "
            f"{number_text(hi_lim + MAX_ABOVE * span)}, just above the plot area",
            ("annotations", n),
        )
        y = hi_lim + MAX_ABOVE * span
    placed.append((lo_pos, hi_pos, float(y)))
    art = Bracket(ctx, ends[0], ends[1], float(y), p)
    art.index = n
    ctx.add(art, ids.make("bracket", n), z=6)
    # drawn where it stands, above the plot area too, as published figures place brackets
    art.set_clip_on(False)
    top = float(y) + step
    if top > hi_lim and not fixed:
        grow_value_axis(ctx, top)
    return True


def _say_no_width(ctx: DrawContext, n: int, groups: Sequence[Mapping[str, Any]]) -> None:
    """A bracket whose two ends snap to one place on the category axis has no width (both
    ends the same data set, or two data sets an arrangement draws at one place)."""
    a, b = (anchored(ctx, g) for g in groups)
    why = (
        f"it joins the data set {ctx.ds_name(a or 0)!r} to itself"
        if a == b
        else f"the data sets {ctx.ds_name(a or 0)!r} and {ctx.ds_name(b or 0)!r} are drawn at "
        "the same place on the category axis"
    )
    add_warning(
        ctx,
        AMBIGUOUS,
        f"the bracket has no width: {why}; a bracket joins two data sets drawn apart",
        ("annotations", n),
    )


def _lift_title(
    ctx: DrawContext,
    props: Sequence[Mapping[str, Any]],
    placed: list[tuple[float, float, float]],
) -> None:
    """Move the graph title up by as far as the brackets (and their text) reach above the
    plot area, so that brackets drawn above a range the file sets stay clear of it."""
    ax = ctx.ax
    height_pt = ax.get_position().height * ctx.fig.get_size_inches()[1] * 72.0
    to_axes = ax.transAxes.inverted()
    over = 0.0
    for p, (_, _, y) in zip(props, placed, strict=True):
        frac = float(to_axes.transform(ax.transData.transform((0.0, y)))[1])
        size = clamp(p.get("fontSize") or ctx.theme.shapes.font_size, 1.0, 144.0, 10.0)
        text = 2.0 + 1.3 * size if p.get("text") else 0.0
        over = max(over, (frac - 1.0) * height_pt + text)
    if over > 0.0:
        title = ax.title
        title.set_transform(
            title.get_transform() + ScaledTranslation(0.0, over / 72.0, ctx.fig.dpi_scale_trans)
        )
