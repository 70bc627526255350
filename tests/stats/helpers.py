"""Shared helpers of the statistics tests: reference files and digit-agreement checks."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np

#: the reference statistics with their sources (``tests/reference/README.md``), kept in the
#: repository so that a fresh clone runs every statistics test
REFERENCE = Path(__file__).resolve().parents[1] / "reference"


def reference_path(name: str) -> Path:
    """Path of a reference file of ``tests/reference``."""
    path = REFERENCE / name
    assert path.is_file(), f"reference file {name} not found under {REFERENCE}"
    return path


def load_reference(name: str) -> dict[str, Any]:
    """A reference JSON file (``source``, ``method``, ``data``, ``expected``, ``notes``)."""
    data: dict[str, Any] = json.loads(reference_path(name).read_text(encoding="utf-8"))
    return data


def agreeing_digits(actual: float, expected: float) -> float:
    """Number of agreeing significant digits, ``-log10(|actual - expected| / |expected|)``.

    Identical values give infinity; against an expected 0 the absolute error is used.
    """
    a, e = float(actual), float(expected)
    if a == e:
        return math.inf
    if not (math.isfinite(a) and math.isfinite(e)):
        return -math.inf
    err = abs(a - e) / abs(e) if e != 0 else abs(a - e)
    return -math.log10(err)


def assert_digits(actual: Any, expected: Any, digits: float, what: str = "") -> None:
    """Assert at least ``digits`` agreeing significant digits (element-wise for arrays).

    ``None`` or NaN expected values must be matched by NaN.
    """
    a = np.atleast_1d(np.asarray(actual, dtype=np.float64))
    e = np.atleast_1d(
        np.asarray([np.nan if v is None else v for v in np.ravel(expected)], dtype=np.float64)
    )
    assert a.size == e.size, f"{what}: sizes differ ({a.size} vs {e.size})"
    for i, (x, y) in enumerate(zip(a.ravel(), e.ravel(), strict=True)):
        if math.isnan(y):
            assert math.isnan(x), f"{what}[{i}]: expected NaN, got {x!r}"
            continue
        got = agreeing_digits(x, y)
        assert got >= digits, f"{what}[{i}]: {x!r} vs {y!r} agree to {got:.1f} digits < {digits}"


def assert_close(actual: Any, expected: Any, atol: float, what: str = "") -> None:
    """Assert absolute agreement within ``atol``; ``None``/NaN expected must be NaN."""
    a = np.atleast_1d(np.asarray(actual, dtype=np.float64)).ravel()
    e = np.atleast_1d(
        np.asarray([np.nan if v is None else v for v in np.ravel(expected)], dtype=np.float64)
    ).ravel()
    assert a.size == e.size, f"{what}: sizes differ ({a.size} vs {e.size})"
    np.testing.assert_allclose(a, e, rtol=0, atol=atol, equal_nan=True, err_msg=what)


def assert_json_friendly(result: Any) -> dict[str, Any]:
    """``to_dict()`` serialises as strict JSON (no NaN) and keeps the dataclass field names.

    Private fields (a cache) are left out; properties named in ``_DERIVED`` are added.
    """
    import dataclasses

    d: dict[str, Any] = result.to_dict()
    public = [f.name for f in dataclasses.fields(result) if not f.name.startswith("_")]
    assert list(d) == public + list(getattr(result, "_DERIVED", ()))
    json.dumps(d, allow_nan=False)
    return d
