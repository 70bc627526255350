"""A pie's labels stand beside their slices unless two would touch or one would leave the
graphic's height; past that, call-outs label the largest parts of each side that fit. The
drawing works this out for all parts at once (a pie may have 10,000): these tests hold it to
the rules as written label by label, on random pies of a few to a few hundred parts."""

from __future__ import annotations

import numpy as np
from hypothesis import event, given, settings
from hypothesis import strategies as st

from plotdoc.render.marks.slices import _beside, _labelled

Box = tuple[float, float, float, float]


def _spot(mid: float) -> tuple[float, float, str, str]:
    cx, cy = float(np.cos(mid)), float(np.sin(mid))
    ha = "left" if cx > 0.05 else "right" if cx < -0.05 else "center"
    va = "bottom" if cy > 0.05 else "top" if cy < -0.05 else "center"
    return 1.08 * cx, 1.08 * cy, ha, va


def _box(text: str, spot: tuple[float, float, str, str], font: float) -> Box:
    lines = text.split("\n")
    w, h = max(len(s) for s in lines) * 0.6 * font, len(lines) * 1.25 * font
    x, y, ha, va = spot
    x0 = x if ha == "left" else x - w if ha == "right" else x - w / 2
    y0 = y if va == "bottom" else y - h if va == "top" else y - h / 2
    return x0, y0, x0 + w, y0 + h


def _beside_by_rule(texts: list[str], mids: list[float], font: float, half: float) -> object:
    spots = [_spot(m) for m in mids]
    boxes = [_box(t, s, font) for t, s in zip(texts, spots, strict=True)]
    if any(b[1] < -half or b[3] > half for b in boxes):
        return None
    for k, a in enumerate(boxes):
        for b in boxes[k + 1 :]:
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                return None
    return spots


def _labelled_by_rule(
    texts: list[str], values: list[float], mids: list[float], font: float, room: float
) -> list[int]:
    out: list[int] = []
    for side in (True, False):
        members = [k for k, m in enumerate(mids) if (np.cos(m) >= 0) == side]
        members.sort(key=lambda k: -values[k])
        used = 0.0
        for k in members:
            used += (len(texts[k].split("\n")) * 1.25 + 0.15) * font
            if used > room:
                break
            out.append(k)
    return sorted(out)


@st.composite
def pies(draw: st.DrawFn, most: int = 300) -> tuple[list[str], list[float], np.ndarray]:
    n = draw(st.integers(1, most))
    values = draw(
        st.lists(st.sampled_from([1.0, 2.0, 3.0, 10.0, 50.0, 400.0]), min_size=n, max_size=n)
    )
    names = draw(st.lists(st.text("ab\n", max_size=14), min_size=n, max_size=n))
    ends = np.cumsum(values) / sum(values)
    starts = np.concatenate([[0.0], ends[:-1]])
    mids = np.deg2rad(90.0 - (starts + ends) * 180.0)
    return [f"{name}\n{v:.0f}%" for name, v in zip(names, values, strict=True)], values, mids


@settings(max_examples=150, deadline=None)
@given(st.one_of(pies(8), pies()), st.floats(0.01, 0.12), st.floats(1.0, 3.0))
def test_labels_stand_beside_their_slices_by_the_rules(
    pie: tuple[list[str], list[float], np.ndarray], font: float, half: float
) -> None:
    texts, _, mids = pie
    spots = _beside(texts, mids, font, half)
    assert spots == _beside_by_rule(texts, mids.tolist(), font, half)
    event("beside" if spots else "call-outs")


@settings(max_examples=150, deadline=None)
@given(pies(), st.floats(0.01, 0.2), st.floats(0.5, 8.0))
def test_call_outs_label_the_largest_parts_that_fit_by_the_rules(
    pie: tuple[list[str], list[float], np.ndarray], font: float, room: float
) -> None:
    texts, values, mids = pie
    texts = [t.replace("\n", " ", 1) for t in texts]  # call-outs: one line, but a name's own
    assert _labelled(texts, values, mids, font, room) == _labelled_by_rule(
        texts, values, mids.tolist(), font, room
    )


def test_a_few_labels_beside_a_pie_are_found_to_fit() -> None:
    """The rules do say "beside" for a pie of a few large parts (the tests above are not all
    about call-outs)."""
    values = [40.0, 30.0, 30.0]
    ends = np.cumsum(values) / 100.0
    mids = np.deg2rad(90.0 - (np.concatenate([[0.0], ends[:-1]]) + ends) * 180.0)
    spots = _beside(["A\n40%", "B\n30%", "C\n30%"], mids, 0.1, 2.0)
    assert spots is not None  # up right, down left, up left of the middle
    assert [s[2:] for s in spots] == [("left", "bottom"), ("right", "top"), ("right", "bottom")]
    halves = _beside(["A\n50%", "B\n50%"], np.deg2rad([0.0, -180.0]), 0.1, 2.0)
    assert halves is not None
    assert [s[2:] for s in halves] == [("left", "center"), ("right", "center")]
