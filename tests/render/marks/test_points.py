"""Many points keep the shape of the data visible: from 2,000 symbols on they shrink and turn
translucent (mv scatter, xy scatter); a few points keep their size and opacity."""

from __future__ import annotations

from typing import Any

import matplotlib
import numpy as np
import pytest

from plotdoc.render.engine import build_figure, rc_params

from ..docs import open_doc, project, with_graph
from ..row_docs import by_gid, mv_doc

RNG = np.random.default_rng(5)


def _figure(doc: dict[str, Any]) -> Any:
    p = open_doc(doc)
    t = p.tables[0]
    assert t.graph is not None
    with matplotlib.rc_context(rc_params(t.graph)):
        return build_figure(p, t, dpi=72)


def _mv(n: int) -> dict[str, Any]:
    x, y = RNG.normal(size=(2, n)).round(4).tolist()
    return mv_doc("mv-scatter", "scatter", {"x": 0, "y": 1}, [("x", x), ("y", y)])


def _xy(n: int) -> dict[str, Any]:
    x = RNG.normal(size=n).round(4).tolist()
    values = [[v] for v in RNG.normal(size=n).round(4).tolist()]
    table = {"name": "XY", "format": "xy", "x": x, "dataSets": [{"name": "S", "values": values}]}
    return project({**table, "graph": {"variantId": "scatter"}})


@pytest.mark.parametrize(("make", "gid"), [(_mv, "symbols"), (_xy, "symbols/ds0")])
def test_many_points_shrink_and_turn_translucent(make: Any, gid: str) -> None:
    few = by_gid(_figure(make(50)), gid)
    many = by_gid(_figure(make(200_000 if make is _mv else 20_000)), gid)
    assert {f[3] for f in few.faces} == {1.0}
    assert max(many.sizes) < 0.7 * min(few.sizes)
    assert min(many.sizes) >= 1.5
    alphas = {f[3] for f in many.faces}
    assert max(alphas) <= 0.2 and min(alphas) >= 0.03


def test_a_size_the_user_gave_is_kept_for_many_points() -> None:
    doc = with_graph(_xy(20_000), styleOverrides={"global": {"symbol": {"size": 9}}})
    art = by_gid(_figure(doc), "symbols/ds0")
    assert set(art.sizes) == {9.0}
    assert max(f[3] for f in art.faces) < 1.0
