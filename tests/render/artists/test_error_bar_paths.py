"""Error bars are drawn as one path per data set: each bar's stem, then its caps, as the
segments a reader expects (a cap centred on each end it marks, across the stem)."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.path import Path

from plotdoc.render.artists.collections import _bar_paths

LOW = np.array([[10.0, 20.0], [30.0, 5.0]])
HIGH = np.array([[10.0, 50.0], [30.0, 45.0]])


def _segments(verts: np.ndarray, codes: list[int]) -> list[list[tuple[float, float]]]:
    """Each bar's segments, from its vertices and the codes of one bar."""
    out = []
    for bar in verts:
        segs = []
        for k, code in enumerate(codes):
            if code == Path.MOVETO:
                segs.append((tuple(bar[k]), tuple(bar[k + 1])))
        out.append(segs)
    return out


@pytest.mark.parametrize(
    ("direction", "capped"),
    [("both", ["low", "high"]), ("above", ["high"]), ("below", ["low"])],
)
def test_each_bar_is_its_stem_then_a_cap_on_each_end_it_marks(
    direction: str, capped: list[str]
) -> None:
    verts, codes = _bar_paths(LOW, HIGH, 2.0, True, direction)
    assert verts.shape == (2, 2 + 2 * len(capped), 2)
    assert codes == [Path.MOVETO, Path.LINETO] * (1 + len(capped))
    for bar, (x, lo), (_, hi) in zip(_segments(verts, codes), LOW, HIGH, strict=True):
        ends = {"low": lo, "high": hi}
        assert bar[0] == ((x, lo), (x, hi))
        assert bar[1:] == [((x - 2.0, ends[e]), (x + 2.0, ends[e])) for e in capped]


def test_horizontal_bars_have_upright_caps_and_no_cap_when_its_size_is_zero() -> None:
    lo, hi = LOW[:, ::-1], HIGH[:, ::-1]  # the value along X
    verts, codes = _bar_paths(lo, hi, 1.5, False, "both")
    first = _segments(verts, codes)[0]
    assert first == [
        ((20.0, 10.0), (50.0, 10.0)),
        ((20.0, 8.5), (20.0, 11.5)),
        ((50.0, 8.5), (50.0, 11.5)),
    ]
    verts, codes = _bar_paths(lo, hi, 0.0, False, "both")
    assert verts.shape == (2, 2, 2) and codes == [Path.MOVETO, Path.LINETO]


def test_no_bars_give_an_empty_path() -> None:
    verts, codes = _bar_paths(np.zeros((0, 2)), np.zeros((0, 2)), 2.0, True, "both")
    assert verts.shape == (0, 6, 2) and len(codes) == 6
