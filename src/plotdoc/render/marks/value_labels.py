"""Value annotations above or inside bars, and the number formatting they use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..context import DrawContext
from ..style.numbers import NumberFormat, label_decimals
from ..style.text import clamp, font_family, safe


def format_value(value: float, conf: Mapping[str, Any]) -> str:
    """A number as a valueAnnotation slot asks (format, decimals, thousands), by the one
    number rule (:class:`~plotdoc.render.style.numbers.NumberFormat`)."""
    return NumberFormat.of(conf, "decimal").text(value, label_decimals(value))


def draw_value_labels(
    ctx: DrawContext,
    pos: float,
    value: float,
    n: int,
    top: float,
    i: int,
    sid: str,
    *,
    bar_start: float | None = None,
) -> None:
    """The valueAnnotation slots of data set ``i`` for one mark (value at ``pos``)."""
    st = label_style(ctx, i)
    if st is not None:
        draw_styled_labels(ctx, st, pos, value, n, top, i, sid, bar_start=bar_start)


_SLOTS = ("aboveBarAndErrorBar", "withinBarTop", "withinBarBottom")


def label_style(ctx: DrawContext, i: int) -> Mapping[str, Any] | None:
    """The valueAnnotation style of data set ``i``, None when it shows no label: what a mark
    drawn many times (a bar per row) asks once per data set."""
    if not ctx.switch("valueLabels", i):
        return None
    st: Mapping[str, Any] = ctx.style("valueAnnotation", i)
    return st if any(st[slot]["show"] != "nothing" for slot in _SLOTS) else None


def draw_styled_labels(
    ctx: DrawContext,
    st: Mapping[str, Any],
    pos: float,
    value: float,
    n: int,
    top: float,
    i: int,
    sid: str,
    *,
    bar_start: float | None = None,
) -> None:
    """:func:`draw_value_labels` with data set ``i``'s :func:`label_style` already looked up."""
    for slot in _SLOTS:
        conf = st[slot]
        if conf["show"] == "nothing" or not np.isfinite(value):
            continue
        text = format_value(value if conf["show"] == "plottedValue" else float(n), conf)
        if slot == "aboveBarAndErrorBar":
            where, off, va = top, 3.0, "bottom"
        elif slot == "withinBarTop":
            where, off, va = value, -3.0, "top"
        else:
            where, off, va = bar_start if bar_start is not None else 0.0, 3.0, "bottom"
        x, y = ctx.xy(pos, where)
        dx, dy = (off, 0.0) if ctx.horizontal else (0.0, off)
        rot = 90 if conf["direction"] == "vertical" else 0
        ha = "center"
        if ctx.horizontal:
            ha, va = ("left" if off > 0 else "right"), "center"
        t = ctx.ax.annotate(
            safe(text),
            (float(x), float(y)),
            xytext=(dx, dy),
            textcoords="offset points",
            ha=ha,
            va=va,
            rotation=rot,
            fontsize=clamp(conf["fontSize"], 1.0, 144.0, 8.0),
            color=conf["color"],
            annotation_clip=False,
        )
        family = font_family(conf.get("fontFamily"))
        if family:
            t.set_fontfamily(family)
        ctx.tag(t, f"{sid}/{slot}")
