"""`plotdoc render`: draw every graph of files, one file per graph.

A graph that cannot be drawn is reported as a ``render-failed`` problem and the others are
still drawn; the command then exits 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..atomic import write_into_folder as write_graph
from ..folders import SETTINGS, graph_file_names, stem, unique
from ..pool import Tally
from ..problems import PlotdocError, Problem
from . import cluster, stream
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    Parser,
    add_budget,
    add_command,
    add_jobs,
    bounded_int,
    print_problems,
    problem_json,
    usage_error,
)
from .files import STDIN, display, load, read_stdin

FORMATS = ("svg", "png", "pdf")
#: The resolution bounds of --dpi (a graph of the default size is ~1,000 px wide at 150).
DPI_MIN, DPI_MAX = 10, 1200


#: The default resolution of png (and of images inside pdf), for `render` and `demo` alike:
#: print quality, as the drawing functions' own default.
DEFAULT_DPI = 300
#: Suffixes of image formats plotdoc does not write: ``-o fig.jpg`` is a mistake, not a folder.
OTHER_IMAGE_SUFFIXES = frozenset(
    {".jpg", ".jpeg", ".gif", ".tif", ".tiff", ".bmp", ".webp", ".eps", ".ps", ".emf"}
)


@dataclass(frozen=True)
class Job:
    name: str
    out: Path | None  # None: the one graph goes to standard output
    fmt: str
    dpi: int
    table: str | None
    data: bytes | None = None
    budget: str | None = None
    #: the print width the whole figure is scaled to (``85mm``), None for its own size
    width: str | None = None
    #: ``out`` names the one graph's file (``-o fig.png``) rather than a folder
    out_is_file: bool = False


@dataclass
class Outcome:
    name: str
    refused: bool = False
    written: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    omitted: int = 0  # errors past those listed
    omitted_warnings: int = 0
    graph: bytes = b""  # the one graph, for standard output
    usage: str = ""  # the arguments do not fit this file (a usage error, exit 2)


def _one(job: Job) -> Outcome:
    outcome = Outcome(display(job.name))
    try:
        project = load(job.name, job.data, job.budget)
    except PlotdocError as exc:
        outcome.refused, outcome.problems = True, list(exc.problems)
        outcome.omitted = exc.omitted
        return outcome
    outcome.problems.extend(project.warnings)
    outcome.omitted_warnings = project.omitted_warnings
    if job.table is not None and not any(t.id == job.table for t in project.tables):
        ids = ", ".join(repr(t.id) for t in project.tables if t.graph is not None) or "none"
        outcome.usage = (
            f"--table {job.table!r}: {outcome.name} has no table with this id "
            f"(tables with a graph: {ids})"
        )
        return outcome
    from ..render import render_table_reported

    tables = [
        (i, t)
        for i, t in enumerate(project.tables)
        if t.graph is not None and job.table in (None, t.id)
    ]
    if (job.out is None or job.out_is_file) and len(tables) != 1:
        target = "-o -" if job.out is None else f"-o {job.out}"
        ids = ", ".join(repr(t.id) for _, t in tables)
        outcome.usage = f"{target} takes one graph; {outcome.name} has {len(tables)}" + (
            f" (choose one with --table: {ids})" if tables else ""
        )
        return outcome
    for (i, _), file_name in zip(
        tables, graph_file_names([t.name for _, t in tables]), strict=True
    ):
        data, reported = render_table_reported(
            project, i, fmt=job.fmt, dpi=job.dpi, width=job.width
        )
        outcome.problems += reported
        if data is None:  # a defect in one graph must not stop the others
            continue
        if job.out is None:
            outcome.graph = data
            continue
        path = job.out if job.out_is_file else job.out / f"{file_name}.{job.fmt}"
        try:
            write_graph(path, data)
        except PlotdocError as exc:  # a full disk, a read-only folder: this file is refused
            outcome.problems += exc.problems
            continue
        outcome.written.append(str(path))
    return outcome


def _out_dir(out: str | None, name: str, several: bool, used: set[str]) -> Path | None:
    """Where the graphs of ``name`` go: ``out`` (default: the file's folder), with one
    sub-folder per file when there are ``several`` (named after the file, made unique among
    ``used``), so that graphs of two files never share a name; None for standard output."""
    if out == STDIN:
        return None
    base = Path(out) if out is not None else (Path(".") if name == STDIN else Path(name).parent)
    return base / unique(stem(name), used) if several else base


def output_file_format(out: str | None) -> str | None:
    """The format ``-o`` names by its suffix (``fig.png``: png), or None for a folder or -."""
    if out is None or out == STDIN:
        return None
    suffix = Path(out).suffix.lower()
    return suffix[1:] if suffix[1:] in FORMATS else None


def run(args: argparse.Namespace) -> int:
    out_format = stream.output_format(args)
    if out_format is None:
        return EXIT_USAGE
    tally = Tally("render")  # the summary line's clock starts here
    suffix = Path(args.out).suffix.lower() if args.out not in (None, STDIN) else ""
    if suffix in OTHER_IMAGE_SUFFIXES:
        return usage_error(
            args, f"-o {args.out}: expected a file ending in .svg, .png or .pdf, or a folder"
        )
    file_format = output_file_format(args.out)
    if file_format is not None and args.format not in (None, file_format):
        return usage_error(
            args, f"-o {args.out} names a {file_format} file; --format asks for {args.format}"
        )
    fmt = file_format or args.format or "svg"
    if cluster.render_wanted(args, file_format):
        return cluster.render(args, fmt, stream.Records(out_format))
    names, found = stream.names(args.files)
    head, names = stream.first(names, 2)
    if not head:
        return found.nothing("render")
    several = len(head) > 1
    if (args.out == STDIN or file_format is not None) and several:
        return usage_error(args, f"-o {args.out} takes one input file; found more than one")
    return stream.run(
        args, lambda: _draw(args, out_format, tally, _jobs(args, fmt, names, several, file_format))
    )


def _jobs(
    args: argparse.Namespace, fmt: str, names: Iterator[str], several: bool, file_format: str | None
) -> Iterator[Job]:
    used: set[str] = set()
    for n in names:
        yield Job(
            n,
            _out_dir(args.out, n, several, used),
            fmt,
            args.dpi,
            args.table,
            read_stdin() if n == STDIN else None,
            args.budget,
            width=args.width,
            out_is_file=file_format is not None,
        )


def _crashed(job: Job, exc: BaseException) -> Outcome:
    return Outcome(display(job.name), refused=True, problems=[stream.crash("drawing", exc)])


def _draw(args: argparse.Namespace, out_format: str, tally: Tally, jobs: Iterator[Job]) -> int:
    records = stream.Records(out_format)
    usage: list[str] = []
    for o in stream.dispatch(args, _one, jobs, _crashed):  # as each file is done, in order
        if o.usage:
            usage.append(o.usage)
            continue
        errors = [p for p in o.problems if p.severity == "error"]
        warnings = [p for p in o.problems if p.severity == "warning"]
        tally.add(o.refused or bool(errors), len(warnings) + o.omitted_warnings)
        if records.text:
            print_problems(o.name, o.problems, sys.stderr, o.omitted, o.omitted_warnings)
            if not SETTINGS.quiet:  # -q: problems only
                for path in o.written:
                    print(path, flush=True)
        else:
            records.add(
                {
                    "file": o.name,
                    "ok": not o.refused and not errors,
                    "written": o.written,
                    "errors": [problem_json(p) for p in errors],
                    "warnings": [problem_json(p) for p in warnings],
                    "omittedErrors": o.omitted,
                    "omittedWarnings": o.omitted_warnings,
                }
            )
        if args.out == STDIN and o.graph:
            sys.stdout.buffer.write(o.graph)
            sys.stdout.flush()
    records.finish()
    if usage:
        more = f" (and {len(usage) - 1:,} more file(s))" if len(usage) > 1 else ""
        return usage_error(args, usage[0] + more)
    tally.finish()
    return EXIT_OK if tally.refused == 0 else EXIT_REFUSED


def add_dpi(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--dpi",
        type=bounded_int(DPI_MIN, DPI_MAX),
        default=DEFAULT_DPI,
        help=f"resolution of png (and of images inside pdf), {DPI_MIN} to {DPI_MAX} "
        f"(default {DEFAULT_DPI})",
    )


def print_width(text: str) -> str:
    """An argparse type: a print width with its unit (``85mm``), else a one-line usage error."""
    from ..render.print_size import parse_width

    try:
        parse_width(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def add_width(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--width",
        type=print_width,
        metavar="WIDTH",
        help="scale each whole figure (text, lines, symbols) to this print width: 85mm, 8.5cm, "
        "3.35in or 241pt (journal columns: single 85-90mm, 1.5 column 114-140mm, double "
        "174-180mm); where its text would print below 6 pt the plot area is made smaller "
        "first (unless the file fixes its size or places annotations in points); text below "
        "6 pt or lines below 0.25 pt at that width are warned of",
    )


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub,
        "render",
        run,
        "Draw every graph of files (one file per graph); a graph that fails is reported and "
        "the others are drawn.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="files, folders, globs, or -")
    p.add_argument(
        "-o",
        "--output",
        "--out",
        dest="out",
        metavar="OUT",
        help="a file for the one graph (fig.svg, fig.png or fig.pdf: the format from the "
        "suffix), a folder for the graphs (default: the file's folder; with several files, one "
        "sub-folder per file), or - to write the one graph to standard output",
    )
    p.add_argument(
        "--format",
        choices=FORMATS,
        default=None,
        help="file format (default: from -o's suffix, else svg)",
    )
    p.add_argument("--table", metavar="ID", help="draw only the table with this id")
    add_dpi(p)
    add_width(p)
    add_jobs(p)
    add_budget(p)
    stream.add_output_format(p, "what was drawn")
