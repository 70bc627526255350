"""Shared pieces of every result: the status vocabulary, ``to_dict`` and input cleaning.

Every computation in :mod:`plotdoc.stats` returns a frozen dataclass that carries a
``status`` (one of :data:`Status`) and a human ``message``. A computation that cannot run
for a reason found in the data returns a result with a non-``"ok"`` status and NaN numbers;
it never raises for data reasons. Invalid *options* (an unknown method name, a confidence
level outside (0, 1)) are programming errors and raise :class:`ValueError`.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any, Literal, TypeAlias, get_args

import numpy as np
import numpy.typing as npt

FloatArray: TypeAlias = npt.NDArray[np.float64]
IntArray: TypeAlias = npt.NDArray[np.int64]

#: Why a computation gave (or did not give) numbers.
#:
#: - ``ok``: computed (for a fit: converged).
#: - ``too-few-values``: not enough non-missing values, pairs or points.
#: - ``zero-variance``: a quantity that must vary does not (all X equal, all values equal).
#: - ``missing-group``: a required group or data set is absent or empty.
#: - ``did-not-converge``: the iterative fit stopped without converging.
#: - ``ambiguous``: the fit converged but some parameter is not determined by the data.
#: - ``wrong-variable-types``: fewer than two continuous variables to correlate.
#: - ``non-positive-values``: a geometric statistic met a value <= 0.
#: - ``too-many-bins``: the bin width asks for more bins than :data:`MAX_BINS`.
#: - ``too-many-values``: more values than the test is defined for (Shapiro-Wilk: 5000).
#: - ``budget-exceeded``: the computation would pass, or passed, its budget of time or memory
#:   (:mod:`plotdoc.stats.budget`).
#: - ``not-applicable``: the options ask for something that does not apply (a correction that
#:   does not follow the test, Dunnett's test without a control, no pair selected).
Status: TypeAlias = Literal[
    "ok",
    "too-few-values",
    "zero-variance",
    "missing-group",
    "did-not-converge",
    "ambiguous",
    "wrong-variable-types",
    "non-positive-values",
    "too-many-bins",
    "too-many-values",
    "budget-exceeded",
    "not-applicable",
]

STATUSES: tuple[Status, ...] = get_args(Status)

NAN = math.nan


def json_value(value: Any) -> Any:
    """Convert a result field to a JSON-friendly value.

    Floats stay floats except non-finite ones, which become ``None``; numpy scalars become
    Python numbers; arrays, tuples and lists become (nested) lists; nested results become
    dictionaries; mappings keep their keys.
    """
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, float | np.floating):
        f = float(value)
        return f if math.isfinite(f) else None
    if isinstance(value, np.ndarray):
        if not value.ndim:
            return json_value(value.item())
        if value.dtype.kind in "biu":
            return value.tolist()
        if value.dtype.kind == "f":  # whole arrays at once: NaN and infinities become None
            cells = value.astype(object)
            cells[~np.isfinite(value)] = None
            return cells.tolist()
        return [json_value(v) for v in value.tolist()]
    if isinstance(value, list | tuple):
        return [json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): json_value(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: json_value(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"cannot convert {type(value).__name__} to a JSON value")


class ResultMixin:
    """Adds :meth:`to_dict` to a result dataclass."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-friendly values under the dataclass field names.

        NaN and infinite numbers become ``None``; arrays become lists.
        """
        assert dataclasses.is_dataclass(self)
        return {f.name: json_value(getattr(self, f.name)) for f in dataclasses.fields(self)}


def float_array(values: npt.ArrayLike | None) -> FloatArray:
    """``values`` as a float64 array of the same shape; ``None`` entries become NaN (missing).

    ``None`` itself gives an empty array.
    """
    if values is None:
        return np.empty(0, dtype=np.float64)
    try:
        return np.asarray(values, dtype=np.float64)
    except TypeError:  # None inside (nested) lists
        obj = np.asarray(values, dtype=object)
        out: FloatArray = np.where(obj == None, NAN, obj).astype(np.float64)  # noqa: E711
        return out


def as_float_array(values: npt.ArrayLike | None) -> FloatArray:
    """``values`` flattened to a float64 array (a view when possible); ``None`` entries are NaN."""
    return float_array(values).reshape(-1)


def finite(values: npt.ArrayLike | None) -> FloatArray:
    """The non-missing (finite) values of ``values``, flattened."""
    arr = as_float_array(values)
    mask = np.isfinite(arr)
    return arr if bool(mask.all()) else arr[mask]


def check_confidence(confidence: float) -> float:
    """Validate a confidence level given as a fraction in (0, 1)."""
    c = float(confidence)
    if not 0.0 < c < 1.0:
        raise ValueError(f"confidence must be a fraction between 0 and 1, not {confidence!r}")
    return c


def check_choice(name: str, value: str, choices: Sequence[str]) -> None:
    """Raise ValueError unless ``value`` is one of ``choices``."""
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}, not {value!r}")


def t_quantile(confidence: float, df: float) -> float:
    """The two-sided Student t multiplier ``t(0.5 + confidence / 2, df)``."""
    from scipy.special import stdtrit

    return float(stdtrit(df, 0.5 + confidence / 2.0))


def nan_array(n: int) -> FloatArray:
    """An array of ``n`` NaNs."""
    return np.full(n, NAN, dtype=np.float64)
