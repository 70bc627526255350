"""`plotdoc analyze`: recompute and print every analysis of a file.

Exit 1 when the file is refused, or when an analysis could not give its result (any status
other than ok, such as a t test with one data set) unless ``--allow-failed``.
"""

from __future__ import annotations

import argparse
import sys

from ..problems import PlotdocError
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    Parser,
    add_command,
    add_json,
    dump_json,
    print_problems,
    problem_json,
)
from .files import display, load


def run(args: argparse.Namespace) -> int:
    from ..analyses import analyze_project, format_report, report_json

    name = display(args.file)
    try:
        project = load(args.file)
    except PlotdocError as exc:
        if args.json:
            dump_json(
                {
                    "file": name,
                    "ok": False,
                    "errors": [problem_json(p) for p in exc.errors],
                    "warnings": [problem_json(p) for p in exc.warnings],
                }
            )
        else:
            print_problems(name, exc.problems, sys.stderr, exc.omitted)
        return EXIT_REFUSED
    results = project.results or analyze_project(project)
    failed = [run for run in results.values() if run.status != "ok"]
    if args.json:
        payload = {"file": name, "ok": True, **report_json(project, results)}
        payload["failed"] = len(failed)
        payload["warnings"] = [problem_json(p) for p in project.warnings]
        payload["omittedWarnings"] = project.omitted_warnings
        dump_json(payload)
    else:
        print_problems(
            name, project.warnings, sys.stderr, omitted_warnings=project.omitted_warnings
        )
        print(format_report(project, results))
        if failed:
            print(
                f"{name}: {len(failed)} analysis(es) could not give a result"
                + ("" if args.allow_failed else " (exit 1; --allow-failed accepts this)"),
                file=sys.stderr,
            )
    return EXIT_REFUSED if failed and not args.allow_failed else EXIT_OK


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub,
        "analyze",
        run,
        "Recompute and print every analysis of a file; exit 1 when one cannot give a result.",
    )
    p.add_argument("file", metavar="FILE", help="a project file, or - for standard input")
    add_json(p, "the results (or the problems of a refused file)")
    p.add_argument(
        "--allow-failed",
        action="store_true",
        help="exit 0 even when an analysis could not give a result (its status says why)",
    )
