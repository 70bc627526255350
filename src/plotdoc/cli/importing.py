"""`plotdoc import`: CSV or GraphPad Prism .pzfx data into a project file.

Without ``-o`` the project is written next to the source with the suffix ``.plotdoc``, and an
existing file there is never replaced unless ``--force``. ``-`` reads standard input (a CSV
with ``--family``, else a .pzfx) and, without ``-o``, writes the project to standard output.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from ..contract.families import FAMILIES
from ..problems import PlotdocError, Problem
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    Parser,
    add_command,
    add_json,
    delimiter,
    dump_json,
    print_problems,
    problem_json,
    usage_error,
)
from .files import STDIN, display, read_stdin

if TYPE_CHECKING:
    from ..model import Project


def _report(args: argparse.Namespace, output: str | None, problems: list[Problem]) -> None:
    if args.json:
        dump_json(
            {
                "file": display(args.file),
                "ok": output is not None,
                "output": output,
                "errors": [problem_json(p) for p in problems if p.severity == "error"],
                "warnings": [problem_json(p) for p in problems if p.severity == "warning"],
            }
        )
    else:
        print_problems(display(args.file), problems, sys.stderr)


def run(args: argparse.Namespace) -> int:
    from ..importers.files import CSV_SUFFIXES, import_file

    output = args.output
    if args.json and (output == STDIN or (output is None and args.file == STDIN)):
        return usage_error(args, "--json and the project cannot share standard output; give -o OUT")
    if args.family is None and Path(args.file).suffix.lower() in CSV_SUFFIXES:
        return usage_error(
            args,
            f"a {Path(args.file).suffix} file needs --family (the kind of table its columns "
            f"make: {', '.join(FAMILIES)})",
        )
    if output is None:
        output = STDIN if args.file == STDIN else str(Path(args.file).with_suffix(".plotdoc"))
        if output != STDIN and Path(output).exists() and not args.force:
            print(
                f"plotdoc import: {output} exists; expected a new file name "
                "(give -o OUT, or --force to replace it)",
                file=sys.stderr,
            )
            return EXIT_REFUSED
    try:
        if args.file == STDIN:
            project, problems = _import_stdin(args)
        else:
            project, problems = import_file(
                args.file, family=args.family, decimal=args.decimal, delimiter=args.delimiter
            )
    except PlotdocError as exc:
        _report(args, None, list(exc.problems))
        return EXIT_REFUSED
    from ..writer import dumps, save_project

    try:
        if output == STDIN:
            data = dumps(project)
        else:
            save_project(project, output)
    except PlotdocError as exc:
        _report(args, None, [*problems, *exc.problems])
        return EXIT_REFUSED
    _report(args, output, problems)
    if output == STDIN:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    elif not args.json:
        print(output)
    return EXIT_OK


def _import_stdin(args: argparse.Namespace) -> tuple[Project, list[Problem]]:
    """Standard input as a CSV (with --family) or a .pzfx, through a file of that suffix."""
    from ..importers.files import import_file

    data = read_stdin()
    suffix = ".csv" if args.family is not None else ".pzfx"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"stdin{suffix}"
        path.write_bytes(data)
        return import_file(path, family=args.family, decimal=args.decimal, delimiter=args.delimiter)


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub, "import", run, "Import CSV or GraphPad Prism .pzfx data into a project file."
    )
    p.add_argument(
        "file",
        metavar="FILE",
        help="a .pzfx, .csv, .tsv or .txt file, or - for standard input (a CSV with --family)",
    )
    p.add_argument(
        "--family",
        choices=tuple(FAMILIES),
        help="the table family of a CSV file (required for CSV)",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="the project file to write (default: FILE with the suffix .plotdoc; - for stdout)",
    )
    p.add_argument(
        "--force", action="store_true", help="replace the output file when it exists already"
    )
    p.add_argument(
        "--decimal", choices=(".", ","), default=".", help="decimal mark of a CSV (default .)"
    )
    p.add_argument(
        "--delimiter",
        type=delimiter,
        default=None,
        help="field delimiter of a CSV: one character, or tab (also \\t), comma, semicolon, "
        "space, pipe (default: guessed)",
    )
    add_json(p, "the outcome")
