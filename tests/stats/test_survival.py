"""Kaplan-Meier against R's aml example (km_aml.json) and lifelines on generated data."""

from __future__ import annotations

import math

import numpy as np
import pytest

from plotdoc.stats import kaplan_meier, number_at_risk

from .helpers import assert_close, assert_json_friendly, load_reference

ATOL = 1e-9  # tolerance advice against full precision


@pytest.fixture(scope="module")
def aml() -> dict:
    return load_reference("km_aml.json")


@pytest.mark.parametrize("group", ["maintained", "nonmaintained"])
def test_aml_tables(aml: dict, group: str) -> None:
    data = aml["data"][group]
    full = aml["expected"]["full_precision"][group]
    km = kaplan_meier(data["time"], data["status"])
    assert km.status == "ok"
    assert km.n == len(data["time"])
    rows = km.n_event > 0
    table = full["table"]
    assert km.time[rows].tolist() == [row["time"] for row in table]
    assert km.n_at_risk[rows].tolist() == [row["n_risk"] for row in table]
    assert km.n_event[rows].tolist() == [row["n_event"] for row in table]
    pairs = [("survival", "survival"), ("std_err", "std_err"), ("se_log_survival", "se_log_survival"),
             ("log_ci_lower", "log_ci95_lower"), ("log_ci_upper", "log_ci95_upper"),
             ("loglog_ci_lower", "loglog_ci95_lower"), ("loglog_ci_upper", "loglog_ci95_upper"),
             ("plain_ci_lower", "plain_ci95_lower"), ("plain_ci_upper", "plain_ci95_upper")]  # fmt: skip
    for field, key in pairs:
        assert_close(
            getattr(km, field)[rows], [row[key] for row in table], ATOL, f"{group} {field}"
        )
    printed = aml["expected"]["r_summary_printed"][group]
    assert_close(km.survival[rows], [row["survival"] for row in printed], 5e-5, "R print")
    assert km.median == full["median"] == aml["expected"]["r_summary_printed"]["medians"][group]
    assert_close(
        [km.median_ci_lower, km.median_ci_upper], full["median_ci95_loglog"], 0, "log-log median CI"
    )
    log = kaplan_meier(data["time"], data["status"], median_ci="log")
    assert_close(
        [log.median_ci_lower, log.median_ci_upper],
        full["median_ci95_log_R_rule"],
        0,
        "log median CI",
    )
    censored = [t for t, s in zip(data["time"], data["status"], strict=True) if s == 0]
    assert km.censoring_times.tolist() == sorted(censored)
    assert_json_friendly(km)


def test_against_lifelines() -> None:
    lifelines = pytest.importorskip("lifelines")
    rng = np.random.default_rng(17)
    for trial in range(4):
        n = 40 + 25 * trial
        t = np.round(rng.exponential(10.0, size=n), 1)  # rounding makes ties
        c = np.round(rng.uniform(0, 25, size=n), 1)
        time = np.minimum(t, c)
        event = (t <= c).astype(float)
        km = kaplan_meier(time, event)
        kmf = lifelines.KaplanMeierFitter().fit(time, event)
        sf = kmf.survival_function_.iloc[:, 0]
        ci = kmf.confidence_interval_
        table = kmf.event_table
        keep = sf.index.to_numpy() > 0 if 0 not in time else slice(None)
        assert_close(km.time, sf.index.to_numpy()[keep], 0, "times")
        assert_close(km.survival, sf.to_numpy()[keep], 1e-12, "survival")
        defined = km.survival > 0
        assert_close(
            km.loglog_ci_lower[defined], ci.iloc[:, 0].to_numpy()[keep][defined], 1e-10, "lower"
        )
        assert_close(
            km.loglog_ci_upper[defined], ci.iloc[:, 1].to_numpy()[keep][defined], 1e-10, "upper"
        )
        assert km.n_at_risk.tolist() == table["at_risk"].to_numpy()[keep].tolist()
        assert km.n_censored.tolist() == table["censored"].to_numpy()[keep].tolist()
        if not np.any(np.isclose(km.survival, 0.5, rtol=0, atol=1e-12)):
            assert km.median == kmf.median_survival_time_ or (
                math.isnan(km.median) and math.isinf(kmf.median_survival_time_)
            )
            med_ci = lifelines.utils.median_survival_times(ci).to_numpy()[0]
            expected_ci = [np.nan if math.isinf(v) else v for v in med_ci]
            assert_close([km.median_ci_lower, km.median_ci_upper], expected_ci, 0, "median CI")


def test_number_at_risk_and_ties(aml: dict) -> None:
    data = aml["data"]["maintained"]
    km = kaplan_meier(data["time"], data["status"])
    times = np.array(data["time"])
    at = [0, 9, 10, 13, 50, 161, 200]
    assert number_at_risk(km, at).tolist() == [int((times >= a).sum()) for a in at]
    assert km.number_at_risk([13]).tolist() == [10]
    # a censoring tied with a death at 13: the death comes first, the censored subject is at risk
    i = km.time.tolist().index(13)
    assert (km.n_at_risk[i], km.n_event[i], km.n_censored[i]) == (10, 1, 1)


def test_median_midpoint_rule_and_statuses() -> None:
    # S = 0.5 exactly from t = 2 until the next death at t = 4: median is the midpoint 3 (R's rule)
    km = kaplan_meier([1, 2, 3, 4], [1, 1, 0, 1])
    assert km.survival.tolist()[:2] == [0.75, 0.5]
    assert km.median == 3.0
    none = kaplan_meier([1.0, 2.0], [0, 0])
    assert (none.status, none.n_events) == ("ok", 0)
    assert none.survival.tolist() == [1.0, 1.0]
    assert none.loglog_ci_lower.tolist() == [1.0, 1.0]
    assert math.isnan(none.median)
    empty = kaplan_meier([np.nan, -1.0, 3.0], [1, 1, 2])
    assert (empty.status, empty.n_excluded) == ("too-few-values", 3)
    assert_json_friendly(empty)
