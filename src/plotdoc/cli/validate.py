"""`plotdoc validate`: check files; exit 1 when any is refused."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..problems import Problem, Report
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    Parser,
    add_command,
    add_jobs,
    dump_json,
    print_problems,
    problem_json,
    usage_error,
)
from .files import STDIN, check, display, expand_or_say, read_stdin
from .pool import run_all

#: The --output-format choices: the default lines, one line per problem with file:line:col,
#: GitHub Actions annotations, and one JSON object.
OUTPUT_FORMATS = ("full", "concise", "github", "json")


def _one(name: str) -> tuple[str, Report]:
    return name, check(name)


def run(args: argparse.Namespace) -> int:
    if args.json and args.output_format not in ("full", "json"):
        return usage_error(
            args, f"--json and --output-format {args.output_format} ask for two formats; give one"
        )
    names = expand_or_say("validate", args.files)
    if not names:
        return EXIT_REFUSED
    stdin = read_stdin() if STDIN in names else None
    rest = [n for n in names if n != STDIN]
    found = dict(run_all(_one, rest, args.jobs))
    if stdin is not None:
        found[STDIN] = check(STDIN, stdin)
    files = [(display(n), found[n]) for n in names]
    fmt = "json" if args.json else args.output_format
    if fmt == "json":
        dump_json(
            {
                "files": [
                    {
                        "file": name,
                        "ok": report.ok,
                        "errors": [problem_json(p) for p in report.errors],
                        "warnings": [problem_json(p) for p in report.warnings],
                        "omittedWarnings": report.omitted_warnings,
                    }
                    for name, report in files
                ]
            }
        )
    else:
        for name, report in files:
            if fmt == "github":
                _github(name, report.problems)
            elif fmt == "concise":
                _concise(name, report.problems, report.omitted, report.omitted_warnings)
            else:
                print_problems(
                    name, report.problems, sys.stdout, report.omitted, report.omitted_warnings
                )
            if report.ok and fmt == "full":
                count = len(report.warnings) + report.omitted_warnings
                extra = f" ({count:,} warning(s))" if count else ""
                print(f"{name}: ok{extra}")
    return EXIT_OK if all(report.ok for _, report in files) else EXIT_REFUSED


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
        "problem, file:line:col first; github: GitHub Actions annotations; json: as --json",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    add_jobs(p)
