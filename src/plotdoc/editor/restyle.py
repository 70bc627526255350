"""Style edits set on the kept figure instead of drawing the graph again: a data set's
symbols recoloured, the legend's settings changed, annotations added, moved or removed, a new
graph title (:func:`retitled`).

Recolouring a data set and moving or restyling the legend are common style edits, and on a
large scatter a fresh drawing costs about twice what the kept figure's redrawing costs (see
:mod:`plotdoc.editor.redraw`). The change is set on the kept figure when nothing else can
differ from a fresh drawing, that is when the only change of everything the drawing reads is

- in ``styleOverrides.perDataSet``, under ``<name>.symbol.color``, for data sets each drawn
  by a symbols artist of its own, no point of it styled on its own, whose symbols keep their
  shape, size and edge width (the legend, if shown, has one entry per data set shown, in
  order: its swatches are recoloured too); or
- in ``graph.legend`` (its position, entries, font, frame...), but for a legend at the top,
  which raises the graph title (the legend is then drawn again, from the swatches the
  scatter's drawing gives it); or
- in the table's text and shape annotations, on a drawing that warned of nothing (they are
  drawn again, and their warnings are the drawing's);

and neither the old look nor the new one gives a warning (a colour that nearly vanishes on
the background, two legend entries that look alike): those are left to a fresh drawing,
which words and orders them.

The looks come from the functions the drawing itself uses
(:mod:`plotdoc.render.marks.symbol_looks`, :func:`plotdoc.render.guides.legend.draw_legend`),
and a test compares every picture with a fresh drawing's, pixel for pixel.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model import Graph, Project, Table
    from ..render.context import DrawContext

#: the index of the graph and of the annotations in the kept figure's signature (see
#: ``redraw._signature``)
GRAPH_AT, ANNOTATIONS_AT = 9, 11
#: the annotations that stay where they are put whatever the cells (a bracket follows them)
STILL = frozenset({"text", "shape"})


def cells_alone(table: Table, *, one_value: bool = True) -> bool:
    """Whether only the data sets' own marks follow ``table``'s cells: no analyses or
    results, annotations that stay where they are put (no brackets), and (``one_value``)
    one value per row."""
    return (
        not table.analyses
        and all(a.type in STILL for a in table.annotations)
        and table.derived_from is None
        and all(
            ds.values.ndim == 2 and (ds.values.shape[1] == 1 or not one_value)
            for ds in table.data_sets
        )
    )


_MISSING = object()


def restyled(
    kept: Any, project: Project, table: Table, now: Any, retake: Callable[[Any], None]
) -> bool:
    """Set on the kept figure ``kept`` (``plotdoc.editor.redraw``'s) the change from its
    signature to ``now``, when it is one of the module's; False, and nothing changed,
    otherwise. ``retake`` has the kept picture taken again (it shows what changed)."""
    was = kept.signature
    changed = {k for k, (a, b) in enumerate(zip(was, now, strict=True)) if a != b}
    if changed == {ANNOTATIONS_AT}:
        return reannotate(kept, project, table, retake)
    if changed != {GRAPH_AT}:
        return False
    old, new = was[GRAPH_AT], now[GRAPH_AT]
    ax = kept.fig.axes[0]
    gone = ax.get_legend()
    names = recolours(old, new)
    if names:
        if not restyle(kept.fig, kept.symbols, project, table, old, names):
            return False
    elif names is not None or replace(old, legend={}) != replace(new, legend={}):
        return False
    elif relegend(kept.fig, project, table, old, new):
        kept.regions.pop(id(gone), None)
    else:
        return False
    legend = ax.get_legend()
    if legend is gone and (legend is None or legend in kept.live):
        return True  # drawn with the live artists, or none
    kept.recoloured = True  # a legend beside the plot is then drawn with the live artists
    was_live = gone is None or gone in kept.live
    if gone in kept.live:
        kept.live.remove(gone)
    if legend is None and was_live:
        return True  # the legend, drawn over the kept picture, is gone
    if was_live and legend is not None and kept.background is not None and _live_last(kept, legend):
        legend.set_animated(True)  # left out of the kept picture, drawn over it
        kept.live.insert(axes_end(kept.live), legend)
    else:
        retake(kept)
    return True


def axes_end(live: list[Any]) -> int:
    """Where the live artists of the axes end (the figure's own, annotations, come after)."""
    return next((k for k, a in enumerate(live) if a.axes is None), len(live))


def _live_last(kept: Any, legend: Any) -> bool:
    """Whether a new legend can be drawn after the kept figure's live artists of the axes:
    one in the plot area, drawn over the symbols as a full drawing draws it, or one that meets
    no other artist (the order then changes no pixel)."""
    if any(a.get_zorder() > legend.get_zorder() for a in kept.live[: axes_end(kept.live)]):
        return False
    renderer = kept.canvas.get_renderer()
    box = legend.get_window_extent(renderer)
    return box.overlaps(kept.fig.axes[0].bbox.padded(2.0)) or apart(kept.fig, renderer, legend)


def apart(fig: Any, renderer: Any, art: Any, around: list[Any] | None = None) -> bool:
    """Whether ``art`` meets no other artist of the plot (``around``: their boxes, when
    already known), so that drawing it before or after them gives the same pixels."""
    box = art.get_window_extent(renderer).padded(2.0)  # antialiased edges
    others = boxes_around(fig, renderer, art) if around is None else around
    return not any(other.overlaps(box) for other in others)


def boxes_around(fig: Any, renderer: Any, apart: Any) -> list[Any]:
    """The boxes of every artist of the plot but ``apart`` (the graph title, the legend) and
    the background (a symbols artist, and anything clipped, counts as its clip box)."""
    from matplotlib.text import Text

    ax = fig.axes[0]
    boxes = []
    for art in ax.get_children():
        if art is apart or art is ax.patch or not art.get_visible():
            continue
        if isinstance(art, Text) and not art.get_text():
            continue
        clip = art.get_clip_box() if art.get_clip_on() else None
        box = clip if clip is not None else art.get_tightbbox(renderer)
        if box is not None:
            boxes.append(box)
    return boxes


def reannotate(kept: Any, project: Project, table: Table, retake: Callable[[Any], None]) -> bool:
    """Draw the annotations of ``table`` on the kept figure in place of its own, when its
    drawing warned of nothing (the warnings of the new ones are then the drawing's)."""
    from ..render.guides.annotations import draw_annotations

    graph = table.graph
    if kept.warnings or graph is None:
        return False
    fig = kept.fig
    for art in [a for a in fig.artists if str(a.get_gid() or "").startswith("annotation/")]:
        kept.regions.pop(id(art), None)  # (a new artist may be given its id)
        art.remove()
    ctx = drawn_context(fig, project, table)
    draw_annotations(ctx)
    kept.warnings = [str(w) for w in ctx.warnings]
    if kept.background is None:
        retake(kept)
        return True
    drawn = sorted(fig.artists, key=lambda a: a.zorder)  # drawn over the axes, in this order
    for art in drawn:
        art.set_animated(True)
    kept.live = [*kept.live[: axes_end(kept.live)], *drawn]  # (the kept picture has none)
    return True


def relegend(fig: Any, project: Project, table: Table, old: Graph, new: Graph) -> bool:
    """Draw the legend of ``new`` on ``fig`` in place of the one of ``old``, when neither is
    at the top nor gives a warning; False, and nothing changed, otherwise."""
    from ..canonical import stored_table
    from ..render.guides.legend import draw_legend
    from ..render.marks.symbol_looks import symbol_handle

    if "top" in ((old.legend or {}).get("position"), (new.legend or {}).get("position")):
        return False  # a legend at the top raises the graph title
    stored = stored_table(table)
    ctx, before = kept_context(fig, project, stored, new), kept_context(fig, project, stored, old)
    shown = ctx.visible_data_sets()
    for graph, context in ((new, ctx), (old, before)):
        if _warned(context, [i for i in shown if not _hidden(graph, i)], True):
            return False
    gone = fig.axes[0].get_legend()
    if gone is not None:
        gone.remove()
    ctx.legend_handles = [(str(i), symbol_handle(ctx, i), ctx.ds_name(i)) for i in shown]
    draw_legend(ctx)
    return not ctx.warnings


def recolours(old: Graph, new: Graph) -> set[str] | None:
    """The names of the data sets whose symbol colour alone changed from ``old`` to ``new``,
    or None when anything else changed."""
    if replace(old, style_overrides={}) != replace(new, style_overrides={}):
        return None
    before = dict(_leaves(old.style_overrides))
    after = dict(_leaves(new.style_overrides))
    names: set[str] = set()
    for path in before.keys() | after.keys():
        if before.get(path, _MISSING) == after.get(path, _MISSING):
            continue
        if len(path) < 4 or path[0] != "perDataSet" or path[2:4] != ("symbol", "color"):
            return None
        names.add(str(path[1]))
    return names


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """(path, value) of every value of ``node`` that is not an object (an empty object, which
    styles nothing, gives none)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    else:
        yield path, node


def restyle(
    fig: Any,
    symbols: dict[int, Any],
    project: Project,
    table: Table,
    old: Graph,
    names: set[str],
) -> bool:
    """Set the new colour of the data sets ``names`` on ``fig`` (their symbols artists are
    ``symbols``, by data set index) and on its legend, when the module's conditions hold;
    False, and nothing changed, otherwise."""
    from ..canonical import stored_table
    from ..render.marks.symbol_looks import data_set_look, symbol_handle

    graph = table.graph
    if graph is None:
        return False
    stored = stored_table(table)
    index = {ds.name: i for i, ds in enumerate(stored.data_sets)}
    if any(name not in index or index[name] not in symbols for name in names):
        return False
    if names & set((graph.style_overrides or {}).get("perPoint", {})):
        return False
    ctx, before = kept_context(fig, project, stored, graph), kept_context(fig, project, stored, old)
    looks: list[tuple[Any, Any]] = []
    for name in sorted(names):
        art = symbols[index[name]]
        look = data_set_look(ctx, index[name], len(art))
        if len(art.looks) != 1 or _form(art.looks[0]) != _form(look):
            return False
        looks.append((art, look))
    legend = fig.axes[0].get_legend()
    shown = ctx.visible_data_sets()
    entries = [i for i in shown if not _hidden(graph, i)]
    if legend is not None and len(legend.legend_handles) != len(entries):
        return False
    if _warned(ctx, entries, legend is not None) or _warned(before, entries, legend is not None):
        return False
    for art, look in looks:
        art.set_looks([look], art.look_of)
    if legend is not None:
        for name in names:
            if index[name] in entries:
                made = symbol_handle(ctx, index[name])
                glyph = legend.legend_handles[entries.index(index[name])]
                glyph.set_markerfacecolor(made.get_markerfacecolor())
                glyph.set_markeredgecolor(made.get_markeredgecolor())
    return True


def _form(look: Any) -> tuple[Any, ...]:
    """What of a symbol's look is not a colour: its shape, size and edge width."""
    shape, size, _, _, width = look
    return shape, size, width


def _hidden(graph: Graph, i: int) -> bool:
    item = ((graph.legend or {}).get("itemOverrides") or {}).get(str(i)) or {}
    return bool(item.get("hidden"))


def drawn_context(fig: Any, project: Project, table: Table) -> DrawContext:
    """:func:`kept_context` for ``table``'s own graph, with the table as a drawing draws it
    (the rows a file stores, see ``render.engine.draw_graph``)."""
    from ..canonical import stored_table

    stored = stored_table(table)
    assert stored.graph is not None
    return kept_context(fig, project, stored, stored.graph)


def kept_context(fig: Any, project: Project, table: Table, graph: Graph) -> DrawContext:
    """A drawing context for ``graph`` on the kept figure: to read styles, or to draw marks
    on it again (``plotdoc.editor.recolumn``)."""
    from ..render.context import DrawContext
    from ..render.style.theme import make_theme

    theme = make_theme(graph.active_preset_id, graph.apply_preset_non_color)
    return DrawContext(
        fig=fig, ax=fig.axes[0], project=project, table=table, graph=graph, theme=theme
    )


def _warned(ctx: DrawContext, entries: list[int], legend: bool) -> bool:
    """Whether the colours of ``ctx``'s graph give a warning a fresh drawing would word: a
    colour that nearly vanishes, or legend entries that look alike."""
    from ..render.guides.legend_looks import warn_look_alikes
    from ..render.low_contrast import warn_low_contrast
    from ..render.marks.symbol_looks import symbol_handle

    warn_low_contrast(ctx)
    if legend:
        handles = [symbol_handle(ctx, i) for i in entries]
        warn_look_alikes(ctx, [str(i) for i in entries], handles, [ctx.ds_name(i) for i in entries])
    return bool(ctx.warnings)


def retitled(kept: Any, titles: Any, retake: Callable[[Any], None]) -> bool:
    """Set a new graph title's text on the kept figure, when that is the only change of the
    titles and the title stays one plain text (no run drawn raised or lowered): the engine
    sets the same text on the same artist (``render/guides/titles.py``), and nothing else of
    the figure follows it (the title is placed at the plot's top edge and wraps at the plot's
    width). The picture is then drawn again whole once (see ``redraw._redrawn``). False, and
    nothing changed, for anything else."""
    from ..render.style.text import needs_runs, rich_label

    old, new = kept.titles, titles
    if not (isinstance(old, dict) and isinstance(new, dict)) or old.keys() != new.keys():
        return False
    if any(old[k] != new[k] for k in old if k != "graph"):
        return False
    before, after = old.get("graph"), new.get("graph")
    if not (isinstance(before, dict) and isinstance(after, dict)):
        return False
    if {k: v for k, v in before.items() if k != "text"} != {
        k: v for k, v in after.items() if k != "text"
    }:
        return False
    was, now = before.get("text"), after.get("text")
    if not (isinstance(was, str) and isinstance(now, str) and was and now):
        return False  # an automatic (the table's name) or hidden title: drawn afresh
    if needs_runs(was) or needs_runs(now) or len(kept.fig.axes) != 1:
        return False
    title = kept.fig.axes[0].title
    if not title.get_text():
        return False
    rich_label(title, now)
    kept.regions.pop(id(title), None)
    kept.titles = copy.deepcopy(titles)
    if kept.title is title and title_apart(kept, kept.canvas.get_renderer()):
        return True  # drawn apart, over the kept picture, as the symbols are
    retake(kept)  # the title is part of the kept picture: taken again, with the title
    return True


def title_apart(kept: Any, renderer: Any) -> bool:
    """Whether the graph title can be drawn apart from the kept picture: a visible text whose
    box meets no other artist's, so drawing it before or after them gives the same pixels."""
    title = kept.fig.axes[0].title
    if not (title.get_visible() and title.get_text()):
        return False
    return apart(kept.fig, renderer, title, kept.around_title)
