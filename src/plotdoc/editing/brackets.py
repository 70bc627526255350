"""Brackets that follow an analysis (`analysisId`): add one per compared pair, link or unlink
one, type over one. The editor and the builder both make these edits here.

A bracket that follows an analysis shows the P of the comparison of the two data sets it joins
(:mod:`plotdoc.analyses.brackets`, computed when the graph is drawn); its ``text`` is ignored.
Unlinking it, typing a text into it or removing its analysis keeps what it showed as typed
text, so nothing the user saw is lost.
"""

from __future__ import annotations

import math
from typing import Any

from ..analyses.brackets import (
    DEFAULT_LABEL,
    bracket_label,
    comparisons,
    find_pair,
    is_significant,
    of_data_sets,
    p_style,
    run_of,
)
from ..contract import document as D
from ..contract import styles as S
from ..contract.methods import METHODS
from ..model import Analysis, Annotation, Project, Table
from ..problems import PathPart, found
from ..reader.resolve import resolve
from .base import Outcome, find_table, first_free, refuse, structural


def _analysis(table: Table, index: int, analysis_id: object) -> Analysis:
    analysis = next((a for a in table.analyses if a.id == analysis_id), None)
    if analysis is None:
        ids = ", ".join(repr(a.id) for a in table.analyses) or "none"
        raise refuse(
            "edit-invalid",
            ("tables", index, "analyses"),
            f"expected the id of an analysis of {table.name!r} ({ids}); found {found(analysis_id)}",
        )
    if not METHODS[analysis.method].compares_pairs:
        pairs = ", ".join(m.id for m in METHODS.values() if m.compares_pairs)
        raise refuse(
            "edit-invalid",
            ("tables", index, "analyses"),
            f"expected an analysis that compares pairs of data sets ({pairs}); "
            f"{analysis.id!r} is a {analysis.method}, which compares none",
        )
    return analysis


def _label(value: object, path: tuple[PathPart, ...]) -> str:
    if value not in S.BRACKET_LABELS:
        raise refuse(
            "edit-invalid",
            (*path, "label"),
            f"expected one of {', '.join(S.BRACKET_LABELS)}; found {found(value)}",
        )
    return str(value)


def _bracket(table: Table, index: int, annotation_id: object) -> tuple[int, Annotation]:
    for n, ann in enumerate(table.annotations):
        if ann.id == annotation_id and ann.type == "bracket":
            return n, ann
    raise refuse(
        "edit-invalid",
        ("tables", index, "annotations"),
        f"expected the id of a bracket of {table.name!r}; found {found(annotation_id)}",
    )


def pairwise_brackets(
    project: Project, table: Table, analysis: Analysis, only_significant: bool
) -> list[tuple[int, int]]:
    """The pairs of data sets (indexes, left to right) the analysis compared with a P (only
    those with at least one star with ``only_significant``), both shown on the graph, that no
    bracket following the analysis joins yet."""
    shown = table.graph.data_set_visibility if table.graph is not None else {}
    index = {ds.name: k for k, ds in enumerate(table.data_sets) if shown.get(str(k)) is not False}
    style = p_style(analysis)
    have = {
        frozenset((a.props["left"].get("groupIndex"), a.props["right"].get("groupIndex")))
        for a in table.annotations
        if a.type == "bracket" and a.props.get("analysisId") == analysis.id
    }
    out = []
    for pair in comparisons(run_of(project, table, analysis.id)):
        if pair.p is None or pair.a not in index or pair.b not in index:
            continue
        if not of_data_sets(pair):  # two cells of a grouped table: no bracket joins them
            continue
        if only_significant and not is_significant(pair, style):
            continue
        ends = tuple(sorted((index[pair.a], index[pair.b])))
        if ends[0] != ends[1] and frozenset(ends) not in have:
            have.add(frozenset(ends))
            out.append((ends[0], ends[1]))
    return out


