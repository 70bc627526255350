"""The `plotdoc` command: a thin layer over the library.

Exit codes: 0 success (warnings allowed), 1 a file was refused or a job failed, 2 a usage
error. Each subcommand imports what it needs when it runs, so `plotdoc validate` never loads
matplotlib or scipy. No traceback reaches the user: unexpected failures print one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .problems import PlotdocError, Problem, Report

if TYPE_CHECKING:
    from .model import Project, Table

EXIT_OK, EXIT_REFUSED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _print_problems(
    name: str,
    problems: Sequence[Problem],
    out: TextIO,
    omitted: int = 0,
    omitted_warnings: int = 0,
) -> None:
    for p in problems:
        where = p.where or "(document)"
        pos = f" ({p.position})" if p.position else ""
        print(f"{name}: {p.severity} {where} [{p.code}]: {p.message}{pos}", file=out)
    if omitted:
        print(f"{name}: ... {omitted} more problem(s) not listed", file=out)
    if omitted_warnings:
        print(f"{name}: … and {omitted_warnings:,} more warnings", file=out)


def _open(path: str, budget: str | None = None) -> Project | None:
    """Open ``path``, or print its problems on stderr and return None."""
    from .api import open_project
    from .stats.budget import Budget

    try:
        return open_project(path, budget=Budget.parse(budget) if budget else None)
    except PlotdocError as exc:
        _print_problems(path, exc.problems, sys.stderr, exc.omitted)
        return None


# -- validate / fmt --------------------------------------------------------------------


def cmd_validate(args: argparse.Namespace) -> int:
    from .api import validate

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
                    "errors": [_problem_json(p) for p in report.errors],
                    "warnings": [_problem_json(p) for p in report.warnings],
                    "omittedWarnings": report.omitted_warnings,
                }
                for name, report in files
            ]
        }
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        for name, report in files:
            _print_problems(
                name, report.problems, sys.stdout, report.omitted, report.omitted_warnings
            )
            if report.ok:
                count = len(report.warnings) + report.omitted_warnings
                extra = f" ({count:,} warning(s))" if count else ""
                print(f"{name}: ok{extra}")
    return EXIT_REFUSED if refused else EXIT_OK


def _problem_json(p: Problem) -> dict[str, object]:
    out: dict[str, object] = {"code": p.code, "path": p.where, "message": p.message}
    for key in ("offset", "line", "column"):
        value = getattr(p, key)
        if value is not None:
            out[key] = value
    return out


def cmd_fmt(args: argparse.Namespace) -> int:
    from .writer import save_project

    project = _open(args.file)
    if project is None:
        return EXIT_REFUSED
    _print_problems(
        args.file, project.warnings, sys.stderr, omitted_warnings=project.omitted_warnings
    )
    target = args.output or args.file
    try:
        save_project(project, target)
    except PlotdocError as exc:
        _print_problems(str(target), exc.problems, sys.stderr)
        return EXIT_REFUSED
    return EXIT_OK


# -- the contract as data ----------------------------------------------------------------


def cmd_schema(args: argparse.Namespace) -> int:
    from .contract import schema

    data = schema.catalog_bytes() if args.catalog else schema.schema_bytes()
    sys.stdout.buffer.write(data)
    sys.stdout.flush()
    return EXIT_OK


def cmd_prompt(args: argparse.Namespace) -> int:
    from .publish.prompt import build_prompt

    print(build_prompt())
    return EXIT_OK


def cmd_examples(args: argparse.Namespace) -> int:
    from .publish.examples import write_examples

    for path in write_examples(Path(args.out)):
        print(path)
    return EXIT_OK


def cmd_publish(args: argparse.Namespace) -> int:
    from .publish.tree import write_tree

    for path in write_tree(Path(args.out)):
        print(path)
    return EXIT_OK


# -- analyses, drawing, import, demo -----------------------------------------------------


def cmd_analyze(args: argparse.Namespace) -> int:
    from .analyses import format_report, report_table_json

    project = _open(args.file, args.budget)
    if project is None:
        return EXIT_REFUSED
    results = project.results
    total, done = len(results), 0
    show = sys.stderr.isatty() and total > 1
    runs = {}
    if args.json:  # one table at a time, so a large report never sits whole in memory
        sys.stdout.write('{\n  "tables": [')
    first = True
    for table in project.tables:
        for analysis in table.analyses:
            runs[(table.id, analysis.id)] = results[(table.id, analysis.id)]
            done += 1
            if show:
                _progress(done, total)
        if args.json and table.analyses:
            text = json.dumps(report_table_json(table, runs), ensure_ascii=False, indent=2)
            sys.stdout.write(("\n" if first else ",\n") + _indent(text, 4))
            first = False
            runs.clear()
    if args.json:
        sys.stdout.write("\n  ]\n}\n" if not first else "]\n}\n")
    else:
        print(format_report(project, runs))
    return EXIT_OK


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "\n".join(pad + line for line in text.splitlines())


def cmd_render(args: argparse.Namespace) -> int:
    project = _open(args.file, args.budget)
    if project is None:
        return EXIT_REFUSED
    from .render import render_project

    out = Path(args.out) if args.out else Path(args.file).with_suffix("").parent
    tables = [args.table] if args.table else None
    if tables and not any(t.id == args.table for t in project.tables):
        print(f"{args.file}: no table has the id {args.table!r}", file=sys.stderr)
        return EXIT_REFUSED
    total = sum(
        1 for t in project.tables if t.graph is not None and (tables is None or t.id in tables)
    )
    done = 0

    def progress(table: Table, path: Path) -> None:
        nonlocal done
        done += 1
        _progress(done, total)

    show = progress if sys.stderr.isatty() and total > 3 else None

    def warn(table: Table, message: str) -> None:
        print(f"{args.file}: table {table.name!r}: warning: {message}", file=sys.stderr)

    for path in render_project(
        project, out, fmt=args.format, dpi=args.dpi, table_ids=tables, progress=show, warn=warn
    ):
        print(path)
    return EXIT_OK


def _progress(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def cmd_import(args: argparse.Namespace) -> int:
    from .importers.files import import_file

    try:
        project, problems = import_file(
            args.file, family=args.family, decimal=args.decimal, delimiter=args.delimiter
        )
    except PlotdocError as exc:
        _print_problems(args.file, exc.problems, sys.stderr, exc.omitted)
        return EXIT_REFUSED
    _print_problems(args.file, problems, sys.stderr)
    from .writer import save_project

    output = args.output or str(Path(args.file).with_suffix(".plotdoc"))
    try:
        save_project(project, output)
    except PlotdocError as exc:
        _print_problems(output, exc.problems, sys.stderr)
        return EXIT_REFUSED
    print(output)
    return EXIT_OK


def cmd_demo(args: argparse.Namespace) -> int:
    from .analyses import analyze_project, format_report
    from .api import loads
    from .publish.examples import example_bytes
    from .render import render_project

    project = loads(example_bytes("complete"))
    print(
        f"Opened the built-in example {project.meta.get('title') or 'complete'!r}: "
        f"{len(project.tables)} table(s).\n"
    )
    print(format_report(project, project.results or analyze_project(project)))
    out = Path(args.out)
    paths = render_project(project, out, fmt=args.format, dpi=args.dpi)
    print(f"\nDrew {len(paths)} graph(s) into {out}/:")
    for path in paths:
        print(f"  {path}")
    return EXIT_OK


def cmd_edit(args: argparse.Namespace) -> int:
    from .editor import main as edit_main

    return edit_main(args.file, host=args.host, port=args.port, browser=not args.no_browser)


# -- the parser ----------------------------------------------------------------------------


def _budget(text: str) -> str:
    """Check a --budget value (kept as text; the command reads it)."""
    from .stats.budget import Budget

    try:
        Budget.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    parser = _Parser(
        prog="plotdoc", description="Open, check, save, analyse and draw plotdoc project files."
    )
    parser.add_argument("--version", action="version", version=f"plotdoc {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(
        name: str, func: Callable[[argparse.Namespace], int], help_text: str
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(func=func)
        return p

    p = add("validate", cmd_validate, "Check files; exit 1 when any is refused.")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")

    p = add("fmt", cmd_fmt, "Open a file and save its complete form (in place unless -o).")
    p.add_argument("file", metavar="FILE")
    p.add_argument("-o", "--output", metavar="OUT")
    p.add_argument(
        "--indent", action="store_true", help="indented layout (the default; kept for scripts)"
    )

    p = add("schema", cmd_schema, "Print the JSON Schema of the current version.")
    p.add_argument("--catalog", action="store_true", help="print the version catalog instead")

    add("prompt", cmd_prompt, "Print the prompt for an AI assistant that writes plotdoc files.")

    p = add("examples", cmd_examples, "Write the example documents.")
    p.add_argument("--out", required=True, metavar="DIR")

    p = add("publish", cmd_publish, "Write the publishable tree (schemas, examples, spec page).")
    p.add_argument("--out", required=True, metavar="DIR")

    budget_help = (
        "time and/or memory one analysis may use, e.g. 30s, 512MB or 30s,2GB "
        "(default 10s,1000MB; all analyses together at most 60s or the time given)"
    )
    p = add("analyze", cmd_analyze, "Compute and print every analysis of a file.")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true")
    p.add_argument("--budget", type=_budget, metavar="BUDGET", help=budget_help)

    p = add("render", cmd_render, "Draw every graph of a file (one file per graph).")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--out", metavar="DIR")
    p.add_argument("--format", choices=("svg", "png", "pdf"), default="svg")
    p.add_argument("--table", metavar="ID")
    p.add_argument("--dpi", type=int, default=150)
    p.add_argument("--budget", type=_budget, metavar="BUDGET", help=budget_help)

    p = add("import", cmd_import, "Import CSV or GraphPad Prism .pzfx data into a project file.")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--family", help="table family of a CSV file (xy, column, grouped, ...)")
    p.add_argument("-o", "--output", metavar="OUT")
    p.add_argument("--decimal", choices=(".", ","), default=".")
    p.add_argument("--delimiter", default=None)

    p = add(
        "demo", cmd_demo, "Open the built-in complete example, print its analyses, draw its graphs."
    )
    p.add_argument("--out", default="plotdoc-demo", metavar="DIR")
    p.add_argument("--format", choices=("svg", "png", "pdf"), default="png")
    p.add_argument("--dpi", type=int, default=100)

    p = add("edit", cmd_edit, "Open the editor in a web browser (a local server; Ctrl-C stops it).")
    p.add_argument("file", nargs="?", metavar="FILE")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--no-browser", action="store_true", help="print the address; open no browser")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        code: int = args.func(args)
        return code
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except PlotdocError as exc:
        _print_problems("plotdoc", exc.problems, sys.stderr, exc.omitted)
        return EXIT_REFUSED
    except KeyboardInterrupt:
        print("plotdoc: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:
        print(
            f"plotdoc: internal error ({type(exc).__name__}: {exc}); please report it",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
