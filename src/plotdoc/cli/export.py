"""`plotdoc export`: a project's data tables to a GraphPad Prism file (.pzfx).

Without ``-o`` the file is written next to the project with the suffix ``.pzfx``; an existing
file is never replaced unless ``--force``. What a Prism file cannot hold (graphs, analyses,
annotations) is listed as warnings on standard error (or in ``--json``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..problems import PlotdocError, Problem
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    Parser,
    add_command,
    add_json,
    dump_json,
    print_problems,
    problem_json,
    refuse_existing,
    usage_error,
    write_output,
)
from .files import STDIN, display, load

SUFFIX = ".pzfx"


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
    from ..exporters.pzfx import export_pzfx, to_pzfx

    output: str | None = args.output
    if output is None:
        if args.file == STDIN:
            return usage_error(
                args, "give -o OUT.pzfx (or -o - for standard output) when reading stdin"
            )
        output = str(Path(args.file.removesuffix(".json")).with_suffix(SUFFIX))
    if output != STDIN and not output.lower().endswith(SUFFIX):
        return usage_error(
            args, f"expected an output file name ending in {SUFFIX}; found {output!r}"
        )
    if output == STDIN and args.json:
        return usage_error(
            args, "--json and the Prism file cannot share standard output; give -o OUT"
        )
    if refuse_existing("export", output, args.force):
        return EXIT_REFUSED
    try:
        project = load(args.file)
    except PlotdocError as exc:
        _report(args, None, list(exc.problems))
        return EXIT_REFUSED
    known = [t.id for t in project.tables]
    unknown = [t for t in args.table or () if t not in known]
    if unknown:
        return usage_error(
            args,
            f"--table {unknown[0]!r} names no table of {display(args.file)}; the ids are "
            + ", ".join(known),
        )
    data: bytes | None = None
    try:
        if output == STDIN:
            data, problems = to_pzfx(project, tables=args.table)
        else:
            problems = export_pzfx(project, output, tables=args.table)
    except PlotdocError as exc:
        _report(args, None, list(exc.problems))
        return EXIT_REFUSED
    _report(args, output, problems)
    write_output(args, output, data)
    return EXIT_OK


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub,
        "export",
        run,
        "Export a project's data tables to a GraphPad Prism file (.pzfx); graphs and "
        "analyses are listed as not exported.",
    )
    p.add_argument("file", metavar="FILE", help="a project file, or - for standard input")
    p.add_argument(
        "-o",
        "--output",
        "--out",
        metavar="OUT",
        help="the .pzfx file to write (default: FILE with the suffix .pzfx; - for stdout)",
    )
    p.add_argument(
        "--table",
        action="append",
        metavar="ID",
        help="export only the table with this id (repeat for several; default: all tables)",
    )
    p.add_argument(
        "--force", action="store_true", help="replace the output file when it exists already"
    )
    add_json(p, "the outcome")
