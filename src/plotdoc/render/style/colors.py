"""Colours: parsing, mixing, luminance and contrast, with one rule for marks drawn over fills.

Every colour is an sRGB ``(r, g, b, a)`` tuple of floats in 0..1. A translucent colour is
judged as it is seen: composited over what lies behind it (the plot background).

Luminance is the *relative luminance* of WCAG 2 and contrast the WCAG contrast ratio
``(L1 + 0.05) / (L2 + 0.05)`` (1 for equal colours, 21 for black on white). The one rule:
a mark drawn over a filled shape (a median across a box, points and error bars over a bar,
a value inside a cell or slice) must reach :data:`MIN_CONTRAST` with that fill, as WCAG asks
of graphical objects. Two ways keep it:

* :func:`readable_on` keeps the mark's colour when it contrasts enough, and otherwise gives
  black or white, whichever contrasts more (text in a heat-map cell, a median line);
* :func:`recede` lightens (on a dark background: darkens) the fill towards the plot background
  just enough for the marks over it to reach the rule, as graphing programs draw a light bar
  under dark points; the marks keep their colour, so they still name their data set.
"""

from __future__ import annotations

RGBA = tuple[float, float, float, float]

BLACK: RGBA = (0.0, 0.0, 0.0, 1.0)
WHITE: RGBA = (1.0, 1.0, 1.0, 1.0)

#: the least contrast ratio a mark keeps with the fill it is drawn over (WCAG 2, 1.4.11)
MIN_CONTRAST = 3.0
#: the farthest a fill recedes towards the background
_MOST_RECEDED = 0.85


def hex_to_rgba(hex_str: str, alpha: float = 1.0) -> RGBA:
    h = hex_str.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    r, g, b = (int(h[i : i + 2], 16) / 255.0 for i in (0, 2, 4))
    return (r, g, b, float(alpha))


def with_alpha(color: RGBA, alpha: float) -> RGBA:
    return (color[0], color[1], color[2], float(alpha))


def to_hex(color: RGBA) -> str:
    """``#rrggbb`` of an RGBA colour (alpha dropped)."""
    return "#{:02x}{:02x}{:02x}".format(*(round(c * 255) for c in color[:3]))


def composite(color: RGBA, over: RGBA = WHITE) -> RGBA:
    """The opaque colour seen where ``color`` (with its alpha) lies over ``over``."""
    a = color[3]
    r, g, b = (a * c + (1.0 - a) * o for c, o in zip(color[:3], over[:3], strict=True))
    return (r, g, b, 1.0)


def mix(a: RGBA, b: RGBA, t: float) -> RGBA:
    """``a`` moved the fraction ``t`` of the way to ``b`` (opaque colours)."""
    r, g, bl = (x + (y - x) * t for x, y in zip(a[:3], b[:3], strict=True))
    return (r, g, bl, 1.0)


def luminance(color: RGBA, over: RGBA = WHITE) -> float:
    """Relative luminance (WCAG 2) of ``color`` as seen over ``over``: 0 black, 1 white."""

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in composite(color, over)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGBA, b: RGBA, over: RGBA = WHITE) -> float:
    """WCAG contrast ratio of ``a`` and ``b`` as seen over ``over`` (1 to 21)."""
    la, lb = sorted((luminance(a, over), luminance(b, over)))
    return (lb + 0.05) / (la + 0.05)


def contrast_text(fill: RGBA, over: RGBA = WHITE) -> RGBA:
    """Black or white, whichever contrasts more with ``fill``."""
    lum = luminance(fill, over)
    # contrast with black is (lum + 0.05) / 0.05, with white 1.05 / (lum + 0.05)
    return BLACK if (lum + 0.05) ** 2 > 0.0525 else WHITE


def readable_on(color: RGBA, fill: RGBA, over: RGBA = WHITE) -> RGBA:
    """``color`` when it keeps :data:`MIN_CONTRAST` with ``fill``, else black or white."""
    if fill[3] <= 0.5 or contrast(color, fill, over) >= MIN_CONTRAST:
        return color
    return contrast_text(fill, over)


def recede(fill: RGBA, marks: list[RGBA], background: RGBA) -> RGBA:
    """``fill`` moved towards ``background`` just enough that every colour of ``marks`` keeps
    :data:`MIN_CONTRAST` with it, and never more than :data:`_MOST_RECEDED` of the way (the
    fill stays a tint of its colour); ``fill`` as seen, opaque, when it already does."""
    seen = composite(fill, background)
    bg = composite(background)

    def enough(c: RGBA) -> bool:
        # a little over the rule, so that 8-bit colours in the output still keep it
        return all(contrast(m, c, bg) >= MIN_CONTRAST + 0.1 for m in marks)

    if enough(seen):
        return seen
    lo, hi = 0.0, _MOST_RECEDED
    if not enough(mix(seen, bg, hi)):
        return mix(seen, bg, hi)
    for _ in range(20):
        mid = (lo + hi) / 2
        if enough(mix(seen, bg, mid)):
            hi = mid
        else:
            lo = mid
    return mix(seen, bg, hi)
