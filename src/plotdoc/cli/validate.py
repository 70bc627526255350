"""`plotdoc validate`: check files; exit 1 when any is refused."""

from __future__ import annotations

import argparse
import json
import sys

from ..problems import Report
from .common import EXIT_OK, EXIT_REFUSED, Parser, add_command, print_problems, problem_json


def run(args: argparse.Namespace) -> int:
    from ..api import validate

    files = []
    refused = False
    for name in args.files:
        report: Report = validate(name)
        refused |= not report.ok
        files.append((name, report))
    if args.json:
        payload = {
            "files": [
                {
                    "file": name,
                    "ok": report.ok,
                    "errors": [problem_json(p) for p in report.errors],
                    "warnings": [problem_json(p) for p in report.warnings],
                }
                for name, report in files
            ]
        }
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        for name, report in files:
            print_problems(name, report.problems, sys.stdout, report.omitted)
            if report.ok:
                extra = f" ({len(report.warnings)} warning(s))" if report.warnings else ""
                print(f"{name}: ok{extra}")
    return EXIT_REFUSED if refused else EXIT_OK


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(sub, "validate", run, "Check files; exit 1 when any is refused.")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
