"""The one rule for numbers plotdoc writes (tick labels, value labels, heat-map cells, colour
bar, legend keys, totals).

:class:`NumberFormat` is the contract's NumberFormat (``format``, ``decimals``, ``thousands``,
``prefix``, ``suffix``), read from an axis' ``numberFormat``, a ``valueAnnotation`` slot or a
``cellValueLabel``; :meth:`NumberFormat.texts` writes a run of numbers that are read together
(the ticks of an axis or colour bar, the cells of a heat map) with the same decimals, and
:meth:`NumberFormat.text` one number. Every number has a true minus sign (U+2212), and a
minus in front of zero is dropped. An automatic format (``auto``) writes full values that read
as values, never an offset to combine with them: decimals enough to tell the numbers apart;
from a million on, digits grouped in threes by thin spaces (``10 000 000``), unless the file
asks for a separator; from 10¹⁰ on, or when more than six decimals would be needed, a
scientific form on every label (``2.5×10⁻⁷``).

:func:`number_text` writes a number short: whole numbers without decimals, others with at
most ``significant`` significant digits and no trailing zeros, very large or small numbers as
``a×10ⁿ``. :func:`power_text` writes ``10ⁿ`` (or ``2ⁿ``) for the ticks of a log axis spanning
many decades.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

MINUS = "\u2212"
_SUPERSCRIPT = str.maketrans(
    "-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
)


THIN_SPACE = "\u2009"
#: NumberFormat.thousands -> the separator written between groups of three digits
THOUSANDS = {"none": "", "comma": ",", "space": THIN_SPACE, "apostrophe": "'"}
#: an automatic format groups the digits of numbers from this magnitude on
GROUP_FROM = 1e6
#: an automatic format writes numbers from this magnitude on in a scientific form
SCIENTIFIC_FROM = 1e10
#: an automatic format needing more decimals than this writes a scientific form instead
MAX_AUTO_DECIMALS = 6


@dataclass(frozen=True)
class NumberFormat:
    """How numbers are written: the contract's NumberFormat (see the module docstring)."""

    format: str = "auto"
    #: None: automatic
    decimals: int | None = None
    thousands: str = "none"
    prefix: str = ""
    suffix: str = ""

    @classmethod
    def of(cls, conf: Mapping[str, Any] | None, default_format: str = "auto") -> NumberFormat:
        """The format an axis' ``numberFormat``, a ``valueAnnotation`` slot or a
        ``cellValueLabel`` asks for (absent keys automatic)."""
        conf = conf or {}
        dec = conf.get("decimals", "automatic")
        decimals = None if dec == "automatic" or dec is None else max(0, min(9, int(dec)))
        fmt = str(conf.get("format", default_format))
        return cls(
            fmt,
            decimals,
            str(conf.get("thousands", "none")),
            str(conf.get("prefix", "") or ""),
            str(conf.get("suffix", "") or ""),
        )

    @property
    def separator(self) -> str:
        return THOUSANDS.get(self.thousands, "")

    def text(self, value: float, decimals: int | None = None) -> str:
        """One number; ``decimals`` is the automatic choice when the format has none."""
        return self.texts([value], decimals)[0]

    def texts(self, values: Iterable[float], decimals: int | None = None) -> list[str]:
        """Numbers read together, with the same decimals: the format's, else ``decimals``,
        else enough to tell them apart (:func:`distinct_decimals`)."""
        vals = [float(v) for v in values]
        fmt, dec = self.format, self.decimals
        top = max((abs(v) for v in vals if math.isfinite(v)), default=0.0)
        if fmt != "scientific" and dec is None:
            dec = decimals
            if dec is None:
                dec = distinct_decimals(vals)
                if fmt == "auto" and (top >= SCIENTIFIC_FROM or dec > MAX_AUTO_DECIMALS):
                    fmt, dec = "scientific", None
        sep = self.separator
        if fmt == "auto" and not sep and top >= GROUP_FROM:
            sep = THIN_SPACE
        return [self.prefix + self._body(v, fmt, dec, sep, vals) + self.suffix for v in vals]

    def _body(
        self, value: float, fmt: str, dec: int | None, sep: str, vals: Sequence[float]
    ) -> str:
        if not math.isfinite(value):
            return "" if math.isnan(value) else number_text(value)
        if fmt == "scientific":
            return _scientific(value, dec, vals)
        if fmt == "powerOf10" and value > 0:
            return power_text(value)
        if fmt == "percent":
            d = 0 if dec is None else dec
            return signed(f"{value:,.{d}f}".replace(",", sep) + "%")
        d = 0 if dec is None else dec
        return signed(f"{value:,.{d}f}".replace(",", sep))


def label_decimals(value: float) -> int:
    """Automatic decimals of one value written on its own (a value label): none for whole
    numbers and from 100 on, one from 10, else two."""
    mag = abs(value)
    if not math.isfinite(value) or mag >= 100 or float(value).is_integer():
        return 0
    return 1 if mag >= 10 else 2


def signed(text: str) -> str:
    """``text`` with a true minus sign, and none in front of a zero (``-0.0`` is ``0.0``)."""
    if text.startswith("-") and not any(c in "123456789" for c in text):
        text = text[1:]
    return text.replace("-", MINUS)


def distinct_decimals(values: Sequence[float]) -> int:
    """The fewest decimals (0 to 12) that write every finite value of ``values`` exactly
    enough to tell them apart and to read them: each value as its own 12 significant digits
    need, so 0.5 and 2.5 take one, 1000 and 2000 none."""
    best = 0
    for v in values:
        if not math.isfinite(v) or v == 0:
            continue
        text = f"{v:.12g}"
        if "e" in text:
            mantissa, exponent = text.split("e")
            frac = mantissa.split(".")[1] if "." in mantissa else ""
            best = max(best, len(frac) - int(exponent))
        elif "." in text:
            best = max(best, len(text.split(".")[1]))
    return max(0, min(12, best))


def _scientific(value: float, dec: int | None, vals: Sequence[float]) -> str:
    """``m×10ⁿ`` with ``dec`` decimals in the mantissa (automatic: as few as tell ``vals``
    apart); 0 is ``0``."""
    if value == 0:
        return "0"
    mantissa, exponent = _split(value)
    if dec is None:
        mantissas = [_split(v)[0] for v in vals if v and math.isfinite(v)]
        dec = min(distinct_decimals([float(f"{m:.10g}") for m in mantissas]), 9)
    body = f"{mantissa:.{dec}f}"
    if body.lstrip("-").startswith("10"):  # 9.99 rounded up
        exponent += 1
        body = f"{mantissa / 10:.{dec}f}"
    return signed(f"{body}\u00d710" + superscript(str(exponent)))


def _split(value: float) -> tuple[float, int]:
    """``value`` as a mantissa (1 to 10) times a power of ten, read from its shortest decimal
    form (``repr``): dividing by ``10.0**n`` fails below 1e-308, where the power underflows to
    zero, and a value there is written as it was given (1e-320, not 9.99988867e-321)."""
    mantissa, exponent = f"{Decimal(repr(float(value))):.16e}".split("e")
    return float(mantissa), int(exponent)


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
