"""Which editor control sets each settable field of the contract, or why none does.

The fields are :func:`plotdoc.editing.settable_fields` (walked from the contract's document
description); the controls are the Format panel's declared lines
(:mod:`plotdoc.editor.format_spec`) and the few controls outside it. ``tools/editor_coverage.py``
writes the table as ``docs/editor-coverage.md``; a test keeps the file current.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fnmatch import fnmatchcase

from ..editing import settable_fields
from ..editing.fields import pattern_path
from . import format_spec as F

#: sections of the Format panel: (where, controls, base); ``*`` stands for a free key
SECTIONS: tuple[tuple[str, tuple[F.Control, ...], tuple[F.PathPart, ...]], ...] = (
    ("Data set (click a mark)", F.DATA_SET_STYLE, ("graph", "styleOverrides", "perDataSet", "*")),
    ("Data set (click a mark)", F.DATA_SET_ITEMS, ()),
    (
        "Point (Shift-click or click a mark twice)",
        F.DATA_SET_STYLE,
        ("graph", "styleOverrides", "perPoint", "*", "*"),
    ),
    ("Every data set (Data sets section)", F.DATA_SET_STYLE, ("graph", "styleOverrides", "global")),
    *(
        (f"Axis (click the axis; {bucket})", F.AXIS, ("graph", "axesOverrides", bucket))
        for bucket in ("xContinuous", "xCategorical", "leftY", "rightY")
    ),
    *(
        (
            f"Axis (click the axis or a line; {bucket}): Reference lines",
            F.REFERENCE_LINE,
            ("graph", "axesOverrides", bucket, "referenceLines", "[*]"),
        )
        for bucket in ("xContinuous", "leftY", "rightY")
    ),
    ("Legend (click the legend)", F.LEGEND, ("graph", "legend")),
    *((f"Title (click the {k} title)", F.TITLE, ("titles", k)) for k in ("graph", "x", "y")),
    ("Annotation (click it)", F.ANNOTATION, ("annotations", "[*]")),
    ("Frame, size and spacing", F.GRAPH, ()),
    ("Shown elements", F.SWITCHES, ()),
)

#: controls outside the declared sections, by field pattern
OTHER = (
    ("graph.variantId", "Graph toolbar: the graph type picker"),
    ("graph.activePresetId", "Graph toolbar: Style"),
    ("graph.plot.options.mode", "Graph toolbar: Mode"),
    ("graph.plot.options.kind", "Graph type picker (each multiple-variables kind is a graph type)"),
    ("graph.plot.options.mapping.*", "Format panel: Variables"),
    ("graph.plot.options.*", "Format panel: Plot options (from the contract; hidden where unused)"),
    ("titles.*.text", "Format panel: Titles; or click the title on the graph and type"),
    ("titles.*.dx", "Drag the title on the graph"),
    ("titles.*.dy", "Drag the title on the graph"),
    ("annotations[*].x", "Drag the annotation on the graph (or the Annotation section)"),
    ("annotations[*].y", "Drag the annotation on the graph (or the Annotation section)"),
    (
        "annotations[*].left.*",
        "Bracket tool: drag from one group to the other; Annotation section: Left end",
    ),
    (
        "annotations[*].right.*",
        "Bracket tool: drag from one group to the other; Annotation section: Right end",
    ),
    (
        "annotations[*].points[*].*",
        "Shape tools and More shapes; drag the shape to move it; Annotation section: each "
        "control point by number",
    ),
    ("annotations[*].text", "Annotation section (a bracket's Text; typing makes it typed)"),
    (
        "annotations[*].analysisId",
        "A bracket's section: Label comes from; Analyses panel: Add pairwise comparisons",
    ),
    ("annotations[*].label", "A bracket's section: Label shows"),
    (
        "annotations[*].coordinates",
        "Text and shape tools: placed in data units where the graph has axes (points on a pie)",
    ),
)

#: fields no control sets, and why
EXCEPTIONS = (
    (
        "annotations[*].id",
        "Made by the editor when an annotation is added; a name the user never sees.",
    ),
)

Row = tuple[str, str, str]


def _declared() -> list[tuple[str, str]]:
    out = []
    for where, controls, base in SECTIONS:
        for control in controls:
            if control.path.startswith("/"):
                parts: Sequence[F.PathPart] = F.split(control.path[1:])
                parts = ["*" if p == "{i}" else p for p in parts]
            else:
                parts = (*base, *F.split(control.path))
            hints = [{"type": t} for t in ("text", "bracket", "shape")]
            if all(F.node_at(parts, h) is None for h in hints):
                continue  # not in this section's part of the contract (no range on categories)
            path = ".".join(str(p) for p in parts).replace(".[*]", "[*]")
            out.append((path, f"Format panel: {where}: {control.label}"))
    return out


def _fields() -> Iterable[tuple[str, str]]:
    seen: set[str] = set()
    specs = [
        *settable_fields("graph"),
        *settable_fields("titles"),
        *(
            s
            for k in ("text", "bracket", "shape")
            for s in settable_fields("annotations[*]", kind=k)
        ),
    ]
    for spec in specs:
        if spec.path not in seen:
            seen.add(spec.path)
            yield spec.path, str(spec.kind)


def rows() -> list[Row]:
    """(field, kind, how it is set) for every settable field, in the contract's order."""
    declared = _declared()
    out = []
    for path, kind in _fields():
        how = [w for p, w in declared if p == path]
        if not how:
            how = [w for p, w in OTHER if fnmatchcase(path, p.replace("[*]", "[[]*[]]"))][:1]
        if not how:
            reason = [r for p, r in EXCEPTIONS if fnmatchcase(path, p.replace("[*]", "[[]*[]]"))]
            how = [f"none: {reason[0]}" if reason else "NONE"]
        out.append((path, kind, "; ".join(how)))
    return out


def unknown_controls() -> list[str]:
    """Declared control paths that name no settable field (a typo in a declaration)."""
    fields = {path for path, _ in _fields()}
    return sorted({path for path, _ in _declared()} - fields)


def markdown() -> str:
    table = rows()
    missing = [r for r in table if r[2] == "NONE"]
    excepted = [r for r in table if r[2].startswith("none:")]
    lines = [
        "# What the editor sets: every field of the graph",
        "",
        "Generated by `python tools/editor_coverage.py` from the contract (the fields",
        "`plotdoc.editing.settable_fields` lists under `graph`, `titles` and `annotations`) and",
        "the Format panel's declared controls; a test keeps it current. `*` stands for a data",
        "set's name (style), a data set's index (legend entries, switches, visibility), a point's",
        "row or an annotation's place.",
        "",
        f"{len(table)} fields: {len(table) - len(missing) - len(excepted)} set by a control,"
        f" {len(excepted)} by none (with the reason), {len(missing)} without either.",
        "",
        "| Field | Kind | Set by |",
        "|---|---|---|",
    ]
    lines += [f"| `{p}` | {k} | {how} |" for p, k, how in table]
    return "\n".join(lines) + "\n"


__all__ = [
    "EXCEPTIONS",
    "OTHER",
    "SECTIONS",
    "markdown",
    "pattern_path",
    "rows",
    "unknown_controls",
]
