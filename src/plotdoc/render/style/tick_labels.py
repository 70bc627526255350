"""Tick labels written by plotdoc's one number rule, for matplotlib's axes and colour bars."""

from __future__ import annotations

from typing import Any

from matplotlib.ticker import Formatter

from .numbers import NumberFormat
from .text import safe


class TickFormatter(Formatter):
    """Tick labels by plotdoc's one number rule (:class:`~plotdoc.render.style.numbers.
    NumberFormat`): the ticks of an axis written together, with the same decimals, as full
    values (matplotlib's ScalarFormatter would move a shared offset such as ``1e7`` into a
    separate label)."""

    def __init__(self, number_format: NumberFormat) -> None:
        self.number_format = number_format
        self.written: dict[float, str] = {}

    def set_locs(self, locs: Any) -> None:
        super().set_locs(locs)
        values = [float(v) for v in locs]
        self.written = dict(zip(values, self.number_format.texts(values), strict=True))

    def format_ticks(self, values: Any) -> list[str]:
        self.set_locs(values)
        return [safe(self.written[float(v)]) for v in values]

    def __call__(self, x: float, pos: int | None = None) -> str:
        text = self.written.get(float(x))
        return safe(text if text is not None else self.number_format.text(float(x)))
