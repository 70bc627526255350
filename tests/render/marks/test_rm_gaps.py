"""A repeated-measures subject's line breaks where one of its measurements is missing."""

from __future__ import annotations

import numpy as np
import pytest

from ..row_docs import by_gid, figure_of, grouped_doc

#: subject 0 of data set 0 is missing in the middle row
VALUES = [
    [[1.0, 2.0], [None, 2.5], [3.0, 3.5]],
    [[2.0, 1.0], [2.5, 1.5], [3.5, 2.0]],
]


def test_across_rows_the_line_breaks_over_a_missing_cell() -> None:
    fig = figure_of(grouped_doc("grouped-rm-across-row", values=VALUES))
    line = by_gid(fig, "subject/ds0/r0")
    assert np.isnan(line.get_ydata()).sum() == 1  # no straight segment from row 1 to row 3
    whole = by_gid(fig, "subject/ds0/r1")
    assert not np.isnan(whole.get_ydata()).any()


@pytest.mark.parametrize("policy", ["connectAdjacent"])
def test_connect_adjacent_joins_over_it(policy: str) -> None:
    doc = grouped_doc(
        "grouped-rm-across-row",
        values=VALUES,
        graph={"graphSettingsOverride": {"missingValuePolicy": policy}},
    )
    line = by_gid(figure_of(doc), "subject/ds0/r0")
    assert not np.isnan(line.get_ydata()).any()
