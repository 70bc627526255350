"""An axis range edit set on the kept scatter instead of drawing the graph again.

A scatter's symbols stand at their values whatever the axes' ranges: a new minimum or maximum
of a linear axis moves every symbol and tick on screen, but nothing of the figure but the
axis' limits. The engine's rule for a limit (:func:`plotdoc.render.guides.axes.apply_axes`)
takes each end from the file when the file sets it, and from the data otherwise, one end
independently of the other: so when an edit sets one end to a number, the fresh drawing's
limits are the kept figure's with that end replaced. The kept figure takes them, and is drawn
again whole (every symbol and tick moved); the picture a later cell edit draws over is taken
at that edit, so that edits of the range in a row take none.

That is the picture a fresh drawing gives only when nothing else follows the range, so it is
done only when the only change of everything the drawing reads is ``rangeMin`` or
``rangeMax`` of ``xContinuous`` or ``leftY``, set to a number, on a linear axis, and:

- the limits stay in order (the minimum below the maximum), and ticks every
  ``majorInterval``, if set, fit the new range;
- the graph has no annotations, reference lines, right axis, origin placed in data units
  (``originMode: custom``) or legend at the top (each placed from the range or the ticks);
- neither the kept drawing nor the new one warns of anything (a symbol beyond the new range
  is warned of, and that drawing is left to a fresh one).

Anything else is drawn afresh. A test compares every picture with a fresh drawing's, pixel
for pixel, with its hit regions, plot frame and warnings.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .restyle import GRAPH_AT, drawn_context

if TYPE_CHECKING:
    from ..model import Graph, Project, Table

#: the axis settings of a scatter's two axes (``render.guides.axes``), by matplotlib axis
AXES = {"xContinuous": "x", "leftY": "y"}
RANGE_KEYS = ("rangeMin", "rangeMax")
#: the largest limit the engine draws (``render.guides.axes``: a limit is held within it)
LARGEST = 1e100


def reranged(
    kept: Any, project: Project, table: Table, now: Any, retake: Callable[[Any], None]
) -> bool:
    """Set on the kept scatter ``kept`` (``plotdoc.editor.redraw``'s) the change from its
    signature to ``now``, when it is a new end of an axis range the module allows; False, and
    nothing changed, otherwise. ``retake`` has the kept picture taken again."""
    was = kept.signature
    changed = {k for k, (a, b) in enumerate(zip(was, now, strict=True)) if a != b}
    if changed != {GRAPH_AT} or kept.warnings or table.annotations:
        return False
    new: Graph = now[GRAPH_AT]
    ends = _new_ends(was[GRAPH_AT], new)
    if not ends or not _follows_nothing(new):
        return False
    ax = kept.fig.axes[0]
    before = ax.get_xlim(), ax.get_ylim()
    for key, asked in ends.items():
        limits = _limits(ax, key, new.axes.get(key) or {}, asked)
        if limits is None:
            _restore(ax, before)
            return False
        (ax.set_xlim if AXES[key] == "x" else ax.set_ylim)(limits)
    if _warned(kept.fig, project, table):
        _restore(ax, before)
        return False
    # every symbol, tick and axis title moved; the graph title and the legend did not
    still = {id(ax.title), id(ax.get_legend())}
    for art in [k for k in kept.regions if k not in still]:
        del kept.regions[art]
    retake(kept)
    kept.all_moved = True
    return True


def _new_ends(old: Graph, new: Graph) -> dict[str, dict[str, float]] | None:
    """The range ends each axis takes from ``old`` to ``new`` (numbers), or None when
    anything else changed (or an end went back to automatic)."""
    if replace(old, axes={}) != replace(new, axes={}):
        return None
    if _without_ranges(old.axes) != _without_ranges(new.axes):
        return None
    out: dict[str, dict[str, float]] = {}
    for key in AXES:
        was, now = old.axes.get(key) or {}, new.axes.get(key) or {}
        for end in RANGE_KEYS:
            value = now.get(end, "auto")
            if value == was.get(end, "auto"):
                continue
            if not _number(value):
                return None
            out.setdefault(key, {})[end] = float(value)
    return out or None


def _number(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and abs(value) <= LARGEST
    )


def _without_ranges(axes: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(axes)
    for key in AXES:
        for end in RANGE_KEYS:
            (out.get(key) or {}).pop(end, None)
    return out


def _follows_nothing(graph: Graph) -> bool:
    """Whether nothing of ``graph``'s drawing but the axes' limits follows their ranges."""
    axes = graph.axes or {}
    if any((axes.get(key) or {}).get("scale", "linear") != "linear" for key in AXES):
        return False
    if any((node or {}).get("referenceLines") for node in axes.values() if isinstance(node, dict)):
        return False
    if (axes.get("rightY") or {}).get("show"):
        return False
    if (axes.get("frameAndOrigin") or {}).get("originMode") == "custom":
        return False
    return (graph.legend or {}).get("position") != "top"


def _limits(
    ax: Any, key: str, conf: dict[str, Any], asked: dict[str, float]
) -> tuple[float, float] | None:
    """The new limits of ``key``'s axis, in the order the axis shows them (reversed or not),
    the kept ends where none is ``asked``; None when they are not in order or ticks every
    ``majorInterval`` would not fit them (a fresh drawing words that)."""
    from ..render.guides.ticks import steps_fit

    reverse = bool(conf.get("reverse"))
    a, b = ax.get_xlim() if AXES[key] == "x" else ax.get_ylim()
    lo, hi = (float(b), float(a)) if reverse else (float(a), float(b))
    if not lo < hi:
        return None  # a range the engine set apart (an empty or reversed one): drawn afresh
    lo, hi = asked.get("rangeMin", lo), asked.get("rangeMax", hi)
    if not lo < hi:
        return None
    interval = conf.get("majorInterval", "auto")
    if interval != "auto" and not (_number(interval) and steps_fit(float(interval), lo, hi)):
        return None
    return (hi, lo) if reverse else (lo, hi)


def _warned(fig: Any, project: Project, table: Table) -> bool:
    """Whether the figure's symbols, with the axes' new limits, give a warning (one beyond
    the range): the warnings a fresh drawing words from the limits."""
    from ..render.outside import warn_cut_marks, warn_outside_range

    ctx = drawn_context(fig, project, table)
    warn_outside_range(ctx)
    warn_cut_marks(ctx)
    return bool(ctx.warnings)


def _restore(ax: Any, limits: tuple[Any, Any]) -> None:
    ax.set_xlim(limits[0])
    ax.set_ylim(limits[1])
