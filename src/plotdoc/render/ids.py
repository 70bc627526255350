"""Semantic ids: every drawn element carries one as its matplotlib gid (the SVG element id).

The scheme (documented in ``docs/rendering.md``) is ``kind/scope[/member]``:

* per data set: ``line/ds0``, ``bar/ds0`` (column bars), ``box/ds0``, ``violin/ds0``,
  ``median/ds0``, ``whisker/ds0``, ``quartile/ds0``, ``summary/ds0``, ``area/ds0``,
  ``band/error/ds0``, ``symbols/ds0`` (the group of a data set's symbols), ``bars/ds0`` (the
  group of a data set's bars in a graph of thousands of bars);
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

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload


def make(kind: str, *parts: object) -> str:
    """``kind/part/part...``: graph parts and analyses (``bracket/0``, ``curve/fit/<id>``)."""
    return "/".join((kind, *(str(p) for p in parts)))


def scoped(kind: str, scope: str, *tail: str) -> str:
    """``kind/scope`` followed by suffixes such as :func:`member`'s."""
    return f"{kind}/{scope}" + "".join(tail)


def ds_scope(i: int, *tail: str) -> str:
    return f"ds{i}" + "".join(tail)


def row_scope(r: int) -> str:
    return f"row{r}"


def replicate_scope(k: int) -> str:
    """Replicate ``k`` of every row (a repeated-measures subject of a grouped graph)."""
    return f"r{k}"


def step_scope(k: int) -> str:
    """Step ``k`` along a repeated-measures path (its arrows)."""
    return f"s{k}"


_DATA_SET = re.compile(r"(?:^|/)ds(\d+)(?:/|$)")


def data_set_of(sid: object) -> int | None:
    """The index of the data set an id is scoped to (``symbol/ds2/p5`` gives 2), None for an
    id of no data set (or no id)."""
    m = _DATA_SET.search(sid) if isinstance(sid, str) else None
    return int(m.group(1)) if m else None


def ds(kind: str, i: int, *tail: str) -> str:
    return f"{kind}/ds{i}" + "".join(tail)


def point(kind: str, i: int, p: int, *tail: str) -> str:
    return f"{kind}/ds{i}/p{p}" + "".join(tail)


def row(kind: str, i: int, r: int, *tail: str) -> str:
    return f"{kind}/ds{i}/row{r}" + "".join(tail)


def sub(kind: str, i: int, j: int, *tail: str) -> str:
    return f"{kind}/ds{i}/sub{j}" + "".join(tail)


def data_row(kind: str, r: int, *tail: str) -> str:
    """A row of the table, not of one data set (``slice/row2``, ``pair/row3``)."""
    return f"{kind}/row{r}" + "".join(tail)


def item(kind: str, p: int) -> str:
    """A point of a table without data sets (``symbol/p4`` of multipleVariables, forest rows)."""
    return f"{kind}/p{p}"


def cell(kind: str, r: int, c: int) -> str:
    """A heat-map cell: row ``r``, column (data set) ``c``."""
    return f"{kind}/r{r}/c{c}"


def axis_label(axis: str, k: int) -> str:
    """A heat-map axis label: ``label/row/r2`` (table row 2), ``label/column/c1`` (data set 1)."""
    return f"label/{axis}/{'r' if axis == 'row' else 'c'}{k}"


def axis_labels(axis: str) -> str:
    """All the labels of a heat map's axis, drawn as one: ``labels/row``, ``labels/column``."""
    return f"labels/{axis}"


def sub_suffix(j: int) -> str:
    """The scope suffix of sub-column ``j`` of nested data (``box/ds0/sub1``)."""
    return f"/sub{j}"


def row_suffix(r: int) -> str:
    return f"/row{r}"


def point_suffix(p: int) -> str:
    return f"/p{p}"


def replicate_suffix(k: int) -> str:
    """Replicate ``k`` of a row of XY data (``line/ds0/r1``, ``symbol/ds0/p3/r1``)."""
    return f"/r{k}"


def censored_suffix(k: int) -> str:
    return f"/c{k}"


def member(name: object) -> str:
    """A named member of an element (``quartile/ds0/q1``, ``symbol/ds0/center``)."""
    return f"/{name}"


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


class Lazy(Sequence[str]):
    """The ids of many marks, each made when read: ``make(keys[k])`` for mark ``k``.

    A drawing of a million points writes their ids only in SVG; PNG and PDF never read them.
    """

    def __init__(self, make: Callable[[Any], str], keys: Any) -> None:
        self._make = make
        self._given = keys
        self._list: Sequence[Any] | None = None

    @property
    def _keys(self) -> Sequence[Any]:
        # an array of row numbers becomes a list when an id is first read (SVG reads them all)
        if self._list is None:
            given = self._given
            self._list = given.tolist() if hasattr(given, "tolist") else given
        return self._list

    def __len__(self) -> int:
        return len(self._given)

    @overload
    def __getitem__(self, k: int) -> str: ...

    @overload
    def __getitem__(self, k: slice) -> list[str]: ...

    def __getitem__(self, k: int | slice) -> str | list[str]:
        if isinstance(k, slice):
            return [self._make(key) for key in self._keys[k]]
        return self._make(self._keys[k])

    def __iter__(self) -> Iterator[str]:
        return map(self._make, self._keys)

    def where(self, keep: Any) -> Lazy:
        """The ids of the marks ``keep`` (a boolean array, one per mark) marks, still made
        when read."""
        given = self._given
        kept = (
            given[keep]
            if hasattr(given, "__array__")
            else [key for key, k in zip(given, keep, strict=True) if k]
        )
        return Lazy(self._make, kept)


def points(kind: str, i: int, rows: Any, *tail: str) -> Lazy:
    """:func:`point` ids of data set ``i`` for each of ``rows`` (a sequence or an array of
    row numbers), made when read."""
    return Lazy(lambda r: point(kind, i, r, *tail), rows)


#: the kind of the data set names a separated arrangement writes beyond its row labels
GROUP_NAME = "group"


def is_group_name(sid: object) -> bool:
    """Whether ``sid`` is the id of a data set's name beyond a category axis' labels."""
    return isinstance(sid, str) and sid.startswith(GROUP_NAME + "/")
