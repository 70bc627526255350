"""The analysis gallery (tools/analysis_gallery.py): every figure opens and draws at a journal's
column width without a warning, and shows what its analysis computed and what the published
reference (R, drc) printed for the same data."""

from __future__ import annotations

import importlib.util
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import pytest
from scipy import stats

from plotdoc.analyses.brackets import comparisons, label_text
from plotdoc.model import Project
from plotdoc.pvalues import format_p, summary
from plotdoc.render import render_table_checked

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "gallery" / "analyses.md"
REFERENCE = ROOT / "tests" / "reference"

pytestmark = pytest.mark.slow  # every figure is drawn: about 10 seconds in all


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "analysis_gallery", ROOT / "tools" / "analysis_gallery.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
FIGURES = {f.id: f for f in TOOL.FIGURES}


@cache
def built(figure_id: str) -> tuple[Project, str]:
    """The figure's project and its SVG at 85 mm, with no warning from either."""
    project = TOOL.build(FIGURES[figure_id])
    assert [str(w) for w in project.warnings] == []
    drawn = render_table_checked(project, project.tables[0], fmt="svg", width="85mm")
    assert drawn.warnings == []
    return project, drawn.data.decode()


def _texts(svg: str, group: str) -> list[str]:
    """The lines of text inside the SVG group ``group`` (a semantic id)."""
    root = ElementTree.fromstring(svg.encode())
    found = [el for el in root.iter() if el.get("id") == group]
    assert len(found) == 1, group
    return [el.text or "" for el in found[0].iter("{http://www.w3.org/2000/svg}text")]


def _reference(name: str) -> dict[str, Any]:
    return TOOL.reference(name)  # type: ignore[no-any-return]


@pytest.mark.parametrize("figure_id", sorted(FIGURES))
def test_every_figure_opens_and_draws_at_a_column_width_without_a_warning(figure_id: str) -> None:
    project, svg = built(figure_id)
    figure = FIGURES[figure_id]
    run = project.results[(project.tables[0].id, figure.analysis_id)]
    assert run.status == "ok", run.message
    width = float(re.search(r'<svg [^>]*width="([0-9.]+)pt"', svg).group(1))  # type: ignore[union-attr]
    assert abs(width - 85 / 25.4 * 72) <= 1.0  # 85 mm, within a point
    assert all(line and "nan" not in line for line in figure.numbers(project, project.tables[0]))


def test_the_bracket_shows_the_paired_t_test_p_as_scipy_computes_it() -> None:
    project, svg = built("column-ttest")
    table = project.tables[0]
    (pair,) = comparisons(project.results[(table.id, "paired")])
    assert _texts(svg, "bracket/0") == [label_text(pair.p, "graphpad", "p")]
    sleep = _reference("ttest_sleep.json")["data"]
    scipy_p = stats.ttest_rel(sleep["group1"], sleep["group2"]).pvalue
    assert _texts(svg, "bracket/0") == [format_p(scipy_p, label=True)] == ["P = 0.0028"]


def test_the_kaplan_meier_graph_shows_the_log_rank_p_of_r_and_lifelines() -> None:
    _, svg = built("survival-logrank")
    expected = _reference("logrank_coxph_aml.json")["computed_check"]["logrank"]["p"]
    assert _texts(svg, "annotation/text/0") == [f"Log-rank {format_p(expected, label=True)}"]
    assert format_p(expected) == "0.0653"


def test_the_2x2_graph_shows_fishers_p_as_r_prints_it() -> None:
    _, svg = built("contingency-fisher")
    r_p = _reference("fisher_teatasting_convictions.json")["expected"]["Convictions_two_sided"]["p"]
    assert _texts(svg, "annotation/text/0") == [
        "Fisher's exact test",
        format_p(r_p, label=True),
    ]


def test_the_dose_response_graph_shows_the_ec50_and_ci_drc_prints() -> None:
    _, svg = built("dose-response-ec50")
    ed50 = _reference("fourpl_ryegrass_drc_ed.json")["expected"]["LL4_ED"]["ED50"]
    text = " ".join(_texts(svg, "annotation/text/0"))
    # EC50 is drawn with a lowered 50: its runs are separate texts
    assert re.sub(r"\s+", " ", text) == (
        f"EC 50 = {ed50['estimate']:.2f} mM (95% CI {ed50['lower95']:.2f} to {ed50['upper95']:.2f})"
    )


def test_the_page_is_current() -> None:
    found = {f.id: f.numbers(*_opened(f.id)) for f in TOOL.FIGURES}
    shown = {f.id: TOOL.on_graph(f, *_opened(f.id)) for f in TOOL.FIGURES}
    written = TOOL.page(TOOL.FIGURES, found, shown, "85mm", 300.0)
    assert PAGE.read_text(encoding="utf-8") == written, (
        "docs/gallery/analyses.md is out of date: run python tools/analysis_gallery.py"
    )


def _opened(figure_id: str) -> tuple[Project, Any]:
    project, _ = built(figure_id)
    return project, project.tables[0]


def test_the_tukey_brackets_show_the_stars_of_rs_adjusted_p() -> None:
    project, svg = built("column-tukey")
    table = project.tables[0]
    printed = _reference("tukey_warpbreaks.json")["expected"]["one_way_r_printed"]
    names = {"Low": "L", "Medium": "M", "High": "H"}
    brackets = [a for a in table.annotations if a.type == "bracket"]
    assert len(brackets) == 3
    for n, bracket in enumerate(table.annotations):
        if bracket.type != "bracket":
            continue
        a, b = (
            names[table.data_sets[bracket.props[s]["groupIndex"]].name] for s in ("left", "right")
        )
        key = f"{a}-{b}" if f"{a}-{b}" in printed else f"{b}-{a}"
        assert _texts(svg, f"bracket/{n}") == [summary(printed[key]["p_adj"])]


def test_the_two_way_graph_shows_the_p_values_statsmodels_computes() -> None:
    import pandas as pd
    from statsmodels.formula.api import ols
    from statsmodels.stats.anova import anova_lm

    _, svg = built("grouped-two-way")
    data = _reference("tukey_warpbreaks.json")["data"]
    frame = pd.DataFrame(
        [
            {"breaks": v, "tension": k, "wool": "A" if i < 9 else "B"}
            for k in ("L", "M", "H")
            for i, v in enumerate(data[k])
        ]
    )
    table = anova_lm(ols("breaks ~ C(tension) * C(wool)", frame).fit(), typ=2)
    p = table["PR(>F)"]
    assert _texts(svg, "annotation/text/0") == [
        f"Tension {format_p(p['C(tension)'], label=True)}",
        f"Wool {format_p(p['C(wool)'], label=True)}",
        f"Interaction {format_p(p['C(tension):C(wool)'], label=True)}",
    ]


def test_the_script_writes_each_figure_as_png_and_svg(tmp_path: Path) -> None:
    assert TOOL.main(["--out", str(tmp_path), "--dpi", "72", "contingency-fisher"]) == 0
    written = sorted(p.name for p in (tmp_path / "gallery" / "analyses").iterdir())
    assert written == ["contingency-fisher.png", "contingency-fisher.svg"]
    assert (tmp_path / "gallery" / "analyses" / "contingency-fisher.png").read_bytes()[:4] == (
        b"\x89PNG"
    )
    assert not (tmp_path / "gallery" / "analyses.md").exists()  # only a full run writes the page
