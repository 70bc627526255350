"""Category labels that cannot all fit are thinned to every k-th (first and last kept), with a
warning; labels that fit are all drawn."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import orjson
import pytest

from plotdoc.cli import main
from plotdoc.render import render_table_checked
from plotdoc.render.guides.category_labels import kept_indices
from plotdoc.render.notices import THINNED, warning_code

from ..docs import open_doc, project

LABEL = "a rather long row label naming the condition, the dose and the time point"


def _grouped(rows: int, label: str = LABEL, horizontal: bool = False) -> dict[str, Any]:
    variant = "grouped-interleaved-bars"
    graph: dict[str, Any] = {"variantId": variant}
    if horizontal:
        graph["graphSettingsOverride"] = {"direction": "horizontal"}
    return project(
        {
            "name": "G",
            "format": "grouped",
            "rowLabels": [f"{label} {i:04d}" for i in range(rows)],
            "dataSets": [
                {"name": f"g{k}", "values": [[float(1 + (i * 7 + k) % 5)] for i in range(rows)]}
                for k in range(2)
            ],
            "graph": graph,
        }
    )


def _tick_texts(svg: str, axis: str = "x") -> list[str]:
    return re.findall(rf'<g id="{axis}tick_\d+">.*?<text[^>]*>([^<]*)</text>', svg, flags=re.S)


def test_labels_that_cannot_fit_are_thinned_with_a_warning() -> None:
    p = open_doc(_grouped(400))
    rendered = render_table_checked(p, p.tables[0])
    texts = [t for t in _tick_texts(rendered.data.decode()) if t]
    assert 2 < len(texts) < 100
    assert texts[0].endswith("0000") and texts[-1].endswith("0399")
    numbers = [int(t[-4:]) for t in texts]
    steps = {b - a for a, b in itertools.pairwise(numbers[:-1])}
    assert len(steps) == 1  # a regular step (the last kept label may be closer)
    (warning,) = rendered.warnings
    assert warning_code(warning) == THINNED
    assert f"{400 - len(texts)} of 400 category labels are not shown" in warning


def test_labels_that_fit_are_all_drawn() -> None:
    p = open_doc(_grouped(4, label="Day"))
    rendered = render_table_checked(p, p.tables[0])
    assert len([t for t in _tick_texts(rendered.data.decode()) if t]) == 4
    assert rendered.warnings == []


def test_thinning_applies_to_every_category_axis() -> None:
    # a column graph shares the category axis: 300 data sets of long names
    names = [f"{LABEL} {i:04d}" for i in range(300)]
    doc = project(
        {
            "name": "C",
            "format": "column",
            "dataSets": [{"name": n, "values": [[1.0], [2.0]]} for n in names],
            "graph": {"variantId": "column-mean-error"},
        }
    )
    p = open_doc(doc)
    rendered = render_table_checked(p, p.tables[0])
    assert len([t for t in _tick_texts(rendered.data.decode()) if t]) < 300
    assert [warning_code(w) for w in rendered.warnings] == [THINNED]


def test_a_horizontal_graph_thins_its_y_labels() -> None:
    p = open_doc(_grouped(400, horizontal=True))
    rendered = render_table_checked(p, p.tables[0])
    texts = [t for t in _tick_texts(rendered.data.decode(), "y") if t]
    assert 2 < len(texts) < 400 and texts[0].endswith("0000") and texts[-1].endswith("0399")
    assert "along the Y axis" in rendered.warnings[0]


@pytest.mark.parametrize(
    ("n", "step", "kept"),
    [(10, 1, list(range(10))), (10, 3, [0, 3, 6, 9]), (11, 3, [0, 3, 6, 10]), (2, 5, [0, 1])],
)
def test_kept_indices_keep_first_and_last(n: int, step: int, kept: list[int]) -> None:
    assert kept_indices(n, step) == kept


def test_plotdoc_render_prints_the_thinning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "g.plotdoc"
    src.write_bytes(orjson.dumps(_grouped(300)))
    assert main(["render", str(src), "-o", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err
    assert THINNED in err and "category labels are not shown" in err


def test_rotated_labels_end_at_their_ticks_with_an_offset_frame() -> None:
    """An offset axis (the modern preset's frame) remakes the ticks; rotated labels must still
    end at their tick, not stand centred on it."""
    import copy

    from plotdoc.publish.samples import sample_document

    from ..row_docs import figure_of

    doc = copy.deepcopy(sample_document("grouped-separated-bars"))
    doc["tables"][0].setdefault("graph", {})["activePresetId"] = "modern"
    labels = [t for t in figure_of(doc).axes[0].get_xticklabels() if t.get_text()]
    assert labels and labels[0].get_rotation() == 45
    assert {(t.get_horizontalalignment(), t.get_rotation_mode()) for t in labels} == {
        ("right", "anchor")
    }


def _names(n_sets: int, name: str) -> list[Any]:
    """The data set names under a separated grouped graph of ``n_sets`` data sets, drawn."""
    from ..row_docs import figure_of

    sets = [
        {"name": f"{name} {k + 1}", "values": [[10.0 + k, 11.0 + k], [12.0, 13.0], [9.0, 8.0]]}
        for k in range(n_sets)
    ]
    table = {
        "name": "G",
        "format": "grouped",
        "replicates": 2,
        "rowLabels": ["Day 1", "Day 7", "Day 14"],
        "dataSets": sets,
        "graph": {"variantId": "grouped-separated-bars"},
    }
    fig = figure_of({"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]})
    fig.canvas.draw()
    return sorted(
        (t for t in fig.findobj() if str(t.get_gid() or "").startswith("group/ds")),
        key=lambda t: int(str(t.get_gid()).split("ds")[1]),
    )


def test_data_set_names_that_do_not_fit_under_their_groups_are_turned_apart() -> None:
    names = _names(16, "Treatment with a long name")
    assert len(names) == 16
    assert {n.get_rotation() for n in names} == {45.0}
    # turned, neighbours stand apart: parallel lines room / sqrt(2) apart, more than a line
    ax = names[0].axes
    xs = ax.transData.transform([(float(n.xy[0]), 0.0) for n in names])[:, 0]
    line = names[0].get_fontsize() * ax.figure.dpi / 72.0
    assert min(abs(b - a) for a, b in itertools.pairwise(xs)) / 2**0.5 > line
    # and each was wider than that room level
    renderer = ax.figure._get_renderer()
    names[0].set_rotation(0.0)
    assert names[0].get_window_extent(renderer).width > abs(xs[1] - xs[0])


def test_data_set_names_that_fit_stay_level() -> None:
    names = _names(3, "A")
    assert [n.get_rotation() for n in names] == [0.0, 0.0, 0.0]


def _two_bars(width_pt: float | None) -> dict[str, Any]:
    graph: dict[str, Any] = {"variantId": "contingency-stacked-bar"}
    if width_pt is not None:
        graph["plotGeometry"] = {"widthPt": width_pt}
    return project(
        {
            "name": "Twins",
            "format": "contingency",
            "rowLabels": ["Dizygotic twins", "Monozygotic twins"],
            "dataSets": [
                {"name": "Convicted", "values": [[2], [10]]},
                {"name": "Not convicted", "values": [[15], [3]]},
            ],
            "graph": graph,
        }
    )


def _turned(svg: str) -> list[bool]:
    ticks = re.findall(r'<g id="xtick_\d+">.*?<text([^>]*)>[^<]+</text>', svg, flags=re.S)
    return ["rotate(-45" in attrs for attrs in ticks]


def test_two_labels_too_wide_for_a_narrow_plot_turn_instead_of_overlapping() -> None:
    # 2 labels of 17 characters: short by count, but 150 points hold them only turned
    p = open_doc(_two_bars(150.0))
    rendered = render_table_checked(p, p.tables[0])
    assert _turned(rendered.data.decode()) == [True, True]
    assert rendered.warnings == []


def test_the_same_labels_stay_level_where_they_fit() -> None:
    p = open_doc(_two_bars(None))
    assert _turned(render_table_checked(p, p.tables[0]).data.decode()) == [False, False]
