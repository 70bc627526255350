"""`plotdoc import`: CSV or GraphPad Prism .pzfx data into a project file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..problems import PlotdocError
from .common import EXIT_OK, EXIT_REFUSED, Parser, add_command, print_problems


def run(args: argparse.Namespace) -> int:
    from ..importers.files import import_file

    try:
        project, problems = import_file(
            args.file, family=args.family, decimal=args.decimal, delimiter=args.delimiter
        )
    except PlotdocError as exc:
        print_problems(args.file, exc.problems, sys.stderr, exc.omitted)
        return EXIT_REFUSED
    print_problems(args.file, problems, sys.stderr)
    from ..writer import save_project

    output = args.output or str(Path(args.file).with_suffix(".plotdoc"))
    try:
        save_project(project, output)
    except PlotdocError as exc:
        print_problems(output, exc.problems, sys.stderr)
        return EXIT_REFUSED
    print(output)
    return EXIT_OK


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub, "import", run, "Import CSV or GraphPad Prism .pzfx data into a project file."
    )
    p.add_argument("file", metavar="FILE")
    p.add_argument("--family", help="table family of a CSV file (xy, column, grouped, ...)")
    p.add_argument("-o", "--output", metavar="OUT")
    p.add_argument("--decimal", choices=(".", ","), default=".")
    p.add_argument("--delimiter", default=None)
