"""Draw the everyday analyses as a paper prints them: docs/gallery/analyses/ and docs/gallery/analyses.md.

Usage: python tools/analysis_gallery.py [--out docs] [--width 85mm] [--dpi 300] [figure ...]

Each figure is a project made with :mod:`plotdoc.builder` from a published data set (the files
of tests/reference, which name their sources), with its analysis. Brackets follow the analysis
where it compares pairs of data sets; a P value of the whole graph (a log-rank test, Fisher's
test, an EC50 and its interval) is written on the graph as a text annotation made here from the
computed result. Every figure is opened as a file would be, drawn at a journal's column width
as PNG and SVG, and listed on the page with the numbers its analysis reports.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plotdoc.builder import ProjectBuilder, TableBuilder
from plotdoc.model import Project, Table
from plotdoc.pvalues import format_p, summary
from plotdoc.render import render_table_checked

REFERENCE = Path(__file__).resolve().parents[1] / "tests" / "reference"


def reference(name: str) -> dict[str, Any]:
    """One reference file of tests/reference (its data and the source it names)."""
    data: dict[str, Any] = json.loads((REFERENCE / name).read_text(encoding="utf-8"))
    return data


@dataclass(frozen=True)
class Figure:
    """One figure of the page: how its project is built and what the page says of it."""

    #: the file stem of its pictures
    id: str
    #: the heading on the page
    title: str
    #: the reference file its data come from
    reference: str
    #: what the data are, in a sentence
    data: str
    #: builds the table and its analysis; returns the table builder
    build: Callable[[ProjectBuilder], TableBuilder]
    #: the analysis the figure shows
    analysis_id: str
    #: the analysis and its parameters, in words
    analysis: str
    #: the numbers the analysis reports, one line each, from the opened project
    numbers: Callable[[Project, Table], list[str]]
    #: the text the graph shows for a P value of the whole graph (None: brackets show it)
    note: Callable[[Project, Table], str] | None = None
    #: where that text's top left corner sits, in the axes' data units (a category axis
    #: counts 0 at the first category's centre, 1 at the second's)
    note_at: tuple[float, float] = (0.0, 0.0)


def run_of(project: Project, table: Table, analysis_id: str) -> Any:
    """The computed run of one analysis of the table."""
    return project.results[(table.id, analysis_id)]


def fmt(value: float, digits: int = 3, missing: str = "not reached") -> str:
    """A number with ``digits`` significant digits, as a paper prints an estimate; a limit
    that is not a number (a median survival or CI limit the curve never reaches) as
    ``missing``."""
    return f"{value:.{digits}g}" if math.isfinite(value) else missing


# -- two groups with the t test's bracket --------------------------------------------------------


def build_ttest(b: ProjectBuilder) -> TableBuilder:
    data = reference("ttest_sleep.json")["data"]
    t = b.add_table(
        "column",
        {"Drug 1": data["group1"], "Drug 2": data["group2"]},
        name="Sleep gained",
        id="sleep",
    )
    t.graph("column-before-after", geometry={**PLOT, "widthPt": 120.0})
    t.analysis("ttest", id="paired", design="paired")
    t.titles(y="Extra sleep (hours)", x="")
    return t.brackets_from("paired", label="p")


def ttest_numbers(project: Project, table: Table) -> list[str]:
    r = run_of(project, table, "paired").result
    return [
        f"Paired t = {r.t:.3f}, df = {r.df:g}, {format_p(r.p, label=True)} ({summary(r.p)})",
        f"{r.n_a} pairs; mean difference (drug 1 - drug 2) {r.mean_difference:.2f} hours "
        f"(95% CI {r.ci_lower:.2f} to {r.ci_upper:.2f})",
    ]


#: the plot area of a figure printed in one column: its text stays at 6 pt or more at 85 mm
PLOT = {"widthPt": 210.0, "heightPt": 160.0}


# -- Kaplan-Meier curves with the log-rank P ------------------------------------------------


def build_survival(b: ProjectBuilder) -> TableBuilder:
    data = reference("km_aml.json")["data"]
    groups = [("Maintained", data["maintained"]), ("Not maintained", data["nonmaintained"])]
    times: list[float] = []
    sets: dict[str, list[float | None]] = {name: [] for name, _ in groups}
    for k, (_, group) in enumerate(groups):
        for time, status in zip(group["time"], group["status"], strict=True):
            times.append(float(time))
            for j, (name, _) in enumerate(groups):
                sets[name].append(float(status) if j == k else None)
    t = b.add_table("survival", sets, x=times, name="AML remission", id="aml")
    t.graph("survival-staircase-ticks", geometry=PLOT, legend={"position": "upperRight"})
    t.analysis("survivalComparison", id="logrank", test="logRank")
    return t.titles(x="Time (weeks)", y="Percent in remission")


def survival_numbers(project: Project, table: Table) -> list[str]:
    r = run_of(project, table, "logrank").result
    lines = [
        f"Log-rank (Mantel-Cox) chi-square = {r.statistic:.3f}, df = {r.df:g}, "
        f"{format_p(r.p, label=True)} ({summary(r.p)})",
    ]
    for i, name in enumerate(r.names):
        lines.append(
            f"{name}: {r.n[i]} patients, {r.observed[i]:g} relapses observed, "
            f"{r.expected[i]:.2f} expected; median remission {fmt(r.median[i])} weeks "
            f"(95% CI {fmt(r.median_ci_lower[i])} to {fmt(r.median_ci_upper[i])})"
        )
    lines.append(
        f"Hazard ratio (Mantel-Haenszel, {r.names[0]} / {r.names[1]}) {r.hazard_ratio:.3f} "
        f"(95% CI {r.hazard_ratio_ci_lower:.3f} to {r.hazard_ratio_ci_upper:.3f})"
    )
    return lines


def survival_note(project: Project, table: Table) -> str:
    r = run_of(project, table, "logrank").result
    return f"Log-rank {format_p(r.p, label=True)}"


# -- a 2x2 table as stacked bars with Fisher's P -----------------------------------------------


def build_contingency(b: ProjectBuilder) -> TableBuilder:
    data = reference("fisher_teatasting_convictions.json")["data"]["Convictions"]
    (a, bb), (c, d) = data["table"]
    t = b.add_table(
        "contingency",
        {data["cols"][0]: [a, c], data["cols"][1]: [bb, d]},
        row_labels=data["rows"],
        name="Convictions of twins",
        id="twins",
    )
    t.graph(
        "contingency-stacked-bar",
        geometry={**PLOT, "widthPt": 170.0},
        legend={"position": "top", "columns": 2},
    )
    t.analysis("contingencyTest", id="fisher", test="fisher")
    return t.titles(y="Same-sex twins of convicts", x="Twins")


def contingency_numbers(project: Project, table: Table) -> list[str]:
    r = run_of(project, table, "fisher").result
    return [
        f"Fisher's exact test (two-sided), {format_p(r.p, label=True)} ({summary(r.p)}); "
        f"{r.total} twin pairs",
        f"Odds ratio (conditional maximum likelihood) {r.conditional_odds_ratio:.4f} "
        f"(95% CI {r.conditional_odds_ratio_ci_lower:.4f} to "
        f"{r.conditional_odds_ratio_ci_upper:.4f})",
        f"Relative risk of conviction, dizygotic / monozygotic {r.relative_risk:.3f} (95% CI {r.relative_risk_ci_lower:.3f} to "
        f"{r.relative_risk_ci_upper:.3f}, {r.relative_risk_ci_method})",
    ]


def contingency_note(project: Project, table: Table) -> str:
    r = run_of(project, table, "fisher").result
    return f"Fisher's exact test\n{format_p(r.p, label=True)}"


# -- a dose-response curve with its EC50 and interval -------------------------------------------


def build_dose_response(b: ProjectBuilder) -> TableBuilder:
    data = reference("fourpl_ryegrass_drc_ed.json")["data"]
    by_dose: dict[float, list[float]] = {}
    for conc, length in zip(data["conc"], data["rootl"], strict=True):
        by_dose.setdefault(float(conc), []).append(float(length))
    width = max(len(v) for v in by_dose.values())
    rows = [[*v, *([None] * (width - len(v)))] for v in by_dose.values()]
    t = b.add_table(
        "xy", {"Root length": rows}, x=list(by_dose), name="Ryegrass root length", id="ryegrass"
    )
    t.graph("xy-points-error", error="sem", geometry=PLOT)
    t.analysis("nonlinearRegression", id="fit", model="linearX")
    return t.titles(x="Ferulic acid (mM)", y="Root length (cm)")


def dose_response_numbers(project: Project, table: Table) -> list[str]:
    run = run_of(project, table, "fit")
    lines = []
    for name, r in run.per_data_set.items():
        lines.append(
            f"{name}: EC50 {r.ec50:.3f} mM (95% CI {r.ec50_ci_lower:.3f} to "
            f"{r.ec50_ci_upper:.3f}); Hill slope {r.hill_slope:.3f}, top {r.top:.3f}, "
            f"bottom {r.bottom:.3f} cm; R² {r.r_squared:.4f}, n = {r.n}, df = {r.df}"
        )
    return lines


def dose_response_note(project: Project, table: Table) -> str:
    r = next(iter(run_of(project, table, "fit").per_data_set.values()))
    return f"EC_{{50}} = {r.ec50:.2f} mM\n(95% CI {r.ec50_ci_lower:.2f} to {r.ec50_ci_upper:.2f})"


# -- one-way ANOVA with Tukey's brackets -------------------------------------------------------


def build_one_way(b: ProjectBuilder) -> TableBuilder:
    data = reference("tukey_warpbreaks.json")["data"]
    t = b.add_table(
        "column",
        {"Low": data["L"], "Medium": data["M"], "High": data["H"]},
        name="Warp breaks",
        id="breaks",
    )
    t.graph("scatter-bar", mode="meanWithSd", geometry={**PLOT, "widthPt": 150.0})
    t.analysis(
        "oneWayAnova", id="anova", test="ordinary", comparisons="allPairs", correction="tukey"
    )
    t.titles(y="Breaks per loom", x="Tension")
    return t.brackets_from("anova", label="stars")


def one_way_numbers(project: Project, table: Table) -> list[str]:
    r = run_of(project, table, "anova").result
    lines = [
        f"One-way ANOVA F({r.df_num:g}, {r.df_den:g}) = {r.statistic:.3f}, "
        f"{format_p(r.p, label=True)} ({summary(r.p)})",
    ]
    for c in r.pairs:
        lines.append(
            f"Tukey {c.a} vs {c.b}: difference {c.mean_difference:.2f} breaks (95% CI "
            f"{c.ci_lower:.2f} to {c.ci_upper:.2f}), adjusted {format_p(c.p, label=True)} "
            f"({summary(c.p)})"
        )
    return lines


# -- two-way ANOVA on grouped bars --------------------------------------------------------------


def build_two_way(b: ProjectBuilder) -> TableBuilder:
    data = reference("tukey_warpbreaks.json")["data"]
    levels = ("L", "M", "H")
    t = b.add_table(
        "grouped",
        {
            "Wool A": [data[k][:9] for k in levels],
            "Wool B": [data[k][9:] for k in levels],
        },
        row_labels=["Low", "Medium", "High"],
        name="Warp breaks by wool",
        id="wool",
    )
    t.graph(
        "grouped-interleaved-scatter-bar",
        mode="meanWithSd",
        geometry=PLOT,
        legend={"position": "top", "columns": 2},
    )
    t.analysis("twoWayAnova", id="anova2", comparisons="withinRows", correction="sidak")
    return t.titles(y="Breaks per loom", x="Tension")


def two_way_numbers(project: Project, table: Table) -> list[str]:
    r = run_of(project, table, "anova2").result
    lines = [
        f"{name}: F({df:g}, {r.residual_df:g}) = {f:.3f}, {format_p(p, label=True)} ({summary(p)})"
        for name, f, df, p in (
            ("Tension (rows)", r.row_f, r.row_df, r.row_p),
            ("Wool (data sets)", r.data_set_f, r.data_set_df, r.data_set_p),
            ("Interaction", r.interaction_f, r.interaction_df, r.interaction_p),
        )
    ]
    for c in r.pairs:
        lines.append(
            f"Sidak, tension {c.row_a}: {c.data_set_a} vs {c.data_set_b} difference "
            f"{c.mean_difference:.2f} breaks (95% CI {c.ci_lower:.2f} to {c.ci_upper:.2f}), "
            f"adjusted {format_p(c.p, label=True)} ({summary(c.p)})"
        )
    return lines


def two_way_note(project: Project, table: Table) -> str:
    r = run_of(project, table, "anova2").result
    return (
        f"Tension {format_p(r.row_p, label=True)}\n"
        f"Wool {format_p(r.data_set_p, label=True)}\n"
        f"Interaction {format_p(r.interaction_p, label=True)}"
    )


FIGURES: tuple[Figure, ...] = (
    Figure(
        id="column-tukey",
        title="One-way ANOVA with Tukey's brackets",
        reference="tukey_warpbreaks.json",
        data=(
            "Warp breaks per loom of yarn woven at low, medium and high tension, 18 looms each "
            "(wools A and B together; Tippett 1950, R's `datasets::warpbreaks`). Bars are the "
            "mean and SD, with every loom's value."
        ),
        build=build_one_way,
        analysis_id="anova",
        analysis=(
            "`oneWayAnova`, `test: ordinary`, `comparisons: allPairs`, `correction: tukey`; the "
            'brackets follow the analysis (`brackets_from("anova", label="stars")`)'
        ),
        numbers=one_way_numbers,
    ),
    Figure(
        id="grouped-two-way",
        title="Two-way ANOVA on grouped bars",
        reference="tukey_warpbreaks.json",
        data=(
            "The same warp breaks by wool (A, B) and tension (low, medium, high), 9 looms per "
            "cell (R's `datasets::warpbreaks`). Bars are the mean and SD, with every loom's value."
        ),
        build=build_two_way,
        analysis_id="anova2",
        analysis=(
            "`twoWayAnova`, `comparisons: withinRows` (wool A against wool B at each tension), "
            "`correction: sidak`. Those comparisons are of cells, one P per tension: a bracket "
            "joins two data sets across every row and cannot show them (plotdoc refuses to), "
            "so they are listed below and the graph shows the ANOVA's three P values"
        ),
        numbers=two_way_numbers,
        note=two_way_note,
        note_at=(0.95, 67.0),
    ),
    Figure(
        id="column-ttest",
        title="Paired values with the paired t test's bracket",
        reference="ttest_sleep.json",
        data=(
            "Hours of sleep gained by each of 10 patients on two soporific drugs, each patient "
            "given both (Cushny & Peebles 1905, analysed by Student 1908; R's "
            "`datasets::sleep`). A line joins each patient's two values."
        ),
        build=build_ttest,
        analysis_id="paired",
        analysis=(
            "`ttest`, `design: paired` (values paired by row); the bracket follows the analysis "
            '(`brackets_from("paired", label="p")`)'
        ),
        numbers=ttest_numbers,
    ),
    Figure(
        id="survival-logrank",
        title="Kaplan-Meier curves with the log-rank P",
        reference="km_aml.json",
        data=(
            "Acute myelogenous leukaemia: weeks in remission of 23 patients, with or without "
            "maintenance chemotherapy (R's `survival::aml`, Miller 1997)."
        ),
        build=build_survival,
        analysis_id="logrank",
        analysis="`survivalComparison`, `test: logRank`",
        numbers=survival_numbers,
        note=survival_note,
        note_at=(95.0, 62.0),
    ),
    Figure(
        id="contingency-fisher",
        title="A 2x2 table as stacked bars with Fisher's exact P",
        reference="fisher_teatasting_convictions.json",
        data=(
            "Convictions of the same-sex twins of convicted criminals, monozygotic against "
            "dizygotic (Fisher 1962; R's `fisher.test` example `Convictions`)."
        ),
        build=build_contingency,
        analysis_id="fisher",
        analysis="`contingencyTest`, `test: fisher`",
        numbers=contingency_numbers,
        note=contingency_note,
        note_at=(0.55, 19.4),
    ),
    Figure(
        id="dose-response-ec50",
        title="A dose-response curve with its EC50 and 95% CI",
        reference="fourpl_ryegrass_drc_ed.json",
        data=(
            "Root length of perennial ryegrass against the concentration of ferulic acid, "
            "24 plants at 7 concentrations (Inderjit, Streibig & Olofsdotter 2002; the `drc` "
            "package's `ryegrass`). The X axis is linear: the six controls at 0 mM have no place "
            "on a log axis. Points are the mean and SEM of each concentration's plants."
        ),
        build=build_dose_response,
        analysis_id="fit",
        analysis="`nonlinearRegression`, `model: linearX` (four-parameter logistic on X in mM)",
        numbers=dose_response_numbers,
        note=dose_response_note,
        note_at=(14.0, 8.6),
    ),
)


def build(figure: Figure) -> Project:
    """The figure's project, opened as a file would be, with its note on the graph."""
    b = ProjectBuilder(title=figure.title)
    t = figure.build(b)
    if figure.note is not None:
        project = b.project()
        text = figure.note(project, project.tables[0])
        x, y = figure.note_at
        t.annotate("text", x=x, y=y, text=text, coordinates="data")
    return b.project()


