"""Whether a legend can tell its entries apart: the look of each entry's glyphs (colours,
symbol and its size, dash, fill pattern), compared; entries that look alike give a
``render-ambiguous`` warning naming them. Entries that differ only in colours a reader cannot
tell apart (:func:`~plotdoc.render.style.difference.look_alike`: close in CIEDE2000 in normal
vision or with deuteranomaly, such as two light blues of one preset) are named too.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.collections import Collection
from matplotlib.colors import to_hex
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from ..context import DrawContext
from ..notices import AMBIGUOUS, add_warning
from ..style.colors import hex_to_rgba
from ..style.difference import delta_e, look_alike

#: how many look-alike pairs a warning names
NAMED = 3


def _color(value: Any) -> str:
    if isinstance(value, str) and value == "none":
        return "none"
    try:
        rgba = np.asarray(value, dtype=float).reshape(-1, 4)
    except (TypeError, ValueError):
        return str(value)
    if rgba.size == 0 or rgba[0, 3] == 0:
        return "none"
    return to_hex(rgba[0], keep_alpha=True)


def _marker(line: Line2D) -> Hashable:
    marker = line.get_marker()
    path = getattr(marker, "vertices", None)
    if path is not None:
        return np.asarray(path, dtype=float).round(3).tobytes()
    return str(marker)


def glyph_look(handle: Artist | tuple[Artist, ...]) -> Hashable:
    """What a reader sees of a legend glyph: colours, symbol, dash, pattern."""
    if isinstance(handle, tuple):
        return tuple(glyph_look(h) for h in handle)
    if isinstance(handle, Line2D):
        visible_line = handle.get_linestyle() not in ("None", "none", " ", "")
        return (
            "line",
            _color(handle.get_color()) if visible_line else None,
            # a custom dash reads as "--" whatever its pattern: the pattern itself
            str(getattr(handle, "_unscaled_dash_pattern", handle.get_linestyle()))
            if visible_line
            else None,
            _marker(handle),
            # a size key's entries differ only in their symbol's size
            round(float(handle.get_markersize()), 1) if handle.get_marker() else None,
            _color(handle.get_markerfacecolor()),
            _color(handle.get_markeredgecolor()),
        )
    if isinstance(handle, Patch):
        return ("patch", _color(handle.get_facecolor()), _color(handle.get_edgecolor()),
                handle.get_hatch())  # fmt: skip
    if isinstance(handle, Collection):
        paths = handle.get_paths()
        shape = np.asarray(paths[0].vertices).round(3).tobytes() if paths else b""
        return ("collection", _color(handle.get_facecolor()), _color(handle.get_edgecolor()),
                handle.get_hatch(), shape)  # fmt: skip
    return (type(handle).__name__, id(handle))


def _parts(ctx: DrawContext) -> bool:
    """Whether the legend's entries are a parts-of-whole table's parts (its rows)."""
    return ctx.table.format == "partsOfWhole"


def _where_own(ctx: DrawContext) -> str:
    """Where a document gives a legend entry a look of its own."""
    if _parts(ctx):
        return "styleOverrides.perPoint, under the data set's name and the part's row"
    return "styleOverrides.perDataSet"


def entry_kind(ctx: DrawContext) -> str:
    """What the legend's entries stand for: data sets, or a parts-of-whole table's parts."""
    return "parts" if _parts(ctx) else "data sets"


def warn_look_alikes(
    ctx: DrawContext, keys: Sequence[str], handles: Sequence[Any], labels: Sequence[str]
) -> None:
    """Warn when two legend entries (not variable titles) are drawn alike."""
    first: dict[Hashable, str] = {}
    alike: list[tuple[str, str]] = []
    for key, handle, label in zip(keys, handles, labels, strict=True):
        if key.startswith("title:"):
            continue
        look = glyph_look(handle)
        if look in first:
            alike.append((label, first[look]))
        else:
            first[look] = label
    _warn_near_colours(ctx, first)
    if not alike:
        return
    named = ", ".join(f"{a!r} as {b!r}" for a, b in alike[:NAMED])
    more = f" and {len(alike) - NAMED} more" if len(alike) > NAMED else ""
    add_warning(
        ctx,
        AMBIGUOUS,
        f"{len(first) + len(alike)} legend entries but {len(first)} distinct looks: {named}"
        f"{more} are drawn alike; give them colours, symbols or dashes of their own "
        f"({_where_own(ctx)}), or fewer {entry_kind(ctx)} per graph",
        ("graph", "legend"),
    )


#: the most distinct looks compared pair by pair for colours that look the same
MAX_COMPARED = 64


def _split(look: Hashable, colors: list[str]) -> Hashable:
    """``look`` with each colour replaced by a placeholder, the colours added to ``colors``."""
    if isinstance(look, tuple):
        return tuple(_split(part, colors) for part in look)
    if isinstance(look, str) and look.startswith("#") and len(look) == 9:
        colors.append(look)
        return "#"
    return look


def _near_colours(a: list[str], b: list[str]) -> tuple[float, bool] | None:
    """(the difference, whether only deuteranomaly merges them) of the closest differing
    colours of two looks whose every colour pair looks the same; None when one pair differs."""
    worst: tuple[float, bool] | None = None
    for ca, cb in zip(a, b, strict=True):
        if ca == cb:
            continue
        ra, rb = hex_to_rgba(ca[:7]), hex_to_rgba(cb[:7])
        if ca[7:] != cb[7:]:
            return None
        d = look_alike(ra, rb)
        if d is None:
            return None
        if worst is None or d < worst[0]:
            worst = (d, delta_e(ra, rb) > d + 1e-9)
    return worst


def _warn_near_colours(ctx: DrawContext, first: dict[Hashable, str]) -> None:
    """Warn for legend entries that differ only in colours that look the same."""
    looks = list(first.items())[:MAX_COMPARED]
    split: list[tuple[Hashable, list[str], str]] = []
    for look, label in looks:
        colors: list[str] = []
        split.append((_split(look, colors), colors, label))
    pairs: list[str] = []
    for k, (shape_a, colors_a, label_a) in enumerate(split):
        for shape_b, colors_b, label_b in split[k + 1 :]:
            if shape_a != shape_b or len(colors_a) != len(colors_b):
                continue
            near = _near_colours(colors_a, colors_b)
            if near is not None:
                seen = " with deuteranomaly" if near[1] else ""
                pairs.append(f"{label_b!r} and {label_a!r} (ΔE {near[0]:.1f}{seen})")
    if not pairs:
        return
    named = ", ".join(pairs[:NAMED])
    more = f" and {len(pairs) - NAMED} more" if len(pairs) > NAMED else ""
    add_warning(
        ctx,
        AMBIGUOUS,
        f"legend entries {named}{more} differ only in colours a reader can hardly tell apart "
        f"(CIEDE2000 difference below 5, or 3 for readers with deuteranomaly); give them colours, symbols or dashes of their own "
        f"({_where_own(ctx)})",
        ("graph", "legend"),
    )
