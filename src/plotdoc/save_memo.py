"""What save remembers of the tables it wrote, so that an unchanged table costs a comparison.

A project of 200 tables with 200 analyses each holds 40,000 analyses; a save builds, orders,
checks and serialises every one of them, about 25 times what serialising the document alone
costs. Most saves follow a small change (an edit, then the editor's save or its recovery copy),
so most tables are what the last save wrote. After a save has checked a table and written it,
this module keeps, for that table object:

- its **fingerprint**: every field of the table serialised in C by orjson, with the cells'
  types, shapes and bytes (the bytes themselves up to :data:`RAW_CELL_BYTES`, a BLAKE2
  digest past them);
- the table's bytes as written, in the layout written (compact or indented), and its cells.

The next save of the same table object computes its fingerprint again. When it is the same,
or when another table object has that fingerprint (a copy of a kept table), the table is
written again from the kept bytes, and open's stages, run over the document as
always, pass by it (:attr:`plotdoc.reader.context.Context.known`); what is checked across
tables (unique ids, references to a table or an analysis, the project's cells, the file's
size) is checked every time. A changed table, or one seen for the first time, is built,
checked and serialised in full, and kept for the next save.

A table kept in the other layout only (the editor's recovery copies are compact, its saves
indented) was checked by that save: a save that finds it unchanged builds and serialises it
but does not check it again (it stands in the document the check reads as a kept table
does), and keeps its bytes in this layout too.

A fingerprint is exact for every value save accepts: strings, numbers (an integer is never
taken for a float, nor ``True`` for ``1``), null, arrays, objects with their keys in order,
and the cells' types and bytes; an ``enum.Enum`` member and a ``uuid.UUID`` are written as
the JSON they stand for whether a table is kept or not. Anything else (a numpy scalar, a
``str`` or ``int`` subclass, a date, a class of the caller's) stops the fingerprint, and the
table is checked in full, as before. orjson writes NaN and the infinities as null, so an entry
also keeps the containers that held a null and what they held (:func:`_nulls_kept`): a NaN
set where a null was is refused, as a save that keeps nothing refuses it.

Not kept: results tables (their check reads their source table), tables with a data set of
more than :data:`MAX_CELLS` cells or written in more than :data:`MAX_WRITTEN` bytes (cells are
checked in a few array passes; their bytes would take memory for little gain), and anything
once the table object is gone (entries are dropped with it).
"""

from __future__ import annotations

import enum
import gc
import hashlib
import math
import os
import threading
import weakref
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import orjson

from .model import Analysis, Annotation, DataSet, Graph, PlotConfig, Table

__all__ = [
    "MAX_CELLS",
    "MAX_WRITTEN",
    "MEMO",
    "Entry",
    "Memo",
    "fingerprint",
    "stand_in",
]

#: Data sets (and X columns) of more cells make their table checked and serialised at every
#: save; so do tables written in more bytes than :data:`MAX_WRITTEN`.
MAX_CELLS = 10_000
MAX_WRITTEN = 1 << 20
#: Cell bytes kept as they are (in hexadecimal) in a fingerprint; past this, their digest.
RAW_CELL_BYTES = 512

_OPTIONS = (
    orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)
#: The model's own classes a fingerprint opens (their fields, in order).
_MODEL = frozenset({Analysis, Annotation, DataSet, Graph, PlotConfig})


class _Unknown(Exception):
    """A value the fingerprint does not take: the table is checked in full."""


def _fields(value: Any) -> Any:
    """What orjson writes, in a fingerprint, for a value it does not write itself."""
    kind = type(value)
    if kind in _MODEL:
        return value.__dict__
    if kind is np.ndarray and value.size <= MAX_CELLS:
        dtype = value.dtype
        if dtype.kind in "fiu":  # the type (its number and byte order), shape and bytes
            cells = value.tobytes()
            if len(cells) > RAW_CELL_BYTES:
                cells = hashlib.blake2b(cells).digest()
            return (dtype.num, dtype.isnative, value.shape, cells.hex())
        if dtype.kind == "O":  # text cells
            return (value.shape, value.tolist())
    raise _Unknown


@dataclass
class Entry:
    """One table as the last save checked and wrote it."""

    fingerprint: bytes
    #: the table's cells, as the project's cell count counts them
    cells: int
    #: the containers of the table holding a null, each with those above it (the table's
    #: fields first), and what they held (:func:`_nulls_kept`); None until a save finds the
    #: table unchanged (a table saved once never needs them)
    holders: list[Any] | None = None
    held: list[Any] = field(default_factory=list)
    #: the table's bytes, by layout (True: compact)
    written: dict[bool, bytes] = field(default_factory=dict)


_LEAVES = frozenset({str, int, float, bool, type(None)})


