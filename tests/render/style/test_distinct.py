"""Many data sets stay distinguishable: colour, symbol and dash together give each of the
contract's 500 data sets its own look (while a preset has looks enough), and a legend whose
entries look alike says so (render-ambiguous)."""

from __future__ import annotations

import pytest

from plotdoc.contract.presets import PRESETS
from plotdoc.render import render_table_checked
from plotdoc.render.notices import AMBIGUOUS, warning_code, warning_path
from plotdoc.render.style.theme import make_theme

from ..docs import column_doc, open_doc, project, with_graph, xy_doc


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_no_two_data_sets_look_alike(preset: str) -> None:
    theme = make_theme(preset, True)
    looks = [(theme.palette(i), theme.symbol_shape(i), theme.dash(i)) for i in range(500)]
    enough = 96 if preset == "classic" else 500  # one colour: 24 symbols x 4 dashes
    assert len(set(looks[:enough])) == enough
    # the first data sets keep the preset's own cycles
    cycle = theme.shapes.symbol_cycle
    assert [theme.symbol_shape(i) for i in range(len(cycle))] == list(cycle)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bars_past_the_preset_s_fills_take_a_pattern(preset: str) -> None:
    theme = make_theme(preset, True)
    n = len(theme.colors.fills)
    first, again = theme.element_defaults("bar", 0), theme.element_defaults("bar", n)
    assert first["fillPattern"] == "none"
    assert again["fillPattern"] != "none"


def _warnings(doc: dict[str, object]) -> list[str]:
    p = open_doc(doc)
    return render_table_checked(p, p.tables[0]).warnings


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_sixteen_data_sets_have_a_legend_that_tells_them_apart(preset: str) -> None:
    doc = with_graph(xy_doc("scatter", n_sets=16), activePresetId=preset, legend={"show": True})
    assert [w for w in _warnings(doc) if warning_code(w) == AMBIGUOUS] == []


def test_sixteen_bar_data_sets_are_told_apart() -> None:
    values = [[float(k + 1)] * 3 for k in range(16)]
    doc = with_graph(column_doc("bar", values=values), legend={"show": True})
    assert [w for w in _warnings(doc) if warning_code(w) == AMBIGUOUS] == []


def test_a_legend_whose_entries_look_alike_warns() -> None:
    doc = with_graph(
        xy_doc("scatter", n_sets=3),
        legend={"show": True},
        styleOverrides={"global": {"symbol": {"color": {"hex": "#000000"}, "shape": "circle"}}},
    )
    found = [w for w in _warnings(doc) if warning_code(w) == AMBIGUOUS]
    assert len(found) == 1
    assert warning_path(found[0]) == ("graph", "legend")
    assert "'S1' as 'S0'" in found[0] and "'S2' as 'S0'" in found[0]


def test_a_parts_legend_whose_parts_look_alike_names_where_a_part_gets_its_own_look() -> None:
    """The entries of a bar of slices are its parts: a part's look is set per row
    (styleOverrides.perPoint), not per data set."""
    doc = project(
        {
            "name": "Parts",
            "format": "partsOfWhole",
            "rowLabels": [f"P{k}" for k in range(12)],
            "dataSets": [{"name": "V", "values": [[1.0 + k] for k in range(12)]}],
            "graph": {"variantId": "parts-slices"},
        }
    )
    found = [w for w in _warnings(doc) if warning_code(w) == AMBIGUOUS and "alike" in w]
    assert len(found) == 1
    assert "'P8' as 'P0'" in found[0]
    assert found[0].endswith(
        "(styleOverrides.perPoint, under the data set's name and the part's row), or fewer "
        "parts per graph"
    )


#: the pairs of data sets whose colours (with the same dash) a reader can hardly tell apart:
#: starry's two light blues, floral's orange and olive for readers with deuteranomaly
NEAR = {"modern": [], "floral": ["'S4' and 'S1'"], "starry": ["'S7' and 'S1'"]}


@pytest.mark.parametrize("preset", ["modern", "floral", "starry"])
def test_sixteen_lines_without_symbols_are_told_apart(preset: str) -> None:
    doc = with_graph(
        xy_doc("xy-line-only", n_sets=16), activePresetId=preset, legend={"show": True}
    )
    found = [w for w in _warnings(doc) if warning_code(w) == AMBIGUOUS]
    assert not [w for w in found if "drawn alike" in w]  # no two lines are the same look
    # only the near colours of the preset are named, for each round of its palette
    for pair in NEAR[preset]:
        assert any(pair in w for w in found), found
    assert len(found) == (1 if NEAR[preset] else 0), found
    theme = make_theme(preset, True)
    assert len({(theme.palette(i), theme.dash(i)) for i in range(32)}) == 32
