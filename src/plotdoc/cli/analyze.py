"""`plotdoc analyze`: compute and print every analysis of files.

Exit 1 when a file is refused, or when an analysis could not give its result (any status
other than ok, such as a t test with one data set) unless ``--allow-failed``. The JSON report
of one file is written one table at a time, so a large report never sits whole in memory.
Over many files each file's report is computed on the pool of ``--jobs`` and printed as soon
as it is done, as `validate` prints its results (see :mod:`.stream`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..pool import Tally, progress
from ..problems import PlotdocError, Problem
from . import stream
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    Parser,
    add_budget,
    add_command,
    add_jobs,
    dump_json,
    print_problems,
    problem_json,
)
from .files import STDIN, display, load, read_stdin

if TYPE_CHECKING:
    from ..analyses.run import AnalysisRun


@dataclass(frozen=True)
class Job:
    name: str
    budget: str | None
    data: bytes | None = None  # standard input's bytes, read in the main process


@dataclass
class Analyzed:
    """One file's report: its text, its JSON object and how many analyses gave no result."""

    name: str
    refused: bool = False
    problems: list[Problem] = field(default_factory=list)
    omitted: int = 0
    omitted_warnings: int = 0
    text: str = ""
    record: dict[str, Any] = field(default_factory=dict)
    failed: int = 0
    #: the results as CSV records (``--output-format csv``)
    csv: list[list[str]] = field(default_factory=list)


def _one(job: Job) -> Analyzed:
    from ..analyses.report import format_report, report_table_json
    from ..analyses.tables import csv_records

    out = Analyzed(display(job.name))
    try:
        project = load(job.name, job.data, job.budget)
    except PlotdocError as exc:
        out.refused, out.problems, out.omitted = True, list(exc.problems), exc.omitted
        out.record = _refused(out.name, exc)
        return out
    out.problems, out.omitted_warnings = list(project.warnings), project.omitted_warnings
    results = project.results
    runs = {(t.id, a.id): results[(t.id, a.id)] for t in project.tables for a in t.analyses}
    out.failed = sum(r.status != "ok" for r in runs.values())
    out.text = format_report(project, runs)
    out.csv = csv_records(runs.values(), out.name)
    out.record = {
        "file": out.name,
        "ok": True,
        "tables": [report_table_json(t, runs) for t in project.tables if t.analyses],
        "failed": out.failed,
        "warnings": [problem_json(p) for p in project.warnings],
        "omittedErrors": 0,
        "omittedWarnings": project.omitted_warnings,
    }
    return out


def _refused(name: str, exc: PlotdocError) -> dict[str, Any]:
    return {
        "file": name,
        "ok": False,
        "errors": [problem_json(p) for p in exc.errors],
        "warnings": [problem_json(p) for p in exc.warnings],
        "omittedErrors": exc.omitted,
    }


def _crashed(job: Job, exc: BaseException) -> Analyzed:
    problem = stream.crash("analysis", exc)
    record = {"file": display(job.name), "ok": False, "errors": [problem_json(problem)]}
    return Analyzed(display(job.name), refused=True, problems=[problem], record=record)


def run(args: argparse.Namespace) -> int:
    out_format = stream.output_format(args)
    if out_format is None:
        return EXIT_USAGE
    names, found = stream.names(args.files)
    head, names = stream.first(names, 2)
    if not head:
        return found.nothing("analyze")
    if len(head) == 1 and out_format != "jsonl":  # jsonl: one line, as for many files
        return _single(args, head[0], out_format)
    jobs = (Job(n, args.budget, read_stdin() if n == STDIN else None) for n in names)
    return stream.run(args, lambda: _many(args, out_format, jobs))


