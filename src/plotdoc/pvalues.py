"""P values as people read them: one formatter for every output.

`plotdoc analyze` (text and ``--json``), the notebook, the editor's Analyses panel and the
brackets drawn on a graph all show a P value and its summary (``ns``, ``*`` ... ``****``)
through :func:`format_p` and :func:`summary`, in one of the styles of schema version 2's
``pValueStyle``:

============ ============================================ ==================================
style        P printed as                                 summary (stars)
============ ============================================ ==================================
``graphpad`` 4 decimals, ``< 0.0001`` below that          P <= 0.0001 ``****``, 0.001 ``***``,
                                                          0.01 ``**``, 0.05 ``*``, else ``ns``
``apa``      3 decimals without the leading zero,         P <= .001 ``***``, .01 ``**``,
             ``< .001`` below that                        .05 ``*``, else ``ns``
``nejm``     3 decimals, ``< 0.001`` below that           P <= 0.001 ``***``, 0.01 ``**``,
                                                          0.05 ``*``, else ``ns``
``exact``    4 significant digits (``3.000e-05``)         as ``graphpad``
============ ============================================ ==================================

The thresholds are those GraphPad Prism documents for its P value styles ("GraphPad", "APA",
"NEJM"; GraphPad FAQ 978): inclusive (P = 0.05 is ``*``), with ``****`` only in the GraphPad
style; the summary is decided on the P value itself, not on the digits shown (P = 0.05000001
prints as ``0.0500`` and is ``ns``).
A P value that is not a number (a failed analysis) prints as an em dash and has no summary.
"""

from __future__ import annotations

import math
from typing import Any, Final, Literal, get_args

PValueStyle = Literal["graphpad", "apa", "nejm", "exact"]

#: The styles, in the order the spec page lists them; the first is the default.
STYLES: Final[tuple[PValueStyle, ...]] = get_args(PValueStyle)
DEFAULT_STYLE: Final[PValueStyle] = "graphpad"

#: (threshold, summary) per style, most significant first; a P value at a threshold is in it.
_STARS: Final[dict[PValueStyle, tuple[tuple[float, str], ...]]] = {
    "graphpad": ((0.0001, "****"), (0.001, "***"), (0.01, "**"), (0.05, "*")),
    "apa": ((0.001, "***"), (0.01, "**"), (0.05, "*")),
    "nejm": ((0.001, "***"), (0.01, "**"), (0.05, "*")),
    "exact": ((0.0001, "****"), (0.001, "***"), (0.01, "**"), (0.05, "*")),
}
NOT_A_NUMBER: Final = "—"


def _checked(style: str) -> PValueStyle:
    if style not in STYLES:
        raise ValueError(f"expected a P value style ({', '.join(STYLES)}); found {style!r}")
    return style


def _usable(p: float | None) -> bool:
    return p is not None and isinstance(p, (int, float)) and math.isfinite(p) and 0 <= p <= 1


def format_p(p: float | None, style: str = DEFAULT_STYLE, *, label: bool = False) -> str:
    """``p`` as ``style`` prints it: ``0.0123``, ``< 0.0001``, ``.012``, ``3.000e-05``.

    With ``label``, the text reads as a sentence part: ``P = 0.0123``, ``P < 0.0001``.
    """
    style = _checked(style)
    if not _usable(p):
        return NOT_A_NUMBER
    assert p is not None
    p = float(p)
    if style == "exact":
        text = f"{p:.4g}" if p >= 1e-4 or p == 0 else f"{p:.3e}"
        return f"P = {text}" if label else text
    decimals, floor = (4, 0.0001) if style == "graphpad" else (3, 0.001)
    if p < floor:
        text = f"< {floor:.{decimals}f}"
    else:
        text = f"{p:.{decimals}f}"
        if text == f"{0:.{decimals}f}":  # rounds to zero only below the floor
            text = f"< {floor:.{decimals}f}"
    if style == "apa":
        text = text.replace("0.", ".", 1)
    if not label:
        return text
    return f"P {text}" if text.startswith("<") else f"P = {text}"


def summary(p: float | None, style: str = DEFAULT_STYLE) -> str:
    """The summary of ``p`` in ``style``: ``ns``, ``*``, ``**``, ``***`` (``****``), or ``""``
    for a P value that is not a number."""
    style = _checked(style)
    if not _usable(p):
        return ""
    assert p is not None
    for limit, stars in _STARS[style]:
        if p <= limit:
            return stars
    return "ns"


def with_summary(result: dict[str, Any], style: str = DEFAULT_STYLE) -> dict[str, Any]:
    """``result`` (a result's JSON form) with ``p_text`` and ``summary`` beside its ``p``."""
    p = result.get("p")
    if isinstance(p, bool) or not isinstance(p, (int, float)):
        return result
    return {**result, "p_text": format_p(p, style), "summary": summary(p, style)}
