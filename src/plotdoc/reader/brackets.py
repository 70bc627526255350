"""The checks of a bracket that follows an analysis (`annotations[].analysisId`, version 2).

A schema cannot say that `analysisId` names an analysis of the same table, that the analysis
compares pairs of data sets, or that the bracket's two anchors are data sets it can compare.
Each is a warning at its path: the file opens, and the bracket is drawn without its label (the
drawing says why, :mod:`plotdoc.render.guides.brackets`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..contract.methods import METHODS
from ..problems import Path, Problem, excerpt, warning

#: the problem codes of this module
UNKNOWN = "bracket-analysis-unknown"
COMPARES_NOTHING = "bracket-analysis-compares-nothing"
NOT_COMPARED = "bracket-anchor-not-compared"


def check_bracket(
    ann: Mapping[str, Any], analyses: list[Mapping[str, Any]], path: Path
) -> Iterator[Problem]:
    """The problems of bracket ``ann`` (a version 2 annotation at ``path``) with its table's
    ``analyses``; nothing when it names no analysis."""
    aid = ann.get("analysisId")
    if aid is None:
        return
    analysis = next((a for a in analyses if a.get("id") == aid), None)
    if analysis is None:
        known = [a["id"] for a in analyses if isinstance(a.get("id"), str)]
        yield warning(
            UNKNOWN,
            (*path, "analysisId"),
            f"expected the id of an analysis of this table ({_listed(known)}); found "
            f"{excerpt(aid)} (the bracket is drawn without a label)",
        )
        return
    spec = METHODS[analysis["method"]]
    if not spec.compares_pairs:
        pairs = [m.id for m in METHODS.values() if m.compares_pairs]
        yield warning(
            COMPARES_NOTHING,
            (*path, "analysisId"),
            f"expected an analysis that compares pairs of data sets ({', '.join(pairs)}); "
            f"found {excerpt(aid)}, a {spec.id}, which compares none (the bracket is drawn "
            "without a label)",
        )
        return
    params = analysis.get("params") or {}
    named = [params.get(k) for k in spec.compared_params]
    fixed = sorted(n for n in named if isinstance(n, str))
    if len(fixed) != len(named) or not fixed:  # the run picks its data sets
        fixed = []
    for side in ("left", "right"):
        anchor = ann[side]
        if anchor.get("kind") != "dataSet":
            yield warning(
                NOT_COMPARED,
                (*path, side),
                f"expected a data set anchor with analysisId (the analysis compares data "
                f"sets); found a {excerpt(anchor.get('kind'))} anchor (the bracket is drawn "
                "without a label)",
            )
        elif fixed and anchor["dataSetId"] not in fixed:
            yield warning(
                NOT_COMPARED,
                (*path, side, "dataSetId"),
                f"expected a data set {excerpt(aid)} compares ({_listed(fixed)}); "
                f"found {excerpt(anchor['dataSetId'])} (the bracket is drawn without a label)",
            )


def _listed(ids: list[str]) -> str:
    if not ids:
        return "it has none with an id"
    shown = ", ".join(excerpt(i) for i in ids[:5])
    return shown + (", ..." if len(ids) > 5 else "")
