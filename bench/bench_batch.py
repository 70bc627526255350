"""Many files at once: one `plotdoc` run on a folder against one process per file.

Run on demand (not a test): `python bench/bench_batch.py [--files N] [--render-files M]`.
Writes N small project files (the complete example's column and xy tables, about 40 KB each)
into a temporary folder, then times, wall clock, start-up included:

- one process per file (`python -m plotdoc validate FILE`, as a shell loop would run it),
- one process for the folder (`--jobs 1`),
- one process for the folder with its pool (`--jobs` = the number of cores),

for `validate`, `fmt --check` and `render` (the last on M files), and prints the ratios.

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--render-files", type=int, default=12)
    parser.add_argument("--batch", type=int, nargs="?", const=10_000, default=None)
    args = parser.parse_args()
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
