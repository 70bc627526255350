"""`plotdoc analyze`: compute and print every analysis of a file.

Exit 1 when the file is refused, or when an analysis could not give its result (any status
other than ok, such as a t test with one data set) unless ``--allow-failed``. The JSON report
is written one table at a time, so a large report never sits whole in memory.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..problems import PlotdocError
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    Parser,
    add_budget,
    add_command,
    add_json,
    dump_json,
    print_problems,
    problem_json,
    usage_error,
)
from .files import display, load
from .pool import progress

if TYPE_CHECKING:
    from ..analyses import AnalysisRun


def run(args: argparse.Namespace) -> int:
    from ..analyses import format_report, report_table_json

    if args.more:
        return usage_error(
            args,
            f"analyze reports on one file; found {1 + len(args.more)} "
            "(run it once per file, or check many with plotdoc validate)",
        )
    file = args.file
    name = display(file)
    try:
        project = load(file, budget=args.budget)
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
    if not args.json:
        print_problems(
            name, project.warnings, sys.stderr, omitted_warnings=project.omitted_warnings
        )
    results = project.results
    total, done, failed = len(results), 0, 0
    show = sys.stderr.isatty() and total > 1
    runs: dict[tuple[str, str], AnalysisRun] = {}
    if args.json:
        sys.stdout.write(f'{{\n  "file": {json.dumps(name, ensure_ascii=False)},\n  "ok": true,')
        sys.stdout.write('\n  "tables": [')
    first = True
    for table in project.tables:
        for analysis in table.analyses:
            key = (table.id, analysis.id)
            runs[key] = results[key]
            failed += runs[key].status != "ok"
            done += 1
            if show:
                progress(done, total)
        if args.json and table.analyses:
            text = json.dumps(report_table_json(table, runs), ensure_ascii=False, indent=2)
            sys.stdout.write(("\n" if first else ",\n") + _indent(text, 4))
            first = False
            runs.clear()
    if args.json:
        tail: dict[str, Any] = {
            "failed": failed,
            "warnings": [problem_json(p) for p in project.warnings],
            "omittedWarnings": project.omitted_warnings,
        }
        rest = json.dumps(tail, ensure_ascii=False, indent=2)[1:-1].rstrip()
        sys.stdout.write(("\n  ]," if not first else "],") + rest + "\n}\n")
    else:
        print(format_report(project, runs))
        if failed:
            print(
                f"{name}: {failed} analysis(es) could not give a result"
                + ("" if args.allow_failed else " (exit 1; --allow-failed accepts this)"),
                file=sys.stderr,
            )
    return EXIT_REFUSED if failed and not args.allow_failed else EXIT_OK


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "\n".join(pad + line for line in text.splitlines())


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub,
        "analyze",
        run,
        "Compute and print every analysis of a file; exit 1 when one cannot give a result.",
    )
    p.add_argument("file", metavar="FILE", help="a project file, or - for standard input")
    # more files are taken only to say that analyze reports on one
    p.add_argument("more", nargs="*", help=argparse.SUPPRESS)
    add_json(p, "the results (or the problems of a refused file)")
    p.add_argument(
        "--allow-failed",
        action="store_true",
        help="exit 0 even when an analysis could not give a result (its status says why)",
    )
    add_budget(p)
