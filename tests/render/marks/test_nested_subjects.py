"""A nested graph tells its subjects (sub-columns) apart by shape, not only by their place,
unless the file sets the data set's symbol."""

from __future__ import annotations

import copy

import pytest

from plotdoc.publish.samples import sample_document

from ..row_docs import by_gid, figure_of


@pytest.mark.parametrize("variant", ["nested-scatter", "nested-scatter-bar"])
def test_each_subject_has_its_own_shape(variant: str) -> None:
    fig = figure_of(sample_document(variant))
    for i in (0, 1):
        shapes = [set(by_gid(fig, f"symbols/ds{i}/sub{j}").shapes) for j in range(3)]
        assert all(len(s) == 1 for s in shapes)
        assert len({next(iter(s)) for s in shapes}) == 3, shapes


def test_a_shape_the_file_sets_is_kept() -> None:
    doc = copy.deepcopy(sample_document("nested-scatter"))
    name = doc["tables"][0]["dataSets"][0]["name"]
    graph = doc["tables"][0]["graph"]
    graph["styleOverrides"] = {"perDataSet": {name: {"symbol": {"shape": "diamond"}}}}
    fig = figure_of(doc)
    assert {next(iter(set(by_gid(fig, f"symbols/ds0/sub{j}").shapes))) for j in range(3)} == {
        "diamond"
    }
