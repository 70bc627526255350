"""Budgets of time and memory for one computation.

A :class:`Budget` says how long one analysis may run and how much memory its arrays may take.
A computation runs inside :func:`metered`; the code of :mod:`plotdoc.stats` then calls
:func:`check` between chunks of work (a deadline that passed raises :class:`BudgetExceeded`)
and :func:`reserve` before a large allocation (more than the memory budget raises it too).
Outside :func:`metered` both do nothing, so the statistics stay usable as plain functions.

Time is enforced in three ways, cheapest first: an estimate from the data sizes before the
work starts (work that cannot fit is refused at once), deadline checks between chunks (per
fit, per variable), and chunks small enough that none runs long past the deadline. No work
runs in another process, so a small analysis pays nothing for its budget.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

#: default time of one analysis, seconds
DEFAULT_SECONDS = 10.0
#: default memory of one analysis's arrays, megabytes (10^6 bytes)
DEFAULT_MEMORY_MB = 1000.0
#: default time of every analysis of one project together, seconds
DEFAULT_TOTAL_SECONDS = 60.0


@dataclass(frozen=True)
class Budget:
    """Time and memory one analysis may use, and the time all analyses of a project may use.

    ``seconds`` bounds one analysis, ``total_seconds`` every analysis computed for one opened
    project together (once it is spent, the rest are ``budget-exceeded`` at once), and
    ``memory_mb`` the arrays one analysis allocates (in 10^6 bytes).
    """

    seconds: float = DEFAULT_SECONDS
    memory_mb: float = DEFAULT_MEMORY_MB
    total_seconds: float = DEFAULT_TOTAL_SECONDS

    def __post_init__(self) -> None:
        for name in ("seconds", "memory_mb", "total_seconds"):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and value > 0 and not math.isnan(value)):
                raise ValueError(f"a budget's {name} must be a positive number, not {value!r}")

    @property
    def memory_bytes(self) -> float:
        return self.memory_mb * 1e6

    @classmethod
    def parse(cls, text: str) -> Budget:
        """Read ``"30"``, ``"30s"``, ``"500ms"``, ``"2min"``, ``"512MB"``, ``"30s,2GB"``.

        A time sets ``seconds`` (and raises ``total_seconds`` to at least it); a size sets
        ``memory_mb``. Raises ValueError with a readable message.
        """
        seconds: float | None = None
        memory: float | None = None
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if not parts:
            raise ValueError("expected a time such as 30s and/or a size such as 512MB")
        for part in parts:
            m = re.fullmatch(r"(\d+(?:\.\d*)?|\.\d+)\s*([a-zA-Z]*)", part)
            unit = m.group(2).lower() if m else ""
            if m is None or unit not in _UNITS:
                raise ValueError(
                    f"expected a time such as 30s or a size such as 512MB; found {part!r}"
                )
            kind, scale = _UNITS[unit]
            value = float(m.group(1)) * scale
            if value <= 0:
                raise ValueError(f"expected a positive budget; found {part!r}")
            if kind == "time":
                seconds = value
            else:
                memory = value
        base = cls()
        return cls(
            seconds=seconds if seconds is not None else base.seconds,
            memory_mb=memory if memory is not None else base.memory_mb,
            total_seconds=max(base.total_seconds, seconds or 0.0),
        )

    def describe(self) -> str:
        return (
            f"{_seconds(self.seconds)} and {self.memory_mb:g} MB per analysis, "
            f"{_seconds(self.total_seconds)} for all analyses"
        )


_UNITS: dict[str, tuple[str, float]] = {
    "": ("time", 1.0),
    "s": ("time", 1.0),
    "ms": ("time", 1e-3),
    "min": ("time", 60.0),
    "kb": ("memory", 1e-3),
    "mb": ("memory", 1.0),
    "gb": ("memory", 1e3),
}


def _seconds(value: float) -> str:
    return f"{value:g} s"


class BudgetExceeded(Exception):
    """A computation would pass, or passed, its budget; the message says which and by how much."""


@dataclass
class _Meter:
    deadline: float
    seconds: float
    memory_bytes: float


_CURRENT: ContextVar[_Meter | None] = ContextVar("plotdoc_budget", default=None)


@contextmanager
def metered(seconds: float, memory_bytes: float) -> Iterator[None]:
    """Run the body under a deadline ``seconds`` from now and a memory allowance."""
    token = _CURRENT.set(_Meter(time.monotonic() + seconds, seconds, memory_bytes))
    try:
        yield
    finally:
        _CURRENT.reset(token)


def check() -> None:
    """Raise :class:`BudgetExceeded` when the current computation's deadline has passed."""
    meter = _CURRENT.get()
    if meter is not None and time.monotonic() > meter.deadline:
        raise BudgetExceeded(f"the computation took longer than its budget of {meter.seconds:g} s")


def remaining() -> float:
    """Seconds left before the deadline (infinite outside :func:`metered`)."""
    meter = _CURRENT.get()
    return math.inf if meter is None else meter.deadline - time.monotonic()


def reserve(nbytes: float, what: str) -> None:
    """Refuse work whose arrays would take more than the memory budget."""
    meter = _CURRENT.get()
    if meter is not None and nbytes > meter.memory_bytes:
        raise BudgetExceeded(
            f"{what} needs about {nbytes / 1e6:,.0f} MB, over the memory budget of "
            f"{meter.memory_bytes / 1e6:,.0f} MB"
        )


#: work is refused before it starts when its estimate is over this many times the time left
ESTIMATE_MARGIN = 2.0


def expect(seconds: float, what: str) -> None:
    """Refuse work estimated to take far longer than the time left (see ESTIMATE_MARGIN)."""
    left = remaining()
    if seconds > ESTIMATE_MARGIN * left:
        meter = _CURRENT.get()
        budget = meter.seconds if meter is not None else left
        raise BudgetExceeded(
            f"{what} would take about {seconds:,.1f} s, over the time budget of {budget:g} s"
        )
