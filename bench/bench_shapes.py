"""Open and save documents of several shapes, each against plain orjson on the same bytes.

Run on demand (not a test): `nice python bench/bench_shapes.py [--repeat N] [SHAPE ...]`.
The shapes (each within the contract's limits, written by plotdoc's own writer):

- ``analyses``: 200 xy tables of 12 rows and 3 data sets, each with 200 analyses (40,000);
- ``small``: 200 column tables of 3 data sets of 10 rows (6,000 cells);
- ``one-table``: one column table of 10 data sets of 200,000 rows (2,000,000 cells);
- ``wide``: 20 column tables of 100,000 rows (bench_open.py's 2,000,000-cell document).

For each: open (``plotdoc.loads``) against ``orjson.loads`` with the collector paused (target
<= 2.5x), and the floor of any open that keeps the contract: the parse, the count of keys that
finds a duplicate (stage 3: orjson keeps the last silently) and the model's objects (an
``Analysis`` per analysis, a float array per data set), with the collection that follows; then
the same floor with one Python walk that visits every value and checks nothing (the floor of
any open whose checks are written in Python); save (``plotdoc.writer.dumps``, compact and default) against ``orjson.dumps`` of the
parsed document, compact and indented (target <= 2x): saved again unchanged, with one table
changed since the last save, and the first save after open (nothing kept by
:mod:`plotdoc.save_memo`); peak memory (tracemalloc) of
``plotdoc.open_project`` of the file against reading it and ``orjson.loads`` (target <= 1.5x).
Each plotdoc step and its reference are timed in turn (interleaved); medians and bests are
printed with the machine's load average.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import operator
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_open import interleaved, load, without_gc

from plotdoc.api import loads, open_project
from plotdoc.model import Analysis
from plotdoc.save_memo import MEMO
from plotdoc.writer import dumps

Document = dict[str, Any]


def _document(tables: list[Document]) -> bytes:
    doc = {"format": "plotdoc-project", "schemaVersion": 1, "tables": tables}
    raw = orjson.dumps(doc, option=orjson.OPT_SERIALIZE_NUMPY)
    return dumps(loads(raw), now="2024-01-01T00:00:00Z")


def analyses_doc() -> bytes:
    rng = np.random.default_rng(3)
    x = np.linspace(-9.0, -4.0, 12).round(3)
    tables = []
    for t in range(200):
        sets = [{"name": f"d{i}", "values": rng.normal(50, 10, (12, 1)).round(2)} for i in range(3)]
        tables.append(
            {
                "id": f"t{t}",
                "format": "xy",
                "x": x,
                "dataSets": sets,
                "analyses": [{"id": f"a{a}", "method": "nonlinearRegression"} for a in range(200)],
            }
        )
    return _document(tables)


def small_doc() -> bytes:
    rng = np.random.default_rng(4)
    tables = [
        {
            "id": f"t{t}",
            "format": "column",
            "dataSets": [
                {"name": n, "values": rng.normal(100, 15, (10, 1)).round(2)} for n in "ABC"
            ],
        }
        for t in range(200)
    ]
    return _document(tables)


def one_table_doc() -> bytes:
    rng = np.random.default_rng(5)
    sets = []
    for i in range(10):
        values = rng.normal(100, 15, (200_000, 1)).round(4)
        values[rng.random(200_000) < 0.01] = np.nan
        sets.append({"name": f"s{i}", "values": values})
    return _document([{"id": "t", "format": "column", "dataSets": sets}])


def wide_doc() -> bytes:
    from bench_open import make_document

    return make_document()


SHAPES: dict[str, tuple[str, Callable[[], bytes]]] = {
    "analyses": ("200 tables x 200 analyses (40,000)", analyses_doc),
    "small": ("200 small tables (6,000 cells)", small_doc),
    "one-table": ("1 table of 2,000,000 cells", one_table_doc),
    "wide": ("20 tables of 100,000 cells", wide_doc),
}


def visit(node: object) -> None:
    """Visit every object and array of a parsed document once, and each value's type, doing
    nothing else: the least walk any check of each value makes (rows of cells are left to
    C-level passes, as open leaves them)."""
    if type(node) is dict:
        for key, value in node.items():
            kind = type(value)
            if (kind is dict or kind is list) and key != "values":
                visit(value)
    elif type(node) is list:
        for value in node:
            kind = type(value)
            if kind is dict or kind is list:
                visit(value)


def floor(data: bytes, walk: bool = False) -> Callable[[], object]:
    """The least an open that keeps the contract does, checking nothing: parse, count the
    keys against the colons of the text (duplicate keys), and make the model's objects an
    open must give (an ``Analysis`` per analysis, a float array per data set), with the
    collector paused and resumed while they are held, as open does. With ``walk``, also
    :func:`visit` every value once: the floor of any open whose checks are Python code."""
    item = operator.itemgetter("id", "method", "params")

    def run() -> object:
        gc.disable()
        try:
            tree = orjson.loads(data)
            assert data.count(b":") == orjson.dumps(tree).count(b":")
            if walk:
                visit(tree)
            made: list[object] = []
            for table in tree["tables"]:
                made.extend(np.array(ds["values"], dtype=np.float64) for ds in table["dataSets"])
                made.extend(Analysis(*item(a)) for a in table.get("analyses", ()))
            return made
        finally:
            gc.enable()

    return run


def peak(func: Callable[[], object]) -> int:
    gc.collect()
    tracemalloc.start()
    result = func()
    top = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del result
    return top


def line(label: str, mine: list[float], ref: list[float], target: str) -> str:
    med = statistics.median(mine) / statistics.median(ref)
    best = min(mine) / min(ref)
    return (
        f"  {label:<30} {statistics.median(mine) * 1e3:9.1f} ms vs "
        f"{statistics.median(ref) * 1e3:8.1f} ms   median {med:5.2f}x, best {best:5.2f}x  ({target})"
    )


def calls_per_timing(func: Callable[[], object], seconds: float = 0.05) -> int:
    """How many calls of ``func`` one timing makes, so that a timing lasts about ``seconds``
    (a call of a few milliseconds, timed alone, is mostly the machine's noise)."""
    start = time.perf_counter()
    func()
    return max(1, round(seconds / max(time.perf_counter() - start, 1e-6)))


def run_shape(name: str, repeat: int) -> None:
    what, build = SHAPES[name]
    data = build()
    print(f"\n{name}: {what}, {len(data) / 1e6:.2f} MB (default layout); {load()}")
    project = loads(data)
    tree = orjson.loads(data)
    number = calls_per_timing(lambda: orjson.dumps(tree))
    t = interleaved(
        {"ref": without_gc(lambda: orjson.loads(data)), "open": lambda: loads(data)},
        repeat,
        number,
    )
    print(line("open vs orjson.loads, GC paused", t["open"], t["ref"], "target <= 2.5x"))
    t = interleaved(
        {
            "ref": without_gc(lambda: orjson.loads(data)),
            "floor": floor(data),
            "walked": floor(data, walk=True),
        },
        repeat,
        number,
    )
    left = 2.5 * statistics.median(t["ref"]) - statistics.median(t["floor"])
    print(line("  floor: parse, keys, objects", t["floor"], t["ref"], "no check at all"))
    print(f"  {'':<30} leaves {left * 1e3:.1f} ms under 2.5x for every check and default")
    print(line("  floor + one bare walk", t["walked"], t["ref"], "each value visited, unchecked"))
    t = interleaved(
        {
            "ref": lambda: orjson.dumps(tree),
            "save": lambda: dumps(project, compact=True),
            "ref_indent": lambda: orjson.dumps(tree, option=orjson.OPT_INDENT_2),
            "save_indent": lambda: dumps(project),
        },
        repeat,
        number,
    )
    print(line("save compact vs orjson.dumps", t["save"], t["ref"], "target <= 2x"))
    print(line("save default vs dumps indented", t["save_indent"], t["ref_indent"], "target <= 2x"))
    edits = itertools.count()

    def edited() -> bytes:  # one table renamed since the last save (an edit, then a save)
        n = next(edits)
        project.tables[n % len(project.tables)].name = f"Table {n}"
        return dumps(project)

    def first() -> bytes:  # nothing kept: the first save after open
        MEMO.clear()
        return dumps(project)

    # each against its own reference: the first save's garbage would fall on the others
    ref_indent = lambda: orjson.dumps(tree, option=orjson.OPT_INDENT_2)  # noqa: E731
    t = interleaved({"ref_indent": ref_indent, "edited": edited}, repeat, number)
    print(line("  one table changed", t["edited"], t["ref_indent"], "target <= 2x"))
    t = interleaved({"ref_indent": ref_indent, "first": first}, repeat, number)
    print(line("  first save after open", t["first"], t["ref_indent"], "(for information)"))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.plotdoc"
        path.write_bytes(data)
        m_ref = peak(lambda: orjson.loads(path.read_bytes()))
        m_open = peak(lambda: open_project(path))
    print(
        f"  peak memory: open_project {m_open / 1e6:.1f} MB vs read + orjson.loads "
        f"{m_ref / 1e6:.1f} MB   {m_open / m_ref:.2f}x  (target <= 1.5x)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("shapes", nargs="*", help=f"any of {', '.join(SHAPES)} (default: all)")
    args = parser.parse_args()
    unknown = sorted(set(args.shapes) - set(SHAPES))
    if unknown:
        parser.error(f"unknown shape(s) {', '.join(unknown)}; expected any of {', '.join(SHAPES)}")
    for name in args.shapes or SHAPES:
        run_shape(name, args.repeat)
    print(f"\n{load()}")


if __name__ == "__main__":
    main()
