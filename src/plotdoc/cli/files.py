"""Which files a command works on: `-` for standard input, globs and folders expanded."""

from __future__ import annotations

import glob
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..contract.limits import MAX_FILE_BYTES
from ..contract.site import EXTENSIONS
from ..problems import Report

if TYPE_CHECKING:
    from ..model import Project

#: The name standing for standard input (and, after ``-o``, standard output).
STDIN = "-"
_GLOB_CHARS = frozenset("*?[")


def expand(names: Iterable[str]) -> list[str]:
    """Files named by ``names``: a folder gives its project files (recursively, sorted), a
    glob pattern that names no file gives its matches; anything else stays as given (a
    missing file is then reported by the command). Each file appears once."""
    out: list[str] = []
    for name in names:
        if name == STDIN:
            out.append(name)
        elif os.path.isdir(name):
            found = (
                str(p)
                for p in sorted(Path(name).rglob("*"))
                if p.is_file() and p.name.lower().endswith(EXTENSIONS)
            )
            out.extend(found)
        elif not os.path.lexists(name) and _GLOB_CHARS & set(name):
            matches = sorted(glob.glob(name, recursive=True))
            out.extend(m for m in matches if not os.path.isdir(m))
            if not matches:
                out.append(name)
        else:
            out.append(name)
    return list(dict.fromkeys(out))


def expand_or_say(command: str, names: Iterable[str]) -> list[str]:
    """:func:`expand`, saying on standard error when folders held no project file."""
    found = expand(names)
    if not found:
        print(
            f"plotdoc {command}: no project files (*.plotdoc, *.plotdoc.json) in "
            + ", ".join(names),
            file=sys.stderr,
        )
    return found


def read_stdin() -> bytes:
    """Standard input's bytes, at most one byte past the size limit (stage 1 refuses more)."""
    return sys.stdin.buffer.read(MAX_FILE_BYTES + 1)


def display(name: str) -> str:
    return "<stdin>" if name == STDIN else name


def load(name: str, data: bytes | None = None, budget: str | None = None) -> Project:
    """Open the file ``name`` (or ``data``, read from standard input) with the analyses'
    ``budget`` (the text of --budget); raise PlotdocError."""
    from ..api import loads, open_project
    from ..stats.budget import Budget

    limits = Budget.parse(budget) if budget else None
    if name == STDIN:
        return loads(data if data is not None else read_stdin(), budget=limits)
    return open_project(name, budget=limits)


def check(name: str, data: bytes | None = None) -> Report:
    """The validation report of ``name`` (or of ``data``, read from standard input)."""
    from ..api import validate

    if name == STDIN:
        return validate(data if data is not None else read_stdin())
    return validate(name)


def read_bytes(name: str) -> bytes:
    """The bytes of ``name`` (or of standard input); raise PlotdocError when unreadable."""
    from ..api import read_limited

    if name == STDIN:
        return read_stdin()
    return read_limited(name)
