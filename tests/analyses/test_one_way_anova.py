"""`oneWayAnova` through the document: a version 2 file's analysis gives the numbers of the
references in tests/reference (NIST StRD, R), and every combination of its options gives a
result or a status with a message."""

from __future__ import annotations

import itertools
import json
from typing import Any

import orjson
import pytest

from plotdoc.analyses.methods import METHODS
from plotdoc.api import loads
from plotdoc.editing import rename_data_set
from plotdoc.stats.comparisons import p_adjust
from plotdoc.writer import dumps

from ..stats.helpers import load_reference

SPEC = METHODS["oneWayAnova"]


def document(groups: dict[str, list[float]], **params: Any) -> bytes:
    """A version 2 file: one column table holding ``groups``, one oneWayAnova analysis."""
    rows = max(len(v) for v in groups.values())
    return orjson.dumps(
        {
            "format": "plotdoc-project",
            "schemaVersion": 2,
            "tables": [
                {
                    "id": "t",
                    "format": "column",
                    "dataSets": [
                        {
                            "id": f"id-{name}",
                            "name": name,
                            "values": [[v] for v in values] + [[None]] * (rows - len(values)),
                        }
                        for name, values in groups.items()
                    ],
                    "analyses": [{"id": "a", "method": "oneWayAnova", "params": params}],
                }
            ],
        }
    )


def run(groups: dict[str, list[float]], **params: Any) -> Any:
    r = loads(document(groups, **params)).results[("t", "a")]
    return r


def pairs_of(r: Any) -> dict[tuple[str, str], Any]:
    return {(c.a, c.b): c for c in r.comparisons}


# -- references ---------------------------------------------------------------------------------


def test_nist_sirstv_certified_values() -> None:
    ref = load_reference("anova1_nist_sirstv.json")
    groups = {f"Instrument {k}": v for k, v in ref["data"]["groups"].items()}
    r = run(groups, comparisons="none")
    exp = ref["expected"]
    assert r.status == "ok" and r.comparisons == []
    assert r.result.statistic == pytest.approx(exp["F"], rel=1e-12)
    assert (r.result.df_num, r.result.df_den) == (4, 20)
    assert r.result.eta_squared == pytest.approx(exp["r_squared"], rel=1e-12)
    assert r.result.correction == "none"


def test_tukey_warpbreaks_matches_r() -> None:
    ref = load_reference("tukey_warpbreaks.json")
    d = ref["data"]
    r = run({"L": d["L"], "M": d["M"], "H": d["H"]})  # allPairs, auto = Tukey
    assert r.status == "ok" and r.result.correction == "tukey"
    got = pairs_of(r)
    for key, (a, b) in {"M-H": ("M", "H"), "L-H": ("L", "H"), "L-M": ("L", "M")}.items():
        exp = ref["expected"]["one_way_r_printed"][key]
        c = got[(a, b)]
        assert c.difference == pytest.approx(exp["diff"], abs=1e-6)
        assert c.ci_lower == pytest.approx(exp["lwr"], abs=1e-5)
        assert c.ci_upper == pytest.approx(exp["upr"], abs=1e-4)
        assert c.p == pytest.approx(exp["p_adj"], abs=1e-6)


def test_dunnett_1955_matches_r() -> None:
    ref = load_reference("dunnett_dunnett1955.json")
    d = ref["data"]
    groups = {"Control": d["control"], "A": d["treatment_A"], "B": d["treatment_B"]}
    # the control is named by id, as a version 2 file names it; auto = Dunnett
    r = run(groups, comparisons="versusControl", control="id-Control")
    assert r.status == "ok" and r.result.correction == "dunnett"
    got = pairs_of(r)
    for arm in ("A", "B"):
        c = got[("Control", arm)]
        # the table says control minus treatment; the reference treatment minus control
        lo, hi = ref["expected"]["ci95_two_sided"][arm]
        assert -c.difference == pytest.approx((lo + hi) / 2, abs=1e-9)
        assert c.p == pytest.approx(ref["expected"]["p_two_sided"][arm], abs=1e-4)
        assert -c.ci_upper == pytest.approx(lo, abs=2e-3)
        assert -c.ci_lower == pytest.approx(hi, abs=2e-3)


@pytest.mark.parametrize(
    ("test", "key"),
    [("ordinary", "ordinary_F"), ("welch", "welch"), ("brownForsythe", "brown_forsythe_means")],
)
def test_welch_and_brown_forsythe_match_r(test: str, key: str) -> None:
    ref = load_reference("anova1_welch_brownforsythe_df3.json")
    d = ref["data"]
    r = run({"g0": d["g0"], "g1": d["g1"], "g2": d["g2"]}, test=test)
    exp = ref["expected"][key]
    assert r.status == "ok"
    assert r.result.statistic == pytest.approx(exp["F"], rel=1e-10)
    assert r.result.df_den == pytest.approx(exp["df_den"], rel=1e-10)
    assert r.result.p == pytest.approx(exp["p"], rel=1e-8)
    # Games-Howell follows Welch and Brown-Forsythe
    assert r.result.correction == ("tukey" if test == "ordinary" else "gamesHowell")


