"""What every command shares: exit codes, the parser class, printing problems, opening a file."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..folders import STDIN
from ..problems import PlotdocError, Problem, problem_lines
from ..problems import problem_json as problem_json

if TYPE_CHECKING:
    from ..model import Project

#: The exit codes of every command (documented in docs/cli.md).
EXIT_OK, EXIT_REFUSED, EXIT_USAGE, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors print one line and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def print_problems(
    name: str,
    problems: Sequence[Problem],
    out: TextIO,
    omitted: int = 0,
    omitted_warnings: int = 0,
) -> None:
    for line in problem_lines(name, problems, omitted, omitted_warnings):
        print(line, file=out)


def open_file(path: str) -> Project | None:
    """Open ``path``, or print its problems on stderr and return None."""
    from ..api import open_project

    try:
        return open_project(path)
    except PlotdocError as exc:
        print_problems(path, exc.problems, sys.stderr, exc.omitted)
        return None


#: errors of writing to a descriptor: an OSError of these without a file name is one of
#: standard output (the only descriptor a command writes to by hand)
_WRITE_ERRNOS = frozenset(
    getattr(errno, name)
    for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO", "EROFS", "EBADF", "EPIPE", "EACCES")
    if hasattr(errno, name)
)


def environment_message(exc: OSError) -> str:
    """What a command says when the machine refuses a read or write (a full disk, no
    permission, a read-only folder, a folder where a file is expected): the path, what
    happened and the error's name (``ENOSPC``), without a traceback."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    if exc.errno is not None and exc.errno in errno.errorcode:
        reason += f" ({errno.errorcode[exc.errno]})"
    if exc.filename is not None:
        where = os.fsdecode(exc.filename)
        if exc.filename2 is not None:
            where += f" -> {os.fsdecode(exc.filename2)}"
        return f"could not write or read {where}: {reason}"
    if exc.errno in _WRITE_ERRNOS:
        return f"could not write standard output: {reason}"
    return f"the system refused: {reason}"


Command = Callable[[argparse.Namespace], int]


def add_command(
    sub: argparse._SubParsersAction[Parser], name: str, func: Command, help_text: str
) -> Parser:
    """Add the subcommand ``name`` running ``func``; its one-line help serves both listings.

    The subcommand's parser travels in ``args.command_parser``, so that a usage error found
    while the command runs prints that command's usage line (:func:`usage_error`).
    """
    p = sub.add_parser(name, help=help_text, description=help_text)
    p.set_defaults(func=func, command_parser=p)
    return p


def usage_error(args: argparse.Namespace, message: str) -> int:
    """Print the running command's usage line and ``plotdoc CMD: error: message``; return 2."""
    parser = getattr(args, "command_parser", None)
    prog = "plotdoc"
    if isinstance(parser, argparse.ArgumentParser):
        parser.print_usage(sys.stderr)
        prog = parser.prog
    print(f"{prog}: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def parse_command_line(
    parser: argparse.ArgumentParser, argv: Sequence[str] | None
) -> argparse.Namespace:
    """``parser.parse_args``, except that arguments no option takes are reported with the
    subcommand's usage line (argparse reports them with the top-level one)."""
    args, extras = parser.parse_known_args(argv)
    if extras:
        command = getattr(args, "command_parser", None)
        owner = command if isinstance(command, argparse.ArgumentParser) else parser
        owner.error(f"unrecognized arguments: {' '.join(extras)}")
    return args


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` to ``high``, else a one-line usage error."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected an integer from {low} to {high}; found {text!r}"
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected an integer from {low} to {high}; found {value}"
            )
        return value

    parse.__name__ = "integer"
    return parse


#: Names a delimiter may be given by, besides a single character.
DELIMITER_NAMES = {
    "\\t": "\t",
    "tab": "\t",
    "comma": ",",
    "semicolon": ";",
    "space": " ",
    "pipe": "|",
}


def delimiter(text: str) -> str:
    """An argparse type: one character, or ``\\t``/``tab``/``comma``/``semicolon``/``space``/``pipe``."""
    value = DELIMITER_NAMES.get(text.lower(), text)
    if len(value) != 1 or value in '"\r\n':
        raise argparse.ArgumentTypeError(
            "expected one character, or tab, comma, semicolon, space or pipe "
            f"(\\t for a tab); found {text!r}"
        )
    return value


def add_json(p: argparse.ArgumentParser, what: str = "the report") -> None:
    p.add_argument("--json", action="store_true", help=f"print {what} as one JSON object on stdout")


def add_jobs(p: argparse.ArgumentParser) -> None:
    from ..pool import MAX_JOBS

    p.add_argument(
        "-j",
        "--jobs",
        type=bounded_int(1, MAX_JOBS),
        default=None,
        metavar="N",
        help="files worked on at once, each in its own process (default: in this process, "
        "then on a process per idle core once the files prove large and many enough)",
    )


def refuse_existing(command: str, output: str, force: bool) -> bool:
    """Whether ``output`` is a file already there that only --force may replace (said on
    standard error); standard output (``-``) is never refused."""
    if output == STDIN or force or not Path(output).exists():
        return False
    print(
        f"plotdoc {command}: {output} exists; expected a new file name "
        "(give -o OUT, or --force to replace it)",
        file=sys.stderr,
    )
    return True


def write_output(args: argparse.Namespace, output: str, data: bytes | None) -> None:
    """End a command that writes one file: ``data`` on standard output when ``output`` is
    ``-``, else the path written printed (not with --json, whose report says it)."""
    if output == STDIN:
        assert data is not None
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    elif not args.json and not getattr(args, "quiet", False):
        print(output)


def dump_json(payload: object) -> None:
    import json

    print(json.dumps(payload, ensure_ascii=False, indent=2))


#: The help of --budget, shared by analyze and render.
BUDGET_HELP = (
    "time and/or memory one analysis may use, e.g. 30s, 512MB or 30s,2GB "
    "(default 10s,1000MB; all analyses together at most 60s or the time given)"
)


def budget_text(text: str) -> str:
    """An argparse type: a --budget value, checked and kept as text (the command reads it)."""
    from ..stats.budget import Budget

    try:
        Budget.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def add_budget(p: argparse.ArgumentParser) -> None:
    p.add_argument("--budget", type=budget_text, metavar="BUDGET", help=BUDGET_HELP)
