"""`plotdoc import`: CSV or GraphPad Prism .pzfx data into project files.

Without ``-o`` each project is written next to its source with the suffix ``.plotdoc``, and an
existing file there is never replaced unless ``--force``. ``-`` reads standard input (a CSV
with ``--family``, else a .pzfx) and, without ``-o``, writes the project to standard output.
Many inputs (files or quoted glob patterns) are imported on the pool of ``--jobs``, each
reported as soon as it is done (see :mod:`.stream`); ``-o DIR`` then names the folder their
projects go to.
"""

from __future__ import annotations

import argparse
import glob
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..contract.entries import ENTRIES, VALUES
from ..contract.families import FAMILIES
from ..folders import SETTINGS, unique
from ..pool import Tally
from ..problems import PlotdocError, Problem, error, problem_json
from . import stream
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    Parser,
    add_command,
    add_jobs,
    delimiter,
    dump_json,
    print_problems,
    refuse_existing,
    usage_error,
    write_output,
)
from .files import STDIN, display, read_stdin

if TYPE_CHECKING:
    from ..model import Project


def _record(source: str, output: str | None, problems: list[Problem]) -> dict[str, object]:
    return {
        "file": display(source),
        "ok": output is not None,
        "output": output,
        "errors": [problem_json(p) for p in problems if p.severity == "error"],
        "warnings": [problem_json(p) for p in problems if p.severity == "warning"],
    }


def _report(args: argparse.Namespace, output: str | None, problems: list[Problem]) -> None:
    if args.json:
        dump_json(_record(args.file, output, problems))
    else:
        print_problems(display(args.file), problems, sys.stderr)


@dataclass(frozen=True)
class Job:
    source: str
    output: str
    force: bool
    family: str | None
    decimal: str
    delimiter: str | None
    na: tuple[str, ...] = ()
    entry: str = VALUES


@dataclass
class Imported:
    source: str
    output: str | None = None  # None: nothing written
    problems: list[Problem] = field(default_factory=list)


def _one(job: Job) -> Imported:
    """Import one source into its project file; never replaces a file unless ``force``."""
    from ..importers.files import import_file
    from ..writer import save_project

    if Path(job.output).exists() and not job.force:
        message = f"{job.output} exists; expected a new file name (--force replaces it)"
        return Imported(job.source, None, [error("save-failed", (), message)])
    try:
        project, problems = import_file(
            job.source,
            family=job.family,
            decimal=job.decimal,
            delimiter=job.delimiter,
            na=job.na,
            entry=job.entry,
        )
        save_project(project, job.output)
    except PlotdocError as exc:
        return Imported(job.source, None, list(exc.problems))
    return Imported(job.source, job.output, problems)


def _crashed(job: Job, exc: BaseException) -> Imported:
    return Imported(job.source, None, [stream.crash("import", exc)])


def _sources(files: list[str]) -> list[str]:
    """The inputs: files as given, a quoted glob pattern naming no file by its matches."""
    out: list[str] = []
    for name in files:
        if set(name) & set("*?[") and not Path(name).exists():
            out.extend(sorted(glob.glob(name, recursive=True)))
        else:
            out.append(name)
    return list(dict.fromkeys(out))


def run(args: argparse.Namespace) -> int:
    from ..importers.files import CSV_SUFFIXES

    out_format = stream.output_format(args)
    if out_format is None:
        return EXIT_USAGE
    sources = _sources(args.sources)
    if not sources:
        return usage_error(args, f"no file matches {' '.join(args.sources)}")
    csv = [s for s in sources if Path(s).suffix.lower() in CSV_SUFFIXES]
    if args.family is None and csv:
        return usage_error(
            args,
            f"a {Path(csv[0]).suffix} file needs --family (the kind of table its columns "
            f"make: {', '.join(FAMILIES)})",
        )
    if args.entry != VALUES and len(csv) != len(sources) and STDIN not in sources:
        other = next(s for s in sources if s not in csv)
        return usage_error(
            args,
            f"--entry {args.entry} reads the columns of a CSV in threes; {other} is not a "
            "CSV (a .pzfx file says how its values were entered)",
        )
    if len(sources) == 1:
        args.file, args.json = sources[0], out_format != "full"
        return _single(args)
    if STDIN in sources:
        return usage_error(args, "- (standard input) is imported alone; give it by itself")
    if args.output is not None and (args.output == STDIN or args.output.endswith(".plotdoc")):
        return usage_error(
            args, f"-o {args.output} names one file; with several inputs give a folder"
        )
    return _many(args, out_format, sources)


