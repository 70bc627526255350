"""Semantic ids: every drawn element carries one as its matplotlib gid (the SVG element id).

The scheme (documented in ``docs/rendering.md``) is ``kind/scope[/member]``:

* per data set: ``line/ds0``, ``bar/ds0`` (column bars), ``box/ds0``, ``violin/ds0``,
  ``median/ds0``, ``whisker/ds0``, ``quartile/ds0``, ``summary/ds0``, ``area/ds0``,
  ``band/error/ds0``, ``symbols/ds0`` (the group of a data set's symbols);
* per point or row: ``symbol/ds0/p5`` (point 5 of data set 0), ``bar/ds0/row2``,
  ``errorbar/ds1/row0``, ``spike/ds0/p3``, ``value/ds0/row1``, ``outlier/ds0/p4``,
  ``pair/row3`` (a before-after line), ``subject/ds0/r1`` (a repeated-measures subject);
* sub-groups of nested data: ``box/ds0/sub1``, ``violin/ds0/sub1``, ``bar/ds0/sub1``;
* analyses: ``curve/regression/<analysisId>``, ``curve/fit/<analysisId>``,
  ``band/confidence/<analysisId>``, ``band/prediction/<analysisId>``;
* graph parts: ``title/graph``, ``title/x``, ``title/y``, ``axis/x``, ``axis/y``,
  ``axis/y-right``, ``legend``, ``bracket/0``, ``annotation/text/0``,
  ``annotation/shape/0``, ``reference/identity``, ``atrisk/ds0``, ``censored/ds0``.

Ids are unique within one figure: :class:`IdRegistry` appends ``~2``, ``~3`` to a repeat.
"""

from __future__ import annotations


def ds(kind: str, i: int) -> str:
    return f"{kind}/ds{i}"


def point(kind: str, i: int, p: int) -> str:
    return f"{kind}/ds{i}/p{p}"


def row(kind: str, i: int, r: int) -> str:
    return f"{kind}/ds{i}/row{r}"


def sub(kind: str, i: int, j: int) -> str:
    return f"{kind}/ds{i}/sub{j}"


class IdRegistry:
    """Hands out ids, keeping them unique within one figure."""

    def __init__(self) -> None:
        self._seen: dict[str, int] = {}

    def unique(self, sid: str) -> str:
        n = self._seen.get(sid, 0) + 1
        self._seen[sid] = n
        return sid if n == 1 else f"{sid}~{n}"

    def __contains__(self, sid: object) -> bool:
        return sid in self._seen

    def all(self) -> list[str]:
        return list(self._seen)
