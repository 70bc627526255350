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
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..contract.site import CURRENT_VERSION, EXTENSIONS, SUPPORTED_VERSIONS
from ..folders import SETTINGS, stem, unique
from ..migrations import upgrade
from ..pool import Tally
from ..problems import PlotdocError, Problem, error, format_path
from ..reader.context import DROPPED_CODES
from . import stream
from .common import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    Parser,
    add_command,
    add_jobs,
    print_problems,
    problem_json,
    usage_error,
)
from .files import STDIN, display, load, read_bytes, read_stdin


@dataclass
class Outcome:
    """What fmt did (or would do) to one file."""

    name: str
    changed: bool = False
    refused: bool = False
    problems: list[Problem] = field(default_factory=list)
    omitted: int = 0  # errors past those listed
    omitted_warnings: int = 0
    formatted: bytes = b""
    diff: str = ""
    #: the keys of the input the canonical form leaves out (JSON paths, as problems write them)
    dropped: list[str] = field(default_factory=list)
    written: str = ""  # where -o DIR or URL got the form
    #: (the file's schema version, the version written) when they differ
    versions: tuple[int, int] | None = None


@dataclass(frozen=True)
class Job:
    name: str
    compact: bool
    write: bool
    diff: bool
    keep: bool  # keep the formatted bytes in the outcome (for standard output)
    data: bytes | None = None
    #: -o DIR or URL: the folder and the file name the form is written to
    out: tuple[str, str] | None = None
    #: the schema version written (the current one unless --schema-version)
    schema_version: int = CURRENT_VERSION


def formatted(
    data: bytes, name: str, compact: bool, schema_version: int = CURRENT_VERSION
) -> tuple[bytes, list[Problem], int]:
    """The canonical form of the document ``data`` in ``schema_version``, its warnings and
    how many more warnings were not listed; raise PlotdocError (also when the project does
    not fit in an older ``schema_version``)."""
    from ..writer import dumps

    # a URL's bytes were read through fsspec: opened as they are (a path is opened by name)
    project = load(STDIN if "://" in name else name, data)
    # The file's own timestamps, none invented: the formatted form of a formatted file is
    # itself, and a file without `createdAt` gets none.
    out = dumps(project, compact=compact, keep_timestamps=True, schema_version=schema_version)
    return out, list(project.warnings), project.omitted_warnings


def dropped_keys(old: bytes, new: bytes) -> list[str]:
    """The JSON paths of object keys in the document ``old`` that its canonical form ``new``
    leaves out (the canonical form writes every other key, defaults included)."""
    import orjson

    try:
        before = orjson.loads(old.removeprefix(b"\xef\xbb\xbf"))
        after = orjson.loads(new)
    except orjson.JSONDecodeError:  # pragma: no cover - both opened already
        return []
    # two versions are compared in the newer one (the migration's own drops are warnings)
    if _version(before) < _version(after):
        before = upgrade(before)
    elif _version(after) < _version(before):
        after = upgrade(after)
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


def _version(doc: object) -> int:
    version = doc.get("schemaVersion") if isinstance(doc, dict) else None
    return int(version) if isinstance(version, (int, float)) else CURRENT_VERSION


def _one(job: Job) -> Outcome:
    outcome = Outcome(display(job.name))
    try:
        data = job.data if job.data is not None else read_bytes(job.name)
        new, outcome.problems, outcome.omitted_warnings = formatted(
            data, job.name, job.compact, job.schema_version
        )
    except PlotdocError as exc:
        outcome.refused, outcome.problems = True, list(exc.problems)
        outcome.omitted = exc.omitted
        return outcome
    except OSError as exc:  # a URL fsspec cannot read
        outcome.refused = True
        outcome.problems = [error("file-unreadable", (), f"could not read: {exc}")]
        return outcome
    outcome.changed = new != data
    if outcome.changed:
        import orjson

        old = _version(orjson.loads(data.removeprefix(b"\xef\xbb\xbf")))
        if old != job.schema_version:
            outcome.versions = (old, job.schema_version)
        outcome.dropped = [
            format_path(p.path)
            for p in outcome.problems
            if old < job.schema_version and p.code in DROPPED_CODES
        ]
        outcome.dropped += dropped_keys(data, new)
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
    try:
        if job.out is not None:
            from ..batch import _write

            outcome.written = _write(*job.out, new)
        elif job.write and outcome.changed:
            from ..writer import write_atomic

            write_atomic(Path(job.name), new)
    except PlotdocError as exc:
        outcome.refused, outcome.problems = True, list(exc.problems)
    except OSError as exc:  # a folder or URL that cannot be written
        outcome.refused = True
        outcome.problems = [error("file-unreadable", (), f"could not write: {exc}")]
    return outcome


def _crashed(job: Job, exc: BaseException) -> Outcome:
    return Outcome(display(job.name), refused=True, problems=[stream.crash("formatting", exc)])


def output_kind(output: str | None) -> str:
    """What ``-o`` names: nothing (``inplace``), standard output, one project ``file``
    (a name ending in .plotdoc or .plotdoc.json) or a ``folder`` (any other name, or a URL)."""
    if output is None:
        return "inplace"
    if output == STDIN:
        return "stdout"
    if "://" not in output and output.lower().endswith(EXTENSIONS):
        return "file"
    return "folder"


