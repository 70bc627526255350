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
    :func:`decimal_commas` says, and tell what was read."""
    from ..editing import paste_block
    from .notify import notify

    read = decimal_commas(text)
    applied = bool(view.apply(paste_block, table_id, row, col, read.text))
    if read.note and (applied or not read.converted):
        notify(read.note, "info" if applied else "warning")
    return applied


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
