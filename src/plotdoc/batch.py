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

Local paths are made absolute before they travel, so a worker started in another folder
reads the file that was named (results still show the name as it was given). A file that
cannot be read (missing, a folder, no permission, a URL that does not answer) is a refused
result of its own. A folder URL (``memory://docs/``, ``file:///data/``, an HTTP index page)
is walked through its file system's ``find``, a pattern through its ``glob``.

Commands: ``validate``; ``render`` (every graph drawn under ``output``, a folder or an
``fsspec`` URL, in the layout of ``plotdoc render -o``: one file per graph named after its
table, in a sub-folder named after the project file when there are several files); ``fmt``
(the canonical form written to ``output``, or only checked without one). Dask comes with the optional extra
``plotdoc[dask]``, fsspec with ``plotdoc[remote]`` (plus the file system's own package, such
as ``s3fs``); neither is imported unless used.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import chain, islice
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
    dpi: int = 300
    width: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def is_url(name: str) -> bool:
    return "://" in name


class Located(str):
    """A local path made absolute for a worker that may run in another folder (or on another
    machine with the same shared file system), which still shows as the user wrote it."""

    shown: str

    def __new__(cls, path: str, shown: str) -> Located:
        obj = super().__new__(cls, path)
        obj.shown = shown
        return obj

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (Located, (str(self), self.shown))


def locate(name: str) -> str:
    """``name`` made absolute when it is a relative local path (a :class:`Located`)."""
    if is_url(name) or name == "-" or isinstance(name, Located) or os.path.isabs(name):
        return name
    return Located(os.path.abspath(name), name)


def shown(name: str) -> str:
    """How ``name`` is shown: as the user wrote it."""
    return name.shown if isinstance(name, Located) else str(name)


def _fsspec() -> Any:
    try:
        import fsspec  # type: ignore[import-untyped]
    except ImportError:
        raise RuntimeError(FSSPEC_MISSING) from None
    return fsspec


def expand(names: Iterable[str]) -> Iterator[str]:
    """The files the inputs name: local ones as the command line walks them, URLs with a
    glob expanded and folder URLs walked by their file system, anything else as given."""
    from .folders import walk

    local: list[str] = []
    for name in names:
        if not is_url(name):
            local.append(name)
            continue
        if local:
            yield from walk(local)
            local = []
        yield from _expand_url(name)
    if local:
        yield from walk(local)


def _expand_url(name: str) -> Iterator[str]:
    """The project files a URL names: a glob's matches, a folder's files (walked with the
    file system's ``find``), else the URL itself (then its reading says what is wrong)."""
    from .folders import is_project_file

    try:
        fs, path = _fsspec().core.url_to_fs(name)
        if set(name.split("://", 1)[1]) & set("*?["):
            found = fs.glob(path)
        elif name.endswith("/") or (not is_project_file(name) and fs.isdir(path)):
            found = fs.find(path)
        else:
            found = None
    except Exception:  # no such file system, a listing refused: the file's own result says so
        found = None
    if found is None:
        yield name
        return
    protocol = name.split("://", 1)[0]
    for match in sorted(found):
        if is_project_file(match):
            yield _as_url(protocol, match)


def _as_url(protocol: str, path: str) -> str:
    """A path a file system listed, as the URL that reads it again."""
    if "://" in path:  # http lists whole URLs
        return path
    if protocol in ("file", "local"):
        return f"file://{path}" if path.startswith("/") else f"file:///{path}"
    return f"{protocol}://{path.lstrip('/')}"


def _read(name: str) -> bytes:
    """The bytes of a file or URL; raises :class:`~plotdoc.problems.PlotdocError` (with
    ``file-not-found`` or ``file-unreadable``) when there are none to read."""
    from .api import read_capped, read_limited

    if not is_url(name):
        return read_limited(name)
    from .errors import FileRefusedError, MissingFileError
    from .problems import error

    try:
        fsspec = _fsspec()
    except RuntimeError as exc:
        raise FileRefusedError([error("file-unreadable", (), str(exc))]) from None
    try:
        with fsspec.open(name, "rb") as handle:
            data: bytes = read_capped(handle)
    except FileNotFoundError:
        raise MissingFileError(
            [error("file-not-found", (), f"expected a file at {name}; there is none")],
            filename=name,
        ) from None
    except IsADirectoryError:
        raise FileRefusedError(
            [error("file-unreadable", (), f"expected a file at {name}; found a folder")]
        ) from None
    except (OSError, ValueError, ImportError) as exc:  # refused, unknown protocol, no driver
        why = getattr(exc, "strerror", None) or f"{type(exc).__name__}: {exc}"
        raise FileRefusedError(
            [error("file-unreadable", (), f"could not read {name}: {why}")]
        ) from None
    return data


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
    return str(Path(shown(folder)) / name)


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
        return Result(shown(name), False, crashed=f"{type(exc).__name__}: {exc}")


def _work(command: str, name: str, options: Options) -> Result:
    from .api import loads, validate
    from .problems import PlotdocError

    try:
        data = _read(name)
    except PlotdocError as exc:
        errors, warnings = _problems(exc.problems)
        return Result(shown(name), False, errors, warnings)
    if command == "validate":
        report = validate(data)
        errors, warnings = _problems(report.problems)
        return Result(shown(name), report.ok, errors, warnings)
    try:
        project = loads(data)
    except PlotdocError as exc:
        errors, warnings = _problems(exc.problems)
        return Result(shown(name), False, errors, warnings)
    if command == "fmt":
        from .folders import stem
        from .writer import dumps

        new = dumps(project, keep_timestamps=True)
        errors, warnings = _problems(project.warnings)
        try:
            outputs = (
                (_write(options.output, f"{stem(name)}.plotdoc", new),) if options.output else ()
            )
        except (OSError, PlotdocError) as exc:
            return Result(shown(name), False, (_unwritten(options.output or "", exc),), warnings)
        return Result(shown(name), True, errors, warnings, outputs, changed=new != data)
    if command == "render":
        return _render(name, project, options)
    raise ValueError(f"unknown command {command!r}; expected one of {', '.join(COMMANDS)}")


def _unwritten(where: str, exc: BaseException) -> dict[str, Any]:
    from .problems import PlotdocError, problem_json

    if isinstance(exc, PlotdocError) and exc.problems:
        return problem_json(exc.problems[0])
    why = getattr(exc, "strerror", None) or f"{type(exc).__name__}: {exc}"
    return {"code": "save-failed", "path": "", "message": f"could not write {shown(where)}: {why}"}


#: One file's work on a worker: the file, and the folder its outputs go to (or None).
Task = tuple[str, str | None]


def _work_on(task: Task, command: str, options: Options) -> Result:
    name, output = task
    return work(command, name, replace(options, output=output))


def _render(name: str, project: Any, options: Options) -> Result:
    from .folders import graph_file_names
    from .problems import PlotdocError
    from .render import render_table_reported

    problems = list(project.warnings)
    outputs: list[str] = []
    unwritten: list[dict[str, Any]] = []
    drawn = [(i, t) for i, t in enumerate(project.tables) if t.graph is not None]
    file_names = graph_file_names([t.name for _, t in drawn])
    for (i, _), file_name in zip(drawn, file_names, strict=True):
        data, reported = render_table_reported(
            project, i, fmt=options.fmt, dpi=options.dpi, width=options.width
        )
        problems += reported
        if data is None:  # one graph that cannot be drawn: the others still are
            continue
        if options.output:
            try:
                outputs.append(_write(options.output, f"{file_name}.{options.fmt}", data))
            except (OSError, PlotdocError) as exc:
                unwritten.append(_unwritten(options.output, exc))
    errors, warnings = _problems(problems)
    errors = (*errors, *unwritten)
    return Result(shown(name), not errors, errors, warnings, tuple(outputs))


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
    dpi: int = 300,
    width: str | None = None,
    retries: int = 2,
) -> Iterator[Result]:
    """One :class:`Result` per file of ``files``, in order, as each is done.

    ``client`` is a ``dask.distributed.Client`` or a scheduler address (then the work runs
    on that cluster); otherwise ``jobs`` processes on this machine (1: in this process;
    default: in this process, then a process per idle core once the files prove large and
    many enough, see :func:`plotdoc.pool.run_all`). ``output`` is where ``render`` and ``fmt`` write (a folder or an
    fsspec URL); ``width`` scales each graph ``render`` draws to a print width (``"85mm"``). Raises :class:`ValueError` for an unknown command and :class:`RuntimeError`
    when an optional package the call needs is missing.
    """
    if command not in COMMANDS:
        raise ValueError(f"unknown command {command!r}; expected one of {', '.join(COMMANDS)}")
    options = Options(output=output, fmt=fmt, dpi=dpi, width=width)
    names = expand([files] if isinstance(files, str) else files)
    tasks = _tasks(command, names, output)
    if client is not None:
        yield from _on_cluster(client, command, tasks, options, retries)
        return
    from .pool import run_all

    yield from run_all(_Bound(command, options), tasks, jobs, show=False, on_crash=_crashed)


