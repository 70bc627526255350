"""A command over many files, as `validate`, `fmt` and `render` run it.

The files are discovered lazily (:func:`names`), worked on with a bounded number in flight on
the process pool of ``--jobs`` or the Dask cluster of ``--dask`` (:func:`dispatch`), and each
result is printed as soon as it is done, in the files' order: as the command's own lines, or
as one JSON object per file (``--output-format jsonl``), or gathered into one JSON object
(``--json``) (:class:`Records`). The progress bar and the summary line are
:mod:`.pool`'s.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import Any, TypeVar, cast

from ..pool import run_all
from ..problems import Problem, error
from . import cluster
from .common import EXIT_USAGE, dump_json, usage_error
from .files import discover, expand
from .walk import Found

T = TypeVar("T")
R = TypeVar("R")

#: The --output-format choices every command over many files offers (validate adds more).
OUTPUT_FORMATS = ("full", "json", "jsonl")
OUTPUT_FORMAT_HELP = (
    "full: the command's own lines (default); json: as --json; jsonl: one JSON object per "
    "file, one per line, printed as each file is done"
)


def add_output_format(
    p: argparse.ArgumentParser, what: str, more: tuple[tuple[str, str], ...] = ()
) -> None:
    """``--output-format full|json|jsonl`` (and the (choice, help) pairs of ``more``) and
    ``--json`` (printing ``what``)."""
    p.add_argument(
        "--output-format",
        choices=(*OUTPUT_FORMATS, *(choice for choice, _ in more)),
        default="full",
        help=OUTPUT_FORMAT_HELP + "".join(f"; {choice}: {text}" for choice, text in more),
    )
    p.add_argument("--json", action="store_true", help=f"print {what} as one JSON object")


def output_format(args: argparse.Namespace) -> str | None:
    """The format asked for (``--json`` is ``json``), or None after a usage error when
    ``--json`` and another ``--output-format`` are both given."""
    if args.json and args.output_format not in ("full", "json"):
        usage_error(
            args, f"--json and --output-format {args.output_format} ask for two formats; give one"
        )
        return None
    return "json" if args.json else str(args.output_format)


def names(files: list[str]) -> tuple[Iterator[str], Found]:
    """The files of the inputs, lazily: local ones walked, URLs (``s3://...``) expanded by
    their file system."""
    if any("://" in n for n in files):
        from ..batch import expand as expand_urls

        return expand_urls(files), Found()
    return discover(files)


def first(items: Iterator[T], n: int) -> tuple[list[T], Iterator[T]]:
    """The first ``n`` items of ``items`` and an iterator over all of them."""
    head = list(islice(items, n))
    return head, chain(head, items)


def crash(what: str, exc: BaseException) -> Problem:
    """The refusal of a file whose ``what`` killed its worker process."""
    return error(
        "file-unreadable",
        (),
        f"the {what} of this file crashed its worker process ({type(exc).__name__}: {exc})",
    )


def dispatch(
    args: argparse.Namespace,
    func: Callable[[T], R],
    items: Iterable[T],
    on_crash: Callable[[T, BaseException], R],
) -> Iterator[R]:
    """``func`` over ``items``, in order, as each is done: on the Dask cluster :func:`run`
    connected, else on the process pool of ``--jobs`` (a progress bar on a terminal).
    ``on_crash`` gives the result of an item whose work killed its worker, so the batch goes
    on."""
    client = cluster.client(args)
    if client is None:
        return run_all(
            func,
            items,
            args.jobs,
            count=lambda: len(expand(getattr(args, "files", ()))),
            on_crash=on_crash,
        )
    from ..batch import cluster_map

    return (
        on_crash(item, result) if isinstance(result, BaseException) else result
        for item, result in cluster_map(func, (located(item) for item in items), client)
    )


def located(item: T) -> T:
    """``item`` (a file name, or a job with a ``name`` and perhaps an ``out`` folder) with its
    local paths made absolute, so a worker started in another folder, or on another machine
    sharing the file system, reads and writes the files that were named; they still show as
    the user wrote them (:func:`plotdoc.batch.locate`)."""
    from ..batch import locate

    if isinstance(item, str):
        return cast(T, locate(item))
    if dataclasses.is_dataclass(item) and not isinstance(item, type):
        changes: dict[str, Any] = {}
        name = getattr(item, "name", None)
        if isinstance(name, str):
            changes["name"] = locate(name)
        out = getattr(item, "out", None)
        if isinstance(out, tuple) and out and isinstance(out[0], str):
            changes["out"] = (locate(out[0]), *out[1:])
        return cast(T, dataclasses.replace(item, **changes))
    return item


def run(args: argparse.Namespace, body: Callable[[], int]) -> int:
    """``body()`` with the cluster of ``--dask`` (or ``PLOTDOC_DASK``) connected first (exit
    2 when it cannot be reached) and closed after."""
    if cluster.address(args) and not cluster.ready(args):
        return EXIT_USAGE
    try:
        return body()
    finally:
        cluster.close(args)


class Records:
    """Each file's JSON object: printed at once (``jsonl``), or kept and printed as one
    ``{"files": [...]}`` at the end (``json``)."""

    def __init__(self, fmt: str) -> None:
        self.fmt = fmt
        self.kept: list[dict[str, Any]] = []

    @property
    def text(self) -> bool:
        """Whether the command prints its own lines (no JSON or table asked for)."""
        return self.fmt not in ("json", "jsonl", "csv")

    def add(self, record: dict[str, Any]) -> None:
        if self.fmt == "jsonl":
            import json

            print(json.dumps(record, ensure_ascii=False), flush=True)
        elif self.fmt == "json":
            self.kept.append(record)

    def finish(self) -> None:
        if self.fmt == "json":
            dump_json({"files": self.kept})
