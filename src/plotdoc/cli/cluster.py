"""`--dask ADDRESS` (or ``PLOTDOC_DASK``): a command's per-file work on a Dask cluster.

``render`` with an fsspec URL among its inputs or as ``-o`` goes the same way, on the pool of
``--jobs`` when no cluster is named.

``validate``, ``fmt`` and ``analyze`` send their per-file work through
:func:`plotdoc.batch.cluster_map` (see :func:`.stream.dispatch`) and print as on the pool; ``render`` runs :func:`plotdoc.batch.run` and writes every graph to the folder or URL
of ``-o`` (in the layout of the pool: ``<project>/<table name>.<format>``), printing each file's
problems and the files it wrote as each file is done, and a summary line.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from typing import TYPE_CHECKING, Any

from ..folders import SETTINGS, STDIN
from ..pool import Tally
from .common import EXIT_OK, EXIT_REFUSED, usage_error

if TYPE_CHECKING:
    from .stream import Records

ENVIRONMENT = "PLOTDOC_DASK"


def address(args: argparse.Namespace) -> str | None:
    """The scheduler address of ``--dask``, else of ``PLOTDOC_DASK``, else None."""
    return getattr(args, "dask", None) or os.environ.get(ENVIRONMENT) or None


def render_wanted(args: argparse.Namespace, file_format: str | None) -> bool:
    """Whether ``render`` goes to the cluster: with ``--dask``; with ``PLOTDOC_DASK`` only
    when it can (every graph to a folder given with ``-o``), so a one-graph render of a
    machine with the variable set stays local."""
    if getattr(args, "dask", None):
        return True
    if any("://" in n for n in [*args.files, args.out or ""]):
        return True  # URLs are read and written through plotdoc.batch, on the pool or a cluster
    return bool(
        os.environ.get(ENVIRONMENT)
        and file_format is None
        and args.out not in (None, STDIN)
        and args.table is None
    )


def ready(args: argparse.Namespace) -> bool:
    """Whether the cluster can be used; else a usage error is printed (exit 2)."""
    if importlib.util.find_spec("distributed") is None:
        from ..batch import DASK_MISSING

        usage_error(args, DASK_MISSING)
        return False
    if STDIN in args.files:
        usage_error(args, "--dask reads files where they live; - (standard input) cannot go")
        return False
    from dask.distributed import Client

    where = address(args)
    try:  # connect now, so that a wrong address is one clear line, not a failed batch
        args.dask_client = Client(where)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        usage_error(args, f"cannot reach a Dask scheduler at {where} ({exc}); is it running?")
        return False
    return True


def client(args: argparse.Namespace) -> Any:
    """The client :func:`ready` connected (None when the work stays on this machine)."""
    return getattr(args, "dask_client", None)


def close(args: argparse.Namespace) -> None:
    found = client(args)
    if found is not None:
        found.close()


def render(args: argparse.Namespace, fmt: str, records: Records) -> int:
    """``plotdoc render --dask``: every graph of every file to the folder or URL of ``-o``."""
    if args.out in (None, STDIN) or args.table is not None:
        return usage_error(
            args,
            "render on a cluster or with URLs writes every graph to a folder or URL: "
            "give -o DIR (no --table)",
        )
    if address(args) and not ready(args):
        return 2
    tally = Tally("render")
    try:
        return _render(args, fmt, tally, records)
    finally:
        close(args)


def _render(args: argparse.Namespace, fmt: str, tally: Tally, records: Records) -> int:
    from ..batch import run

    results = run(
        "render",
        args.files,
        client=client(args),
        jobs=args.jobs,
        output=args.out,
        fmt=fmt,
        dpi=args.dpi,
        width=getattr(args, "width", None),
    )
    for result in results:
        tally.add(not result.ok, len(result.warnings))
        if not records.text:
            record = result.to_json()  # in the same shape as on this machine
            record["written"] = record.pop("outputs", [])
            records.add(record)
            continue
        for problem in (*result.errors, *result.warnings):
            severity = "error" if problem in result.errors else "warning"
            where = f" {problem['path']}" if problem.get("path") else ""
            print(
                f"{result.file}: {severity}{where} [{problem['code']}]: {problem['message']}",
                file=sys.stderr,
            )
        if result.crashed:
            print(f"{result.file}: error: the work crashed ({result.crashed})", file=sys.stderr)
        if not SETTINGS.quiet:  # -q: problems only
            for path in result.outputs:
                print(path, flush=True)
    records.finish()
    tally.finish()
    return EXIT_OK if tally.refused == 0 else EXIT_REFUSED