INTRO = """# Gallery: analyses as a paper prints them

Each figure is made by `tools/analysis_gallery.py` with the builder API (`plotdoc.builder`) from a
published data set, opened as a saved file would be, and drawn at a single journal column,
{width} wide, as PNG ({dpi:g} dpi) and SVG. The data come from the reference files in
`tests/reference/`, which name their sources; the numbers below each figure are read from
`project.results` and P values are printed by `plotdoc.pvalues` (GraphPad style).

Where an analysis compares pairs of data sets, the bracket *follows* the analysis
(`analysisId`): its label is computed from the data whenever the graph is drawn. A P value of the
whole graph (a log-rank test, Fisher's test on a 2x2 table, an EC50 and its interval, a two-way
ANOVA's factors) has no such annotation yet: the script writes it as a text annotation from the computed result (placed
in data units, so it stays where it is put when the figure is resized), and it does not change
when the data do.

`tests/publish/test_analysis_gallery.py` builds every figure, checks that it opens and draws
without a warning, and that what each figure shows equals what its analysis computes and what
the reference (R, drc) printed.
"""


def page(
    figures: Sequence[Figure],
    found: dict[str, list[str]],
    shown: dict[str, str],
    width: str,
    dpi: float,
) -> str:
    """The gallery page: each figure, its data, its analysis, what the graph shows of it
    (``shown``) and its numbers (``found``)."""
    lines = [INTRO.format(width=width, dpi=dpi)]
    for figure in figures:
        lines += [
            f"## {figure.title}",
            "",
            f"![{figure.title}](analyses/{figure.id}.png)",
            "",
            f"[SVG](analyses/{figure.id}.svg)",
            "",
            f"**Data.** {figure.data} Values and source: "
            f"[`tests/reference/{figure.reference}`](../../tests/reference/{figure.reference}).",
            "",
            f"**Analysis.** {figure.analysis}.",
            "",
            f"**On the graph.** {shown[figure.id]}",
            "",
            "**Results.**",
            "",
            *(f"- {line}" for line in found[figure.id]),
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def on_graph(figure: Figure, project: Project, table: Table) -> str:
    """What the graph shows of its analysis, and whether it follows the data."""
    if figure.note is None:
        return (
            "Brackets that follow the analysis: each label is the P of its pair, computed "
            "whenever the graph is drawn."
        )
    text = figure.note(project, table).replace("\n", " ").replace("_{50}", "50")
    return (
        f"“{text}”, a text annotation the script writes from the result: it does not follow "
        "the data (a file holds no annotation that shows an analysis' result yet)."
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("figures", nargs="*")
    parser.add_argument("--out", default="docs")
    parser.add_argument("--width", default="85mm")
    parser.add_argument("--dpi", type=float, default=300.0)
    args = parser.parse_args(argv)
    out = Path(args.out)
    images = out / "gallery" / "analyses"
    images.mkdir(parents=True, exist_ok=True)
    failed = False
    found: dict[str, list[str]] = {}
    shown: dict[str, str] = {}
    chosen = [f for f in FIGURES if not args.figures or f.id in args.figures]
    for figure in chosen:
        project = build(figure)
        table = project.tables[0]
        for warning in project.warnings:
            print(f"{figure.id}: {warning}", file=sys.stderr)
            failed = True
        for fmt_ in ("png", "svg"):
            drawn = render_table_checked(project, table, fmt=fmt_, dpi=args.dpi, width=args.width)
            (images / f"{figure.id}.{fmt_}").write_bytes(drawn.data)
            for message in drawn.warnings:
                print(f"{figure.id}.{fmt_}: {message}", file=sys.stderr)
                failed = True
        found[figure.id] = figure.numbers(project, table)
        shown[figure.id] = on_graph(figure, project, table)
        print(figure.id, file=sys.stderr)
    if not args.figures:
        (out / "gallery" / "analyses.md").write_text(
            page(chosen, found, shown, args.width, args.dpi), encoding="utf-8"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
