"""Every method of METHODS, on random small tables of its families (too few values, zero
variance, missing values, names that are not there) and random parameters, gives a result or a
status with a message, never an exception, within the analysis budget; and every output of the
run (text, --json, the table of comparisons, the rows of to_pandas) can show it."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plotdoc.analyses.methods import METHODS
from plotdoc.analyses.methods.spec import Kind, MethodSpec, Param
from plotdoc.analyses.report import comparison_table, format_report
from plotdoc.analyses.run import FAILED, run_analysis
from plotdoc.analyses.tables import rows
from plotdoc.model import Analysis, DataSet, Project, Table
from plotdoc.stats.budget import Budget

#: one analysis' time; a run may pass it only by the slack of its last deadline check
BUDGET = Budget(seconds=5.0)
SLACK = 3.0

#: values that make statistics awkward: repeated numbers, a constant, missing, huge, tiny
VALUES = st.one_of(
    st.floats(-100, 100, allow_nan=False),
    st.sampled_from([0.0, 1.0, 1.0, 2.0, -3.5, 1e-300, 1e12, float("nan")]),
)


def _param(draw: st.DrawFn, param: Param, names: list[str]) -> Any:
    name = st.sampled_from([*names, *names, *names, "not a data set"])  # mostly real
    if param.kind is Kind.CHOICE:
        return draw(st.sampled_from(param.choices))
    if param.kind is Kind.BOOL:
        return draw(st.booleans())
    if param.kind is Kind.DATA_SET:
        return draw(st.none() | name)
    if param.kind is Kind.DATA_SET_PAIRS:
        pair = st.lists(name, min_size=2, max_size=2, unique=True)
        odd = st.sampled_from([[], [[names[0], names[0]]]])  # none, or one with itself
        return draw(st.lists(pair, min_size=1, max_size=3) | odd)
    if param.nullable and draw(st.booleans()):
        return None
    low = 0.0 if param.above is None else param.above
    return draw(st.sampled_from([low + 0.5, low + 1.0, low + 10.0]))


def _matrix(values: list[list[float]], replicates: int) -> Any:
    return np.array(values, dtype=np.float64).reshape(len(values), replicates)


@st.composite
def tables(draw: st.DrawFn, spec: MethodSpec) -> Table:
    family = draw(st.sampled_from(spec.families))
    n_rows = draw(st.sampled_from([4, 6, 3, 2, 1, 0]))
    replicates = draw(st.integers(1, 3)) if family in ("xy", "grouped") else 1
    n_sets = draw(st.sampled_from([3, 2, 4, 1]))
    names = [f"S{i}" for i in range(n_sets)]
    row = st.lists(VALUES, min_size=replicates, max_size=replicates)
    data_sets = [
        DataSet(name, _matrix(draw(st.lists(row, min_size=n_rows, max_size=n_rows)), replicates))
        for name in names
    ]
    params = {p.name: _param(draw, p, names) for p in spec.params}
    x = None
    if family in ("xy", "survival"):
        x = np.array(draw(st.lists(VALUES, min_size=n_rows, max_size=n_rows)), dtype=np.float64)
    row_labels = [f"R{r}" for r in range(n_rows)] if family == "grouped" else None
    table = Table(
        "t", "t", family, replicates, data_sets, x=x, row_labels=row_labels,
        analyses=[Analysis("a", spec.id, params)],
    )  # fmt: skip
    return table


@pytest.mark.slow  # about 20 s in all (Tukey finds a studentized range quantile per set)
@pytest.mark.parametrize("spec", list(METHODS.values()), ids=lambda s: s.id)
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(data=st.data())
def test_every_method_gives_a_result_or_says_why(spec: MethodSpec, data: st.DataObject) -> None:
    table = data.draw(tables(spec))
    start = time.monotonic()
    run = run_analysis(table, "a", BUDGET)
    assert time.monotonic() - start < BUDGET.seconds + SLACK, spec.id
    assert run.status != FAILED, (spec.id, table.analyses[0].params, run.message)
    if run.status != "ok":
        assert run.message and run.message != "ok", (spec.id, run.status)
    # every output shows it
    text = format_report(Project(tables=[table]), {("t", "a"): run})
    assert run.status in text
    assert run.to_dict()["status"] == run.status
    for c in run.comparisons:
        assert c.status == "ok" or (c.message and c.p is None)
    comparison_table(run)
    rows(run)


def test_a_4pl_fit_whose_jacobian_overflows_says_so() -> None:
    """Found by the test above: X of 0 and 1e-300 on a log axis made J'J overflow, and the
    batch's eigenvalues raised LinAlgError ("Eigenvalues did not converge")."""
    flat = np.zeros((3, 2))
    step = flat.copy()
    step[2, 1] = 1.0
    table = Table(
        "t", "t", "xy", 2, [DataSet("S0", flat), DataSet("S1", flat.copy()), DataSet("S2", step)],
        x=np.array([0.0, 0.0, 1e-300]),
        analyses=[Analysis("a", "nonlinearRegression", METHODS["nonlinearRegression"].defaults)],
    )  # fmt: skip
    run = run_analysis(table, "a", BUDGET)
    assert run.status != FAILED, run.message
    assert all(fit.status != "ok" and fit.message for fit in run.per_data_set.values())


def test_a_4pl_fit_of_values_whose_spread_underflows_says_so() -> None:
    """Found by the test above: Y of zeros and one 1e-300 has a total sum of squares that
    underflows to zero, and R squared divided by it."""
    values = np.array([[0.0, 0.0, 0.0], [0.0, 0.0, 1e-300]])
    table = Table(
        "t", "t", "xy", 3, [DataSet("S0", values)], x=np.array([0.0, 1.0]),
        analyses=[Analysis("a", "nonlinearRegression", METHODS["nonlinearRegression"].defaults)],
    )  # fmt: skip
    run = run_analysis(table, "a", BUDGET)
    assert run.status != FAILED, run.message
    assert run.status != "ok" and run.message
