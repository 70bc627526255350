"""How different two colours look: CIEDE2000 colour difference, in normal vision and as a
reader with deuteranomaly (the commonest colour-vision deficiency) sees them.

* :func:`delta_e` is the CIEDE2000 difference (Sharma, Wu and Dalal 2005) of two sRGB colours
  under D65: about 1 is the smallest difference a reader notices side by side; below
  :data:`ALIKE_DELTA_E` two small marks in a legend read as the same colour.
* :func:`deuteranomaly` simulates deuteranomaly at full severity with the matrix of Machado,
  Oliveira and Fernandes (2009), applied to linear sRGB, as colorspacious does.

Colours are opaque sRGB ``(r, g, b, ...)`` tuples of floats in 0..1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .colors import luminance

#: two colours closer than this (CIEDE2000, normal vision) look the same in a legend's small
#: swatch
ALIKE_DELTA_E = 5.0
#: two colours closer than this as a reader with deuteranomaly sees them look the same to
#: that reader (lower: a simulation at full severity is the worst case, not the usual one)
ALIKE_DELTA_E_DEUTERANOMALY = 3.0

#: Machado et al. (2009), deuteranomaly at severity 1.0, on linear sRGB
_DEUTERANOMALY = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def deuteranomaly(color: Sequence[float]) -> tuple[float, float, float]:
    """``color`` as a reader with deuteranomaly (full severity) sees it."""
    lin = [_linear(float(c)) for c in color[:3]]
    r, g, b = (sum(m * c for m, c in zip(row, lin, strict=True)) for row in _DEUTERANOMALY)
    return (_gamma(r), _gamma(g), _gamma(b))


def _lab(color: Sequence[float]) -> tuple[float, float, float]:
    r, g, b = (_linear(float(c)) for c in color[:3])
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = luminance((float(color[0]), float(color[1]), float(color[2]), 1.0))  # Y of XYZ
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: Sequence[float], b: Sequence[float]) -> float:
    """The CIEDE2000 colour difference of two sRGB colours."""
    return delta_e_lab(_lab(a), _lab(b))


def delta_e_lab(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """The CIEDE2000 colour difference of two CIELAB colours."""
    l1, a1, b1 = (float(v) for v in lab1)
    l2, a2, b2 = (float(v) for v in lab2)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm**7 / (cm**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cmp_ = (l1 + l2) / 2, (c1p + c2p) / 2
    hm = h1p + h2p
    if c1p * c2p:
        if abs(h1p - h2p) > 180:
            hm = (hm + 360) / 2 if hm < 360 else (hm - 360) / 2
        else:
            hm /= 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hm - 30))
        + 0.24 * math.cos(math.radians(2 * hm))
        + 0.32 * math.cos(math.radians(3 * hm + 6))
        - 0.20 * math.cos(math.radians(4 * hm - 63))
    )
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    rt = (
        -2
        * math.sqrt(cmp_**7 / (cmp_**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((hm - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def look_alike(a: Sequence[float], b: Sequence[float]) -> float | None:
    """The difference of two colours that look the same (below :data:`ALIKE_DELTA_E` in
    normal vision, else below :data:`ALIKE_DELTA_E_DEUTERANOMALY` with deuteranomaly); None
    when they look different."""
    normal = delta_e(a, b)
    if normal < ALIKE_DELTA_E:
        return normal
    seen = delta_e(deuteranomaly(a), deuteranomaly(b))
    return seen if seen < ALIKE_DELTA_E_DEUTERANOMALY else None