@structural
def add_pairwise_brackets(
    project: Project,
    /,
    table_id: str,
    analysis_id: str,
    only_significant: bool = False,
    label: str = DEFAULT_LABEL,
) -> Outcome:
    """Add a bracket that follows ``analysis_id`` over each pair of data sets it compared
    (only those with at least one star with ``only_significant``), each showing ``label``
    (``stars``, ``p`` or ``both``). Their heights are set so that none overlaps the data or
    another bracket, shorter spans lower (:func:`plotdoc.render.bracket_heights.stacked`)."""
    index, table = find_table(project, table_id)
    path: tuple[PathPart, ...] = ("tables", index, "annotations")
    analysis = _analysis(table, index, analysis_id)
    label = _label(label, path)
    pairs = pairwise_brackets(project, table, analysis, bool(only_significant))
    compared = comparisons(run_of(project, table, analysis.id))
    if not pairs and compared and not any(of_data_sets(c) for c in compared):
        raise refuse(
            "edit-invalid",
            path,
            f"expected {analysis.id!r} to compare whole data sets; found comparisons of cells "
            f"({compared[0].label}...), one P per row or data set, which a bracket between "
            "two data sets cannot show",
        )
    if not pairs:
        which = "significant pair" if only_significant else "pair with a P"
        raise refuse(
            "edit-invalid",
            path,
            f"expected {analysis.id!r} to give a {which} not yet bracketed; "
            f"found none (its status: {run_of(project, table, analysis.id).message})",
        )
    taken = {a.id for a in table.annotations}
    start = len(table.annotations)
    for left, right in pairs:
        aid = first_free(taken, f"{analysis.id}-bracket-")
        taken.add(aid)
        doc: dict[str, Any] = {
            "type": "bracket",
            "left": {"kind": "group", "groupIndex": left},
            "right": {"kind": "group", "groupIndex": right},
            "analysisId": analysis.id,
            "label": label,
        }
        full = resolve(D.DEFINITIONS["Annotation"], doc)
        del full["type"]
        table.annotations.append(Annotation(aid, "bracket", full))
    if table.graph is not None:
        from ..render.bracket_heights import stacked

        for n, y in stacked(project, table).items():
            if n >= start:
                table.annotations[n].props["y"] = _rounded_up(y)
    noun = "bracket" if len(pairs) == 1 else "brackets"
    return Outcome(
        f"Add {len(pairs)} {noun} from {analysis.id}",
        index,
        None,
        table_id,
        item_id=table.annotations[start].id,
    )


def _rounded_up(v: float) -> float:
    """Four significant digits, never below ``v`` (a height just clear of what is under it)."""
    if v == 0 or not math.isfinite(v):
        return 0.0
    digits = 3 - math.floor(math.log10(abs(v)))
    scale = 10.0**digits
    return math.ceil(v * scale) / scale


@structural
def follow_analysis(
    project: Project,
    /,
    table_id: str,
    annotation_id: str,
    analysis_id: str | None,
    label: str = DEFAULT_LABEL,
) -> Outcome:
    """Make a bracket follow ``analysis_id`` and show ``label``; with None, stop following
    (the label it showed becomes its typed text)."""
    index, table = find_table(project, table_id)
    n, ann = _bracket(table, index, annotation_id)
    path: tuple[PathPart, ...] = ("tables", index, "annotations", n)
    if analysis_id is None:
        _to_typed(project, table, ann, None)
        return Outcome("Bracket text typed", index, None, table_id)
    analysis = _analysis(table, index, analysis_id)
    ann.props["analysisId"] = analysis.id
    ann.props["label"] = _label(label, path)
    ann.props["text"] = ""
    return Outcome(f"Bracket follows {analysis.id}", index, None, table_id)


@structural
def type_bracket_text(project: Project, /, table_id: str, annotation_id: str, text: str) -> Outcome:
    """Type a bracket's text: a bracket that followed an analysis becomes a typed one."""
    index, table = find_table(project, table_id)
    _, ann = _bracket(table, index, annotation_id)
    _to_typed(project, table, ann, text)
    return Outcome("Bracket text", index, None, table_id)


def _to_typed(project: Project, table: Table, ann: Annotation, text: str | None) -> None:
    """``ann`` as a typed bracket showing ``text`` (None: the label it shows now)."""
    if text is None:
        text = bracket_label(project, table, ann.props).text
    ann.props.pop("analysisId", None)
    ann.props.pop("label", None)
    ann.props["text"] = text