def test_kruskal_wallis_airquality_matches_r() -> None:
    ref = load_reference("kruskal_airquality.json")
    d = ref["data"]
    r = run({m: d[m] for m in ("May", "Jun", "Jul", "Aug", "Sep")}, test="kruskalWallis")
    assert r.status == "ok" and r.result.statistic_name == "H"
    assert r.result.statistic == pytest.approx(ref["expected"]["H_chi_squared"], abs=5e-4)
    assert r.result.p == pytest.approx(ref["expected"]["p"], rel=1e-3)
    assert r.result.correction == "dunn" and len(r.comparisons) == 10


def test_dunn_after_kruskal_wallis_matches_r() -> None:
    """Dunn's z P values: the table gives them Bonferroni-adjusted (as Prism); adjusted by
    Holm instead, they are R's (scikit-posthocs' reference)."""
    ref = load_reference("dunn_exercise_pulse.json")
    d = ref["data"]
    r = run({k: d[k] for k in ("rest", "walking", "running")}, test="kruskalWallis")
    got = pairs_of(r)
    keys = {"rest-walking": ("rest", "walking"), "rest-running": ("rest", "running"),
            "running-walking": ("walking", "running")}  # fmt: skip
    raw = [min(got[pair].p, 1.0) / 3 for pair in keys.values()]
    assert all(got[pair].p < 1 for pair in keys.values())  # not capped: raw = adjusted / 3
    holm = p_adjust(raw, "holm")
    for (key, _), value in zip(keys.items(), holm, strict=True):
        assert value == pytest.approx(ref["expected"]["holm_adjusted_p"][key], rel=1e-5)


def test_friedman_rounding_times_matches_r() -> None:
    ref = load_reference("friedman_roundingtimes.json")
    d = ref["data"]
    columns = {name: [row[j] for row in d["matrix"]] for j, name in enumerate(d["columns"])}
    r = run(columns, test="friedman")
    assert r.status == "ok" and r.result.statistic_name == "chi-square"
    assert r.result.statistic == pytest.approx(ref["expected"]["friedman_chi_squared"], abs=5e-4)
    assert r.result.df_num == 2
    assert r.result.p == pytest.approx(ref["expected"]["p"], rel=1e-3)


# -- options ------------------------------------------------------------------------------------

GROUPS = {
    "Control": [4.1, 5.2, 6.3, 5.5, 4.8],
    "Dose 1": [7.4, 8.1, 6.9, 7.7, 8.3],
    "Dose 2": [5.0, 6.1, 5.9, 6.6, 5.2],
}


@pytest.mark.parametrize(
    ("test", "comparisons", "correction"),
    list(
        itertools.product(
            SPEC.param("test").choices,
            SPEC.param("comparisons").choices,
            SPEC.param("correction").choices,
        )
    ),
)
def test_every_combination_gives_a_result_or_says_why(
    test: str, comparisons: str, correction: str
) -> None:
    r = run(GROUPS, test=test, comparisons=comparisons, correction=correction,
            pairs=[["id-Dose 1", "id-Dose 2"]])  # fmt: skip
    assert r.status in ("ok", "not-applicable"), (r.status, r.message)
    if r.status == "not-applicable":
        assert r.message and r.comparisons == []
        return
    assert r.result.p == r.result.p  # a number
    expected = {"none": 0, "allPairs": 3, "versusControl": 2, "selectedPairs": 1}[comparisons]
    assert len(r.comparisons) == expected
    assert all(c.status == "ok" and c.p is not None for c in r.comparisons)
    assert (r.result.correction == "none") == (comparisons == "none")


@pytest.mark.parametrize(
    ("params", "said"),
    [
        ({"correction": "dunn"}, "the dunn correction does not follow the ordinary test"),
        ({"test": "kruskalWallis", "correction": "tukey"}, "after it: dunn"),
        ({"correction": "dunnett"}, "versusControl"),
        ({"test": "welch", "correction": "sidak"}, "after it: gamesHowell"),
        ({"test": "repeatedMeasures", "correction": "gamesHowell"}, "does not follow"),
        ({"comparisons": "selectedPairs"}, "no pairs are selected"),
    ],
)
def test_a_combination_that_makes_no_sense_is_refused_with_a_message(
    params: dict[str, Any], said: str
) -> None:
    r = run(GROUPS, **params)
    assert r.status == "not-applicable" and said in r.message


@pytest.mark.parametrize(
    ("params", "said"),
    [
        ({"comparisons": "versusControl", "control": "nope"}, "control: no data set 'nope'"),
        ({"comparisons": "selectedPairs", "pairs": [["id-Control", "x"]]}, "pairs[0]: no"),
        ({"comparisons": "selectedPairs", "pairs": [["id-Control"] * 2]}, "with itself"),
    ],
)
def test_a_data_set_that_is_not_there_is_said(params: dict[str, Any], said: str) -> None:
    r = run(GROUPS, **params)
    assert r.status != "ok" and said in r.message


