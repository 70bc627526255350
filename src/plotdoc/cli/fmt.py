"""`plotdoc fmt`: rewrite files in their complete, canonical form, as a formatter does.

A formatter changes form, not content, so `fmt` keeps the file's own `createdAt` and
`modifiedAt` and invents none a file lacks: the output is a function of the input alone,
formatting a formatted file changes no byte, and `--check` passes on it. What open ignores
(with a warning) the canonical form leaves out: `fmt` names every key it drops, and
`--check` fails on a file that would lose one.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..problems import PlotdocError, Problem
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    Parser,
    add_command,
    add_jobs,
    dump_json,
    print_problems,
    problem_json,
    usage_error,
)
from .files import STDIN, display, expand_or_say, load, nothing_found_exit, read_bytes, read_stdin
from .pool import run_all


@dataclass
class Outcome:
    """What fmt did (or would do) to one file."""

    name: str
    changed: bool = False
    refused: bool = False
    problems: list[Problem] = field(default_factory=list)
    omitted_warnings: int = 0
    formatted: bytes = b""
    diff: str = ""
    #: the keys of the input the canonical form leaves out (JSON paths, as problems write them)
    dropped: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Job:
    name: str
    compact: bool
    write: bool
    diff: bool
    keep: bool  # keep the formatted bytes in the outcome (for standard output)
    data: bytes | None = None


def formatted(data: bytes, name: str, compact: bool) -> tuple[bytes, list[Problem], int]:
    """The canonical form of the document ``data``, its warnings and how many more warnings
    were not listed; raise PlotdocError."""
    from ..writer import dumps

    project = load(name, data)
    # The file's own timestamps, none invented: the formatted form of a formatted file is
    # itself, and a file without `createdAt` gets none.
    out = dumps(project, compact=compact, keep_timestamps=True)
    return out, list(project.warnings), project.omitted_warnings


def dropped_keys(old: bytes, new: bytes) -> list[str]:
    """The JSON paths of object keys in the document ``old`` that its canonical form ``new``
    leaves out (the canonical form writes every other key, defaults included)."""
    import orjson

    from ..problems import format_path

    try:
        before = orjson.loads(old.removeprefix(b"\xef\xbb\xbf"))
        after = orjson.loads(new)
    except orjson.JSONDecodeError:  # pragma: no cover - both opened already
        return []
    out: list[str] = []
    stack: list[tuple[object, object, tuple[str | int, ...]]] = [(before, after, ())]
    while stack:
        a, b, path = stack.pop()
        if isinstance(a, dict) and isinstance(b, dict):
            for key, value in reversed(list(a.items())):
                if key not in b:
                    out.append(format_path((*path, key)))
                elif isinstance(value, (dict, list)):
                    stack.append((value, b[key], (*path, key)))
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i in reversed(range(len(a))):
                if isinstance(a[i], dict):  # rows of cells hold no keys: not walked
                    stack.append((a[i], b[i], (*path, i)))
    return out


def _one(job: Job) -> Outcome:
    outcome = Outcome(display(job.name))
    try:
        data = job.data if job.data is not None else read_bytes(job.name)
        new, outcome.problems, outcome.omitted_warnings = formatted(data, job.name, job.compact)
    except PlotdocError as exc:
        outcome.refused, outcome.problems = True, list(exc.problems)
        return outcome
    outcome.changed = new != data
    if outcome.changed:
        outcome.dropped = dropped_keys(data, new)
    if job.keep:
        outcome.formatted = new
    if job.diff and outcome.changed:
        outcome.diff = "".join(
            difflib.unified_diff(
                data.decode("utf-8", "replace").splitlines(keepends=True),
                new.decode("utf-8").splitlines(keepends=True),
                fromfile=f"{outcome.name}\t(original)",
                tofile=f"{outcome.name}\t(formatted)",
            )
        )
    if job.write and outcome.changed:
        from ..writer import write_atomic

        try:
            write_atomic(Path(job.name), new)
        except PlotdocError as exc:
            outcome.refused, outcome.problems = True, list(exc.problems)
    return outcome


def run(args: argparse.Namespace) -> int:
    names = expand_or_say("fmt", args.files)
    if not names:
        return nothing_found_exit(args.files)
    report_only = args.check or args.diff
    to_stdout = not report_only and (args.output == STDIN or STDIN in names)
    if args.output is not None and len(names) != 1:
        return usage_error(args, "-o takes one input file; give one FILE")
    if args.json and to_stdout:
        return usage_error(args, "--json and the formatted document cannot share standard output")
    stdin = read_stdin() if STDIN in names else None
    jobs = [
        Job(
            name=n,
            compact=args.compact,
            write=not report_only and n != STDIN and args.output is None,
            diff=args.diff,
            keep=not report_only and (n == STDIN or args.output is not None),
            data=stdin if n == STDIN else None,
        )
        for n in names
    ]
    outcomes = list(run_all(_one, jobs, args.jobs))
    drop = "would drop" if report_only else "dropped"
    for outcome in outcomes:
        print_problems(
            outcome.name, outcome.problems, sys.stderr, omitted_warnings=outcome.omitted_warnings
        )
        if not outcome.refused:
            for where in outcome.dropped:
                print(f"{outcome.name}: {drop} {where} (open ignores it)", file=sys.stderr)
    kept = [o for o in outcomes if o.formatted and not o.refused]  # -o's file, or stdin's
    if kept and not _write_output(args.output, kept[0]):
        return EXIT_REFUSED
    changed = [o for o in outcomes if o.changed and not o.refused]
    if args.diff:
        sys.stdout.write("".join(o.diff for o in changed))
    if args.json:
        dump_json({"files": [_json(o) for o in outcomes]})
    elif args.output is None or report_only:
        verb = "would reformat" if report_only else "reformatted"
        for outcome in changed:
            if report_only or outcome.name != display(STDIN):
                print(f"{verb} {outcome.name}", file=sys.stderr)
        if len(outcomes) > 1 or report_only:
            _summary(outcomes, report_only)
    if any(o.refused for o in outcomes):
        return EXIT_REFUSED
    return EXIT_REFUSED if args.check and changed else EXIT_OK


def _write_output(output: str | None, outcome: Outcome) -> bool:
    """Write the one file's form to ``-o`` (a file or standard output) or, for standard
    input, to standard output; False when the file cannot be written."""
    if output is None or output == STDIN:
        sys.stdout.flush()
        sys.stdout.buffer.write(outcome.formatted)
        sys.stdout.flush()
        return True
    from ..writer import write_atomic

    try:
        write_atomic(Path(output), outcome.formatted)
    except PlotdocError as exc:
        print_problems(output, exc.problems, sys.stderr)
        return False
    return True


def _json(o: Outcome) -> dict[str, object]:
    return {
        "file": o.name,
        "ok": not o.refused,
        "changed": o.changed,
        "dropped": o.dropped,
        "errors": [problem_json(p) for p in o.problems if p.severity == "error"],
        "warnings": [problem_json(p) for p in o.problems if p.severity == "warning"],
        "omittedWarnings": o.omitted_warnings,
    }


def _summary(outcomes: list[Outcome], report_only: bool) -> None:
    changed = sum(o.changed and not o.refused for o in outcomes)
    refused = sum(o.refused for o in outcomes)
    same = len(outcomes) - changed - refused
    parts = [
        f"{changed} file(s) {'would be reformatted' if report_only else 'reformatted'}",
        f"{same} file(s) already formatted",
    ]
    if refused:
        parts.append(f"{refused} file(s) refused")
    print(", ".join(parts) + ".", file=sys.stderr)


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub,
        "fmt",
        run,
        "Rewrite files in their complete, canonical form (in place unless -o, --check or "
        "--diff). The timestamps are kept, so a formatted file is left unchanged.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="files, folders, globs, or -")
    p.add_argument(
        "-o", "--output", metavar="OUT", help="write the one FILE's form to OUT (- for stdout)"
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 when a file would change (for CI)",
    )
    p.add_argument(
        "--diff", action="store_true", help="write nothing; print a unified diff of the changes"
    )
    p.add_argument(
        "--compact",
        action="store_true",
        help="write the minified form (no whitespace) instead of the readable layout "
        "(indented, one row of cells per line)",
    )
    p.add_argument("--indent", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true", help="print one JSON object per run on stdout")
    add_jobs(p)
