"""Open and save a maximum-size document, against plain orjson on the same bytes.

Run on demand (not a test): `python bench/bench_open.py [--repeat N]`. Prints seconds and
ratios measured in this one run, plus peak memory, and the wall time of `plotdoc validate`
on a small file (start-up included). The document: 20 tables of 100,000 rows (2,000,000 cells,
the contract's limit), normal values with four decimals, about 1% missing, written by plotdoc's own writer.
The same document with 500 rows per table (10,000 cells, every graph setting written out) is
opened against `orjson.loads` too. Open and its reference are timed in turn (interleaved),
and the machine's load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from plotdoc.api import loads
from plotdoc.writer import dumps


def make_document(tables: int = 20, rows: int = 100_000, seed: int = 1) -> bytes:
    rng = np.random.default_rng(seed)
    doc: dict[str, Any] = {"format": "plotdoc-project", "schemaVersion": 1, "tables": []}
    for t in range(tables):
        values = np.round(rng.normal(100, 15, size=(rows, 1)), 4)
        values[rng.random(rows) < 0.01] = np.nan
        doc["tables"].append(
            {"id": f"t{t}", "format": "column", "dataSets": [{"name": "Y", "values": values}]}
        )
    raw = orjson.dumps(doc, option=orjson.OPT_SERIALIZE_NUMPY)
    return dumps(loads(raw), now="2024-01-01T00:00:00Z", compact=True)


def best_of(func: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def peak_memory(func: Callable[[], object]) -> int:
    gc.collect()
    tracemalloc.start()
    result = func()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del result
    return peak


def without_gc(func: Callable[[], object]) -> Callable[[], object]:
    def run() -> object:
        gc.disable()
        try:
            return func()
        finally:
            gc.enable()

    return run


def interleaved(
    funcs: dict[str, Callable[[], object]], repeat: int, number: int = 1
) -> dict[str, list[float]]:
    """Seconds per call of each function, timed in turn ``repeat`` times."""
    times: dict[str, list[float]] = {name: [] for name in funcs}
    for _ in range(repeat):
        for name, func in funcs.items():
            start = time.perf_counter()
            for _ in range(number):
                func()
            times[name].append((time.perf_counter() - start) / number)
    return times


def ratio_line(label: str, mine: list[float], ref: list[float], target: str) -> str:
    best = min(mine) / min(ref)
    median = statistics.median(mine) / statistics.median(ref)
    return (
        f"{label:<34} {statistics.median(mine) * 1e3:9.2f} ms vs {statistics.median(ref) * 1e3:8.2f} ms"
        f"   ratio best {best:.2f}x, median {median:.2f}x ({target})"
    )


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(load())
    small = make_document(rows=500)
    loads(small)  # compiles the schema's checks once, as any process does on its first open
    t = interleaved(
        {
            "ref": without_gc(lambda: orjson.loads(small)),
            "ref_gc": lambda: orjson.loads(small),
            "open": lambda: loads(small),
        },
        args.repeat * 4,
        number=20,
    )
    print(f"small document: {len(small) / 1e3:.0f} kB, 10,000 cells in 20 tables")
    print(ratio_line("open 10k cells vs orjson.loads", t["open"], t["ref_gc"], "target <= 3x"))
    print(ratio_line("  (vs orjson.loads, GC paused)", t["open"], t["ref"], "for information"))

    data = make_document()
    cells = 2_000_000
    print(f"document: {len(data) / 1e6:.1f} MB, {cells:,} cells in 20 tables")
    t = interleaved(
        {
            "ref": without_gc(lambda: orjson.loads(data)),
            "ref_gc": lambda: orjson.loads(data),
            "open": lambda: loads(data),
        },
        args.repeat,
    )
    print(ratio_line("open 2M cells vs orjson, GC paused", t["open"], t["ref"], "target <= 1.5x"))
    print(ratio_line("open 2M cells vs orjson.loads", t["open"], t["ref_gc"], "for information"))
    print(load())

    project = loads(data)
    tree = orjson.loads(data)
    t_dumps = best_of(lambda: orjson.dumps(tree), args.repeat)
    t_dumps_indent = best_of(lambda: orjson.dumps(tree, option=orjson.OPT_INDENT_2), args.repeat)
    t_save = best_of(lambda: dumps(project), args.repeat)
    t_compact = best_of(lambda: dumps(project, compact=True), args.repeat)
    print(f"orjson.dumps            {t_dumps:7.3f} s")
    print(f"orjson.dumps, indented  {t_dumps_indent:7.3f} s")
    print(
        f"plotdoc save, compact   {t_compact:7.3f} s   ratio {t_compact / t_dumps:.2f}x "
        "(vs orjson.dumps; target <= 2x)"
    )
    print(
        f"plotdoc save, default   {t_save:7.3f} s   ratio {t_save / t_dumps_indent:.2f}x "
        f"(vs indented orjson.dumps; target <= 2x); {t_save / t_dumps:.2f}x vs compact orjson"
    )

    m_loads = peak_memory(lambda: orjson.loads(data))
    m_open = peak_memory(lambda: loads(data))
    print(f"peak memory orjson.loads {m_loads / 1e6:7.1f} MB")
    print(
        f"peak memory plotdoc open {m_open / 1e6:7.1f} MB   ratio {m_open / m_loads:.2f}x (target <= 1.3x)"
    )

    with tempfile.TemporaryDirectory() as tmp:
        small_file = Path(tmp) / "small.plotdoc"
        small_file.write_bytes(
            b'{"format":"plotdoc-project","schemaVersion":1,"tables":[{"format":"column",'
            b'"dataSets":[{"name":"A","values":[[1],[2]]},{"name":"B","values":[[3],[4]]}]}]}'
        )
        cmd = [sys.executable, "-m", "plotdoc", "validate", str(small_file)]
        bare = [sys.executable, "-c", "pass"]
        # what any command line in Python of this kind imports before its own code
        floor = [sys.executable, "-c", "import argparse, dataclasses, pathlib, typing, orjson"]
        # as installed: pip writes the modules' bytecode at install, so an environment that
        # forbids writing it (PYTHONDONTWRITEBYTECODE) would time compiling every module
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        subprocess.run(cmd, check=True, capture_output=True, env=env)  # writes the bytecode
        walls: list[float] = []
        starts: list[float] = []
        floors: list[float] = []
        for _ in range(args.repeat * 5):
            for times, what in ((walls, cmd), (starts, bare), (floors, floor)):
                start = time.perf_counter()
                subprocess.run(what, check=True, capture_output=True, env=env)
                times.append(time.perf_counter() - start)
        print(
            f"plotdoc validate small  {min(walls):7.3f} s wall best, {statistics.median(walls):.3f} s "
            f"median, start-up included (target <= 0.10 s); bare interpreter {min(starts):.3f} s"
        )
        print(
            f"  (the standard modules and orjson alone: {min(floors):.3f} s best, "
            f"{statistics.median(floors):.3f} s median)"
        )
        print(load())


if __name__ == "__main__":
    main()
