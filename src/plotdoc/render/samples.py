"""Example documents, one per graph variant, for the gallery, the CLI and the tests.

:func:`sample_document` gives a complete, valid project document (a dict) whose one table
draws the variant; :func:`sample_variants` lists the variants that have one. Data are
deterministic (a seeded generator), small and look like real measurements. A family's
examples come from one builder in :data:`BUILDERS`; adding a family is adding a builder.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..contract.variants import VARIANTS
from .samples_part2 import PART2_FAMILIES, sample_document_part2

Doc = dict[str, Any]


def _round(a: Any, digits: int = 2) -> Any:
    arr = np.round(np.asarray(a, dtype=float), digits)
    return [[None if np.isnan(v) else float(v) for v in row] for row in arr]


def _doc(table: dict[str, Any]) -> Doc:
    return {"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]}


def _xy(variant_id: str) -> Doc:
    rng = np.random.default_rng(7)
    x = [0.0, 1.0, 2.0, 4.0, 6.0, 8.0]
    reps = VARIANTS[variant_id].min_replicates > 1
    n_rep = 3 if reps else 1
    sets = []
    for k, (slope, base, name) in enumerate(((1.6, 2.0, "Control"), (0.9, 1.0, "Treated"))):
        rows = [
            [base + slope * xi + rng.normal(0, 0.6 + 0.1 * k) for _ in range(n_rep)] for xi in x
        ]
        sets.append({"name": name, "values": _round(rows)})
    table: dict[str, Any] = {
        "name": "Growth",
        "format": "xy",
        "x": x,
        "dataSets": sets,
        "graph": {"variantId": variant_id},
        "titles": {"x": {"text": "Time (h)"}, "y": {"text": "Signal (AU)"}},
    }
    if variant_id == "scatter":
        table["analyses"] = [{"id": "fit", "method": "linearRegression"}]
    return _doc(table)


def _column(variant_id: str) -> Doc:
    rng = np.random.default_rng(11)
    specs = (("Control", 10.0, 1.6), ("Drug A", 13.5, 2.2), ("Drug B", 8.2, 1.4))
    n = 8
    sets = []
    for name, mu, sd in specs:
        vals = rng.normal(mu, sd, n)
        if variant_id == "column-box-whiskers" and name == "Drug A":
            vals[0] = mu + 5.5 * sd  # one outlier for the Tukey rule
        if variant_id == "column-before-after":
            vals = specs[0][1] + (mu - specs[0][1]) + rng.normal(0, 0.5, n) + np.linspace(-2, 2, n)
        sets.append({"name": name, "values": _round(vals[:, None])})
    graph: dict[str, Any] = {"variantId": variant_id}
    if variant_id == "column-box-whiskers":
        graph["plot"] = {"family": "column", "options": {"mode": "tukey"}}
    if variant_id == "column-before-after":
        sets = sets[:2]
        sets[1]["name"] = "After"
        sets[0]["name"] = "Before"
    return _doc(
        {
            "name": "Response",
            "format": "column",
            "dataSets": sets,
            "graph": graph,
            "titles": {"y": {"text": "Response (mg/L)"}},
        }
    )


def _nested(variant_id: str) -> Doc:
    rng = np.random.default_rng(5)
    sets = []
    for name, mu in (("Vehicle", 20.0), ("Treated", 26.0)):
        animals = [rng.normal(mu + rng.normal(0, 2.0), 1.5, 5) for _ in range(3)]
        sets.append({"name": name, "values": _round(np.column_stack(animals))})
    return _doc(
        {
            "name": "Cell size",
            "format": "nested",
            "replicates": 3,
            "dataSets": sets,
            "graph": {"variantId": variant_id},
            "titles": {"y": {"text": "Cell area (\u00b5m\u00b2)"}},
        }
    )


def _survival(variant_id: str) -> Doc:
    rng = np.random.default_rng(3)
    times: list[float] = []
    groups: list[tuple[str, list[list[float | None]]]] = [("Standard", []), ("New therapy", [])]
    for g, scale in enumerate((14.0, 26.0)):
        for _ in range(14):
            t = float(np.round(rng.exponential(scale), 1))
            censored = bool(rng.random() < 0.25) or t > 40
            times.append(min(t, 40.0))
            for k, (_, rows) in enumerate(groups):
                rows.append([(0.0 if censored else 1.0) if k == g else None])
    return _doc(
        {
            "name": "Survival",
            "format": "survival",
            "x": times,
            "dataSets": [{"name": n, "values": rows} for n, rows in groups],
            "graph": {"variantId": variant_id},
            "titles": {"x": {"text": "Months"}},
        }
    )


#: family -> builder of a sample document for one of its variants
BUILDERS: dict[str, Callable[[str], Doc]] = {
    "xy": _xy,
    "column": _column,
    "nested": _nested,
    "survival": _survival,
}
# grouped, contingency, partsOfWhole and multipleVariables: see samples_part2
BUILDERS.update(dict.fromkeys(PART2_FAMILIES, sample_document_part2))


def sample_variants() -> list[str]:
    """Variant ids that have a sample document, in registry order."""
    return [vid for vid, v in VARIANTS.items() if v.family in BUILDERS]


def sample_document(variant_id: str) -> Doc:
    """A small valid document whose single table draws ``variant_id``."""
    variant = VARIANTS[variant_id]
    try:
        builder = BUILDERS[variant.family]
    except KeyError:
        raise KeyError(f"no sample document for {variant_id!r} yet") from None
    return builder(variant_id)