def unfollow(project: Project, table: Table, analysis_ids: set[str]) -> None:
    """Brackets following one of ``analysis_ids`` (about to be removed) keep what they show,
    as typed text."""
    for ann in table.annotations:
        if ann.type == "bracket" and ann.props.get("analysisId") in analysis_ids:
            _to_typed(project, table, ann, None)


def analysis_for(project: Project, table: Table, left: int, right: int) -> Analysis | None:
    """The first analysis of ``table`` that compared data sets ``left`` and ``right`` (a new
    bracket between them follows it), or None."""
    names = [ds.name for ds in table.data_sets]
    if not (0 <= left < len(names) and 0 <= right < len(names)):
        return None
    for analysis in table.analyses:
        if METHODS[analysis.method].compares_pairs:
            found = comparisons(run_of(project, table, analysis.id))
            if find_pair(found, names[left], names[right]) is not None:
                return analysis
    return None


# -- brackets an earlier editor linked to a t test by their id -------------------------------

#: how the editor once marked a bracket whose text followed Welch's t test between its two
#: groups: an id prefix (the file had no field for it), and what the text showed
LEGACY_LINKS = {"ttest-stars-": "stars", "ttest-p-": "p"}
#: the t test those brackets showed, as the analysis that now carries it
LEGACY_METHOD = "ttest"
LEGACY_PARAMS = {"design": "unpaired", "variance": "welch"}


def _legacy_label(ann: Annotation) -> str | None:
    if ann.type != "bracket" or ann.props.get("analysisId") is not None:
        return None
    return next((v for k, v in LEGACY_LINKS.items() if ann.id.startswith(k)), None)


def has_legacy_links(project: Project) -> bool:
    """Whether a bracket of ``project`` follows a t test by its id, as an earlier editor
    wrote it (see :func:`adopt_legacy_links`)."""
    return any(_legacy_label(a) is not None for t in project.tables for a in t.annotations)


@structural
def adopt_legacy_links(project: Project, /) -> Outcome:
    """Brackets an earlier editor linked to Welch's t test by an id prefix (``ttest-stars-``,
    ``ttest-p-``) follow an analysis instead: the table's t test of the same two data sets
    (unpaired, Welch), or one added for them. A bracket whose ends are not two data sets, or
    on a table the t test does not run on, stays as it is (its text as last shown)."""
    spec = METHODS[LEGACY_METHOD]
    adopted = 0
    for table in project.tables:
        if table.format not in spec.families or table.derived_from is not None:
            continue
        for ann in table.annotations:
            label = _legacy_label(ann)
            ends = [ann.props.get(side, {}) for side in ("left", "right")]
            idx = [e.get("groupIndex") if e.get("kind") == "group" else None for e in ends]
            if label is None or not all(
                isinstance(k, int) and 0 <= k < len(table.data_sets) for k in idx
            ):
                continue
            a, b = (table.data_sets[k].name for k in idx)  # type: ignore[index]
            if a == b:
                continue
            analysis = next(
                (
                    x
                    for x in table.analyses
                    if x.method == LEGACY_METHOD
                    and {x.params.get("groupA"), x.params.get("groupB")} == {a, b}
                    and all(x.params.get(k) == v for k, v in LEGACY_PARAMS.items())
                ),
                None,
            )
            if analysis is None:
                aid = first_free({x.id for x in table.analyses}, f"{LEGACY_METHOD}-")
                params = {**spec.defaults, "groupA": a, "groupB": b, **LEGACY_PARAMS}
                analysis = Analysis(aid, LEGACY_METHOD, params)
                table.analyses.append(analysis)
            ann.props.update(analysisId=analysis.id, label=label, text="")
            adopted += 1
    noun = "bracket follows" if adopted == 1 else "brackets follow"
    return Outcome(f"{adopted} {noun} its t test as an analysis", None, None, None)


__all__ = [
    "add_pairwise_brackets",
    "adopt_legacy_links",
    "analysis_for",
    "follow_analysis",
    "has_legacy_links",
    "type_bracket_text",
    "unfollow",
]
