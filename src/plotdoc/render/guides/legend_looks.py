"""Whether a legend can tell its entries apart: the look of each entry's glyphs (colours,
symbol, dash, fill pattern), compared; entries that look alike give a ``render-ambiguous``
warning naming them."""

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
    if not alike:
        return
    named = ", ".join(f"{a!r} as {b!r}" for a, b in alike[:NAMED])
    more = f" and {len(alike) - NAMED} more" if len(alike) > NAMED else ""
    add_warning(
        ctx,
        AMBIGUOUS,
        f"{len(first) + len(alike)} legend entries but {len(first)} distinct looks: {named}"
        f"{more} are drawn alike; give them colours, symbols or dashes of their own "
        "(styleOverrides.perDataSet), or fewer data sets per graph",
        ("graph", "legend"),
    )
