"""Where one distribution mark (a box, a violin, a floating bar) stands, and how its ids read.

One mark is drawn by one ``draw`` for every family: a column of a column graph (ids
``box/ds0``), a sub-column of a nested graph (``box/ds0/sub1``) or a cell of a grouped graph
(``box/ds0/row2``) differ only by their :class:`Place`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import ids


@dataclass(frozen=True)
class Place:
    """Data set ``i``'s mark centred at ``pos`` across ``width`` (data units)."""

    i: int
    pos: float
    width: float
    #: the id suffix: "" (a column), ``/sub{j}`` (nested), ``/row{r}`` (a grouped cell)
    suffix: str = ""
    #: the row whose perPoint style the mark takes (a grouped cell), None for a column
    row: int | None = None
    #: the index of the mark's first value among its data set's points (outlier ids)
    first: int = 0

    def sid(self, kind: str, *tail: str) -> str:
        """The id of a part of the mark (``box``, ``median``, ``quartile`` + ``/q1``...)."""
        return ids.ds(kind, self.i, self.suffix, *tail)

    @property
    def points_at(self) -> str:
        """The scope of its points' ids: a cell's points count through the data set."""
        return ids.ds_scope(self.i) if self.row is not None else ids.ds_scope(self.i, self.suffix)

    @property
    def point_key(self) -> int:
        """The row keying perPoint overrides of its points (-1: none)."""
        return -1 if self.row is None else self.row


def cell_place(i: int, r: int, pos: float, width: float, replicates: int) -> Place:
    """The place of data set ``i``'s mark in row ``r`` of a grouped graph."""
    return Place(i, pos, width, ids.row_suffix(r), r, r * replicates)
