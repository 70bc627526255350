"""Fuzz the reader for a given time with either engine and print the executions count.

    python fuzz/run.py --seconds 20                     # in-process mutation engine (default)
    python fuzz/run.py --seconds 600 --engine atheris   # coverage-guided, needs `pip install atheris`
    python fuzz/run.py --seconds 3600 --jobs 2          # several mutation workers, other seeds

Exit status 1 when any input broke a promise; each such input is written to ``--findings``
(default ``fuzz/findings/``) to be triaged and kept under ``tests/hostile/regressions/``.
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from hostile.documents import encode, seeds  # noqa: E402
from hostile.mutations import KEYS, TOKENS, Stats, run  # noqa: E402


def _save(findings: Path, data: bytes, why: str) -> Path:
    findings.mkdir(parents=True, exist_ok=True)
    name = hashlib.sha256(data).hexdigest()[:16]
    path = findings / f"crash-{name}.bin"
    path.write_bytes(data)
    (findings / f"crash-{name}.txt").write_text(why + "\n", encoding="utf-8")
    return path


def _worker(args: tuple[int, float, str]) -> Stats:
    seed, seconds, findings = args

    def on_failure(data: bytes, exc: BaseException) -> None:
        _save(Path(findings), data, f"{type(exc).__name__}: {exc}")

    stats = run(seed=seed, seconds=seconds, on_failure=on_failure)
    if stats.slowest_input:  # kept for triage: is the slowest input slow for a good reason?
        folder = Path(findings)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"slowest-seed{seed}.bin").write_bytes(stats.slowest_input)
    return stats


def mutate_engine(seconds: float, seed: int, jobs: int, findings: Path) -> int:
    start = time.perf_counter()
    tasks = [(seed + j, seconds, str(findings)) for j in range(jobs)]
    if jobs == 1:
        results = [_worker(tasks[0])]
    else:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_worker, tasks)
    execs = sum(s.executions for s in results)
    failures = sum(len(s.failures) for s in results)
    opened = sum(s.opened for s in results)
    slowest = max(s.slowest for s in results)
    took = time.perf_counter() - start
    print(
        f"engine=mutate seed={seed} jobs={jobs} executions={execs} opened={opened} "
        f"refused={execs - opened - failures} failures={failures} "
        f"slowest={slowest * 1000:.1f}ms seconds={took:.1f}"
    )
    return 1 if failures else 0


def prepare(folder: Path) -> tuple[Path, Path]:
    """Write a seed corpus of valid documents and a libFuzzer dictionary into ``folder``."""
    corpus = folder / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    for i, doc in enumerate(seeds()):
        (corpus / f"seed-{i}.json").write_bytes(encode(doc))
    dictionary = folder / "plotdoc.dict"
    entries = [*TOKENS, *(f'"{k}"'.encode() for k in KEYS)]
    dictionary.write_text(
        "".join('"' + "".join(f"\\x{b:02x}" for b in e) + '"\n' for e in entries),
        encoding="ascii",
    )
    return corpus, dictionary


def atheris_engine(seconds: float, seed: int, findings: Path) -> int:
    findings.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="plotdoc-fuzz-") as tmp:
        corpus, dictionary = prepare(Path(tmp))
        cmd = [
            sys.executable,
            str(REPO / "fuzz" / "fuzz_open.py"),
            str(corpus),
            f"-max_total_time={int(seconds)}",
            f"-seed={seed or 1}",
            f"-dict={dictionary}",
            "-timeout=10",
            "-rss_limit_mb=2048",
            "-max_len=65536",
            f"-artifact_prefix={findings}/",
            "-print_final_stats=1",
        ]
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        took = time.perf_counter() - start
    log = proc.stderr
    (findings / "atheris-last.log").write_text(log[-200_000:], encoding="utf-8")
    done = re.findall(r"Done (\d+) runs", log) or re.findall(
        r"stat::number_of_executed_units: (\d+)", log
    )
    execs = int(done[-1]) if done else 0
    print(
        f"engine=atheris seed={seed} executions={execs} exit={proc.returncode} seconds={took:.1f}"
    )
    return 0 if proc.returncode == 0 else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to fuzz")
    parser.add_argument("--engine", choices=("mutate", "atheris"), default="mutate")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="mutation workers (mutate engine)")
    parser.add_argument("--findings", type=Path, default=REPO / "fuzz" / "findings")
    args = parser.parse_args(argv)
    if args.engine == "atheris":
        return atheris_engine(args.seconds, args.seed, args.findings)
    return mutate_engine(args.seconds, args.seed, args.jobs, args.findings)


if __name__ == "__main__":
    sys.exit(main())
