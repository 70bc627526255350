"""Many files at once: one `plotdoc` run on a folder against one process per file.

Run on demand (not a test): `python bench/bench_batch.py [--files N] [--render-files M]`.
Writes N small project files (the complete example's column and xy tables, about 40 KB each)
into a temporary folder, then times, wall clock, start-up included:

- one process per file (`python -m plotdoc validate FILE`, as a shell loop would run it),
- one process for the folder (`--jobs 1`),
- one process for the folder with its pool (`--jobs` = the number of cores),

for `validate`, `fmt --check` and `render` (the last on M files), and prints the ratios.

`--crossover` times ``plotdoc.batch.run("validate", ...)`` in this process on files of three
sizes (about 2, 20 and 200 ms of work each) and several counts, with ``jobs=1`` (a loop in
this process), ``jobs=2`` (the pool forced) and the default (``jobs=None``: in process until
the work proves long enough for the pool), interleaved, median of ``--repeat`` runs; it is
what chose the default's thresholds (docs/performance.md, "Many files: when the pool pays").

`--batch N` instead times `plotdoc.batch.run` in one process on N small files (default
10,000): files per second with `jobs=1`, with the process pool (one worker per core) and on a
`dask.distributed.LocalCluster` with one single-threaded worker process per core (cluster
start-up timed apart), for `validate` on every file and `render` (svg) on one in 200 of them, at
several sizes, to show where the cluster starts to pay off.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from plotdoc.api import loads
from plotdoc.publish.examples import example_bytes
from plotdoc.writer import dumps


def make_files(folder: Path, n: int) -> list[Path]:
    project = loads(example_bytes("complete"))
    project.tables = [t for t in project.tables if t.format in ("column", "xy")][:2]
    data = dumps(project, now="2024-01-01T00:00:00Z")
    paths = []
    for i in range(n):
        path = folder / f"p{i:04d}.plotdoc"
        path.write_bytes(data)
        paths.append(path)
    return paths


def wall(argv: Sequence[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=False, capture_output=True)
    return time.perf_counter() - start


def measure(
    label: str, args: Sequence[str], files: list[Path], folder: Path, env: dict[str, str]
) -> None:
    cmd = [sys.executable, "-m", "plotdoc", *args]
    per_file = sum(wall([*cmd, str(p)], env) for p in files)
    one = wall([*cmd, "--jobs", "1", str(folder)], env)
    cores = os.cpu_count() or 1
    pool = wall([*cmd, "--jobs", str(cores), str(folder)], env)
    print(
        f"| {label} | {len(files)} | {per_file:.2f} s | {one:.2f} s ({per_file / one:.1f}x) "
        f"| {pool:.2f} s ({per_file / pool:.1f}x, {cores} jobs) |"
    )


def rate(command: str, folder: Path, n: int, **how: object) -> float:
    from plotdoc import batch

    out = folder.parent / f"out-{command}-{time.perf_counter_ns()}"
    start = time.perf_counter()
    done = sum(1 for _ in batch.run(command, [str(folder)], output=str(out), **how))  # type: ignore[arg-type]
    assert done == n, (done, n)
    return n / (time.perf_counter() - start)


def batch_rates(total: int) -> None:
    from dask.distributed import Client, LocalCluster

    cores = os.cpu_count() or 1
    start = time.perf_counter()
    cluster = LocalCluster(
        n_workers=cores, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    client = Client(cluster)
    client.run(lambda: __import__("plotdoc.api"))  # the workers' imports, as a warm cluster
    started = time.perf_counter() - start
    print(f"LocalCluster of {cores} worker processes started in {started:.1f} s\n")
    print("| command | files | jobs=1 | pool | LocalCluster |")
    print("|---|---|---|---|---|")
    sizes = sorted({n for n in (100, 1000, total) if n <= total})
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for command, share in (("validate", 1), ("render", 200)):
                for size in sizes:
                    n = max(1, size // share)
                    folder = Path(tmp) / f"{command}-{n}"
                    folder.mkdir()
                    make_files(folder, n)
                    one = rate(command, folder, n, jobs=1)
                    pool = rate(command, folder, n, jobs=cores)
                    dask = rate(command, folder, n, client=client)
                    print(
                        f"| {command} | {n:,} | {one:,.0f} files/s | {pool:,.0f} files/s "
                        f"| {dask:,.0f} files/s |"
                    )
    finally:
        client.close()
        cluster.close()


def sized_files(folder: Path, n: int, rows: int) -> None:
    """``n`` copies of a project of one column table of ``rows`` rows of 10 data sets."""
    import numpy as np
    import orjson

    rng = np.random.default_rng(7)
    sets = [{"name": f"s{i}", "values": rng.normal(size=(rows, 1)).round(3)} for i in range(10)]
    raw = orjson.dumps(
        {
            "format": "plotdoc-project",
            "schemaVersion": 1,
            "tables": [{"id": "t", "format": "column", "dataSets": sets}],
        },
        option=orjson.OPT_SERIALIZE_NUMPY,
    )
    data = dumps(loads(raw), now="2024-01-01T00:00:00Z")
    folder.mkdir()
    for i in range(n):
        (folder / f"p{i:05d}.plotdoc").write_bytes(data)


def crossover(repeat: int) -> None:
    import statistics

    from plotdoc import batch

    def timed(folder: Path, jobs: int | None) -> tuple[float, float]:
        start, cpu = time.perf_counter(), time.process_time()
        for _ in batch.run("validate", [str(folder)], jobs=jobs):
            pass
        return time.perf_counter() - start, time.process_time() - cpu

    print(f"load average {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores")
    print(
        "| rows per data set | ms per file (loop) | files | loop | pool (2) | default | default / loop |"
    )
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for rows, counts in ((10, (10, 200, 2000)), (2_000, (4, 40, 200)), (20_000, (2, 8, 40))):
            for n in counts:
                folder = Path(tmp) / f"r{rows}-n{n}"
                sized_files(folder, n, rows)
                times: dict[str, list[float]] = {"loop": [], "pool": [], "auto": []}
                for _ in range(repeat):
                    for label, jobs in (("loop", 1), ("pool", 2), ("auto", None)):
                        times[label].append(timed(folder, jobs)[0])
                med = {k: statistics.median(v) for k, v in times.items()}
                print(
                    f"| {rows:,} | {med['loop'] / n * 1e3:.1f} | {n:,} | {med['loop']:.2f} s "
                    f"| {med['pool']:.2f} s ({med['pool'] / med['loop']:.2f}x) | {med['auto']:.2f} s "
                    f"| {med['auto'] / med['loop']:.2f}x |"
                )
    print(f"load average {os.getloadavg()[0]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--render-files", type=int, default=12)
    parser.add_argument("--batch", type=int, nargs="?", const=10_000, default=None)
    parser.add_argument("--crossover", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.crossover:
        crossover(args.repeat)
        return
    if args.batch:
        batch_rates(args.batch)
        return
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    print("| command | files | one process per file | one process, --jobs 1 | one process, pool |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "many"
        folder.mkdir()
        files = make_files(folder, args.files)
        measure("validate", ["validate"], files, folder, env)
        measure("fmt --check", ["fmt", "--check"], files, folder, env)
        few = Path(tmp) / "few"
        few.mkdir()
        drawn = make_files(few, args.render_files)
        out = Path(tmp) / "out"
        measure(
            "render (png, 100 dpi)",
            ["render", "--format", "png", "--dpi", "100", "-o", str(out)],
            drawn,
            few,
            env,
        )


if __name__ == "__main__":
    main()
