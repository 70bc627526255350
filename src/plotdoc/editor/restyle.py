"""A data set's symbols recoloured on the kept figure instead of drawing the graph again.

Recolouring a data set is the commonest style edit, and on a large scatter a fresh drawing
costs about twice what the kept figure's redrawing costs (see :mod:`plotdoc.editor.redraw`).
The new colour is set on the kept figure when nothing but colours can differ from a fresh
drawing, that is when:

- the only change of everything the drawing reads is in ``styleOverrides.perDataSet``, under
  ``<name>.symbol.color``;
- each data set so recoloured is drawn by a symbols artist of its own, no point of it styled
  on its own, and its symbols keep their shape, size and edge width;
- the legend, if shown, has one entry per data set shown, in order;
- neither the old colours nor the new ones give a warning (a colour that nearly vanishes on
  the background, two legend entries that look alike): those are left to a fresh drawing,
  which words and orders them.

The looks come from the functions the drawing itself uses
(:mod:`plotdoc.render.marks.symbol_looks`), and a test compares every picture with a fresh
drawing's, pixel for pixel.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model import Graph, Project, Table
    from ..render.context import DrawContext

#: the index of the graph in the kept figure's signature (see ``redraw._signature``)
GRAPH_AT = 9
_MISSING = object()


def recolour(
    fig: Any, symbols: dict[int, Any], project: Project, table: Table, was: Any, now: Any
) -> bool:
    """Recolour the kept figure ``fig`` (drawn from the signature ``was``, its symbols artists
    ``symbols`` by data set index) to the signature ``now``, when a colour of some data sets'
    symbols is all that changed; False, and nothing changed, otherwise."""
    if any(a != b for k, (a, b) in enumerate(zip(was, now, strict=True)) if k != GRAPH_AT):
        return False
    names = recolours(was[GRAPH_AT], now[GRAPH_AT])
    return bool(names) and restyle(fig, symbols, project, table, was[GRAPH_AT], names or set())


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
    ctx, before = _context(fig, project, stored, graph), _context(fig, project, stored, old)
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


def _context(fig: Any, project: Project, table: Table, graph: Graph) -> DrawContext:
    """A drawing context for ``graph`` on the kept figure, to read styles (nothing drawn)."""
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
