"""Pure helpers: grouped slot layout, label placement, variable types."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from plotdoc.model.project import DataSet, Table
from plotdoc.render.guides.repel import overlaps, place_labels
from plotdoc.render.positions.arrangements import grouped_layout, stagger_offsets
from plotdoc.render.prepare.roles import CATEGORICAL, CONTINUOUS, LABEL, categories, mapped

ROWS = ["A", "B", "C"]
NAMES = ["s0", "s1"]


def test_interleaved_puts_data_sets_side_by_side_within_each_row() -> None:
    lay = grouped_layout("interleaved", [0, 1], NAMES, ROWS, {})
    for r in range(3):
        assert lay.center(1, r) - lay.center(0, r) == pytest.approx(1.0)
    assert lay.center(0, 1) - lay.center(1, 0) == pytest.approx(1.5)
    assert [t.label for t in lay.ticks] == ROWS
    assert lay.ticks[0].position == pytest.approx((lay.center(0, 0) + lay.center(1, 0)) / 2)
    assert lay.lo == 0.0
    assert lay.hi == pytest.approx(lay.center(1, 2) + 0.5 + 0.5)


def test_separated_keeps_each_data_set_together() -> None:
    lay = grouped_layout("separated", [0, 1], NAMES, ROWS, {"columnGapRatio": 0.2})
    assert lay.center(0, 1) - lay.center(0, 0) == pytest.approx(1.2)
    assert lay.center(1, 0) > lay.center(0, 2)
    assert [t.label for t in lay.group_ticks] == NAMES
    assert len(lay.ticks) == 6


@pytest.mark.parametrize("arrangement", ["stacked", "superimposed"])
def test_stacked_and_superimposed_share_one_slot_per_row(arrangement: str) -> None:
    lay = grouped_layout(arrangement, [0, 1], NAMES, ROWS, {})
    for r in range(3):
        assert lay.center(0, r) == lay.center(1, r)


def test_hidden_data_sets_take_no_slot() -> None:
    lay = grouped_layout("interleaved", [1], NAMES, ROWS, {})
    assert (0, 0) not in lay.centers
    assert lay.center(1, 1) - lay.center(1, 0) == pytest.approx(1.5)


def test_stagger_offsets() -> None:
    assert stagger_offsets(3, "aligned") == [0.0, 0.0, 0.0]
    assert stagger_offsets(3, "staggered") == pytest.approx([-0.15, 0.0, 0.15])


def test_labels_never_overlap_and_are_deterministic() -> None:
    anchors = [(100.0 + (i % 3), 100.0 + (i % 2)) for i in range(12)]
    sizes = [(40.0, 10.0)] * 12
    bounds = (0.0, 0.0, 300.0, 300.0)
    first = place_labels(anchors, sizes, bounds)
    assert first == place_labels(anchors, sizes, bounds)
    assert len(first) == 12
    for a, b in itertools.combinations(first, 2):
        assert not overlaps(a.box, b.box)
    for p in first:
        assert p.box[0] >= 0
        assert p.box[2] <= 300


def test_labels_that_find_no_room_are_dropped() -> None:
    placed = place_labels([(5.0, 5.0)] * 5, [(9.0, 9.0)] * 5, (0.0, 0.0, 20.0, 20.0), rings=1)
    assert len(placed) < 5


def _mv_table() -> Table:
    text = np.full((3, 1), None, dtype=object)
    text[0, 0], text[2, 0] = "b", "a"
    return Table(
        id="t",
        name="t",
        format="multipleVariables",
        replicates=1,
        data_sets=[
            DataSet("x", np.array([[1.0], [2.0], [3.0]])),
            DataSet("g", np.array([[np.nan], [7.0], [np.nan]]), text),
            DataSet("n", np.array([[1.0], [2.0], [1.0]])),
        ],
        variable_types={"n": "categorical"},
    )


def test_variable_types_are_inferred_or_taken_from_the_table() -> None:
    roles = mapped(_mv_table(), {"mapping": {"x": 0, "color": 1, "shape": 2, "label": 1}})
    assert roles["x"].kind == CONTINUOUS
    assert roles["color"].kind == CATEGORICAL
    assert roles["color"].text == ["b", "7", "a"]
    assert categories(roles["color"].text) == ["b", "7", "a"]
    assert roles["shape"].kind == CATEGORICAL
    assert roles["shape"].text == ["1", "2", "1"]
    assert roles["label"].text is not None
    table = _mv_table()
    table.variable_types = {"x": LABEL}
    assert mapped(table, {"mapping": {"x": 0}})["x"].text == ["1", "2", "3"]


def test_unmapped_and_out_of_range_roles_are_skipped() -> None:
    roles = mapped(_mv_table(), {"mapping": {"x": 0, "y": None, "size": 9}})
    assert set(roles) == {"x"}