def test_the_control_and_pairs_are_ids_in_the_file_and_follow_a_rename() -> None:
    project = loads(
        document(GROUPS, comparisons="selectedPairs", pairs=[["id-Dose 2", "id-Control"]])
    )
    analysis = project.table("t").analysis("a")
    assert analysis.params["pairs"] == [["Dose 2", "Control"]]  # the model holds names
    rename_data_set(project, "t", 0, "Placebo")
    assert analysis.params["pairs"] == [["Dose 2", "Placebo"]]
    saved = json.loads(dumps(project))
    assert saved["tables"][0]["analyses"][0]["params"]["pairs"] == [["id-Dose 2", "id-Control"]]
    again = loads(dumps(project)).results[("t", "a")]
    assert [(c.a, c.b) for c in again.comparisons] == [("Dose 2", "Placebo")]


def test_a_data_set_without_values_is_left_out_and_a_named_one_said() -> None:
    groups = {**GROUPS, "Empty": []}
    r = run(groups)
    assert r.status == "ok" and r.result.data_sets == ("Control", "Dose 1", "Dose 2")
    r = run(groups, comparisons="versusControl", control="id-Empty")
    assert r.status == "missing-group" and "holds no value" in r.message


def test_comparisons_that_cannot_be_computed_are_listed_with_the_reason() -> None:
    # Games-Howell needs variation in every data set; the ANOVA itself can run
    groups = {"A": [1.0, 1.0, 1.0], "B": [2.0, 3.0, 4.0], "C": [5.0, 6.0, 8.0]}
    r = run(groups, correction="gamesHowell")
    assert r.status == "ok" and r.result.p == r.result.p
    assert len(r.comparisons) == 3
    assert all(c.p is None and c.status == "zero-variance" for c in r.comparisons)
    assert "zero-variance" in r.to_dict()["comparisons"][0]["status"]


def test_many_comparisons_keep_to_the_budget() -> None:
    import time

    import numpy as np

    from plotdoc.analyses.run import run_analysis
    from plotdoc.stats.budget import Budget

    rng = np.random.default_rng(5)
    groups = {f"G{i}": [float(v) for v in rng.normal(i, 1, 5)] for i in range(60)}
    table = loads(document(groups, correction="gamesHowell")).table("t")
    start = time.monotonic()
    done = run_analysis(table, "a", Budget(seconds=2.0))
    assert time.monotonic() - start < 3.5  # refused from its estimate: 1,770 pairs
    assert done.status == "budget-exceeded" and "1,770 comparisons" in done.message
    # 36 pairs: estimated under twice the budget, so it starts; the deadline checks between
    # pairs stop it if it runs long (how long depends on the machine)
    fewer = {k: groups[k] for k in list(groups)[:9]}
    table = loads(document(fewer, correction="gamesHowell")).table("t")
    start = time.monotonic()
    done = run_analysis(table, "a", Budget(seconds=2.0))
    assert time.monotonic() - start < 3.5
    assert done.status in ("ok", "budget-exceeded"), done.message


def test_the_spec_offers_what_the_statistics_compute() -> None:
    from plotdoc.analyses.methods import two_way_anova
    from plotdoc.stats.anova import ONE_WAY_TESTS
    from plotdoc.stats.comparisons import CORRECTIONS
    from plotdoc.stats.one_way import COMPARISON_CHOICES, CORRECTIONS_AFTER
    from plotdoc.stats.two_way import COMPARISON_CHOICES as TWO_WAY_CHOICES
    from plotdoc.stats.twoway import TWO_WAY_CORRECTIONS

    assert SPEC.param("test").choices == ONE_WAY_TESTS
    assert set(CORRECTIONS_AFTER) == set(ONE_WAY_TESTS)
    assert SPEC.param("comparisons").choices == COMPARISON_CHOICES
    assert SPEC.param("correction").choices == CORRECTIONS
    two = two_way_anova.SPEC
    assert two.param("comparisons").choices == TWO_WAY_CHOICES
    assert two.param("correction").choices == TWO_WAY_CORRECTIONS


def test_removing_a_data_set_drops_the_pairs_naming_it_and_says_so() -> None:
    from plotdoc.editing import data_set_uses, remove_data_set

    project = loads(
        document(
            GROUPS,
            comparisons="selectedPairs",
            pairs=[["id-Control", "id-Dose 1"], ["id-Dose 1", "id-Dose 2"]],
        )
    )
    uses = data_set_uses(project, "t", 0)
    said = [(u.path, u.then) for u in uses]
    assert (
        ("tables", 0, "analyses", 0, "params", "pairs", 0),
        "dropped from the pairs compared",
    ) in said
    remove_data_set(project, "t", 0)
    analysis = project.table("t").analysis("a")
    assert analysis.params["pairs"] == [["Dose 1", "Dose 2"]]
    again = loads(dumps(project)).results[("t", "a")]
    assert again.status == "ok" and [(c.a, c.b) for c in again.comparisons] == [
        ("Dose 1", "Dose 2")
    ]
