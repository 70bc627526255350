"""`plotdoc fmt`: open a file and save its complete form."""

from __future__ import annotations

import argparse
import sys

from ..problems import PlotdocError
from .common import EXIT_OK, EXIT_REFUSED, Parser, add_command, open_file, print_problems


def run(args: argparse.Namespace) -> int:
    from ..writer import save_project

    project = open_file(args.file)
    if project is None:
        return EXIT_REFUSED
    print_problems(args.file, project.warnings, sys.stderr)
    target = args.output or args.file
    try:
        save_project(project, target, indent=args.indent)
    except PlotdocError as exc:
        print_problems(str(target), exc.problems, sys.stderr)
        return EXIT_REFUSED
    return EXIT_OK


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(sub, "fmt", run, "Open a file and save its complete form (in place unless -o).")
    p.add_argument("file", metavar="FILE")
    p.add_argument("-o", "--output", metavar="OUT")
    p.add_argument("--indent", action="store_true", help="indent the JSON by two spaces")
