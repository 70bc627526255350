"""Many files, on one machine or a Dask cluster: :func:`run` gives one :class:`Result` per file.

``run("validate", ["data/", "s3://bucket/prefix/**/*.plotdoc"], client=client)`` checks every
project file the inputs name (folders walked as the command line walks them, globs expanded,
``fsspec`` URLs read where they live) and yields the results in the inputs' order as they
are done, with at most a few files per worker in flight. The work of one file never raises:
a refused file is a result with its errors, an unexpected failure a result whose ``crashed``
says what happened, so one bad file never stops the batch. On a cluster, the files of a
worker that is lost are run again by the scheduler (``retries``); a file that keeps killing
its workers becomes a crashed result. The results are the same, file for file, with
``jobs=1``, a process pool or a cluster.

Commands: ``validate``; ``render`` (every graph drawn to ``output``: a folder or an
``fsspec`` URL, one file ``<project>--<table>.<fmt>`` per graph); ``fmt`` (the canonical
form written to ``output``, or only checked without one). Dask comes with the optional extra
``plotdoc[dask]``, fsspec with ``plotdoc[remote]`` (plus the file system's own package, such
as ``s3fs``); neither is imported unless used.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

__all__ = ["COMMANDS", "Result", "expand", "run", "work"]

COMMANDS = ("validate", "render", "fmt")
#: Tasks in flight per worker on a cluster, and files per task.
IN_FLIGHT_PER_WORKER = 4
CHUNK = 16
DASK_MISSING = "running on a Dask cluster needs the dask extra: pip install 'plotdoc[dask]'"
FSSPEC_MISSING = "reading or writing URLs needs fsspec: pip install 'plotdoc[remote]'"


@dataclass(frozen=True)
class Result:
    """What one file gave: problems as JSON objects (code, path, message), files written."""

    file: str
    ok: bool
    errors: tuple[dict[str, Any], ...] = ()
    warnings: tuple[dict[str, Any], ...] = ()
    outputs: tuple[str, ...] = ()
    #: an unexpected failure (a defect, or a worker lost too often): what happened
    crashed: str | None = None
    changed: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "file": self.file,
            "ok": self.ok,
            "errors": list(self.errors),
            "warnings": list(self.warnings),
        }
        if self.outputs:
            out["outputs"] = list(self.outputs)
        if self.crashed:
            out["crashed"] = self.crashed
        return out


@dataclass(frozen=True)
class Options:
    output: str | None = None
    fmt: str = "svg"
    dpi: int = 150
    extra: dict[str, Any] = field(default_factory=dict)


def is_url(name: str) -> bool:
    return "://" in name


def _fsspec() -> Any:
    try:
        import fsspec  # type: ignore[import-untyped]
    except ImportError:
        raise RuntimeError(FSSPEC_MISSING) from None
    return fsspec


def expand(names: Iterable[str]) -> Iterator[str]:
    """The files the inputs name: local ones as the command line walks them, URLs with a
    glob expanded by their file system, anything else as given."""
    from .folders import is_project_file, walk

    local: list[str] = []
    for name in names:
        if not is_url(name):
            local.append(name)
            continue
        if local:
            yield from walk(local)
            local = []
        if set(name) & set("*?["):
            fs, _ = _fsspec().core.url_to_fs(name)
            protocol = name.split("://", 1)[0]
            for path in sorted(fs.glob(name)):
                if is_project_file(path):
                    yield path if "://" in path else f"{protocol}://{path.lstrip('/')}"
        else:
            yield name
    if local:
        yield from walk(local)


def _read(name: str) -> bytes:
    from .contract.limits import MAX_FILE_BYTES

    if is_url(name):
        with _fsspec().open(name, "rb") as handle:
            data: bytes = handle.read(MAX_FILE_BYTES + 1)
        return data
    from .api import read_limited

    return read_limited(name)


def _write(folder: str, name: str, data: bytes) -> str:
    if is_url(folder):
        target = folder.rstrip("/") + "/" + name
        with _fsspec().open(target, "wb") as handle:
            handle.write(data)
        return target
    from pathlib import Path

    from .atomic import write_into_folder

    path = Path(folder) / name
    write_into_folder(path, data)
    return str(path)


def _problems(
    problems: Iterable[Any],
) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]:
    from .problems import problem_json

    items = list(problems)
    return (
        tuple(problem_json(p) for p in items if p.severity == "error"),
        tuple(problem_json(p) for p in items if p.severity == "warning"),
    )


def work(command: str, name: str, options: Options | None = None) -> Result:
    """The work of one file; never raises (see :class:`Result`)."""
    options = options or Options()
    try:
        return _work(command, name, options)
    except Exception as exc:  # a defect in one file's work must not stop the batch
        return Result(name, False, crashed=f"{type(exc).__name__}: {exc}")


def _work(command: str, name: str, options: Options) -> Result:
    from .api import loads, validate
    from .problems import PlotdocError

    try:
        data = _read(name)
    except PlotdocError as exc:
        errors, warnings = _problems(exc.problems)
        return Result(name, False, errors, warnings)
    except OSError as exc:
        return Result(
            name,
            False,
            ({"code": "file-unreadable", "path": "", "message": f"could not read: {exc}"},),
        )
    if command == "validate":
        report = validate(data)
        errors, warnings = _problems(report.problems)
        return Result(name, report.ok, errors, warnings)
    try:
        project = loads(data)
    except PlotdocError as exc:
        errors, warnings = _problems(exc.problems)
        return Result(name, False, errors, warnings)
    stem = os.path.basename(name.rstrip("/"))
    for suffix in (".json", ".plotdoc"):
        stem = stem.removesuffix(suffix)
    if command == "fmt":
        from .writer import dumps

        new = dumps(project, keep_timestamps=True)
        outputs = (_write(options.output, f"{stem}.plotdoc", new),) if options.output else ()
        errors, warnings = _problems(project.warnings)
        return Result(name, True, errors, warnings, outputs, changed=new != data)
    if command == "render":
        return _render(name, stem, project, options)
    raise ValueError(f"unknown command {command!r}; expected one of {', '.join(COMMANDS)}")


def _work_on(name: str, command: str, options: Options) -> Result:
    return work(command, name, options)


def _render(name: str, stem: str, project: Any, options: Options) -> Result:
    from .render import file_stem, render_table_reported

    problems = list(project.warnings)
    outputs: list[str] = []
    for i, table in enumerate(project.tables):
        if table.graph is None:
            continue
        data, reported = render_table_reported(project, i, fmt=options.fmt, dpi=options.dpi)
        problems += reported
        if data is None:  # one graph that cannot be drawn: the others still are
            continue
        if options.output:
            outputs.append(
                _write(options.output, f"{stem}--{file_stem(table.id)}.{options.fmt}", data)
            )
    errors, warnings = _problems(problems)
    return Result(name, not errors, errors, warnings, tuple(outputs))


def _client(client: Any) -> Any:
    try:
        from dask.distributed import Client
    except ImportError:
        raise RuntimeError(DASK_MISSING) from None
    return client if isinstance(client, Client) else Client(client)  # type: ignore[no-untyped-call]


def run(
    command: str,
    files: Iterable[str],
    *,
    jobs: int | None = None,
    client: Any = None,
    output: str | None = None,
    fmt: str = "svg",
    dpi: int = 150,
    retries: int = 2,
) -> Iterator[Result]:
    """One :class:`Result` per file of ``files``, in order, as each is done.

    ``client`` is a ``dask.distributed.Client`` or a scheduler address (then the work runs
    on that cluster); otherwise ``jobs`` processes on this machine (default: one per core;
    1: in this process). ``output`` is where ``render`` and ``fmt`` write (a folder or an
    fsspec URL). Raises :class:`ValueError` for an unknown command and :class:`RuntimeError`
    when an optional package the call needs is missing.
    """
    if command not in COMMANDS:
        raise ValueError(f"unknown command {command!r}; expected one of {', '.join(COMMANDS)}")
    options = Options(output=output, fmt=fmt, dpi=dpi)
    names = expand([files] if isinstance(files, str) else files)
    if client is not None:
        yield from _on_cluster(client, command, names, options, retries)
        return
    from .pool import default_jobs, run_all

    yield from run_all(
        _Bound(command, options), names, jobs or default_jobs(), show=False, on_crash=_crashed
    )


def _crashed(name: str, exc: BaseException) -> Result:
    return Result(name, False, crashed=f"its worker process died ({type(exc).__name__}: {exc})")


class _Bound:
    """``work`` with its command and options, picklable for a process pool."""

    def __init__(self, command: str, options: Options) -> None:
        self.command = command
        self.options = options

    def __call__(self, name: str) -> Result:
        return work(self.command, name, self.options)


def _on_cluster(
    client: Any, command: str, names: Iterator[str], options: Options, retries: int
) -> Iterator[Result]:
    for name, result in cluster_map(_work_on, names, client, command, options, retries=retries):
        if isinstance(result, BaseException):  # the scheduler gave up on it (KilledWorker)
            result = Result(name, False, crashed=f"{type(result).__name__}: {result}")
        yield result


def _apply(func: Any, items: list[Any], args: tuple[Any, ...]) -> list[Any]:
    return [func(item, *args) for item in items]


def cluster_map(
    func: Any, items: Iterable[Any], client: Any, *args: Any, retries: int = 2, chunk: int = CHUNK
) -> Iterator[tuple[Any, Any]]:
    """``(item, func(item, *args))`` for each item, in order, computed on the cluster of
    ``client``, ``chunk`` items per task (a task costs the scheduler about a millisecond) and
    a few tasks per worker in flight. When the cluster cannot compute a task (its workers were
    lost more often than Dask allows) its items are tried one by one, and the result of the
    item that still fails is the exception."""
    owned = isinstance(client, str)  # a client made here from an address is closed here
    client = _client(client)
    try:
        yield from _chunks_on(client, func, iter(items), args, retries, chunk)
    finally:
        if owned:
            client.close()


def _chunks_on(
    client: Any, func: Any, source: Iterator[Any], args: tuple[Any, ...], retries: int, chunk: int
) -> Iterator[tuple[Any, Any]]:
    workers = max(1, sum(client.nthreads().values()))
    limit = workers * IN_FLIGHT_PER_WORKER
    window: deque[tuple[list[Any], Any]] = deque()

    def head() -> Iterator[tuple[Any, Any]]:
        group, future = window.popleft()
        try:
            results = future.result()
        except Exception:
            future.release()
            for item in group:  # one by one: only the item that kills its worker fails
                one = client.submit(_apply, func, [item], args, pure=False, retries=retries)
                try:
                    yield item, one.result()[0]
                except Exception as exc:
                    yield item, exc
                one.release()
            return
        future.release()
        yield from zip(group, results, strict=True)

    while True:
        group = list(islice(source, chunk))
        if not group:
            break
        future = client.submit(_apply, func, group, args, pure=False, retries=retries)
        window.append((group, future))
        while len(window) >= limit or (window and window[0][1].done()):
            yield from head()
    while window:
        yield from head()
