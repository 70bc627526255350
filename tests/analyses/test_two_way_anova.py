"""`twoWayAnova` through the document: a version 2 grouped table gives R's two-way ANOVA of the
kidney data (balanced: type I = II = III; unbalanced: type III), and its comparisons name the
row and data set of each cell."""

from __future__ import annotations

import math
from typing import Any

import orjson
import pytest

from plotdoc.api import loads

from ..stats.helpers import load_reference


def kidney_document(drop: int = 0, **params: Any) -> bytes:
    """Rows = Duration (1, 2), data sets = Weight (1, 2, 3), replicates = log(Days + 1)."""
    ref = load_reference("anova2_kidney_balanced.json")
    cells: dict[tuple[int, int], list[float]] = {}
    for days, duration, weight, _ in ref["data"]["rows"][drop:]:
        cells.setdefault((duration, weight), []).append(math.log(days + 1))
    width = max(len(v) for v in cells.values())

    def row(duration: int, weight: int) -> list[float | None]:
        values: list[float | None] = list(cells[(duration, weight)])
        return values + [None] * (width - len(values))

    return orjson.dumps(
        {
            "format": "plotdoc-project",
            "schemaVersion": 2,
            "tables": [
                {
                    "id": "k",
                    "format": "grouped",
                    "rowLabels": ["Duration 1", "Duration 2"],
                    "replicates": width,
                    "dataSets": [
                        {"id": f"w{w}", "name": f"Weight {w}", "values": [row(1, w), row(2, w)]}
                        for w in (1, 2, 3)
                    ],
                    "analyses": [{"id": "a", "method": "twoWayAnova", "params": params}],
                }
            ],
        }
    )


def _check(result: Any, exp: dict[str, Any]) -> None:
    for prefix, source in (("row", "Duration"), ("data_set", "Weight"), ("interaction",
                           "Duration:Weight")):  # fmt: skip
        e = exp[source]
        assert getattr(result, f"{prefix}_df") == e["df"]
        assert getattr(result, f"{prefix}_ss") == pytest.approx(e["sum_sq"], rel=2e-6)
        assert getattr(result, f"{prefix}_f") == pytest.approx(e["F"], rel=2e-6)
        assert getattr(result, f"{prefix}_p") == pytest.approx(e["p"], rel=2e-5)
    assert result.residual_df == exp["Residuals"]["df"]
    assert result.residual_ss == pytest.approx(exp["Residuals"]["sum_sq"], rel=2e-6)


def test_kidney_balanced_matches_r() -> None:
    ref = load_reference("anova2_kidney_balanced.json")
    run = loads(kidney_document()).results[("k", "a")]
    assert run.status == "ok", run.message
    _check(run.result, ref["expected"])
    assert run.result.sums_of_squares == "type I = II = III"
    assert run.result.model == "with interaction" and run.comparisons == []


def test_kidney_unbalanced_gives_r_type_iii() -> None:
    ref = load_reference("anova2_kidney_unbalanced_type2_type3.json")
    run = loads(kidney_document(drop=3)).results[("k", "a")]
    assert run.status == "ok", run.message
    _check(run.result, ref["expected"]["type_III"])
    assert run.result.sums_of_squares == "type III"
    assert run.result.n_total == 57


@pytest.mark.parametrize(
    ("comparisons", "correction", "count", "used"),
    [
        ("withinRows", "auto", 6, "tukey"),  # three data sets per row: Tukey
        ("withinDataSets", "auto", 3, "sidak"),  # two rows per data set: Sidak
        ("allCells", "bonferroni", 15, "bonferroni"),
    ],
)
def test_comparisons_name_the_row_and_data_set_of_each_cell(
    comparisons: str, correction: str, count: int, used: str
) -> None:
    run = loads(kidney_document(comparisons=comparisons, correction=correction)).results[("k", "a")]
    assert run.status == "ok" and run.result.correction == used
    pairs = run.comparisons
    assert len(pairs) == count
    rows, sets = {"Duration 1", "Duration 2"}, {"Weight 1", "Weight 2", "Weight 3"}
    for c in pairs:
        assert {c.row_a, c.row_b} <= rows and {c.a, c.b} <= sets
        assert c.p is not None and 0 <= c.p <= 1 and c.ci_lower is not None
        if comparisons == "withinRows":
            assert c.row_a == c.row_b and c.label == f"{c.row_a}: {c.a} vs {c.b}"
        if comparisons == "withinDataSets":
            assert c.a == c.b and c.label == f"{c.a}: {c.row_a} vs {c.row_b}"
    # the difference is the cell means' difference, as the table holds them
    first = pairs[0]
    means = run.result
    assert first.difference == pytest.approx(
        _cell_mean(first.row_a, first.a) - _cell_mean(first.row_b, first.b), abs=1e-12
    )
    assert means.status == "ok"


def _cell_mean(row: str, data_set: str) -> float:
    ref = load_reference("anova2_kidney_balanced.json")
    duration, weight = int(row[-1]), int(data_set[-1])
    values = [
        math.log(d + 1) for d, du, w, _ in ref["data"]["rows"] if (du, w) == (duration, weight)
    ]
    return sum(values) / len(values)


def test_a_cell_without_a_value_is_said() -> None:
    doc = orjson.loads(kidney_document())
    doc["tables"][0]["dataSets"][2]["values"][1] = [None] * 10
    run = loads(orjson.dumps(doc)).results[("k", "a")]
    assert run.status == "missing-group"
    assert "'Duration 2' and data set 'Weight 3'" in run.message


def test_one_value_per_cell_fits_the_additive_model_and_says_so() -> None:
    doc = orjson.loads(kidney_document())
    for ds in doc["tables"][0]["dataSets"]:
        ds["values"] = [row[:1] for row in ds["values"]]
    doc["tables"][0]["replicates"] = 1
    run = loads(orjson.dumps(doc)).results[("k", "a")]
    assert run.status == "ok" and run.result.model == "additive"
    assert math.isnan(run.result.interaction_p)
