"""`plotdoc render`: draw every graph of a file, one file per graph."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .common import EXIT_OK, EXIT_REFUSED, Parser, add_command, open_file
from .pool import progress

if TYPE_CHECKING:
    from ..model import Table


def run(args: argparse.Namespace) -> int:
    project = open_file(args.file)
    if project is None:
        return EXIT_REFUSED
    from ..render import render_project

    out = Path(args.out) if args.out else Path(args.file).with_suffix("").parent
    tables = [args.table] if args.table else None
    if tables and not any(t.id == args.table for t in project.tables):
        print(f"{args.file}: no table has the id {args.table!r}", file=sys.stderr)
        return EXIT_REFUSED
    total = sum(
        1 for t in project.tables if t.graph is not None and (tables is None or t.id in tables)
    )
    done = 0

    def step(table: Table, path: Path) -> None:
        nonlocal done
        done += 1
        progress(done, total)

    show = step if sys.stderr.isatty() and total > 3 else None
    for path in render_project(
        project, out, fmt=args.format, dpi=args.dpi, table_ids=tables, progress=show
    ):
        print(path)
    return EXIT_OK


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(sub, "render", run, "Draw every graph of a file (one file per graph).")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--out", metavar="DIR")
    p.add_argument("--format", choices=("svg", "png", "pdf"), default="svg")
    p.add_argument("--table", metavar="ID")
    p.add_argument("--dpi", type=int, default=150)
