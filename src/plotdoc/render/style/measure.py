"""The width of labels from the font, without a renderer or a text object per label.

A label's width comes from the font's advance widths (matplotlib's text-to-path measure, which
lays out one string without drawing it). Only the longest labels are measured when there are
many (:data:`MEASURED`): the widest label is among the longest by characters in any realistic
set.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextToPath

#: at most this many labels (the longest) have their width measured
MEASURED = 2000

_MEASURE = TextToPath()


def widest(labels: Sequence[str], font: FontProperties) -> float:
    """Width in points of the widest label (of the :data:`MEASURED` longest), from the font's
    advance width of each character (measured once per character; kerning only narrows)."""
    if not labels:
        return 0.0
    lines = [max(s.split("\n"), key=len) for s in labels]
    if len(lines) > MEASURED:
        lengths = np.fromiter((len(s) for s in lines), dtype=np.int64, count=len(lines))
        keep = np.argsort(lengths, kind="stable")[-MEASURED:]
        lines = [lines[i] for i in keep]

    def width(text: str) -> float:
        return float(_MEASURE.get_text_width_height_descent(text, font, ismath=False)[0])

    # a character's advance, spaces included: what it adds between two others
    base = width("xx")
    advance = {c: width(f"x{c}x") - base for c in set().union(*map(set, lines))}
    return 1.05 * max(sum(advance[c] for c in s) for s in lines)  # bearings, rounding
