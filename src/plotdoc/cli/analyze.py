"""`plotdoc analyze`: recompute and print every analysis of a file."""

from __future__ import annotations

import argparse
import json

from .common import EXIT_OK, EXIT_REFUSED, Parser, add_command, open_file


def run(args: argparse.Namespace) -> int:
    from ..analyses import analyze_project, format_report, report_json

    project = open_file(args.file)
    if project is None:
        return EXIT_REFUSED
    results = project.results or analyze_project(project)
    if args.json:
        print(json.dumps(report_json(project, results), ensure_ascii=False, indent=2))
    else:
        print(format_report(project, results))
    return EXIT_OK


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(sub, "analyze", run, "Recompute and print every analysis of a file.")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true")
