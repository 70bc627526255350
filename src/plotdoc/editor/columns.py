"""How the sheet names its columns: ``c0``, ``c1``, ... (the column's place in the table's
sheet columns), in one place for the sheet, the row server and the values a tab holds."""

from __future__ import annotations


def column_id(index: int) -> str:
    return f"c{index}"


def column_index(col_id: str | None) -> int | None:
    """The place a column id names, or None for anything that is not a column id."""
    if not col_id or not col_id.startswith("c") or not col_id[1:].isdigit():
        return None
    return int(col_id[1:])
