"""`plotdoc validate`: check files; exit 1 when any is refused."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ..problems import Problem, Report, error
from . import cluster
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    Parser,
    add_command,
    add_jobs,
    dump_json,
    print_problems,
    problem_json,
    usage_error,
)
from .files import STDIN, check, discover, display, expand, read_stdin
from .pool import Tally, run_all
from .walk import SETTINGS, Found

#: The --output-format choices: the default lines, one line per problem with file:line:col,
#: GitHub Actions annotations, one JSON object, and JSON lines (one object per file, printed
#: as each file is done).
OUTPUT_FORMATS = ("full", "concise", "github", "json", "jsonl")


def _one(item: str | tuple[str, bytes]) -> tuple[str, Report]:
    if isinstance(item, tuple):  # standard input, read in the main process
        return item[0], check(item[0], item[1])
    if "://" in item:  # a URL, read through fsspec where it lives
        from ..api import validate
        from ..batch import _read
        from ..problems import PlotdocError

        try:
            return item, validate(_read(item))
        except PlotdocError as exc:
            return item, Report(list(exc.problems))
    return item, check(item)


def _on_cluster(item: str | tuple[str, bytes]) -> tuple[str, Report]:
    return _one(item)


def _crashed(item: str | tuple[str, bytes], exc: BaseException) -> tuple[str, Report]:
    """What a file whose check killed its worker process gives: a refusal, not the end."""
    name = item[0] if isinstance(item, tuple) else item
    message = f"the check of this file crashed its worker process ({type(exc).__name__})"
    return name, Report([error("file-unreadable", (), message)])


def _dispatch(args: argparse.Namespace, items: Iterator[str | tuple[str, bytes]]) -> Any:
    """The results of ``items``: on the Dask cluster of --dask (or PLOTDOC_DASK), else on
    the process pool of --jobs."""
    address = cluster.client(args)
    if address is None:
        return run_all(
            _one, items, args.jobs, count=lambda: len(expand(args.files)), on_crash=_crashed
        )
    from ..batch import cluster_map

    def results() -> Iterator[tuple[str, Report]]:
        for item, result in cluster_map(_on_cluster, items, address):
            if isinstance(result, BaseException):  # a worker lost too often on this file
                name = item[0] if isinstance(item, tuple) else item
                crash = error(
                    "file-unreadable",
                    (),
                    f"the check crashed on the cluster ({type(result).__name__}: {result})",
                )
                yield name, Report([crash])
            else:
                yield result

    return results()


def _items(names: Iterable[str]) -> Iterator[str | tuple[str, bytes]]:
    for name in names:
        yield (STDIN, read_stdin()) if name == STDIN else name


def _record(name: str, report: Report) -> dict[str, object]:
    return {
        "file": name,
        "ok": report.ok,
        "errors": [problem_json(p) for p in report.errors],
        "warnings": [problem_json(p) for p in report.warnings],
        "omittedWarnings": report.omitted_warnings,
    }


def run(args: argparse.Namespace) -> int:
    if args.json and args.output_format not in ("full", "json"):
        return usage_error(
            args, f"--json and --output-format {args.output_format} ask for two formats; give one"
        )
    fmt = "json" if args.json else args.output_format
    if any("://" in n for n in args.files):
        from ..batch import expand as expand_urls

        found = Found()
        names: Iterator[str] = expand_urls(args.files)
    else:
        names, found = discover(args.files)
    if cluster.address(args) and not cluster.ready(args):
        return EXIT_USAGE
    try:
        return _check(args, fmt, names, found)
    finally:
        cluster.close(args)


def _check(args: argparse.Namespace, fmt: str, names: Iterator[str], found: Found) -> int:
    tally = Tally("validate")
    records: list[dict[str, object]] = []
    results = _dispatch(args, _items(names))
    for name, report in results:  # printed as each file is done, in the files' order
        shown = display(name)
        tally.add(not report.ok, len(report.warnings) + report.omitted_warnings)
        if fmt == "json":
            records.append(_record(shown, report))
        elif fmt == "jsonl":
            print(json.dumps(_record(shown, report), ensure_ascii=False), flush=True)
        elif fmt == "github":
            _github(shown, report.problems)
        elif fmt == "concise":
            _concise(shown, report.problems, report.omitted, report.omitted_warnings)
        else:
            print_problems(
                shown, report.problems, sys.stdout, report.omitted, report.omitted_warnings
            )
            if report.ok and not SETTINGS.quiet:
                count = len(report.warnings) + report.omitted_warnings
                extra = f" ({count:,} warning(s))" if count else ""
                print(f"{shown}: ok{extra}")
    if tally.files == 0 and found.total == 0:
        return found.nothing("validate")
    if fmt == "json":
        dump_json({"files": records})
    tally.finish()
    return EXIT_OK if tally.refused == 0 else EXIT_REFUSED


def location(name: str, p: Problem) -> str:
    """``file:line:col`` (or ``file:line``, or ``file``) as editors and CI logs link it."""
    if p.line is None:
        return name
    return f"{name}:{p.line}:{p.column}" if p.column else f"{name}:{p.line}"


def _concise(name: str, problems: Sequence[Problem], omitted: int, omitted_warnings: int) -> None:
    for p in problems:
        where = f" {p.where}:" if p.where else ""
        print(f"{location(name, p)}: {p.severity} [{p.code}]{where} {p.message}")
    if omitted:
        print(f"{name}: ... {omitted} more problem(s) not listed")
    if omitted_warnings:
        print(f"{name}: … and {omitted_warnings:,} more warnings")


def _escape(text: str, *, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def _github(name: str, problems: Sequence[Problem]) -> None:
    """GitHub Actions workflow commands: each problem becomes an annotation on its line."""
    for p in problems:
        props = [f"file={_escape(name, prop=True)}"]
        if p.line is not None:
            props.append(f"line={p.line}")
            if p.column:
                props.append(f"col={p.column}")
        props.append(f"title={_escape(f'plotdoc {p.code}', prop=True)}")
        where = f"{p.where}: " if p.where else ""
        print(f"::{p.severity} {','.join(props)}::{_escape(where + p.message)}")


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub,
        "validate",
        run,
        "Check files (folders and glob patterns expanded, - for standard input); "
        "exit 1 when any is refused.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="files, folders, globs, or -")
    p.add_argument(
        "--output-format",
        choices=OUTPUT_FORMATS,
        default="full",
        help="full: every problem and an ok line per file (default); concise: one line per "
        "problem, file:line:col first; github: GitHub Actions annotations; json: as --json; "
        "jsonl: one JSON object per file, one per line, printed as each file is done",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    add_jobs(p)