def _many(args: argparse.Namespace, out_format: str, sources: list[str]) -> int:
    tally = Tally("import")
    records = stream.Records(out_format)
    jobs: list[Job] = []
    used: set[str] = set()
    for source in sources:
        if args.output is not None:
            output = str(Path(args.output) / f"{unique(Path(source).stem, used)}.plotdoc")
        else:
            # beside the source; two sources of one name (a.csv, a.tsv) give a, a-2
            output = unique(str(Path(source).with_suffix("")), used) + ".plotdoc"
        jobs.append(
            Job(
                source,
                output,
                args.force,
                args.family,
                args.decimal,
                args.delimiter,
                tuple(args.na or ()),
                args.entry,
            )
        )
    if args.output is not None:
        Path(args.output).mkdir(parents=True, exist_ok=True)
    for done in stream.dispatch(args, _one, jobs, _crashed):  # as each is done, in order
        warnings = [p for p in done.problems if p.severity == "warning"]
        tally.add(done.output is None, len(warnings))
        if not records.text:
            records.add(_record(done.source, done.output, done.problems))
            continue
        print_problems(done.source, done.problems, sys.stderr)
        if done.output is not None and not SETTINGS.quiet:  # -q: problems only
            print(done.output, flush=True)
    records.finish()
    tally.finish()
    return EXIT_REFUSED if tally.refused else EXIT_OK


def _single(args: argparse.Namespace) -> int:
    from ..importers.files import import_file

    output = args.output
    if args.json and (output == STDIN or (output is None and args.file == STDIN)):
        return usage_error(args, "--json and the project cannot share standard output; give -o OUT")
    if output is None:
        output = STDIN if args.file == STDIN else str(Path(args.file).with_suffix(".plotdoc"))
        if refuse_existing("import", output, args.force):
            return EXIT_REFUSED
    try:
        if args.file == STDIN:
            project, problems = _import_stdin(args)
        else:
            project, problems = import_file(
                args.file,
                family=args.family,
                decimal=args.decimal,
                delimiter=args.delimiter,
                na=args.na or (),
                entry=args.entry,
            )
    except PlotdocError as exc:
        _report(args, None, list(exc.problems))
        return EXIT_REFUSED
    from ..writer import dumps, save_project

    data: bytes | None = None
    try:
        if output == STDIN:
            data = dumps(project)
        else:
            save_project(project, output)
    except PlotdocError as exc:
        _report(args, None, [*problems, *exc.problems])
        return EXIT_REFUSED
    _report(args, output, problems)
    write_output(args, output, data)
    return EXIT_OK


def _import_stdin(args: argparse.Namespace) -> tuple[Project, list[Problem]]:
    """Standard input as a CSV (with --family) or a .pzfx, through a file of that suffix."""
    from ..importers.files import import_file

    data = read_stdin()
    suffix = ".csv" if args.family is not None else ".pzfx"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"stdin{suffix}"
        path.write_bytes(data)
        return import_file(
            path,
            family=args.family,
            decimal=args.decimal,
            delimiter=args.delimiter,
            na=args.na or (),
            entry=args.entry,
        )


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub, "import", run, "Import CSV or GraphPad Prism .pzfx data into a project file."
    )
    p.add_argument(
        "sources",  # not "files": no folder is walked (see walk.add_to_commands)
        nargs="+",
        metavar="FILE",
        help=".pzfx, .csv, .tsv or .txt files or glob patterns, or - for standard input (a CSV "
        "with --family)",
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
        help="the project file to write (default: FILE with the suffix .plotdoc; - for stdout); "
        "with several inputs, the folder their projects go to",
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
    p.add_argument(
        "--na",
        action="append",
        metavar="TEXT",
        help="another spelling of a missing value in a CSV, besides blank, NA, N/A, n/a, #N/A, "
        "NaN, - and the others pandas knows; repeatable",
    )
    p.add_argument(
        "--entry",
        choices=ENTRIES,
        default=VALUES,
        help="how a CSV's values were entered: values (raw replicates, the default), meanSdN "
        "or meanSemN (column, grouped and xy: the data columns in threes, each data set's "
        "mean, SD or SEM, and N)",
    )
    stream.add_output_format(p, "the outcome")
    add_jobs(p)
    p.add_argument(
        "-q", "--quiet", action="store_true", help="print problems only: no progress or summary"
    )
