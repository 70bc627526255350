"""Two-way ANOVA of grouped tables against R (anova, car::Anova) and statsmodels."""

from __future__ import annotations

import math

import numpy as np
import pytest

from plotdoc.stats.twoway import two_way_anova, two_way_comparisons

from .helpers import assert_digits, assert_json_friendly, load_reference


def _kidney_cells(rows: list[list[int]]) -> list[list[list[float]]]:
    """Rows = Duration (1, 2), data sets = Weight (1, 2, 3), response log(Days + 1)."""
    cells: list[list[list[float]]] = [[[] for _ in range(3)] for _ in range(2)]
    for days, duration, weight, _id in rows:
        cells[duration - 1][weight - 1].append(math.log(days + 1))
    return cells


def _check(effect, want) -> None:  # type: ignore[no-untyped-def]
    assert effect.df == want["df"]
    assert_digits(effect.ss, want["sum_sq"], 6, effect.source)
    if "F" in want:
        assert_digits(effect.f, want["F"], 6, effect.source)
        assert_digits(effect.p, want["p"], 6, effect.source)


def test_balanced_two_way_matches_r_anova() -> None:
    ref = load_reference("anova2_kidney_balanced.json")
    r = two_way_anova(_kidney_cells(ref["data"]["rows"]))
    e = ref["expected"]
    assert r.status == "ok" and not r.unbalanced
    _check(r.rows, e["Duration"])
    _check(r.data_sets, e["Weight"])
    _check(r.interaction, e["Duration:Weight"])
    _check(r.residual, e["Residuals"])


def test_unbalanced_two_way_gives_type_iii_as_car_anova() -> None:
    ref = load_reference("anova2_kidney_unbalanced_type2_type3.json")
    r = two_way_anova(_kidney_cells(ref["data"]["rows"][3:]))
    e = ref["expected"]["type_III"]
    assert r.unbalanced and r.n_total == 57
    _check(r.rows, e["Duration"])
    _check(r.data_sets, e["Weight"])
    _check(r.interaction, e["Duration:Weight"])
    _check(r.residual, e["Residuals"])


def test_unbalanced_type_iii_matches_statsmodels_anova_lm() -> None:
    import pandas as pd
    import statsmodels.formula.api as smf
    from statsmodels.stats.anova import anova_lm

    rng = np.random.default_rng(11)
    records = []
    cells: list[list[list[float]]] = []
    for i in range(3):
        cells.append([])
        for j in range(4):
            values = list(
                rng.normal(i * 0.5 + j * 0.3 + (i * j == 2), 1.0, int(rng.integers(2, 7)))
            )
            cells[i].append(values)
            records += [(f"r{i}", f"c{j}", v) for v in values]
    df = pd.DataFrame(records, columns=["r", "c", "y"])
    model = smf.ols("y ~ C(r, Sum) * C(c, Sum)", data=df).fit()
    table = anova_lm(model, typ=3)
    r = two_way_anova(cells)
    for effect, row in [(r.rows, "C(r, Sum)"), (r.data_sets, "C(c, Sum)"),
                        (r.interaction, "C(r, Sum):C(c, Sum)"), (r.residual, "Residual")]:  # fmt: skip
        assert_digits(effect.ss, table.loc[row, "sum_sq"], 10, row)
        if row != "Residual":
            assert_digits(effect.f, table.loc[row, "F"], 10, row)
            assert_digits(effect.p, table.loc[row, "PR(>F)"], 9, row)


def test_one_value_per_cell_fits_the_additive_model() -> None:
    ref = load_reference("tukey_warpbreaks.json")["data"]
    # means of wool A and B per tension: 3 rows x 2 data sets, one value per cell
    cells = [[[float(np.mean(ref[t][:9]))], [float(np.mean(ref[t][9:]))]] for t in ("L", "M", "H")]
    r = two_way_anova(cells)
    assert r.status == "ok" and r.additive
    assert math.isnan(r.interaction.f)
    assert r.residual.df == 2


def test_two_way_comparisons_within_rows_tukey_and_sidak() -> None:
    ref = load_reference("anova2_kidney_balanced.json")
    cells = _kidney_cells(ref["data"]["rows"])
    anova = two_way_anova(cells)
    tk = two_way_comparisons(cells, comparisons="withinRows")
    assert tk.method == "tukey" and len(tk.rows) == 6
    from scipy.stats import studentized_range

    row = tk.rows[0]
    q = abs(anova.cell_means[0][0] - anova.cell_means[0][1]) / math.sqrt(anova.residual.ms / 10)
    assert_digits(row.statistic, q, 12)
    assert_digits(row.p, studentized_range.sf(q, 3, 54), 10)
    sd = two_way_comparisons(cells, comparisons="withinDataSets")
    assert sd.method == "sidak" and len(sd.rows) == 3  # two rows: Sidak over the three data sets
    assert sd.rows[0].a == "row 1 / data set 1" and sd.rows[0].b == "row 2 / data set 1"
    allc = two_way_comparisons(cells, comparisons="allCells", correction="bonferroni")
    assert len(allc.rows) == 15
    assert all(r.p >= r.p_unadjusted for r in allc.rows)


@pytest.mark.parametrize(
    ("cells", "status"),
    [
        ([[[1.0, 2.0], [3.0, 4.0]]], "missing-group"),
        ([[[1.0, 2.0], []], [[3.0], [4.0]]], "missing-group"),
        ([[[1.0], [2.0]], [[3.0], [4.0]]], "zero-variance"),  # exactly additive, no residual
        ([[[1.0, 1.0], [2.0, 2.0]], [[3.0, 3.0], [4.0, 4.0]]], "zero-variance"),
    ],
)
def test_bad_data_gives_a_status(cells: list[list[list[float]]], status: str) -> None:
    r = two_way_anova(cells)
    assert r.status == status
    assert math.isnan(r.rows.f) and math.isnan(r.rows.p)
    assert_json_friendly(r)
    assert two_way_comparisons(cells).status == status
