"""The one rule for numbers plotdoc writes itself (labels, totals, legend keys, log ticks).

:func:`number_text` writes a number short: whole numbers without decimals, others with at
most ``significant`` significant digits and no trailing zeros, very large or small numbers as
``a×10ⁿ``, and negative numbers with a true minus sign (U+2212), as the axes write them.
:func:`power_text` writes ``10ⁿ`` (or ``2ⁿ``) for the ticks of a log axis spanning many decades.
"""

from __future__ import annotations

import math

MINUS = "\u2212"
_SUPERSCRIPT = str.maketrans(
    "-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
)


def superscript(text: str) -> str:
    """Digits and minus signs as Unicode superscripts."""
    return text.translate(_SUPERSCRIPT)


def number_text(value: float, significant: int = 6) -> str:
    """``value`` written short (see the module docstring); ``""`` for NaN."""
    if math.isnan(value):
        return ""
    if math.isinf(value):
        return ("" if value > 0 else MINUS) + "\u221e"
    if value == 0:
        return "0"
    if float(value).is_integer() and abs(value) < 1e15:
        text = str(int(value))
    else:
        text = f"{value:.{significant}g}"
        if "e" in text:
            mantissa, exponent = text.split("e")
            body = "10" + superscript(str(int(exponent)))
            text = body if mantissa in ("1", "-1") else f"{mantissa}\u00d7{body}"
            text = ("-" + text) if mantissa == "-1" else text
    return text.replace("-", MINUS)


def power_text(value: float, base: int = 10) -> str:
    """A power of ``base`` as ``10ⁿ``; other values as :func:`number_text`."""
    if value > 0:
        exponent = math.log(value, base)
        if abs(exponent - round(exponent)) < 1e-9:
            return str(base) + superscript(str(round(exponent)))
    return number_text(value)
