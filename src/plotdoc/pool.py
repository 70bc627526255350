"""Many files at once: a process pool (``--jobs``), a progress bar and a summary line.

Files are taken from a lazy iterator and at most a few per worker are in flight at any time,
so a folder of a million files is never listed into memory; results come back in the order
of the files (the same order and content as ``--jobs 1``) as soon as each is done.

The progress bar (files done, files per second, time left) is drawn with ``tqdm`` on
standard error when it is a terminal, unless ``-q``; the total for the time left is counted
in a background thread while the work goes on. ``tqdm`` is a small pure-Python package with
no dependencies, imported only when a bar is drawn; without it a plain bar is drawn.
"""

from __future__ import annotations

import itertools
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # the pool's modules load only when a pool runs
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

#: The largest --jobs accepted.
MAX_JOBS = 256
#: Files in flight per worker: enough to keep every worker busy, few enough to stay small.
IN_FLIGHT_PER_WORKER = 4


def default_jobs() -> int:
    """The most processes the automatic choice uses: one per core."""
    return max(1, min(os.cpu_count() or 1, MAX_JOBS))


#: The automatic choice (``jobs=None``) works in this process until the work done here has
#: taken this long (seconds): a pool costs about 20 ms to start and about 0.3 ms of this
#: process's time per file, so a batch shorter than this never gains from it.
AUTO_AFTER = 0.25
#: ... and moves to the pool only when a file takes at least this long (seconds) on average:
#: below it the time this process spends handing files out and taking results back is a
#: large part of the work saved (measured: `bench/bench_batch.py --crossover`).
AUTO_PER_FILE = 0.002


