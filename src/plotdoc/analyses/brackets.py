"""What a bracket that follows an analysis shows (`annotations[].analysisId`, version 2).

The label is never stored: it is read from the analysis' comparisons
(:attr:`~plotdoc.analyses.methods.spec.MethodSpec.comparisons`) each time the graph is drawn,
so it follows the data. Where the analysis gives no result for the pair the bracket joins (it
compares other pairs, it failed, it is over its budget), the bracket shows no label and
:func:`bracket_label` says why in a sentence every output shows.

Everything here reads comparisons through the method specs, never a method id.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..model import Analysis, Project, Table
from ..pvalues import DEFAULT_STYLE, STYLES, format_p, summary
from .methods import METHODS
from .methods.spec import Comparison
from .run import AnalysisRun

#: what a bracket shows when its file says nothing (`label` omitted)
DEFAULT_LABEL = "stars"


@dataclass(frozen=True, slots=True)
class BracketLabel:
    """A bracket's label: ``text`` to draw, or ``""`` with ``why`` it has none."""

    text: str
    why: str | None = None


def p_style(analysis: Analysis) -> str:
    """The analysis' `pValueStyle` (the default when it has none or an unknown one)."""
    style = analysis.params.get("pValueStyle", DEFAULT_STYLE)
    return style if style in STYLES else DEFAULT_STYLE


def label_text(p: float, style: str, label: str = DEFAULT_LABEL) -> str:
    """The label of a P value: its summary (``stars``), ``P = ...`` (``p``) or both."""
    stars, quoted = summary(p, style), format_p(p, style, label=True)
    if label == "p":
        return quoted
    if label == "both":
        return f"{stars} {quoted}"
    return stars


def run_of(project: Project, table: Table, analysis_id: str) -> AnalysisRun:
    """The run of one analysis, from ``project.results`` (computed there once, within the
    project's budget)."""
    from .results import attach

    results = project.results
    if (table.id, analysis_id) not in results:  # a project built in code, never opened
        results = attach(project)
    return results[(table.id, analysis_id)]


def comparisons(run: AnalysisRun) -> list[Comparison]:
    """The pairs of data sets ``run`` compared, as its method's spec gives them."""
    return run.comparisons


def of_data_sets(pair: Comparison) -> bool:
    """Whether ``pair`` compares two whole data sets (what a bracket joins), not two cells of a
    grouped table (a two-way ANOVA's comparisons within a row or a data set)."""
    return pair.row_a is None and pair.row_b is None


def find_pair(found: list[Comparison], a: str, b: str) -> Comparison | None:
    """The comparison of data sets ``a`` and ``b`` (in either order), or None; a comparison of
    two cells is never the comparison of their data sets."""
    return next((c for c in found if {c.a, c.b} == {a, b} and a != b and of_data_sets(c)), None)


def anchor_name(table: Table, anchor: Mapping[str, Any]) -> str | None:
    """The name of the data set an anchor is on (the model's ``groupIndex``), or None."""
    if anchor.get("kind") != "group":
        return None
    k = anchor.get("groupIndex")
    if isinstance(k, int) and 0 <= k < len(table.data_sets):
        return table.data_sets[k].name
    return None


def bracket_label(project: Project, table: Table, props: Mapping[str, Any]) -> BracketLabel:
    """The label of a bracket annotation (its ``props``): typed, or from its analysis."""
    aid = props.get("analysisId")
    if aid is None:
        return BracketLabel(str(props.get("text", "")))
    analysis = next((a for a in table.analyses if a.id == aid), None)
    if analysis is None:
        return BracketLabel(
            "", f"the bracket follows the analysis {aid!r}, which this table has not"
        )
    spec = METHODS[analysis.method]
    if not spec.compares_pairs:
        return BracketLabel(
            "", f"the bracket follows {aid!r}, a {spec.id}, which compares no pairs of data sets"
        )
    a, b = (anchor_name(table, props.get(side, {})) for side in ("left", "right"))
    if a is None or b is None or a == b:
        return BracketLabel(
            "",
            f"the bracket follows {aid!r} but does not join two of the table's data sets "
            "(each end must be on a data set)",
        )
    run = run_of(project, table, aid)
    found = comparisons(run)
    pair = find_pair(found, a, b)
    if pair is None and any({c.a, c.b} == {a, b} for c in found):
        return BracketLabel(
            "",
            f"the bracket shows no P: {aid!r} compared {a!r} with {b!r} cell by cell (one P "
            "per row), and a bracket joins the two data sets across every row",
        )
    if pair is None:
        why = f"{aid!r} did not compare {a!r} with {b!r}"
        if run.status != "ok":
            why += f" ({run.message})"
        return BracketLabel("", f"the bracket shows no P: {why}")
    if pair.p is None or not math.isfinite(pair.p):
        return BracketLabel(
            "",
            f"the bracket shows no P: {aid!r} has no result for {a!r} and {b!r} ({pair.message})",
        )
    label = str(props.get("label") or DEFAULT_LABEL)
    return BracketLabel(label_text(pair.p, p_style(analysis), label))


def is_significant(pair: Comparison, style: str) -> bool:
    """Whether the pair's P earns at least one star in ``style``."""
    return summary(pair.p, style) not in ("", "ns")
