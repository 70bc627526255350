"""A pie's labels stand beside their slices unless two would touch or one would leave the
graphic's height; past that, call-outs in two columns label the largest parts that fit, and
a column taller than the graphic hands call-outs to the other. The drawing works this out
for all parts at once (a pie may have 10,000): these tests hold it to the rules as written
label by label, on random pies of a few to a few hundred parts."""

from __future__ import annotations

import numpy as np
from hypothesis import event, given, settings
from hypothesis import strategies as st

from plotdoc.render.marks.pie_labels import beside, columns, labelled

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


def _labelled_by_rule(texts: list[str], values: list[float], font: float, room: float) -> list[int]:
    per_column, used = 0, 0.0
    for _ in texts:  # call-outs are one line each
        used += (1.25 + 0.15) * font
        if used > room:
            break
        per_column += 1
    take = min(len(texts), 2 * per_column)
    if take == len(texts):
        return list(range(len(texts)))
    if take == 0:
        return []
    cut = sorted(values, reverse=True)[take - 1]
    out = [k for k, v in enumerate(values) if v > cut]
    equal = [k for k, v in enumerate(values) if v == cut]
    q = take - len(out)  # equal parts at the cut: spread evenly over them
    out += [equal[(2 * j + 1) * len(equal) // (2 * q)] for j in range(q)]
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
    spots = beside(texts, mids, font, half)
    assert spots == _beside_by_rule(texts, mids.tolist(), font, half)
    event("beside" if spots else "call-outs")


@settings(max_examples=150, deadline=None)
@given(pies(), st.floats(0.01, 0.2), st.floats(0.5, 8.0))
def test_call_outs_label_the_largest_parts_that_fit_by_the_rules(
    pie: tuple[list[str], list[float], np.ndarray], font: float, room: float
) -> None:
    texts, values, _ = pie
    texts = [t.replace("\n", " ") for t in texts]  # call-outs: one line
    shown = labelled(texts, values, font, room)
    assert shown == _labelled_by_rule(texts, values, font, room)
    event("all labelled" if len(shown) == len(texts) else "thinned")


def _columns_by_rule(mids: list[float], fit: int) -> tuple[list[int], list[int]]:
    turn = [((np.pi / 2 - m) / (2 * np.pi)) % 1.0 for m in mids]  # clockwise from 12, 0..1
    rights = [k for k, m in enumerate(mids) if np.cos(m) >= 0]
    lefts = [k for k, m in enumerate(mids) if np.cos(m) < 0]
    while True:  # one call-out at a time, from a column taller than the graphic and the other
        if len(rights) > max(fit, len(lefts) + 1):
            # the one nearer its 12 or 6 o'clock end goes to the other column's end there
            if turn[rights[0]] <= 0.5 - turn[rights[-1]]:
                lefts = [*lefts, rights[0]]
                rights = rights[1:]
            else:
                lefts = [rights[-1], *lefts]
                rights = rights[:-1]
        elif len(lefts) > max(fit, len(rights) + 1):
            if 1.0 - turn[lefts[-1]] <= turn[lefts[0]] - 0.5:
                rights = [lefts[-1], *rights]
                lefts = lefts[:-1]
            else:
                rights = [*rights, lefts[0]]
                lefts = lefts[1:]
        else:
            return rights, lefts[::-1]


@settings(max_examples=200, deadline=None)
@given(pies(), st.integers(0, 40))
def test_call_out_columns_by_the_rules(
    pie: tuple[list[str], list[float], np.ndarray], fit: int
) -> None:
    _, _, mids = pie
    rights, lefts = columns(mids, fit)
    assert (rights, lefts) == _columns_by_rule(mids.tolist(), fit)
    # every call-out once; each column no taller than the graphic, or than the other
    assert sorted(rights + lefts) == list(range(len(mids)))
    assert len(rights) <= max(fit, len(lefts) + 1) and len(lefts) <= max(fit, len(rights) + 1)
    # read down the right column and up the left one, the slices go round the pie in order
    # (from some slice on): two runs, so no two leaders need cross
    ring = rights + lefts[::-1]
    if ring:
        start = ring.index(min(ring))
        assert ring[start:] + ring[:start] == list(range(len(mids)))
    moved = sum(np.cos(mids[k]) < 0 for k in rights) + sum(np.cos(mids[k]) >= 0 for k in lefts)
    event("handed over" if moved else "each on its side")


def test_a_few_labels_beside_a_pie_are_found_to_fit() -> None:
    """The rules do say "beside" for a pie of a few large parts (the tests above are not all
    about call-outs)."""
    values = [40.0, 30.0, 30.0]
    ends = np.cumsum(values) / 100.0
    mids = np.deg2rad(90.0 - (np.concatenate([[0.0], ends[:-1]]) + ends) * 180.0)
    spots = beside(["A\n40%", "B\n30%", "C\n30%"], mids, 0.1, 2.0)
    assert spots is not None  # up right, down left, up left of the middle
    assert [s[2:] for s in spots] == [("left", "bottom"), ("right", "top"), ("right", "bottom")]
    halves = beside(["A\n50%", "B\n50%"], np.deg2rad([0.0, -180.0]), 0.1, 2.0)
    assert halves is not None
    assert [s[2:] for s in halves] == [("left", "center"), ("right", "center")]
