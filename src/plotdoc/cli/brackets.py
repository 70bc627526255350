"""`plotdoc brackets`: add a bracket that follows an analysis over each pair it compared.

The command line's form of the editor's *Add pairwise comparisons* and the builder's
``brackets_from``: one editing operation (:func:`plotdoc.editing.add_pairwise_brackets`) adds
the brackets, stacked above the data with shorter spans lower, each showing the pair's stars
or P as the analysis computes it whenever the graph is drawn. The project is saved in the
current schema version, atomically: in place, or to ``-o OUT`` (an existing file only with
``--force``). A refusal (no such table or analysis, nothing compared, no significant pair)
writes nothing.
"""

from __future__ import annotations

import argparse
import sys

from ..contract.styles import BRACKET_LABELS
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
)
from .files import STDIN, display, load


def _report(
    args: argparse.Namespace, output: str | None, added: list[str], problems: list[Problem]
) -> None:
    if args.json:
        dump_json(
            {
                "file": display(args.file),
                "ok": output is not None,
                "output": output,
                "added": added,
                "errors": [problem_json(p) for p in problems if p.severity == "error"],
                "warnings": [problem_json(p) for p in problems if p.severity == "warning"],
            }
        )
        return
    print_problems(display(args.file), problems, sys.stderr)
    if output is not None:
        n = len(added)
        print(f"{output}: added {n} bracket{'s' if n != 1 else ''} following {args.analysis!r}")


def run(args: argparse.Namespace) -> int:
    from ..editing import add_pairwise_brackets
    from ..writer import save_project

    if args.file == STDIN:
        return usage_error(args, "expected a project file to change; found standard input")
    output: str = args.output or args.file
    if args.output is not None and refuse_existing("brackets", output, args.force):
        return EXIT_REFUSED
    try:
        project = load(args.file)
    except PlotdocError as exc:
        _report(args, None, [], list(exc.problems))
        return EXIT_REFUSED
    ids = [t.id for t in project.tables]
    if args.table not in ids:
        return usage_error(
            args,
            f"--table {args.table!r} names no table of {display(args.file)}; the ids are "
            + ", ".join(ids),
        )
    table = project.table(args.table)
    before = {a.id for a in table.annotations}
    try:
        add_pairwise_brackets(project, args.table, args.analysis, args.only_significant, args.label)
        save_project(project, output)
    except PlotdocError as exc:
        _report(args, None, [], list(exc.problems))
        return EXIT_REFUSED
    added = [a.id for a in table.annotations if a.id not in before]
    _report(args, output, added, list(project.warnings))
    return EXIT_OK


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub,
        "brackets",
        run,
        "add a bracket that follows an analysis over each pair of data sets it compared",
    )
    p.add_argument("file", help="the project file (changed in place unless -o)")
    p.add_argument("--table", required=True, metavar="ID", help="the id of the table")
    p.add_argument("--analysis", required=True, metavar="ID", help="the id of the table's analysis")
    p.add_argument(
        "--only-significant",
        action="store_true",
        help="only the pairs with at least one star (P < 0.05 in the analysis' P value style)",
    )
    p.add_argument(
        "--label",
        choices=BRACKET_LABELS,
        default="stars",
        help="what each bracket shows: stars (ns, *, ** ...), the P value, or both",
    )
    p.add_argument("-o", "--output", metavar="OUT", help="write the project here instead")
    p.add_argument("--force", action="store_true", help="replace OUT when it exists")
    add_json(p)
