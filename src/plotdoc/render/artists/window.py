"""Part of a batched artist drawn again: the marks that meet a window of the picture.

The editor draws again only the part of a kept picture that an edit changed (see
``plotdoc.editor.rebar``). A batched artist (:class:`~.rects.Rects`,
:class:`~.collections.ErrorBars`) given a ``window`` (a box in display pixels) draws only its
marks that meet it, each run of one style still as one path. That path is smaller than the
whole run's, and Agg snaps a path of straight horizontal and vertical lines to the pixel grid
only when it has at most :data:`AUTO_SNAP_VERTICES` vertices: the part is snapped as the whole would be, so each mark's pixels are those of the
whole path. (matplotlib simplifies a long path of lines, but joins only lines that follow one
another: each mark here starts its own.)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

#: Agg snaps a rectilinear path to pixels (snap "auto") only up to this many vertices
AUTO_SNAP_VERTICES = 1024

#: (left, bottom, right, top) in display pixels
Window = tuple[float, float, float, float]


def meeting(
    low: NDArray[np.float64], high: NDArray[np.float64], window: Window, margin: float
) -> NDArray[np.bool_]:
    """Which marks, each the box from ``low`` to ``high`` ((n, 2) arrays of display pixels,
    either corner first), meet ``window`` grown by ``margin`` pixels on every side."""
    x0 = np.minimum(low[:, 0], high[:, 0])
    x1 = np.maximum(low[:, 0], high[:, 0])
    y0 = np.minimum(low[:, 1], high[:, 1])
    y1 = np.maximum(low[:, 1], high[:, 1])
    left, bottom, right, top = window
    out: NDArray[np.bool_] = (
        (x1 >= left - margin)
        & (x0 <= right + margin)
        & (y1 >= bottom - margin)
        & (y0 <= top + margin)
    )
    return out


def snap_as_whole(gc: Any, whole_vertices: int) -> None:
    """Have ``gc`` snap a part of a path as Agg snaps the whole path of ``whole_vertices``
    vertices on its own (``auto``): not at all past :data:`AUTO_SNAP_VERTICES`."""
    if gc.get_snap() is None and whole_vertices > AUTO_SNAP_VERTICES:
        gc.set_snap(False)
