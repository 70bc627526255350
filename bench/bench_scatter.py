"""A scatter of many points (10 data sets) to PNG: plotdoc against the same marks in plain
matplotlib, at several sizes, with the exponent of each one's time against the point count.

Run on demand (not a test)::

    python bench/bench_scatter.py [--sizes 10000 100000 1000000 2000000] [--repeat 3]

plotdoc's side opens an xy document (one table, 10 data sets of one replicate sharing one X
column, variant ``scatter``) and renders it to PNG through
:func:`plotdoc.render.render_table`. The reference draws the same marks with a short
matplotlib script: one ``Axes.plot`` of markers per data set, with the symbol, size and
colour plotdoc drew (read from plotdoc's own figure: many points are drawn smaller and
translucent), on a figure of the same size, saved to PNG at the same resolution. The two are
timed in turn (interleaved) ``--repeat`` times at each size, in this one run; the median and
best ratios are printed with the machine's load average, and the exponent ``b`` of a fit
``time = a * points ** b`` over the sizes.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import orjson
from matplotlib.figure import Figure

from plotdoc.api import loads
from plotdoc.render import render_table

DATA_SETS = 10


def document(points: int, seed: int = 1) -> bytes:
    rng = np.random.default_rng(seed)
    rows = points // DATA_SETS
    x = np.round(rng.uniform(0.0, 100.0, rows), 3)
    data_sets = [
        {"name": f"S{k}", "values": np.round(x * (k + 1) / 10 + rng.normal(0, 5, rows), 3)[:, None]}
        for k in range(DATA_SETS)
    ]
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "name": "Scatter",
                "format": "xy",
                "x": x,
                "dataSets": data_sets,
                "graph": {"variantId": "scatter"},
            }
        ],
    }
    return orjson.dumps(doc, option=orjson.OPT_SERIALIZE_NUMPY)


def marks(project: Any, dpi: float) -> tuple[tuple[float, float], list[dict[str, Any]]]:
    """The figure size and, per data set, the marker plotdoc draws (from its own figure)."""
    import matplotlib

    from plotdoc.render.artists.collections import PointSymbols
    from plotdoc.render.engine import draw_graph, rc_params

    table = project.tables[0]
    with matplotlib.rc_context(rc_params(table.graph)):
        fig, _ = draw_graph(project, table, dpi=dpi)
    found = []
    for art in fig.findobj(PointSymbols):
        if not str(art.get_gid()).startswith("symbols/"):
            continue
        if hasattr(art, "looks"):
            _, size, face, edge, width = art.looks[0]
        else:  # a plotdoc from before looks were kept as a table (for a before/after run)
            size, face, edge, width = art.sizes[0], art.faces[0], art.edges[0], art.widths[0]
        found.append({"size": size, "face": face, "edge": edge, "width": width})
    w, h = fig.get_size_inches()
    return (float(w), float(h)), found


def reference(
    project: Any, size: tuple[float, float], looks: list[dict[str, Any]], dpi: float
) -> Callable[[], bytes]:
    table = project.tables[0]
    x = table.x
    ys = [ds.values[:, 0] for ds in table.data_sets]

    def draw() -> bytes:
        fig = Figure(figsize=size, dpi=dpi)
        ax = fig.add_subplot()
        for y, look in zip(ys, looks, strict=True):
            ax.plot(
                x,
                y,
                linestyle="none",
                marker="o",
                markersize=look["size"],
                markerfacecolor=look["face"],
                markeredgecolor=look["edge"],
                markeredgewidth=look["width"],
            )
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=dpi)
        return buf.getvalue()

    return draw


def load() -> str:
    return "load average " + " ".join(f"{v:.2f}" for v in os.getloadavg())


def exponent(sizes: list[int], times: list[float]) -> float:
    return float(np.polyfit(np.log(sizes), np.log(times), 1)[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000, 2_000_000]
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dpi", type=float, default=100)
    args = parser.parse_args(argv)
    print(load())
    ours_median: list[float] = []
    ref_median: list[float] = []
    for n in args.sizes:
        project = loads(document(n))
        table = project.tables[0]
        fig_size, looks = marks(project, args.dpi)
        ref = reference(project, fig_size, looks, args.dpi)

        def ours_png(project: Any = project, table: Any = table) -> bytes:
            return render_table(project, table, fmt="png", dpi=args.dpi)

        ours: list[float] = []
        theirs: list[float] = []
        for _ in range(args.repeat):
            for fn, times in (
                (ours_png, ours),
                (ref, theirs),
            ):
                start = time.perf_counter()
                fn()
                times.append(time.perf_counter() - start)
        ours_median.append(statistics.median(ours))
        ref_median.append(statistics.median(theirs))
        print(
            f"{n:>9,} points  plotdoc {statistics.median(ours):7.3f} s (best {min(ours):.3f})"
            f"  matplotlib {statistics.median(theirs):7.3f} s (best {min(theirs):.3f})"
            f"  ratio median {statistics.median(ours) / statistics.median(theirs):.2f}x,"
            f" best {min(ours) / min(theirs):.2f}x (target <= 1.5x)  [{load()}]"
        )
    if len(args.sizes) > 1:
        print(
            f"fitted exponent: plotdoc {exponent(args.sizes, ours_median):.2f}, "
            f"matplotlib {exponent(args.sizes, ref_median):.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