def _holding_nulls(table: Table) -> list[Any] | None:
    """The containers of ``table`` (its fields, objects, arrays and the model's objects in
    them) that hold a null, each followed up to the table's fields; None when the table holds
    a NaN or an infinity (which orjson writes as null)."""
    root = table.__dict__
    above: dict[int, Any] = {id(root): None}
    found: dict[int, Any] = {}
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        null = False
        for value in node.values() if type(node) is dict else node:
            kind = type(value)
            while kind not in _LEAVES and isinstance(value, enum.Enum):  # written as its value
                value = value.value
                kind = type(value)
            if kind in _MODEL:
                value = value.__dict__
            elif kind is not dict and kind is not list and kind is not tuple:
                if value is None:
                    null = True
                elif kind is float and not math.isfinite(value):
                    return None
                continue
            if id(value) not in above:
                above[id(value)] = node
                stack.append(value)
        while null and node is not None and id(node) not in found:
            found[id(node)] = node
            node = above[id(node)]
    return [root, *(node for key, node in found.items() if key != id(root))]


def _nulls_kept(table: Table, kept: Entry) -> bool:
    """Whether every null of ``table`` at the last save is still null.

    orjson writes NaN and the infinities as null, so the fingerprint alone would take a NaN
    set where a null was for the null (a save that keeps nothing refuses it). The first save
    that finds a table unchanged walks it once: a table holding a NaN or an infinity is
    checked in full, and otherwise its nulls are where the checked table had them, and the
    containers holding them are kept. From then on those containers must hold the same
    values (the same objects, or equal ones): a NaN is equal to nothing, so a container
    holding one where it held None, or an object holding one put in place of an object that
    held None, compares unequal.
    """
    if kept.holders is None:
        holders = _holding_nulls(table)
        if holders is None:
            return False
        kept.holders, kept.held = holders, gc.get_referents(*holders)
        return True
    if not kept.holders or kept.holders[0] is not table.__dict__:
        return False
    try:
        return bool(gc.get_referents(*kept.holders) == kept.held)
    except Exception:  # an object whose comparison fails (numpy arrays): not the same
        return False


def fingerprint(table: Table) -> bytes | None:
    """Every field of ``table`` as exact bytes, or None when the table is not kept (a
    results table, too many cells, or a value a fingerprint does not take)."""
    if type(table) is not Table or table.derived_from is not None:
        return None
    try:
        return orjson.dumps(table.__dict__, option=_OPTIONS, default=_fields)
    except orjson.JSONEncodeError:  # a value not taken (or nested too deep)
        return None


def stand_in(table: Table, analyses: bool) -> dict[str, Any]:
    """What a kept table is in the document the check reads: its id, and with ``analyses``
    (some table of the project is a results table) its analyses' ids and methods."""
    out: dict[str, Any] = {"id": table.id}
    if analyses:
        out["analyses"] = [{"id": a.id, "method": a.method} for a in table.analyses]
    return out


class Memo:
    """The kept tables, by table object (held weakly: an entry goes with its table)."""

    def __init__(self) -> None:
        self._entries: dict[int, tuple[weakref.ref[Table], Entry]] = {}
        #: the entries by fingerprint: a copy of a kept table (the editor's recovery copies,
        #: its undo steps) is written from the bytes of the table it copies
        self._by_print: weakref.WeakValueDictionary[bytes, Entry] = weakref.WeakValueDictionary()
        # Reentrant: the cyclic collector may free a table, and run the callback that drops
        # its entry, in a thread that holds the lock (saves pause the collector; any other
        # caller may not).
        self._lock = threading.RLock()
        # a child forked while a thread held the lock would wait for it for ever
        if hasattr(os, "register_at_fork"):  # (not on Windows, which does not fork)
            os.register_at_fork(after_in_child=self._unlock)

    def _unlock(self) -> None:
        self._lock = threading.RLock()

    def get(self, table: Table, fingerprint: bytes) -> Entry | None:
        """The entry of ``table`` when its fingerprint is ``fingerprint``."""
        kept = self._entries.get(id(table))
        if kept is not None and kept[0]() is table and kept[1].fingerprint == fingerprint:
            return kept[1] if _nulls_kept(table, kept[1]) else None
        same = self._by_print.get(fingerprint)
        if same is None:
            return None
        # another table object with the same fingerprint: its bytes, once this table is
        # walked for a NaN or an infinity (its nulls are its own)
        entry = Entry(fingerprint, same.cells, written=dict(same.written))
        if not _nulls_kept(table, entry):
            return None
        self.put(table, entry)
        return entry

    def put(self, table: Table, entry: Entry) -> None:
        key = id(table)

        def gone(_: object, key: int = key) -> None:
            with self._lock:
                kept = self._entries.get(key)
                if kept is not None and kept[0]() is None:
                    del self._entries[key]

        with self._lock:
            self._entries[key] = (weakref.ref(table, gone), entry)
            self._by_print[entry.fingerprint] = entry

    def discard(self, table: Table) -> None:
        """Forget ``table``'s entry, if it has one."""
        with self._lock:
            kept = self._entries.pop(id(table), None)
            if kept is not None and self._by_print.get(kept[1].fingerprint) is kept[1]:
                del self._by_print[kept[1].fingerprint]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._by_print.clear()

    def __len__(self) -> int:
        return len(self._entries)


#: The memo every save of this process shares.
MEMO = Memo()
