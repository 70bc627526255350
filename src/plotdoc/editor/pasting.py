"""A pasted block read as the spreadsheet that copied it wrote it.

A spreadsheet in a decimal-comma locale copies ``1,5`` and ``1.234,5``. When the block's
numbers use that convention consistently (some have a decimal comma, none has a decimal
point that cannot be a thousands separator), they are read as ``1.5`` and ``1234.5`` and the
editor says so; a block that mixes both conventions is pasted as it is, and its comma cells
are refused with open's message.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..editing.cells import parse_clipboard


class Read(NamedTuple):
    """The text to paste, what was read (a sentence, or ""), and whether numbers were rewritten."""

    text: str
    note: str
    converted: bool


#: ``1,5``, ``-0,25``, ``1.234,5``, ``12.345.678,9`` (thousands by points)
_COMMA = re.compile(r"^[+-]?(?:\d+|\d{1,3}(?:\.\d{3})+),\d+(?:[eE][+-]?\d+)?$")
#: ``1.234`` or ``12.345.678``: an integer with thousands points (or a decimal: ambiguous)
_GROUPED = re.compile(r"^[+-]?\d{1,3}(?:\.\d{3})+$")
#: a decimal point that is not a thousands separator: ``1.5``, ``0.25``, ``.5``, ``1.2345``
_POINT = re.compile(r"^[+-]?\d*\.\d+(?:[eE][+-]?\d+)?$")


def apply_paste(view: Any, table_id: str, row: int, col: int, text: str) -> bool:
    """Paste ``text`` at (``row``, ``col``) as one edit, decimal commas read as
    :func:`decimal_commas` says, and tell what was read. A block whose first row holds names
    asks first whether they name the data sets (and how many replicates each has)."""
    from ..editing.named_paste import header_of
    from ..problems import PlotdocError

    read = decimal_commas(text)
    try:
        header = header_of(view.session.project, table_id, row, col, read.text)
    except PlotdocError:
        header = None
    if header is not None:
        ask_names(view, table_id, row, col, read, header)
        return False
    counts = replicate_counts(view, table_id, col, read.text)
    if counts:
        ask_replicates(view, table_id, row, col, read, counts)
        return False
    return _paste(view, table_id, row, col, read)


def replicate_counts(view: Any, table_id: str, col: int, text: str) -> list[int]:
    """The replicate counts to offer before a first paste of several data columns into an
    empty table that can have replicates (none: nothing to ask)."""
    from ..contract.entries import is_summary
    from ..contract.families import FAMILIES
    from ..editing.cells import parse_clipboard, sheet_columns
    from ..editing.named_paste import empty

    table = view.session.project.table(table_id)
    family = FAMILIES[table.format]
    if family.max_replicates < 2 or not empty(table) or is_summary(table.entry):
        return []  # (summary data has its three columns: mean, SD or SEM, N)
    first_data = sum(1 for c in sheet_columns(table) if c.kind != "data")
    width = max((len(r) for r in parse_clipboard(text)), default=0) - max(0, first_data - col)
    if col > first_data or width < 2:
        return []
    return [k for k in range(1, width + 1) if width % k == 0 and family.replicates_ok(k)]


def ask_replicates(
    view: Any, table_id: str, row: int, col: int, read: Read, counts: list[int]
) -> None:
    """Ask how many columns each data set holds before a first paste fills an empty table."""
    from nicegui import ui

    from ..editing.named_paste import paste_named
    from . import choices

    table = view.session.project.table(table_id)
    width = counts[-1]

    def paste() -> None:
        dialog.close()
        applied = view.apply(
            paste_named, table_id, row, col, read.text, replicates.value, named=False
        )
        if applied and read.note:
            from .notify import notify

            notify(read.note)

    with ui.dialog() as dialog, ui.card().classes("w-[520px] max-w-[95vw]") as card:
        card.props["data-testid"] = "paste-replicates-dialog"
        dialog.props["aria-label"] = "Replicates of the pasted columns"
        ui.label("How many columns per data set?").classes("text-h6")
        ui.label(
            f"The block has {width} columns of values and the table is empty: how many "
            "columns does each data set hold (its replicates)?"
        )
        replicates = choices.select(
            {k: f"{k} ({width // k} data set{'s' if width // k != 1 else ''})" for k in counts},
            value=table.replicates if table.replicates in counts else counts[0],
            label="Columns per data set (replicates)",
        ).classes("w-full")
        replicates.props["data-testid"] = "paste-replicates"
        with ui.row():
            ok = ui.button("Paste", on_click=paste)
            ok.props["data-testid"] = "paste-replicates-ok"
            ok.props["autofocus"] = True
            ui.button("Cancel", on_click=dialog.close).props("flat")
    dialog.open()


def _paste(view: Any, table_id: str, row: int, col: int, read: Read) -> bool:
    from ..editing import paste_block
    from .notify import notify

    applied = bool(view.apply(paste_block, table_id, row, col, read.text))
    if read.note and (applied or not read.converted):
        notify(read.note, "info" if applied else "warning")
    return applied


def ask_names(view: Any, table_id: str, row: int, col: int, read: Read, header: Any) -> None:
    """Ask whether a block's first row names the data sets (and, where the table can have
    replicates, how many columns each name covers), then paste as answered."""
    from nicegui import ui

    from ..contract.families import FAMILIES
    from ..editing.cells import sheet_columns
    from ..editing.named_paste import paste_named, runs
    from . import choices
    from .notify import notify

    table = view.session.project.table(table_id)
    family = FAMILIES[table.format]
    first_data = sum(1 for c in sheet_columns(table) if c.kind != "data")
    width = len(header.cells) - max(0, first_data - col)
    counts = [
        k
        for k in range(1, width + 1)
        if width % k == 0 and family.replicates_ok(k) and k <= family.max_replicates
    ]
    guess = runs(header)
    shown = [c for c in header.cells if c][:4]
    listed = ", ".join(f"“{c}”" for c in shown) + ("…" if len(header.cells) > 4 else "")

    def names() -> None:
        dialog.close()
        reps = replicates.value if replicates is not None else None
        if view.apply(paste_named, table_id, row, col, read.text, reps):
            notify(f"Named the data sets from the first row ({listed})")
            if read.note:
                notify(read.note)

    def cells() -> None:
        dialog.close()
        _paste(view, table_id, row, col, read)

    with ui.dialog() as dialog, ui.card().classes("w-[520px] max-w-[95vw]") as card:
        card.props["data-testid"] = "paste-names-dialog"
        ui.label("The first row holds names").classes("text-h6")
        ui.label(
            f"The pasted block's first row reads {listed}. Use it to name the data sets (the "
            "rows below are pasted as values), or paste it as cells?"
        )
        replicates = None
        if len(counts) > 1:
            replicates = choices.select(
                {k: f"{k} ({width // k} data set{'s' if width // k != 1 else ''})" for k in counts},
                value=guess if guess in counts else table.replicates,
                label="Columns per data set (replicates)",
            ).classes("w-full")
            replicates.props["data-testid"] = "paste-names-replicates"
            if guess > 1:
                ui.label(f"Each name covers {guess} columns: read as {guess} replicates.").classes(
                    "plotdoc-status"
                )
        with ui.row():
            ok = ui.button("Use as names", on_click=names)
            ok.props["data-testid"] = "paste-names"
            ok.props["autofocus"] = True
            as_cells = ui.button("Paste as cells", on_click=cells).props("flat")
            as_cells.props["data-testid"] = "paste-cells"
            ui.button("Cancel", on_click=dialog.close).props("flat")
    dialog.open()


def _comma_number(cell: str) -> str:
    return cell.replace(".", "").replace(",", ".")


def decimal_commas(text: str) -> Read:
    """``text`` with decimal-comma numbers rewritten with points when the block uses that
    convention throughout, and a sentence saying what was read ("" when nothing was)."""
    block = parse_clipboard(text)
    cells = [c.strip() for row in block for c in row]
    commas = [c for c in cells if _COMMA.match(c)]
    if not commas:
        return Read(text, "", False)
    points = [c for c in cells if _POINT.match(c) and not _GROUPED.match(c)]
    if points:
        return Read(
            text,
            f"The pasted block mixes decimal commas ({commas[0]}) and decimal points "
            f"({points[0]}); it was pasted as it is.",
            False,
        )
    out = [
        [
            _comma_number(c.strip()) if _COMMA.match(c.strip()) or _GROUPED.match(c.strip()) else c
            for c in row
        ]
        for row in block
    ]
    example = commas[0]
    n = len(commas)
    note = (
        f"Read {n} number{'s' if n != 1 else ''} with a decimal comma "
        f"({example} as {_comma_number(example)})."
    )
    return Read("\n".join("\t".join(row) for row in out) + "\n", note, True)