def _many(args: argparse.Namespace, out_format: str, jobs: Iterator[Job]) -> int:
    tally = Tally("analyze")
    records = stream.Records(out_format)
    sheet = _csv_writer() if out_format == "csv" else None
    with_failed = 0
    for a in stream.dispatch(args, _one, jobs, _crashed):  # as each file is done, in order
        tally.add(a.refused, sum(p.severity == "warning" for p in a.problems) + a.omitted_warnings)
        with_failed += a.failed > 0
        if sheet is not None:
            print_problems(a.name, a.problems, sys.stderr, a.omitted, a.omitted_warnings)
            sheet.writerows(a.csv)
            sys.stdout.flush()
            continue
        if not records.text:
            records.add(a.record)
            continue
        print_problems(a.name, a.problems, sys.stderr, a.omitted, a.omitted_warnings)
        if not a.refused:
            print(f"==> {a.name} <==\n{a.text}\n", flush=True)
        if a.failed:
            print(f"{a.name}: {a.failed} analysis(es) could not give a result", file=sys.stderr)
    records.finish()
    tally.detail = f" ({with_failed:,} with an analysis that gave no result)"
    tally.finish()
    if tally.refused or (with_failed and not args.allow_failed):
        return EXIT_REFUSED
    return EXIT_OK


def _csv_writer() -> Any:
    """A CSV writer on standard output, its header written (see :mod:`plotdoc.analyses.tables`)."""
    import csv

    from ..analyses.tables import CSV_HEADER

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    return writer


def _single(args: argparse.Namespace, file: str, out_format: str) -> int:
    """One file's report, the JSON written one table at a time."""
    from ..analyses.report import format_report, report_table_json
    from ..analyses.tables import csv_records

    args.json = out_format == "json"
    name = display(file)
    try:
        project = load(file, budget=args.budget)
    except PlotdocError as exc:
        if args.json:
            dump_json(_refused(name, exc))
        else:
            print_problems(name, exc.problems, sys.stderr, exc.omitted)
        return EXIT_REFUSED
    if not args.json:
        print_problems(
            name, project.warnings, sys.stderr, omitted_warnings=project.omitted_warnings
        )
    sheet = _csv_writer() if out_format == "csv" else None
    results = project.results
    total, done, failed = len(results), 0, 0
    show = sys.stderr.isatty() and total > 1
    runs: dict[tuple[str, str], AnalysisRun] = {}
    if args.json:
        sys.stdout.write(f'{{\n  "file": {json.dumps(name, ensure_ascii=False)},\n  "ok": true,')
        sys.stdout.write('\n  "tables": [')
    first = True
    for table in project.tables:
        for analysis in table.analyses:
            key = (table.id, analysis.id)
            runs[key] = results[key]
            failed += runs[key].status != "ok"
            done += 1
            if show:
                progress(done, total)
        if args.json and table.analyses:
            text = json.dumps(report_table_json(table, runs), ensure_ascii=False, indent=2)
            sys.stdout.write(("\n" if first else ",\n") + _indent(text, 4))
            first = False
            runs.clear()
        if sheet is not None:
            sheet.writerows(csv_records(runs.values(), name))
            runs.clear()
    if sheet is not None:
        if failed:
            print(f"{name}: {failed} analysis(es) could not give a result", file=sys.stderr)
    elif args.json:
        tail: dict[str, Any] = {
            "failed": failed,
            "warnings": [problem_json(p) for p in project.warnings],
            "omittedErrors": 0,
            "omittedWarnings": project.omitted_warnings,
        }
        rest = json.dumps(tail, ensure_ascii=False, indent=2)[1:-1].rstrip()
        sys.stdout.write(("\n  ]," if not first else "],") + rest + "\n}\n")
    else:
        print(format_report(project, runs))
        if failed:
            print(
                f"{name}: {failed} analysis(es) could not give a result"
                + ("" if args.allow_failed else " (exit 1; --allow-failed accepts this)"),
                file=sys.stderr,
            )
    return EXIT_REFUSED if failed and not args.allow_failed else EXIT_OK


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "\n".join(pad + line for line in text.splitlines())


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub,
        "analyze",
        run,
        "Compute and print every analysis of files; exit 1 when one cannot give a result.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="files, folders, globs, or -")
    stream.add_output_format(
        p,
        "the results (or the problems of a refused file)",
        more=(
            (
                "csv",
                "one row per statistic (file, table, analysis, method, data_sets, statistic, "
                "value, status), for spreadsheets and data frames",
            ),
        ),
    )
    p.add_argument(
        "--allow-failed",
        action="store_true",
        help="exit 0 even when an analysis could not give a result (its status says why)",
    )
    add_budget(p)
    add_jobs(p)
