"""Jupyter display: a :class:`~plotdoc.model.Project` shows its graphs, a
:class:`~plotdoc.model.Table` its graph (a results table too, drawn from the analysis it
shows).

This module sits above both the model and the renderer: the model only asks
:mod:`plotdoc.display_hooks` for its pictures and ``import plotdoc`` registers the functions
below there. Drawing imports matplotlib, so it is imported only when a notebook asks for a
picture. The graphs of one project are drawn into one HTML page, so every SVG ``id`` (clip
paths, glyphs) is prefixed per figure: no figure's reference can land in another's.
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

from .display_hooks import HOOKS

if TYPE_CHECKING:
    from .model import Project, Table

#: A notebook shows at most this many graphs of a project inline.
MAX_SHOWN = 12
#: The resolution graphs are drawn at for a notebook.
NOTEBOOK_DPI = 100

#: an id, and the two ways SVG refers to one: url(#id) and (xlink:)href="#id"
_ID_OR_REFERENCE = re.compile(
    r'((?<![\w:-])id=")([^"]+)(")|(url\(#)([^)]+)(\))|(href="#)([^"]+)(")'
)
#: each drawing gets its own prefix, so two outputs shown on one page never share an id
_DRAWINGS = itertools.count(1)


def _escape(text: str) -> str:
    from html import escape  # only a notebook's display needs it: `import plotdoc` stays light

    return escape(text)


def graph_svg(project: Project, table: Table) -> str | None:
    """``table``'s graph as SVG text, or None when it has none or it cannot be drawn."""
    drawn = graph_svg_checked(project, table)
    return None if drawn is None else drawn[0]


def graph_svg_checked(project: Project, table: Table) -> tuple[str, list[str]] | None:
    """As :func:`graph_svg`, with the warnings of the drawing (an analysis not drawn, values
    left out), one sentence each, as ``plotdoc render`` prints them."""
    if table.graph is None:
        return None
    from .render import render_table_checked

    try:
        drawn = render_table_checked(project, table, fmt="svg", dpi=NOTEBOOK_DPI)
    except Exception:  # a picture that fails leaves the text repr in place
        return None
    svg = drawn.data.decode("utf-8")
    return unique_ids(svg[svg.find("<svg") :], f"pd{next(_DRAWINGS)}-"), list(drawn.warnings)


def warnings_html(warnings: list[str]) -> str:
    """The warnings of a drawing as an HTML list under its figure ("" without any)."""
    if not warnings:
        return ""
    items = "".join(f"<li>{_escape(str(w))}</li>" for w in warnings)
    return f'<ul class="plotdoc-warnings">{items}</ul>'


def unique_ids(svg: str, prefix: str) -> str:
    """``svg`` with every id it defines, and every reference to one, prefixed."""
    defined = set(re.findall(r'(?<![\w:-])id="([^"]+)"', svg))

    def rename(match: re.Match[str]) -> str:
        for start in (1, 4, 7):
            name = match.group(start + 1)
            if name is not None:
                if name not in defined:
                    return match.group(0)
                return match.group(start) + prefix + name + match.group(start + 2)
        return match.group(0)  # pragma: no cover - one of the three always matched

    return _ID_OR_REFERENCE.sub(rename, svg)


def table_svg(table: Table) -> str | None:
    """A table's graph drawn on its own; a results table fills itself from the analysis it
    shows (its project is not needed to draw it)."""
    from .model import Project

    return graph_svg(Project(tables=[table]), table)


def project_html(project: Project) -> str:
    parts = [f"<p>{_escape(repr(project))}</p>"]
    shown = 0
    for table in project.tables:
        if shown == MAX_SHOWN:
            parts.append(f"<p>... {len(project.tables)} tables in all</p>")
            break
        drawn = graph_svg_checked(project, table)
        if drawn is None:
            continue
        shown += 1
        svg, warnings = drawn
        parts.append(
            f"<figure><figcaption>{_escape(table.name)}</figcaption>{svg}"
            f"{warnings_html(warnings)}</figure>"
        )
    return "\n".join(parts)


def _table_representations(table: Table) -> dict[str, str]:
    from .model import Project

    drawn = graph_svg_checked(Project(tables=[table]), table)
    if drawn is None:
        return {}
    svg, warnings = drawn
    out = {"image/svg+xml": svg}
    if warnings:  # what the graph cannot show is said under it, as render says it
        out["text/html"] = f"<figure>{svg}{warnings_html(warnings)}</figure>"
    return out


def _project_representations(project: Project) -> dict[str, str]:
    return {"text/html": project_html(project)}


HOOKS["table"] = _table_representations
HOOKS["project"] = _project_representations
