"""Points: every value of a column as a symbol, spread sideways within its slot."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from ..context import DrawContext
from ..positions.slots import spread_offsets
from . import primitives

F64 = NDArray[np.float64]

#: sideways spread of scatter points (fraction of the slot) by scatterAppearance
SPREAD = {"standard": 0.32, "classic": 0.2, "expanded": 0.45}


def scatter(
    ctx: DrawContext,
    i: int,
    pos: float,
    values: F64,
    rows: Sequence[int],
    ids: Sequence[str],
    *,
    span: float,
    slot: float = 1.0,
    group_id: str | None = None,
) -> None:
    """Every value as a symbol, spread sideways (``pointLayout``, ``scatterAppearance``)."""
    ok = np.isfinite(values)
    v = values[ok]
    if v.size == 0:
        return
    aligned = ctx.options.get("pointLayout") == "aligned"
    half = SPREAD.get(ctx.settings.get("scatterAppearance", "standard"), 0.32) * slot
    off = spread_offsets(v, half, span, aligned)
    kept_rows = [r for r, k in zip(rows, ok, strict=True) if k]
    kept_ids = [s for s, k in zip(ids, ok, strict=True) if k]
    primitives.symbols(ctx, pos + off, v, i, kept_ids, kept_rows, group_id=group_id, z=3.0)
