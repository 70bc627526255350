"""Many files at once: one `plotdoc` run on a folder against one process per file.

Run on demand (not a test): `python bench/bench_batch.py [--files N] [--render-files M]`.
Writes N small project files (the complete example's column and xy tables, about 40 KB each)
into a temporary folder, then times, wall clock, start-up included:

- one process per file (`python -m plotdoc validate FILE`, as a shell loop would run it),
- one process for the folder (`--jobs 1`),
- one process for the folder with its pool (`--jobs` = the number of cores),

for `validate`, `fmt --check` and `render` (the last on M files), and prints the ratios.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--render-files", type=int, default=12)
    args = parser.parse_args()
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
