"""The Format panel lists a switch or graph setting only where the graph type draws it, as
the variant registry says (no quartile switch on a box plot, no pie borders on a bar graph,
the line of identity on XY graphs only)."""

from __future__ import annotations

from plotdoc.contract.variants import VARIANTS
from plotdoc.editor import format_spec as F


def paths(variant_id: str, controls: tuple[F.Control, ...]) -> set[str]:
    variant = VARIANTS[variant_id]
    return {c.path for c in F.offered(controls, variant, variant.default_options)}


def test_a_box_plot_offers_its_median_not_quartiles_nor_pie_borders() -> None:
    switches = paths("column-box-whiskers", F.SWITCHES)
    assert "graph.elementActivation.global.median" in switches
    assert "graph.elementActivation.global.outliers" in switches
    assert "graph.elementActivation.global.quartiles" not in switches
    graph = paths("column-box-whiskers", F.GRAPH)
    assert not any("partsOfWholeBorders" in p for p in graph)
    assert "graph.graphSettingsOverride.barWidthRatio" in graph
    assert not any("lineOfIdentity" in p for p in graph)


def test_a_violin_offers_quartiles_and_a_pie_its_borders() -> None:
    assert "graph.elementActivation.global.quartiles" in paths("column-violin", F.SWITCHES)
    graph = paths("parts-pie", F.GRAPH)
    assert "graph.partsOfWholeBorders.outer.show" in graph
    assert "graph.graphSettingsOverride.barWidthRatio" not in graph


def test_an_xy_graph_offers_the_line_of_identity_and_no_bar_gaps() -> None:
    graph = paths("scatter", F.GRAPH)
    assert "graph.graphSettingsOverride.lineOfIdentity.show" in graph
    assert "graph.graphSettingsOverride.groupGapRatio" not in graph
    per_data_set = paths("scatter", F.DATA_SET_ITEMS)
    assert "/graph.elementActivation.perDataSet.{i}.spikes" in per_data_set
    assert "/graph.elementActivation.perDataSet.{i}.median" not in per_data_set
    assert "/graph.legend.itemOverrides.{i}.text" in per_data_set  # not a switch: always
