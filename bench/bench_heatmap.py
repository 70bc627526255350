"""A 500 x 500 heat map against plain matplotlib ``pcolormesh`` of the same matrix, and a
heat map of 200,000 rows.

Run on demand (not a test)::

    python bench/bench_heatmap.py [--size 500] [--repeat 3] [--format png] [--tall 200000]

plotdoc's side opens a document (one grouped table, 500 rows by 500 data sets, one replicate)
and renders its ``grouped-heat-map`` through :func:`plotdoc.render.render_table` (PNG by
default; in SVG every cell is its own element with a semantic id, ``cell/r{row}/c{col}``),
with its row and data set labels (thinned past what a page holds), the colour scale bar and
the titles (value labels are off, as they are by default for so many cells). The reference
draws the same matrix with ``pcolormesh`` (viridis) on a pyplot-free Figure of the size
plotdoc's figure has and saves it in the same format and resolution. The two are timed in
turn (interleaved) ``--repeat`` times in this run; best and median ratios are printed with
the machine's load average (target: at most 1.5x in PNG).

``--tall N`` then renders a heat map of N rows by 3 data sets (row labels thinned, with a
warning) in a child process and prints its time and peak memory (target: within the default
render budget and 2 GB).
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import time

import numpy as np
import orjson
from matplotlib.figure import Figure

from plotdoc.api import loads
from plotdoc.render import render_table


def document(size: int, seed: int = 3, cols: int | None = None) -> bytes:
    rng = np.random.default_rng(seed)
    cols = size if cols is None else cols
    m = np.round(rng.normal(size=(size, cols)), 3)
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
                    {"name": f"c{c}", "values": np.ascontiguousarray(m[:, c : c + 1])}
                    for c in range(cols)
                ],
                "graph": {"variantId": "grouped-heat-map"},
            }
        ],
    }
    return orjson.dumps(doc, option=orjson.OPT_SERIALIZE_NUMPY)


def plain(matrix: np.ndarray, size: tuple[float, float], fmt: str, dpi: float) -> bytes:
    fig = Figure(figsize=size)
    ax = fig.add_subplot()
    ax.pcolormesh(matrix, cmap="viridis")
    buf = io.BytesIO()
    fig.savefig(buf, format=fmt, dpi=dpi)
    return buf.getvalue()


def load() -> str:
    return "load average " + " ".join(f"{v:.2f}" for v in os.getloadavg())


TALL = """
import resource, sys, time
sys.path.insert(0, sys.argv[2])
from bench_heatmap import document
from plotdoc.api import loads
from plotdoc.render import render_table_checked
p = loads(document(int(sys.argv[1]), cols=3))
start = time.perf_counter()
drawn = render_table_checked(p, p.tables[0], fmt="png")
print(f"{time.perf_counter() - start:.2f} s, {len(drawn.data) / 1e6:.1f} MB of PNG")
print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
for w in drawn.warnings:
    print(f"warning [{getattr(w, 'code', '')}] {w}")
"""


def main(argv: list[str] | None = None) -> int:
    import matplotlib

    from plotdoc.render.engine import draw_graph, rc_params

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--format", default="png", choices=("png", "svg"))
    parser.add_argument("--dpi", type=float, default=150)
    parser.add_argument("--tall", type=int, default=0)
    args = parser.parse_args(argv)
    print(load())
    data = document(args.size)
    project = loads(data)
    table = project.tables[0]
    matrix = np.column_stack([ds.values[:, 0] for ds in table.data_sets])
    with matplotlib.rc_context(rc_params(table.graph)):  # type: ignore[arg-type]
        fig, _ = draw_graph(project, table, dpi=args.dpi)
    w, h = fig.get_size_inches()
    ours: list[float] = []
    base: list[float] = []
    for _ in range(args.repeat):
        for fn, times in (
            (lambda: render_table(project, table, fmt=args.format, dpi=args.dpi), ours),
            (lambda: plain(matrix, (float(w), float(h)), args.format, args.dpi), base),
        ):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
    n = args.size
    print(f"heat map {n} x {n} ({n * n:,} cells) to {args.format}, figure {w:.1f} x {h:.1f} in")
    print(
        f"  plotdoc render_table   median {statistics.median(ours):6.2f} s, best {min(ours):6.2f} s"
    )
    print(
        f"  matplotlib pcolormesh  median {statistics.median(base):6.2f} s, best {min(base):6.2f} s"
    )
    print(
        f"  ratio median {statistics.median(ours) / statistics.median(base):.2f}x, best "
        f"{min(ours) / min(base):.2f}x (target <= 1.5x)  [{load()}]"
    )
    if args.tall:
        print(f"heat map {args.tall:,} rows x 3 data sets to png:")
        here = os.path.dirname(os.path.abspath(__file__))
        out = subprocess.run(
            [sys.executable, "-c", TALL, str(args.tall), here], capture_output=True, text=True
        )
        print("  " + (out.stdout or out.stderr).strip().replace("\n", "\n  "))
        print(f"  [{load()}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
