"""Every xy, column, nested and survival variant draws its sample document with the expected marks."""

from __future__ import annotations

import orjson
import pytest

from plotdoc.contract.variants import VARIANTS
from plotdoc.publish.samples import sample_document

from ..docs import Svg, render

PART1 = [v for v, spec in VARIANTS.items() if spec.family in ("xy", "column", "nested", "survival")]

#: ids (or id prefixes ending in "/") each sample must draw, and prefixes it must not
EXPECT: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "scatter": (
        (
            "symbol/ds0/p0",
            "curve/regression/fit",
            "curve/regression/fit/ds1",
            "band/confidence/fit/ds0",
        ),
        ("line/", "errorbar/"),
    ),
    "line": (("symbol/ds1/p5", "line/ds0", "line/ds1"), ("errorbar/",)),
    "xy-line-only": (("line/ds0",), ("symbol/", "errorbar/")),
    "xy-spikes": (("spike/ds0/p0", "spike/ds1/p5"), ("symbol/", "line/")),
    "xy-area": (("area/ds0", "line/ds0"), ("symbol/",)),
    "xy-points-error": (("symbol/ds0/p0", "errorbar/ds0/row0", "errorbar/ds1/row5"), ("line/",)),
    "xy-points-line-error": (("symbol/ds0/p0", "errorbar/ds0/row0", "line/ds0"), ()),
    "xy-individual-replicates": (("symbol/ds0/p0/r0", "symbol/ds0/p0/r2"), ("line/", "errorbar/")),
    "xy-repeated-measures": (("line/ds0/r0", "line/ds0/r2", "symbol/ds0/p0/r1"), ("errorbar/",)),
    "xy-replicates-mean-line": (("symbol/ds0/p3/r1", "line/ds0"), ("errorbar/",)),
    "xy-line-error": (("line/ds0", "errorbar/ds0/row0"), ("symbol/",)),
    "xy-spikes-error": (("spike/ds0/p0", "errorbar/ds0/row0"), ("symbol/",)),
    "xy-area-error": (("band/error/ds0", "line/ds0"), ("errorbar/", "symbol/")),
    "column-scatter-only": (("symbol/ds0/p0", "summary/ds0", "errorbar/ds0"), ("bar/",)),
    "scatter-bar": (("bar/ds0", "bar/ds2", "errorbar/ds1", "symbol/ds2/p7"), ()),
    "column-before-after": (
        ("pair/row0", "pair/row7", "symbol/ds0/p0", "symbol/ds1/p7"),
        ("bar/",),
    ),
    "column-floating-bars": (("bar/ds0", "summary/ds0"), ("errorbar/",)),
    "column-box-whiskers": (("box/ds0", "whisker/ds0", "median/ds0", "outlier/ds1/p0"), ()),
    "column-violin": (("violin/ds0", "median/ds0", "quartile/ds0/q1", "quartile/ds0/q3"), ()),
    "bar": (("bar/ds0", "errorbar/ds0"), ("symbol/",)),
    "column-mean-error": (("symbol/ds0/center", "errorbar/ds0"), ("bar/",)),
    "column-mean-error-connected": (
        ("symbol/ds0/center", "errorbar/ds0", "line/centers"),
        ("bar/",),
    ),
    "nested-scatter": (
        ("symbol/ds0/sub0/p0", "symbol/ds1/sub2/p4", "summary/ds0"),
        ("bar/", "errorbar/"),
    ),
    "nested-scatter-bar": (("bar/ds0", "errorbar/ds1", "symbol/ds0/sub1/p0"), ()),
    "nested-bar": (("bar/ds0", "bar/ds1", "errorbar/ds0"), ("symbol/",)),
    "nested-low-high": (("bar/ds0/sub0", "bar/ds1/sub2", "summary/ds0/sub1"), ()),
    "nested-box": (("box/ds0/sub0", "box/ds1/sub2", "median/ds0/sub1", "whisker/ds1/sub0"), ()),
    "nested-violin": (("violin/ds0/sub0", "violin/ds1/sub2", "median/ds1/sub2"), ()),
    "survival-staircase-ticks": (("line/ds0", "line/ds1", "censored/ds0"), ("symbol/",)),
    "survival-point-to-point": (("line/ds0", "symbol/ds0/p0"), ("errorbar/",)),
    "survival-point-to-point-eb": (("line/ds0", "symbol/ds0/p1", "errorbar/ds0/"), ()),
    "survival-staircase-points": (("line/ds1", "symbol/ds1/p0"), ()),
}


def test_every_variant_has_an_expectation() -> None:
    assert sorted(EXPECT) == sorted(PART1)
    assert len(PART1) == 32


@pytest.mark.parametrize("variant", PART1)
def test_sample_draws_expected_marks(variant: str) -> None:
    doc = sample_document(variant)
    svg = Svg(render(doc))
    ids = svg.ids()
    must, must_not = EXPECT[variant]
    for sid in must:
        if sid.endswith("/"):
            assert any(i.startswith(sid) for i in ids), (sid, ids)
        else:
            assert svg.has(sid), (sid, ids)
    for prefix in must_not:
        assert not any(i.startswith(prefix) for i in ids), (
            prefix,
            [i for i in ids if i.startswith(prefix)],
        )
    assert svg.has("title/graph")
    assert svg.has("axis/x") and svg.has("axis/y")
    # the sample is a valid document on its own
    assert orjson.loads(orjson.dumps(doc))["tables"][0]["graph"]["variantId"] == variant


@pytest.mark.parametrize("preset", ["classic", "floral", "starry"])
@pytest.mark.parametrize("variant", PART1)
def test_every_preset_draws_the_same_marks(variant: str, preset: str) -> None:
    doc = sample_document(variant)
    base = Svg(render(doc))
    doc["tables"][0]["graph"]["activePresetId"] = preset
    styled = Svg(render(doc))
    assert styled.ids() == base.ids()
    assert styled.data != base.data