def idle_workers(cores: int) -> int:
    """How many worker processes the machine has room for now: the cores other programs
    leave idle (by the last minute's load average, less this process's own share), at least
    one. A busy machine gets one, which means working in this process."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average here (Windows): every core
        return cores
    others = max(load - 1.0, 0.0)
    return max(1, min(cores, int(cores - others)))


def run_all(
    func: Callable[[T], R],
    items: Iterable[T],
    jobs: int | None,
    *,
    show: bool | None = None,
    count: Callable[[], int] | None = None,
    on_crash: Callable[[T, BaseException], R] | None = None,
) -> Iterator[R]:
    """``func`` over ``items`` in order, on up to ``jobs`` processes (one: in this process).

    ``jobs=None`` chooses: the items are worked on in this process, and the rest go to a pool
    only once the work has lasted :data:`AUTO_AFTER` seconds at :data:`AUTO_PER_FILE` or more
    per item, and the machine has idle cores (:func:`idle_workers`); so a few files, small
    files, or a busy machine cost no more than a loop.

    ``func`` must be a module-level function and its results picklable. ``items`` may be a
    lazy iterator; ``count``, when given, counts them (in a thread) for the bar's time left.
    A progress bar is drawn on standard error when it is a terminal, more than one item is
    worked on and ``-q`` was not given (``show`` forces it on or off). ``on_crash`` gives the
    result of an item whose work killed its worker process (the batch goes on); without it
    such a crash ends the run.
    """
    from .folders import SETTINGS

    if isinstance(items, list | tuple):
        sized: int | None = len(items)
        whole = items
        count = count or (lambda: len(whole))
    else:  # look ahead: a single item is worked on here, without starting a pool for it
        items, sized = _peeked(iter(items))
    if show is None:
        show = sys.stderr.isatty() and not SETTINGS.quiet and (sized is None or sized > 1)
    bar = Progress(count, sized) if show else None
    try:
        if (jobs is not None and jobs <= 1) or (sized is not None and sized <= 1):
            for item in items:
                result = func(item)
                if bar:
                    bar.clear()
                yield result
                if bar:
                    bar.advance()
            return
        if jobs is None:
            yield from _chosen(func, iter(items), bar, on_crash)
            return
        yield from _pooled(func, iter(items), jobs, bar, on_crash)
    finally:
        if bar:
            bar.close()


def _chosen(
    func: Callable[[T], R],
    items: Iterator[T],
    bar: Progress | None,
    on_crash: Callable[[T, BaseException], R] | None,
) -> Iterator[R]:
    """The automatic choice: in this process until the work proves long enough for a pool."""
    cores = default_jobs()
    worked = 0.0
    for done, item in enumerate(items, 1):
        start = time.perf_counter()
        result = func(item)
        worked += time.perf_counter() - start
        yield from _shown(result, bar)
        if cores > 1 and worked >= AUTO_AFTER and worked >= AUTO_PER_FILE * done:
            workers = idle_workers(cores)
            if workers > 1:
                yield from _pooled(func, items, workers, bar, on_crash)
                return


def _peeked(items: Iterator[T]) -> tuple[Iterator[T], int | None]:
    """``items`` unchanged, with their count when there are none or one (else None)."""
    first = list(itertools.islice(items, 2))
    if len(first) < 2:
        return iter(first), len(first)
    return itertools.chain(first, items), None


def _pooled(
    func: Callable[[T], R],
    items: Iterator[T],
    jobs: int,
    bar: Progress | None,
    on_crash: Callable[[T, BaseException], R] | None,
) -> Iterator[R]:
    pool = _Pool(func, jobs, on_crash)
    limit = jobs * IN_FLIGHT_PER_WORKER
    try:
        for item in items:
            pool.submit(item)
            while len(pool.window) >= limit or (pool.window and pool.window[0][1].done()):
                yield from _shown(pool.take(), bar)
        while pool.window:
            yield from _shown(pool.take(), bar)
    finally:
        pool.close()


def _shown(result: R, bar: Progress | None) -> Iterator[R]:
    if bar:
        bar.clear()
    yield result
    if bar:
        bar.advance()


class _Pool(Generic[T, R]):
    """A process pool that survives a worker's crash when told what a crash gives: the item
    whose work killed its worker is run again alone, and the others in flight are sent again
    to a fresh pool, so one crashing file never stops the batch."""

    def __init__(
        self, func: Callable[[T], R], jobs: int, on_crash: Callable[[T, BaseException], R] | None
    ) -> None:
        self.func, self.jobs, self.on_crash = func, jobs, on_crash
        self.window: deque[tuple[T, Future[R]]] = deque()
        self.executor = self._new()

    def _new(self) -> ProcessPoolExecutor:
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(max_workers=self.jobs)

    def submit(self, item: T) -> None:
        self.window.append((item, self.executor.submit(self.func, item)))

    def take(self) -> R:
        from concurrent.futures.process import BrokenProcessPool

        item, future = self.window.popleft()
        try:
            return future.result()
        except BrokenProcessPool as exc:
            if self.on_crash is None:
                raise
            return self._recover(item, exc)

    def _recover(self, item: T, exc: BaseException) -> R:
        from concurrent.futures.process import BrokenProcessPool

        assert self.on_crash is not None
        self.executor.shutdown(wait=False, cancel_futures=True)
        alone = self._new()  # this item by itself: did its work kill the worker?
        try:
            result = alone.submit(self.func, item).result()
        except BrokenProcessPool as again:
            result = self.on_crash(item, again)
        finally:
            alone.shutdown(wait=False, cancel_futures=True)
        self.executor = self._new()
        pending = [i for i, _ in self.window]
        self.window.clear()
        for other in pending:
            self.submit(other)
        return result

    def close(self) -> None:
        for _, future in self.window:
            future.cancel()
        self.executor.shutdown(wait=True, cancel_futures=True)


class Progress:
    """The bar on standard error: files done, files per second, time left."""

    def __init__(self, count: Callable[[], int] | None, total: int | None = None) -> None:
        self.done = 0
        self.total: int | None = total
        self.start = time.monotonic()
        self._bar: Any = None
        try:
            from tqdm import tqdm  # type: ignore[import-untyped]

            self._bar = tqdm(
                total=total,
                unit=" files",
                file=sys.stderr,
                dynamic_ncols=True,
                mininterval=0.2,
                leave=False,
            )
        except ImportError:  # pragma: no cover - tqdm is a dependency; a plain bar then
            self._bar = None
        if count is not None and total is None:
            threading.Thread(target=self._count, args=(count,), daemon=True).start()

    def _count(self, count: Callable[[], int]) -> None:
        try:
            self.total = count()
        except Exception:  # counting is only for the time left
            return

    def advance(self) -> None:
        self.done += 1
        if self._bar is not None:
            if self.total is not None and self._bar.total != self.total:
                self._bar.total = self.total
            self._bar.update(1)
        else:
            self._plain()

    def clear(self) -> None:
        """Take the bar off the terminal before something else is printed."""
        if self._bar is not None:
            self._bar.clear()
        elif self.done:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.refresh()  # the final count, then the bar leaves the terminal
            self._bar.close()
        else:
            self.clear()

    def _plain(self) -> None:
        elapsed = max(time.monotonic() - self.start, 1e-9)
        rate = self.done / elapsed
        if self.total:
            width = 30
            filled = width * min(self.done, self.total) // self.total
            left = (self.total - self.done) / rate if rate else 0.0
            text = (
                f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                f"{rate:.1f} files/s, {left:.0f} s left"
            )
        else:
            text = f"{self.done} files, {rate:.1f} files/s"
        sys.stderr.write("\r" + text)
        sys.stderr.flush()


class Tally:
    """The summary line a command over many files ends with (files, refused, warnings,
    time), on standard error; nothing with ``-q`` or for a single file."""

    def __init__(self, command: str) -> None:
        self.command = command
        self.files = 0
        self.refused = 0
        self.warnings = 0
        self.start = time.monotonic()
        #: what the command adds after the count of files, e.g. `` (2 reformatted)``
        self.detail = ""

    def add(self, refused: bool, warnings: int) -> None:
        self.files += 1
        self.refused += int(refused)
        self.warnings += warnings

    def line(self) -> str:
        elapsed = time.monotonic() - self.start
        per_second = self.files / elapsed if elapsed > 0 else 0.0
        shown = f"{per_second:,.0f}" if per_second >= 10 else f"{per_second:.1f}"
        rate = f", {shown} files/s" if elapsed > 0 and self.files > 1 else ""
        return (
            f"plotdoc {self.command}: {self.files:,} files{self.detail}, {self.refused:,} refused, "
            f"{self.warnings:,} warnings in {elapsed:.1f} s{rate}"
        )

    def finish(self, always: bool = False) -> None:
        """Print the line (with ``always``, for a single file too)."""
        from .folders import SETTINGS

        if (self.files > 1 or always) and not SETTINGS.quiet:
            print(self.line(), file=sys.stderr)


def progress(done: int, total: int) -> None:
    """A plain bar for work counted by its caller (``done`` of ``total``), on standard error."""
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()
