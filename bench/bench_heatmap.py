"""A 500 x 500 heat map to SVG, against plain matplotlib ``pcolormesh`` of the same matrix.

Run on demand (not a test)::

    python bench/bench_heatmap.py [--size 500] [--repeat 2]

plotdoc's side opens a document (one grouped table, 500 rows by 500 data sets, one replicate)
and renders its ``grouped-heat-map`` to SVG through :func:`plotdoc.render.render_table`: every
cell is its own element with a semantic id (``cell/r{row}/c{col}``), plus tick labels, the colour
scale bar and the titles (value labels are off, as they are by default for so many cells).
The baseline draws the same matrix with ``pcolormesh`` (viridis) on a bare pyplot-free Figure
and saves it to SVG. Each figure is the best of ``--repeat`` runs, both measured in this run;
the target is a ratio of at most 2.
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable

import numpy as np
import orjson
from matplotlib.figure import Figure

from plotdoc.api import loads
from plotdoc.render import render_table


def document(size: int, seed: int = 3) -> bytes:
    rng = np.random.default_rng(seed)
    m = np.round(rng.normal(size=(size, size)), 3)
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "name": "Heat",
                "format": "grouped",
                "replicates": 1,
                "rowLabels": [f"r{r}" for r in range(size)],
                "dataSets": [
                    {"name": f"c{c}", "values": [[float(v)] for v in m[:, c]]} for c in range(size)
                ],
                "graph": {"variantId": "grouped-heat-map"},
            }
        ],
    }
    return orjson.dumps(doc)


def plain(matrix: np.ndarray) -> bytes:
    fig = Figure(figsize=(6, 6))
    ax = fig.add_subplot()
    ax.pcolormesh(matrix, cmap="viridis")
    buf = io.BytesIO()
    fig.savefig(buf, format="svg")
    return buf.getvalue()


def best(fn: Callable[[], bytes], repeat: int) -> tuple[float, int]:
    times = []
    size = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        size = len(fn())
        times.append(time.perf_counter() - t0)
    return min(times), size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args(argv)
    data = document(args.size)
    project = loads(data)
    table = project.tables[0]
    matrix = np.column_stack([ds.values[:, 0] for ds in table.data_sets])
    ours, ours_bytes = best(lambda: render_table(project, table, fmt="svg"), args.repeat)
    base, base_bytes = best(lambda: plain(matrix), args.repeat)
    n = args.size
    print(f"heat map {n} x {n} ({n * n:,} cells) to SVG, best of {args.repeat}")
    print(f"  plotdoc render_table   {ours:7.2f} s  {ours_bytes / 1e6:6.1f} MB")
    print(f"  matplotlib pcolormesh  {base:7.2f} s  {base_bytes / 1e6:6.1f} MB")
    print(f"  ratio                  {ours / base:7.2f}x  (target <= 2x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
