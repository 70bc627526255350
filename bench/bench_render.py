"""Drawing a 10,000-point scatter with error bars to SVG: plotdoc against plain matplotlib.

plotdoc opens an xy document (10,000 rows, 3 replicates, variant ``xy-points-error``) and
renders it to SVG, each symbol and error bar with its own SVG id. The reference is a short
matplotlib script that draws the same marks (``Axes.errorbar`` with the same means and SDs)
to SVG. Both are timed in this run, best of ``--repeat``; the ratio is printed.

Usage: python bench/bench_render.py [--points 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable

import numpy as np
import orjson

from plotdoc.api import loads
from plotdoc.render import render_table


def make_values(n: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1)
    x = np.linspace(0.0, 100.0, n)
    y = 2.0 * x[:, None] + rng.normal(0.0, 5.0, (n, 3))
    return x, np.round(y, 3)


def plotdoc_svg(x: np.ndarray, y: np.ndarray) -> Callable[[], bytes]:
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "name": "Bench",
                "format": "xy",
                "x": x.tolist(),
                "dataSets": [{"name": "A", "values": y.tolist()}],
                "graph": {"variantId": "xy-points-error"},
            }
        ],
    }
    project = loads(orjson.dumps(doc))
    table = project.tables[0]
    return lambda: render_table(project, table, fmt="svg", dpi=72)


def matplotlib_svg(x: np.ndarray, y: np.ndarray) -> Callable[[], bytes]:
    from matplotlib.figure import Figure

    mean = y.mean(axis=1)
    sd = y.std(axis=1, ddof=1)

    def draw() -> bytes:
        fig = Figure(figsize=(4, 3), dpi=72)
        ax = fig.add_subplot()
        ax.errorbar(x, mean, yerr=sd, fmt="o", markersize=6, capsize=2.5, color="#0072B2")
        buf = io.BytesIO()
        fig.savefig(buf, format="svg", metadata={"Date": None})
        return buf.getvalue()

    return draw


def best(fn: Callable[[], bytes], repeat: int) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        size = len(fn())
        times.append(time.perf_counter() - t0)
    return min(times), size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--points", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    x, y = make_values(args.points)
    ours, ours_size = best(plotdoc_svg(x, y), args.repeat)
    ref, ref_size = best(matplotlib_svg(x, y), args.repeat)
    print(f"points: {args.points}")
    print(f"plotdoc render_table (svg): {ours:.3f} s, {ours_size / 1e6:.1f} MB")
    print(f"plain matplotlib (svg):     {ref:.3f} s, {ref_size / 1e6:.1f} MB")
    print(f"ratio: {ours / ref:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
