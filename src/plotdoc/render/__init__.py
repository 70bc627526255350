"""Drawing graphs: a table's graph as SVG, PNG or PDF bytes, or a project's graphs as files.

matplotlib is imported only when a function here is called (``import plotdoc`` and the reader
never import it). The engine draws on :class:`matplotlib.figure.Figure` objects with the Agg
canvas and never touches pyplot's global state; rcParams are set only inside
``matplotlib.rc_context`` while one graph is drawn and saved.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..atomic import write_into_folder

if TYPE_CHECKING:
    from ..model import Graph, Project, Table
    from ..problems import Problem

__all__ = ["FORMATS", "Rendered", "render_project", "render_table", "render_table_checked"]

FORMATS = ("svg", "png", "pdf")


class Rendered(NamedTuple):
    """A drawn graph and the warnings of what it could not show (values a log axis cannot
    place, for example), one sentence each."""

    data: bytes
    warnings: list[str]


#: the resolution of a PNG (and of images inside a PDF) unless asked otherwise: print quality
DEFAULT_DPI = 300


def render_table(
    project: Project,
    table: Table,
    *,
    fmt: str = "svg",
    dpi: float = DEFAULT_DPI,
    width: str | None = None,
) -> bytes:
    """``table``'s graph drawn as ``fmt`` (svg, png or pdf) bytes; the same input gives the
    same bytes. ``width`` (``"85mm"``, ``"8.5cm"``, ``"3.35in"``, ``"241pt"``) scales the whole
    figure to that width, as a journal prints it (its plot area made smaller first where its
    text would print below 6 pt, unless the document fixes the plot area)."""
    return render_table_checked(project, table, fmt=fmt, dpi=dpi, width=width).data


def render_table_checked(
    project: Project,
    table: Table,
    *,
    fmt: str = "svg",
    dpi: float = DEFAULT_DPI,
    width: str | None = None,
) -> Rendered:
    """As :func:`render_table`, with the warnings of the drawing (at a ``width``, text or
    lines too small to print are ``render-too-small`` warnings)."""
    if fmt not in FORMATS:
        raise ValueError(f"expected a format among {', '.join(FORMATS)}; found {fmt!r}")
    from .print_size import parse_width

    width_pt = parse_width(width) if width is not None else None
    import matplotlib

    from .engine import PAD_IN, draw_graph, figure_bytes, rc_params

    if table.graph is None:
        raise ValueError(f"table {table.name!r} has no graph to draw")
    with matplotlib.rc_context(cast(Any, rc_params(table.graph))):
        fig, warnings = draw_graph(project, table, dpi=dpi)
        if width_pt is None or width is None:
            return Rendered(figure_bytes(fig, fmt, dpi), warnings)
        from .print_size import narrower_plot, natural_width_pt, output_width_pt, size_warnings

        natural = natural_width_pt(fig, PAD_IN)
        scale = width_pt / natural
        plot = narrower_plot(fig, scale, natural, _plot_fixed(table))
        if plot is not None:  # the plot area gives way before the text does
            table = copy.copy(table)
            table.graph = dataclasses.replace(cast("Graph", table.graph), plot_geometry=plot)
            fig, warnings = draw_graph(project, table, dpi=dpi)
            scale = width_pt / natural_width_pt(fig, PAD_IN)
        if fmt == "png":  # measured as the picture is drawn, at its resolution
            scale = width_pt / natural_width_pt(fig, PAD_IN, dpi * scale)
        data = figure_bytes(fig, fmt, dpi, scale)
        # the output's own crop may differ from the measure by a few points: drawn again
        # at the scale that makes it as wide as asked (within a point)
        found = output_width_pt(data, fmt, dpi)
        if found > 0 and abs(found - width_pt) > 1.0:
            scale *= width_pt / found
            data = figure_bytes(fig, fmt, dpi, scale)
        warnings = [*warnings, *size_warnings(fig, scale, width.strip())]
        return Rendered(data, warnings)


def _plot_fixed(table: Table) -> bool:
    """Whether a print width must leave ``table``'s plot area as it is: the document gives
    its size, or places annotations in points from it (they would not follow a smaller one)."""
    graph = table.graph
    if (
        graph is None
        or (graph.plot_geometry or {}).get("widthPt")
        or (graph.plot_geometry or {}).get("heightPt")
    ):
        return True
    for ann in table.annotations:
        if ann.type in ("text", "shape") and ann.props.get("coordinates", "points") == "points":
            return True
        if ann.type == "bracket" and any(
            (ann.props.get(side) or {}).get("kind") == "free" for side in ("left", "right")
        ):
            return True
    return False


def render_table_reported(
    project: Project,
    index: int,
    *,
    fmt: str = "svg",
    dpi: float = DEFAULT_DPI,
    width: str | None = None,
) -> tuple[bytes | None, list[Problem]]:
    """Table ``index``'s graph drawn as a command reports it: the bytes (None when it cannot be
    drawn) and the problems to report, each at its place in the project (a graph that fails
    is an error, so one defect never stops the other graphs; each warning of the drawing)."""
    from ..problems import error, warning
    from .notices import warning_code, warning_path

    table = project.tables[index]
    try:
        data, hidden = render_table_checked(project, table, fmt=fmt, dpi=dpi, width=width)
    except Exception as exc:  # a defect in one graph must not stop the others
        failed = error(
            "render-failed",
            ("tables", index, "graph"),
            f"expected a graph that can be drawn; table {table.id!r} failed "
            f"({type(exc).__name__}: {exc})",
        )
        return None, [failed]
    problems = [
        warning(
            warning_code(message),
            ("tables", index, *warning_path(message)),
            f"table {table.id!r}: {message}",
        )
        for message in hidden
    ]
    return data, problems


def file_stem(name: str) -> str:
    """A table name as a safe file name stem."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._")
    return stem[:80] or "table"


def render_project(
    project: Project,
    out_dir: str | Path,
    *,
    fmt: str = "svg",
    dpi: float = DEFAULT_DPI,
    width: str | None = None,
    table_ids: Iterable[str] | None = None,
    progress: Callable[[Table, Path], None] | None = None,
    warn: Callable[[Table, str], None] | None = None,
) -> list[Path]:
    """Draw every table that has a graph (or those in ``table_ids``) into ``out_dir``.

    One file per graph, named after its table (sanitised, made unique with ``-2``, ``-3``...),
    each scaled to ``width`` when given (:func:`render_table`).
    ``progress`` is called after each file is written, ``warn`` with each warning of a
    drawing (:class:`Rendered`). Returns the written paths in order.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    wanted = set(table_ids) if table_ids is not None else None
    used: set[str] = set()
    written: list[Path] = []
    for table in project.tables:
        if table.graph is None or (wanted is not None and table.id not in wanted):
            continue
        stem = file_stem(table.name)
        candidate, n = stem, 1
        while candidate.lower() in used:
            n += 1
            candidate = f"{stem}-{n}"
        used.add(candidate.lower())
        path = out / f"{candidate}.{fmt}"
        rendered = render_table_checked(project, table, fmt=fmt, dpi=dpi, width=width)
        write_into_folder(path, rendered.data)
        written.append(path)
        if warn is not None:
            for message in rendered.warnings:
                warn(table, message)
        if progress is not None:
            progress(table, path)
    return written
