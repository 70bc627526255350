"""Nested graphs by subgroup and Kaplan-Meier graphs with their options."""

from __future__ import annotations

import pytest

from ..docs import nested_doc, survival_doc, svg_of


def test_nested_scatter_lanes_per_subgroup() -> None:
    svg = svg_of(
        nested_doc(
            "nested-scatter",
            graph={"plot": {"family": "nested", "options": {"pointLayout": "aligned"}}},
        )
    )
    assert len(svg.ids("symbol/ds0/")) == 12
    lanes = [svg.point(f"symbol/ds0/sub{j}/p0")[0] for j in range(3)]
    assert lanes == sorted(lanes) and len(set(lanes)) == 3
    # every value of one subgroup on its lane
    assert {round(svg.point(f"symbol/ds0/sub1/p{r}")[0], 3) for r in range(4)} == {
        round(lanes[1], 3)
    }
    # treatment 1 is right of treatment 0
    assert svg.point("symbol/ds1/sub0/p0")[0] > lanes[2]


@pytest.mark.parametrize(
    ("variant", "kind"),
    [("nested-box", "box"), ("nested-violin", "violin"), ("nested-low-high", "bar")],
)
def test_one_mark_per_subgroup(variant: str, kind: str) -> None:
    svg = svg_of(nested_doc(variant))
    marks = [i for i in svg.ids(f"{kind}/") if "/sub" in i]
    assert marks == [f"{kind}/ds{i}/sub{j}" for i in range(2) for j in range(3)]
    lefts = [svg.bbox(m)[0] for m in marks]
    assert lefts == sorted(lefts)


def test_nested_bar_pools_values() -> None:
    svg = svg_of(nested_doc("nested-bar"))
    h0 = svg.bbox("bar/ds0")[3] - svg.bbox("bar/ds0")[1]
    h1 = svg.bbox("bar/ds1")[3] - svg.bbox("bar/ds1")[1]
    # pooled means: 10 + 1 + 0.75 = 11.75 and 21.75
    assert h1 / h0 == pytest.approx(21.75 / 11.75, rel=1e-3)


def test_hide_outer_frame_keeps_value_axis() -> None:
    svg = svg_of(
        nested_doc(
            "nested-bar", graph={"plot": {"family": "nested", "options": {"hideOuterFrame": True}}}
        )
    )
    assert svg.has("bar/ds0")


def _ys(svg: object, sid: str) -> list[float]:
    return [p[1] for p in svg.path_points(sid)]  # type: ignore[attr-defined]


def test_staircase_steps_down_and_ticks_at_censored() -> None:
    svg = svg_of(survival_doc())
    ys = _ys(svg, "line/ds0")
    assert ys == sorted(ys)  # never rises (SVG y grows downwards)
    # group A has censored subjects at t=3 and t=6
    assert list(svg.ids("censored/ds0/")) == ["censored/ds0/c3", "censored/ds0/c6"]
    assert len(svg.ids("censored/ds1/")) == 1


def test_point_to_point_symbols_at_every_point() -> None:
    svg = svg_of(survival_doc("survival-point-to-point"))
    # time 0 plus 6 distinct times
    assert len(svg.ids("symbol/ds0/")) == 7
    pts = svg.path_points("line/ds0")
    assert len(pts) == 7


def test_error_bars_se_and_ci() -> None:
    se = svg_of(survival_doc("survival-point-to-point-eb"))
    ci = svg_of(
        survival_doc(
            "survival-point-to-point-eb",
            graph={"plot": {"family": "survival", "options": {"errorBars": "ci95"}}},
        )
    )
    none = svg_of(
        survival_doc(
            "survival-point-to-point-eb",
            graph={"plot": {"family": "survival", "options": {"errorBars": "none"}}},
        )
    )
    assert se.ids("errorbar/ds0/") and ci.ids("errorbar/ds0/")
    assert not none.ids("errorbar/")
    # one error bar per event time of group A (1, 2, 4, 5)
    assert len(se.ids("errorbar/ds0/")) == 4


def test_death_outcome_rises_and_fractions_scale() -> None:
    death = svg_of(
        survival_doc(graph={"plot": {"family": "survival", "options": {"outcome": "death"}}})
    )
    ys = _ys(death, "line/ds0")
    assert ys == sorted(ys, reverse=True)
    assert "death" in death.text("title/y").lower()
    frac = svg_of(
        survival_doc(graph={"plot": {"family": "survival", "options": {"showAs": "fractions"}}})
    )
    assert frac.text("title/y") == "Fraction survival"


def test_symbols_censored_only_vs_all() -> None:
    only = svg_of(
        survival_doc(
            "survival-staircase-points",
            graph={"plot": {"family": "survival", "options": {"plotSymbolsAt": "censoredOnly"}}},
        )
    )
    assert not only.ids("symbol/") and only.ids("censored/ds0/")
    per_set = svg_of(
        survival_doc(
            "survival-staircase-points",
            graph={
                "styleOverrides": {
                    "perDataSet": {"B": {"symbol": {"symbolVisibility": "censoredOnly"}}}
                }
            },
        )
    )
    assert per_set.ids("symbol/ds0/") and not per_set.ids("symbol/ds1/")


def test_number_at_risk_table() -> None:
    svg = svg_of(
        survival_doc(graph={"plot": {"family": "survival", "options": {"showNumberAtRisk": True}}})
    )
    counts = [svg.text(i) for i in svg.ids("atrisk/ds0/t")]
    assert counts[0] == "6"  # all of group A at risk at time 0
    assert [int(c) for c in counts] == sorted((int(c) for c in counts), reverse=True)
    assert svg.text("atrisk/ds1/label") == "B"
    # under the axis: below every tick label
    assert not svg.ids("censoredcount/")
    both = svg_of(
        survival_doc(
            graph={
                "plot": {
                    "family": "survival",
                    "options": {"showNumberAtRisk": True, "showCumulativeCensored": True},
                }
            }
        )
    )
    cens = [int(both.text(i)) for i in both.ids("censoredcount/ds0/t")]
    assert cens == sorted(cens) and cens[-1] == 2
