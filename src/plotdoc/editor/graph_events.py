"""What the graph's hit regions send: a click selects (Shift or a second click: the single
point), a drag moves an annotation or a title, a tool places an annotation, a title is
retyped in place, Delete removes the selected annotation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from nicegui import ui

from ..contract.styles import BRACKET_LABELS
from ..editing import move_annotation, set_title
from ..editing.brackets import analysis_for
from . import annotate, attrs
from .fields import apply_style, current, set_value
from .hits import Screen
from .notify import notify
from .targets import Target, target_of

if TYPE_CHECKING:
    from .view import View


class GraphPanel(Protocol):
    """What the events need of the graph panel."""

    view: View
    screens: dict[str, Screen]
    bracket_link: str


def register(panel: GraphPanel) -> None:
    """Listen to the page's graph events (once per tab)."""
    ui.on("plotdoc_pick", lambda e: pick(panel, e.args))
    ui.on("plotdoc_drag", lambda e: drag(panel, e.args))
    ui.on("plotdoc_place", lambda e: place(panel, e.args))
    ui.on("plotdoc_title_text", lambda e: title_text(panel, e.args))
    ui.on("plotdoc_delete_selection", lambda e: delete_selection(panel))


def _format(panel: GraphPanel) -> Any:
    return getattr(panel.view, "format", None)


def show_selection(panel: GraphPanel) -> None:
    """Outline what is selected on the graph."""
    fmt = _format(panel)
    table = panel.view.table()
    target = fmt.selected(table) if fmt is not None else None
    sel = None
    if target is not None:
        sel = {"kind": target.kind, "ds": target.data_set, "point": target.point, "key": target.key}
    ui.run_javascript(attrs.js_call("plotdocSelected", sel, if_loaded=True))


def pick(panel: GraphPanel, args: dict[str, Any]) -> None:
    table = panel.view.table()
    fmt = _format(panel)
    if table is None or fmt is None:
        return
    rid = args.get("id")
    target = target_of(table, str(rid)) if rid else None
    parts = table.format == "partsOfWhole"  # a click on a slice formats that part
    if target is not None and target.kind == "dataSet" and target.point is not None and not parts:
        before = fmt.selected(table)
        again = (
            before is not None
            and before.kind == "dataSet"
            and before.data_set == target.data_set
            and before.point is None
        )
        if not (args.get("shift") or again):
            target = Target("dataSet", target.data_set)
    fmt.pick(table.id, target)
    show_selection(panel)


def _shown(panel: GraphPanel, table_id: str) -> Screen | None:
    return panel.screens.get(table_id)


def drag(panel: GraphPanel, args: dict[str, Any]) -> None:
    """An annotation or a title dragged by (dx, dy) pixels of the picture."""
    table = panel.view.table()
    if table is None:
        return
    shown = _shown(panel, table.id)
    target = target_of(table, str(args.get("id") or ""))
    if shown is None or shown.frame is None or target is None:
        return
    k = 72.0 / shown.frame.dpi
    dx, dy = float(args.get("dx", 0.0)) * k, -float(args.get("dy", 0.0)) * k
    if target.kind == "title" and isinstance(target.key, str):
        entry = dict(current(table, ("titles", target.key)) or {})
        entry["dx"] = round(float(entry.get("dx") or 0.0) + dx, 1)
        entry["dy"] = round(float(entry.get("dy") or 0.0) + dy, 1)
        apply_style(panel.view, set_value, table.id, ("titles", target.key), entry)
        return
    if target.kind != "annotation" or not isinstance(target.key, int):
        return
    ann = table.annotations[target.key]
    done = False
    if ann.type == "bracket":  # its height is a Y value: where the bar was dropped
        region = next((r for r in shown.regions if r.id == args.get("id")), None)
        if region is None:
            return
        tip = float(ann.props.get("tipLengthPt", 5.0)) / k
        y_value = annotate.rounded(
            shown.frame.value_y(region.box[3] - tip + float(args.get("dy", 0.0)))
        )
        path = ("annotations", target.key, "y")
        done = apply_style(panel.view, set_value, table.id, path, y_value)
    elif ann.props.get("coordinates") == "data":  # it stays in data units, where it was dropped
        dragged = annotate.moved(
            ann, shown.frame, float(args.get("dx", 0.0)), float(args.get("dy", 0.0))
        )
        done = apply_style(panel.view, set_value, table.id, ("annotations", target.key), dragged)
    else:
        done = apply_style(
            panel.view, move_annotation, table.id, ann.id, round(dx, 1), round(dy, 1)
        )
    if done:
        _format(panel).pick(table.id, target)


def anchors(shown: Screen, table: Any) -> dict[int, float]:
    """The centre (picture x) of each plotted data set's marks, by data set index (the middle
    of them where a data set is drawn in every row)."""
    spans: dict[int, list[float]] = {}
    for r in shown.regions:
        t = target_of(table, r.id)
        if t is None or t.kind != "dataSet" or t.data_set is None:
            continue
        lo_hi = spans.setdefault(t.data_set, [r.box[0], r.box[2]])
        lo_hi[0], lo_hi[1] = min(lo_hi[0], r.box[0]), max(lo_hi[1], r.box[2])
    return {d: (lo + hi) / 2 for d, (lo, hi) in sorted(spans.items())}


def place(panel: GraphPanel, args: dict[str, Any]) -> None:
    """A tool's click or drag on the graph: add the annotation there, select it."""
    table = panel.view.table()
    if table is None:
        return
    shown = _shown(panel, table.id)
    tool = str(args.get("tool", ""))
    if shown is None or shown.frame is None or tool not in annotate.TOOLS:
        return
    box = tuple(float(v) for v in args.get("box", (0, 0, 0, 0)))
    try:
        made = annotate.placed(tool, box, shown.frame, anchors(shown, table))  # type: ignore[arg-type]
    except ValueError as exc:
        notify(str(exc)[0].upper() + str(exc)[1:], "warning")
        return
    link = panel.bracket_link
    if tool == "bracket" and link in BRACKET_LABELS:
        ends = (made["left"]["groupIndex"], made["right"]["groupIndex"])
        analysis = analysis_for(panel.view.session.project, table, *ends)
        if analysis is None:
            notify(
                "No analysis of this table compared these two data sets: the bracket's text "
                "is typed (add a t test of them in the Analyses panel to follow it)"
            )
        else:
            made.update(analysisId=analysis.id, label=link)
    if apply_style(panel.view, annotate.add, table.id, made):
        _format(panel).pick(table.id, Target("annotation", key=len(table.annotations) - 1))


def title_text(panel: GraphPanel, args: dict[str, Any]) -> None:
    table = panel.view.table()
    key = str(args.get("key", ""))
    text = str(args.get("text", ""))
    if table is None or key not in table.titles:
        return
    if text != (table.titles[key].get("text") or ""):
        apply_style(panel.view, set_title, table.id, key, text)


def delete_selection(panel: GraphPanel) -> None:
    table = panel.view.table()
    fmt = _format(panel)
    target = fmt.selected(table) if fmt is not None else None
    if table is None or target is None or target.kind != "annotation":
        return
    assert isinstance(target.key, int)
    ann = table.annotations[target.key]
    fmt.pick(table.id, None)
    apply_style(panel.view, annotate.remove, table.id, ann.id)
    show_selection(panel)