def _tasks(command: str, names: Iterator[str], output: str | None) -> Iterator[Task]:
    """Each file with the folder its outputs go to: local paths made absolute, so a worker
    in another folder reads and writes the same files; ``render`` of several files gives
    each file a sub-folder named after it (made unique), as ``plotdoc render -o`` does."""
    from .folders import stem, unique

    head = list(islice(names, 2))
    several = command == "render" and len(head) > 1
    used: set[str] = set()
    out = None if output is None else locate(output)
    for name in chain(head, names):
        folder = out
        if out is not None and several:
            sub = unique(stem(name), used)
            folder = (
                out.rstrip("/") + "/" + sub
                if is_url(out)
                else Located(os.path.join(out, sub), os.path.join(shown(out), sub))
            )
        yield locate(name), folder


def _crashed(task: Task, exc: BaseException) -> Result:
    return Result(
        shown(task[0]), False, crashed=f"its worker process died ({type(exc).__name__}: {exc})"
    )


class _Bound:
    """``work`` with its command and options, picklable for a process pool."""

    def __init__(self, command: str, options: Options) -> None:
        self.command = command
        self.options = options

    def __call__(self, task: Task) -> Result:
        return _work_on(task, self.command, self.options)


def _on_cluster(
    client: Any, command: str, tasks: Iterator[Task], options: Options, retries: int
) -> Iterator[Result]:
    for task, result in cluster_map(_work_on, tasks, client, command, options, retries=retries):
        if isinstance(result, BaseException):  # the scheduler gave up on it (KilledWorker)
            result = Result(shown(task[0]), False, crashed=f"{type(result).__name__}: {result}")
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
