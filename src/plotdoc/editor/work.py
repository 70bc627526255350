"""Work done off the event loop: recomputing analyses and drawing graphs.

A computation that can be long (analyses, the graph of a large table) runs in a child
process started from a fork server (see :func:`_workers`): the child is sent a copy of the
project as it was at that moment, computes, sends its result back through a pipe and exits.
Cancel kills the child, so the computation really stops and its memory is returned at once.
A small graph is drawn in a worker thread instead (a process would cost more than the
drawing). Either way it reads a copy of the project's arrays, never the arrays a cell edit
writes in place. A newer request makes an older result stale: it is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import signal
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..editing.history import copy_table, own_arrays, pending
from ..editing.session import Session
from ..model import Project, Table
from .memory import release_memory

_DRAW_LOCK = threading.Lock()


def drawing() -> threading.Lock:
    """The lock held while matplotlib draws (one drawing at a time, whichever thread): hold
    it around an edit that draws (pairwise brackets take their heights from a drawing)."""
    return _DRAW_LOCK


#: Cells (rows x columns) above which a graph is drawn in a child process that Cancel can end.
LARGE_CELLS = 50_000


def _test_delay() -> None:
    """Tests set ``PLOTDOC_EDITOR_COMPUTE_DELAY`` (seconds) to type while analyses compute."""
    with contextlib.suppress(ValueError):
        time.sleep(max(0.0, float(os.environ.get("PLOTDOC_EDITOR_COMPUTE_DELAY") or 0)))


#: Pixels per inch of the graph shown on the page (the exported files use their own).
SCREEN_DPI = 120


class Cancelled(Exception):
    """The computation was cancelled (its child process was ended)."""


def project_copy(project: Project, tables: list[Table] | None = None) -> Project:
    """A copy to compute or draw from while the session goes on: the tables' cells are copied
    too (a cell edit writes into the session's arrays in place). ``tables`` are copies of
    the project's tables the caller already has (:func:`table_copy`)."""
    if tables is None:
        tables = [table_copy(t) for t in project.tables]
    return Project(
        tables=tables,
        meta=project.meta,
        usermeta=project.usermeta,
        view=project.view,
        generator=project.generator,
        created_at=project.created_at,
        modified_at=project.modified_at,
        results=project.results,  # shared: an analysis is computed where it is first read
    )


def table_copy(table: Table) -> Table:
    """A copy of ``table`` with cells of its own."""
    copied = copy_table(table)
    if not pending(copied):
        own_arrays(copied)
    return copied


class LastCopies:
    """Copies of a project's tables kept from one snapshot to the next: a table unchanged
    since the last snapshot (the same fingerprint, :mod:`plotdoc.save_memo`) gets the last
    snapshot's copy, which nothing changes, so that its save finds the bytes the last copy's
    save kept. A table a fingerprint does not take is copied every time."""

    def __init__(self) -> None:
        #: each table (by id) with its fingerprint when it was copied, and its copy
        self._last: dict[int, tuple[Table, bytes, Table]] = {}

    def of(self, tables: list[Table]) -> list[Table]:
        from ..save_memo import fingerprint

        kept: dict[int, tuple[Table, bytes, Table]] = {}
        out = []
        for table in tables:
            print_ = fingerprint(table)
            last = self._last.get(id(table))
            if print_ is not None and last is not None and last[0] is table and last[1] == print_:
                copied = last[2]
            else:
                copied = table_copy(table)
            if print_ is not None:
                kept[id(table)] = (table, print_, copied)
            out.append(copied)
        self._last = kept
        return out

    def clear(self) -> None:
        self._last = {}


def known_results(project: Project) -> Mapping[Any, Any]:
    """The analyses' results computed so far (reading them computes nothing)."""
    from ..analyses.results import Results

    results = project.results
    return results.computed() if isinstance(results, Results) else results


def has_analyses(project: Project) -> bool:
    return any(t.analyses for t in project.tables)


def table_cells(table: Table) -> int:
    return table.n_rows * max(1, len(table.data_sets) * table.replicates)


# -- what the child computes ------------------------------------------------------------


@dataclass
class Computed:
    """Results of every analysis and the cells of every results table."""

    results: dict[Any, Any]
    tables: dict[str, tuple[Any, Any, Any, int]] = field(default_factory=dict)


def compute_results(project: Project, report: Callable[[str], None] | None = None) -> Computed:
    """Compute every analysis of ``project`` (a copy) and fill its results tables.

    ``report`` is told after each analysis how many are done (within their budget: an
    analysis past it has status ``budget-exceeded``).
    """
    from ..analyses.results import Results, attach

    budget = project.results.budget if isinstance(project.results, Results) else None
    results = attach(project, budget)
    total = len(results)
    done = 0

    def computed(key: Any, run: Any) -> None:
        nonlocal done
        done += 1
        if report is not None:
            report(f"{done} of {total} done")

    results.on_computed = computed
    _test_delay()
    for key in results:  # as plotdoc.api.recompute does, with progress
        results[key]
    for table in project.tables:
        if table.derived_from is not None:
            table.data_sets  # fills it  # noqa: B018
    return Computed(
        dict(project.results),
        {
            t.id: (t.data_sets, t.row_labels, t.x, t.replicates)
            for t in project.tables
            if t.derived_from is not None
        },
    )


def install_results(session: Session, computed: Computed) -> None:
    """Put freshly computed results (and results tables' cells) into the session's project."""
    project = session.project
    project.results = computed.results
    for table in project.tables:
        if table.derived_from is not None and table.id in computed.tables:
            table.data_sets, table.row_labels, table.x, table.replicates = computed.tables[table.id]


def draw(project: Project, table_id: str, fmt: str = "svg", dpi: float = 110) -> bytes:
    """The graph as the renderer writes it (for export)."""
    from ..render import render_table

    with _DRAW_LOCK:
        return render_table(project, project.table(table_id), fmt=fmt, dpi=dpi)


def preview(project: Project, table_id: str, dpi: float = SCREEN_DPI) -> bytes:
    """The graph as a PNG at screen resolution, drawn once and cropped to its content.

    The renderer's own output crops by drawing the figure twice (once to measure); the
    preview draws the same figure once with Agg and crops the pixels around the content.
    """
    import matplotlib
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from PIL import Image

    from ..render.engine import build_figure, rc_params

    table = project.table(table_id)
    if table.graph is None:
        raise ValueError(f"table {table.name!r} has no graph to draw")
    with _DRAW_LOCK, matplotlib.rc_context(rc_params(table.graph)):  # type: ignore[arg-type]
        fig = build_figure(project, table, dpi=dpi)
        canvas = FigureCanvasAgg(fig)
        canvas.draw()  # type: ignore[no-untyped-call]
        rgba = np.asarray(canvas.buffer_rgba())  # type: ignore[no-untyped-call]
    pixels = rgba.view(np.uint32).reshape(rgba.shape[:2])
    content = pixels != pixels[0, 0]
    rows = np.flatnonzero(content.any(axis=1))
    cols = np.flatnonzero(content.any(axis=0))
    if rows.size and cols.size:
        pad = round(0.08 * dpi)
        top, bottom = max(0, rows[0] - pad), min(rgba.shape[0], rows[-1] + pad + 1)
        left, right = max(0, cols[0] - pad), min(rgba.shape[1], cols[-1] + pad + 1)
        rgba = rgba[top:bottom, left:right]
    out = io.BytesIO()
    Image.fromarray(rgba).save(out, format="PNG", compress_level=1)
    return out.getvalue()


# -- a computation Cancel can end ------------------------------------------------------------


def portable(project: Project) -> Project:
    """``project`` (a :func:`project_copy`) made ready to be sent to another process.

    Results tables not computed yet keep no way to compute themselves (a child that needs
    them arms them again, as :func:`compute_results` does); results already computed go
    with the project.
    """
    from ..analyses.results import Results

    for table in project.tables:
        if pending(table):
            table.__dict__["fill"] = None
            table.__dict__.setdefault("_data_sets", [])
            table.__dict__.setdefault("_row_labels", None)
    old = project.results
    if isinstance(old, Results):
        results = Results(project, old.budget)
        results._kept = old._kept.copy()
        results._kept_bytes = old._kept_bytes
        results.spent = old.spent
        project.results = results
    return project


def _workers() -> Any:
    """The process context computations run in: ``forkserver`` where there is one.

    The server runs threads (the event loop's executor, NiceGUI's own), and a process forked
    from a threaded one may inherit a lock another thread held at that moment. A fork server
    is started once, single-threaded, with plotdoc's modules already imported; each
    computation is forked from it, so it starts at once and inherits no lock. Where there is
    no fork server (Windows), each computation is spawned.
    """
    global _CONTEXT
    if _CONTEXT is None:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if "forkserver" in methods:
            context.set_forkserver_preload(["plotdoc.editor.work", "plotdoc.analyses.results"])
        _CONTEXT = context
    return _CONTEXT


_CONTEXT: Any = None


def _child(conn: Any, fn: Callable[..., Any], args: tuple[Any, ...], reports: bool) -> None:
    """What runs in the child: the computation, its progress and its result sent back."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(ValueError, AttributeError, OSError):  # not every platform
            signal.signal(sig, signal.SIG_DFL)
    try:
        extra = {"report": lambda text: conn.send(("P", text))} if reports else {}
        value = fn(*args, **extra)
        conn.send(("R", value))
    except BaseException as exc:
        conn.send(("E", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


class Task:
    """One computation in a child process; :meth:`cancel` kills it.

    ``fn(*args)`` runs in the child (``fn`` a function of a module, the projects among
    ``args`` sent as :func:`portable` makes them, and let go of once sent); with
    ``reports=True`` it is given ``report=`` a function that sends a line of progress,
    shown from :attr:`progress`.
    """

    def __init__(
        self, fn: Callable[..., Any], *args: Any, label: str = "Computing", reports: bool = False
    ) -> None:
        self.fn = fn
        self.args = tuple(portable(a) if isinstance(a, Project) else a for a in args)
        self.label = label
        self.reports = reports
        #: the last line of progress the computation sent
        self.progress = ""
        self.process: Any = None
        #: the child's process id, once started
        self.pid: int | None = None
        self.cancelled = False
        self.started = time.monotonic()

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def _run(self) -> tuple[str, Any] | None:
        """Start the child and wait for its answer (in a worker thread)."""
        context = _workers()
        receive, send = context.Pipe(duplex=False)
        with _START_LOCK:
            if self.cancelled:
                return None
            try:
                self.process = context.Process(
                    target=_child, args=(send, self.fn, self.args, self.reports), daemon=True
                )
                self.process.start()  # the arguments are sent (pickled) before it returns
            finally:
                self._let_go()
            self.pid = self.process.pid
        send.close()
        try:
            while True:
                try:
                    kind, body = receive.recv()
                except (EOFError, OSError):
                    return None
                if kind != "P":
                    return str(kind), body
                self.progress = str(body)
        finally:
            receive.close()
            self.process.join()
            self.process.close()
            release_memory(collect=False)  # what sending the copy took is free again

    async def result(self) -> Any:
        """Run the computation; raise Cancelled when cancelled, RuntimeError when it failed."""
        if self.cancelled:
            raise Cancelled
        answer = await in_thread(self._run)
        if self.cancelled:
            raise Cancelled
        if answer is None:
            raise RuntimeError("the computation ended without a result")
        kind, body = answer
        if kind == "E":
            raise RuntimeError(str(body))
        return body

    def _let_go(self) -> None:
        """Free this process's copies of the arguments: the child has its own, or never starts.

        A project made :func:`portable` and its results refer to each other; left so, only
        the cyclic garbage collector (which may not run for minutes) would free it, and each
        large drawing or computation would leave a copy of every table's cells behind.
        """
        for arg in self.args:
            if isinstance(arg, Project):
                arg.results = {}
        self.args = ()

    def cancel(self) -> None:
        """End the computation now (its child process is killed)."""
        with _START_LOCK:
            self.cancelled = True
            self._let_go()
            process = self.process
            if process is not None:
                with contextlib.suppress(ValueError, ProcessLookupError, OSError):
                    process.kill()


_START_LOCK = threading.Lock()


async def in_thread(fn: Callable[..., Any], *args: Any) -> Any:
    return await asyncio.get_running_loop().run_in_executor(None, fn, *args)
