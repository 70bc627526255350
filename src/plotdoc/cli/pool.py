"""Many files at once: a process pool (``--jobs``) with a progress bar on a terminal."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: The largest --jobs accepted.
MAX_JOBS = 256


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, MAX_JOBS))


def run_all(
    func: Callable[[T], R], items: Sequence[T], jobs: int, *, show: bool | None = None
) -> Iterator[R]:
    """``func`` over ``items`` in order, on up to ``jobs`` processes (one: in this process).

    ``func`` must be a module-level function and its results picklable. A progress bar is
    drawn on standard error when it is a terminal and there is more than one item.
    """
    total = len(items)
    bar = (sys.stderr.isatty() and total > 1) if show is None else show
    workers = min(jobs, total)
    if workers <= 1:
        results: Iterator[R] = map(func, items)
        for done, result in enumerate(results, 1):
            if bar:
                progress(done, total)
            yield result
        return
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, min(16, total // (workers * 4)))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, result in enumerate(pool.map(func, items, chunksize=chunk), 1):
            if bar:
                progress(done, total)
            yield result


def progress(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()
