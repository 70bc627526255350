"""Degenerate data never breaks drawing: empty, missing, single and constant values."""

from __future__ import annotations

import pytest

from plotdoc.contract.variants import VARIANTS

from .docs import Svg, project, render

PART1 = [v for v, spec in VARIANTS.items() if spec.family in ("xy", "column", "nested", "survival")]


def _table(variant: str, values: list[list[float | None]], name: str) -> dict[str, object]:
    spec = VARIANTS[variant]
    reps = max(2, spec.min_replicates) if spec.family == "nested" else max(1, spec.min_replicates)
    rows = [[v] * reps for v in values[0]]
    other = [[v] * reps for v in values[1]]
    t: dict[str, object] = {
        "name": name,
        "format": spec.family,
        "dataSets": [{"name": "A", "values": rows}, {"name": "B", "values": other}],
        "graph": {"variantId": variant},
    }
    if spec.family in ("xy", "survival"):
        t["x"] = [float(k) for k in range(max(len(values[0]), len(values[1])))]
    if spec.family != "column" and spec.family != "survival":
        t["replicates"] = reps
    return t


CASES = {
    "all-missing": [[None, None], [None, None]],
    "single": [[1.0], [None]],
    "constant": [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]],
    "zeros-and-negatives": [[0.0, -1.0, 2.0], [0.0, 0.0, 1.0]],
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("variant", PART1)
def test_draws_without_error(variant: str, case: str) -> None:
    values = CASES[case]
    if VARIANTS[variant].family == "survival":
        values = [[None if v is None else float(v > 0) for v in col] for col in values]
    svg = Svg(render(project(_table(variant, values, case))))
    assert svg.has("title/graph")
