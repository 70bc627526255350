"""What every command shares: exit codes, the parser class, printing problems, opening a file."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

from ..problems import PlotdocError, Problem

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


def print_problems(name: str, problems: Sequence[Problem], out: TextIO, omitted: int = 0) -> None:
    for p in problems:
        where = p.where or "(document)"
        pos = f" ({p.position})" if p.position else ""
        print(f"{name}: {p.severity} {where} [{p.code}]: {p.message}{pos}", file=out)
    if omitted:
        print(f"{name}: ... {omitted} more problem(s) not listed", file=out)


def problem_json(p: Problem) -> dict[str, object]:
    out: dict[str, object] = {"code": p.code, "path": p.where, "message": p.message}
    for key in ("offset", "line", "column"):
        value = getattr(p, key)
        if value is not None:
            out[key] = value
    return out


def open_file(path: str) -> Project | None:
    """Open ``path``, or print its problems on stderr and return None."""
    from ..api import open_project

    try:
        return open_project(path)
    except PlotdocError as exc:
        print_problems(path, exc.problems, sys.stderr, exc.omitted)
        return None


def progress(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


Command = Callable[[argparse.Namespace], int]


def add_command(
    sub: argparse._SubParsersAction[Parser], name: str, func: Command, help_text: str
) -> Parser:
    """Add the subcommand ``name`` running ``func``; its one-line help serves both listings."""
    p = sub.add_parser(name, help=help_text, description=help_text)
    p.set_defaults(func=func)
    return p
