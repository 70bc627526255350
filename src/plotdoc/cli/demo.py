"""`plotdoc demo`: open the built-in complete example, print its analyses, draw its graphs."""

from __future__ import annotations

import argparse
from pathlib import Path

from .common import EXIT_OK, Parser, add_command
from .render import FORMATS, add_dpi


def run(args: argparse.Namespace) -> int:
    from ..analyses.report import format_report
    from ..analyses.results import analyze_project
    from ..api import loads
    from ..publish.examples import example_bytes
    from ..render import render_project

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


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub, "demo", run, "Open the built-in complete example, print its analyses, draw its graphs."
    )
    p.add_argument(
        "-o",
        "--output",
        "--out",
        dest="out",
        default="plotdoc-demo",
        metavar="DIR",
        help="folder for the graphs (default plotdoc-demo)",
    )
    p.add_argument("--format", choices=FORMATS, default="png", help="file format (default png)")
    add_dpi(p)
