"""Rows a graph cannot draw as its data says: the graph says so, at the data set.

* A volcano plot of raw p values draws a p of 0 at the strongest of the other points
  (-log10 0 is infinite) and leaves out a p above 1 or below 0 (no p value).
* A survival curve leaves out rows with an event code but a missing or negative time, or a
  code other than 0 and 1 (the statistics leave them out).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ..context import DrawContext
from ..notices import AMBIGUOUS, HIDDEN, add_warning
from ..prepare.multivariables import Volcano
from ..prepare.roles import Variable
from ..style.numbers import number_text

#: how many rows a warning names
NAMED_ROWS = 3


def rows_text(rows: tuple[int, ...] | list[int]) -> str:
    """Rows as a reader counts them (from 1), the first few named."""
    named = ", ".join(str(r + 1) for r in rows[:NAMED_ROWS])
    more = f" and {len(rows) - NAMED_ROWS} more" if len(rows) > NAMED_ROWS else ""
    word = "rows" if len(rows) != 1 else "row"
    return f"{word} {named}{more}"


def warn_volcano_p(ctx: DrawContext, y: Variable, v: Volcano) -> None:
    """Warn of p values of 0 drawn at the top and of values that are no p value."""
    if v.zero_p_rows:
        top = number_text(float(v.y[v.zero_p_rows[0]]))
        add_warning(
            ctx,
            AMBIGUOUS,
            f"p = 0 in {rows_text(v.zero_p_rows)} of {y.name!r}: -log10 0 is infinite, so "
            f"{'they are' if len(v.zero_p_rows) != 1 else 'it is'} drawn at the top, at "
            f"{top} with the strongest other point; enter the p value the test reported "
            "(such as 1e-300) to place it",
            ("dataSets", y.index),
        )
    if v.invalid_p_rows:
        add_warning(
            ctx,
            HIDDEN,
            f"{rows_text(v.invalid_p_rows)} of {y.name!r} "
            f"{'hold values' if len(v.invalid_p_rows) != 1 else 'holds a value'} above 1 or "
            "below 0, which is no p value: left out (if the column holds -log10 p, set "
            "volcano.yIsNegLog10)",
            ("dataSets", y.index),
        )


def warn_left_out_rows(
    ctx: DrawContext, i: int, times: NDArray[np.float64], codes: NDArray[np.float64]
) -> None:
    """Warn of survival rows with an event code that the curve leaves out."""
    coded = np.isfinite(codes)
    bad_time = coded & ~(np.isfinite(times) & (times >= 0))
    bad_code = coded & ~bad_time & (codes != 0) & (codes != 1)
    reasons = []
    if bad_time.any():
        reasons.append(
            f"{rows_text(np.flatnonzero(bad_time).tolist())} (a missing or negative time)"
        )
    if bad_code.any():
        reasons.append(
            f"{rows_text(np.flatnonzero(bad_code).tolist())} (a code other than 0 and 1)"
        )
    if not reasons:
        return
    add_warning(
        ctx,
        HIDDEN,
        f"the curve of data set {ctx.ds_name(i)!r} leaves out {' and '.join(reasons)}: a "
        "survival time is 0 or more, an event is coded 1 and a censored subject 0",
        ("dataSets", i),
    )