def run(args: argparse.Namespace) -> int:
    out_format = stream.output_format(args)
    if out_format is None:
        return EXIT_USAGE
    report_only = args.check or args.diff
    kind = "inplace" if report_only else output_kind(args.output)
    to_stdout = kind == "stdout" or (kind == "inplace" and not report_only and STDIN in args.files)
    if out_format != "full" and to_stdout:
        return usage_error(args, "--json and the formatted document cannot share standard output")
    if kind == "inplace" and not report_only and any("://" in n for n in args.files):
        return usage_error(
            args, "fmt rewrites URLs only into a folder or URL: give -o DIR, --check or --diff"
        )
    names, found = stream.names(args.files)
    head, names = stream.first(names, 2)
    if not head:
        return found.nothing("fmt")
    if kind in ("stdout", "file") and len(head) > 1:
        return usage_error(
            args,
            f"-o {args.output} names one file; found more than one input "
            "(give a folder to -o for many)",
        )
    jobs = _jobs(args, names, report_only, kind)
    return stream.run(args, lambda: _format(args, out_format, report_only, jobs))


def _jobs(
    args: argparse.Namespace, names: Iterator[str], report_only: bool, kind: str
) -> Iterator[Job]:
    used: set[str] = set()
    # a folder of -o inside the folders walked: the forms written there are not walked again
    into = Path(args.output).resolve() if kind == "folder" and "://" not in args.output else None
    for n in names:
        if into is not None and n != STDIN and "://" not in n and into in Path(n).resolve().parents:
            continue
        yield Job(
            name=n,
            compact=args.compact,
            write=kind == "inplace" and not report_only and n != STDIN,
            diff=args.diff,
            keep=not report_only and (kind in ("stdout", "file") or n == STDIN),
            data=read_stdin() if n == STDIN else None,
            out=(args.output, unique(stem(n), used) + ".plotdoc") if kind == "folder" else None,
            schema_version=args.schema_version,
        )


def _format(
    args: argparse.Namespace, out_format: str, report_only: bool, jobs: Iterator[Job]
) -> int:
    tally = Tally("fmt")
    records = stream.Records(out_format)
    drop = "would drop" if report_only else "dropped"
    verb = "would reformat" if report_only else "reformatted"
    kept: Outcome | None = None  # -o's file, or standard input's form
    changed = 0
    for o in stream.dispatch(args, _one, jobs, _crashed):  # as each file is done, in order
        tally.add(o.refused, sum(p.severity == "warning" for p in o.problems) + o.omitted_warnings)
        changed += o.changed and not o.refused
        if o.formatted and not o.refused and kept is None:
            kept = o
        if args.diff and not o.refused:
            sys.stdout.write(o.diff)
            sys.stdout.flush()
        if not records.text:
            records.add(_json(o))
            continue
        print_problems(o.name, o.problems, sys.stderr, o.omitted, o.omitted_warnings)
        if o.refused:
            continue
        if o.versions is not None and not SETTINGS.quiet:
            print(f"{o.name}: {_version_note(*o.versions, report_only)}", file=sys.stderr)
        for where in o.dropped:
            print(f"{o.name}: {drop} {where} (open ignores it)", file=sys.stderr)
        if o.written:
            if not SETTINGS.quiet:  # -q: problems only
                print(o.written, flush=True)
        elif (
            o.changed
            and not SETTINGS.quiet
            and (report_only or (args.output is None and o.name != display(STDIN)))
        ):
            print(f"{verb} {o.name}", file=sys.stderr)
    records.finish()
    if kept is not None and not _write_output(args.output, kept):
        return EXIT_REFUSED
    if tally.files:
        same = tally.files - changed - tally.refused
        tally.detail = (
            f" ({changed:,} {'would be reformatted' if report_only else 'reformatted'}, "
            f"{same:,} already formatted)"
        )
        tally.finish(always=report_only)
    if tally.refused:
        return EXIT_REFUSED
    return EXIT_REFUSED if args.check and changed else EXIT_OK


def _version_note(old: int, new: int, report_only: bool) -> str:
    """What fmt does to a file of schema version ``old`` written as ``new``."""
    if old < new:
        verb = "would upgrade" if report_only else "upgraded"
        return f"{verb} from schema version {old} to {new} (the migration of open)"
    verb = "would write" if report_only else "written"
    return f"{verb} as schema version {new} (the file is version {old}; it fits)"


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
    out: dict[str, object] = {
        "file": o.name,
        "ok": not o.refused,
        "changed": o.changed,
        "dropped": o.dropped,
        "errors": [problem_json(p) for p in o.problems if p.severity == "error"],
        "warnings": [problem_json(p) for p in o.problems if p.severity == "warning"],
        "omittedErrors": o.omitted,
        "omittedWarnings": o.omitted_warnings,
    }
    if o.versions is not None:
        out["schemaVersion"] = {"from": o.versions[0], "to": o.versions[1]}
    if o.written:
        out["written"] = o.written
    return out


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
        "-o",
        "--output",
        metavar="OUT",
        help="write the one FILE's form to OUT (a name ending in .plotdoc or .plotdoc.json; - "
        "for stdout), or every file's form into the folder or URL OUT (<name>.plotdoc each)",
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
    p.add_argument(
        "--schema-version",
        type=int,
        choices=SUPPORTED_VERSIONS,
        default=CURRENT_VERSION,
        metavar="N",
        help=f"write schema version N ({', '.join(map(str, SUPPORTED_VERSIONS))}; default "
        f"{CURRENT_VERSION}, the current one); an older version only when the file fits in it",
    )
    stream.add_output_format(p, "what was done to each file")
    add_jobs(p)
