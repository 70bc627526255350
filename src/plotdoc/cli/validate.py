"""`plotdoc validate`: check files; exit 1 when any is refused."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator, Sequence

from ..folders import SETTINGS
from ..pool import Tally
from ..problems import Problem, Report
from . import stream
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    Parser,
    add_command,
    add_jobs,
    print_problems,
    problem_json,
)
from .files import STDIN, check, display, read_stdin
from .walk import Found

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
            return item, Report(list(exc.problems), exc.omitted)
    return display(item), check(item)


def _crashed(item: str | tuple[str, bytes], exc: BaseException) -> tuple[str, Report]:
    """What a file whose check killed its worker process gives: a refusal, not the end."""
    return (item[0] if isinstance(item, tuple) else item), Report([stream.crash("check", exc)])


def _items(names: Iterable[str]) -> Iterator[str | tuple[str, bytes]]:
    for name in names:
        yield (STDIN, read_stdin()) if name == STDIN else name


def _record(name: str, report: Report) -> dict[str, object]:
    return {
        "file": name,
        "ok": report.ok,
        "errors": [problem_json(p) for p in report.errors],
        "warnings": [problem_json(p) for p in report.warnings],
        "omittedErrors": report.omitted,
        "omittedWarnings": report.omitted_warnings,
    }


def run(args: argparse.Namespace) -> int:
    fmt = stream.output_format(args)
    if fmt is None:
        return EXIT_USAGE
    names, found = stream.names(args.files)
    return stream.run(args, lambda: _check(args, fmt, names, found))


def _check(args: argparse.Namespace, fmt: str, names: Iterator[str], found: Found) -> int:
    tally = Tally("validate")
    records = stream.Records(fmt)
    results = stream.dispatch(args, _one, _items(names), _crashed)
    for name, report in results:  # printed as each file is done, in the files' order
        shown = display(name)
        tally.add(not report.ok, len(report.warnings) + report.omitted_warnings)
        if not records.text:
            records.add(_record(shown, report))
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
    records.finish()
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
