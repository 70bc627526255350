"""Which files a command works on: `-` for standard input, globs and folders expanded
(lazily, skipping what black and ruff skip: see :mod:`.walk`)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..folders import STDIN, walk
from ..problems import Report
from .walk import Found

if TYPE_CHECKING:
    from ..model import Project

#: ``STDIN``: the name standing for standard input (and, after ``-o``, standard output).
__all__ = ["STDIN", "check", "discover", "display", "expand", "expand_or_say", "load"]


def expand(names: Iterable[str]) -> list[str]:
    """Files named by ``names``: a folder gives its project files (walked as
    :mod:`.walk` says: hidden, vendored, excluded and git-ignored folders skipped), a glob
    pattern that names no file gives its matches; anything else stays as given (a missing
    file is then reported by the command). Each file appears once."""
    return list(walk(names))


def discover(names: Iterable[str]) -> tuple[Iterator[str], Found]:
    """The files of ``names`` as :func:`expand` finds them, lazily (a folder of a million
    files is never listed into memory), and a record of what each input gave."""
    found = Found()
    return walk(names, found), found


def expand_or_say(command: str, names: Iterable[str]) -> list[str]:
    """:func:`expand`, saying on standard error when folders or globs held no project file
    (see :meth:`.walk.Found.nothing` for the exit code to give then)."""
    names = list(names)
    found = Found()
    out = list(walk(names, found))
    if not out:
        found.nothing(command)
    return out


def read_stdin() -> bytes:
    """Standard input's bytes, at most one byte past the size limit (stage 1 refuses more)."""
    from ..api import read_capped

    return read_capped(sys.stdin.buffer)


def display(name: str) -> str:
    """How a file is named in messages: as the user wrote it (``<stdin>`` for standard input)."""
    from ..batch import shown

    return "<stdin>" if name == STDIN else shown(name)


def load(name: str, data: bytes | None = None, budget: str | None = None) -> Project:
    """Open the file ``name`` (or ``data``, read from standard input) with the analyses'
    ``budget`` (the text of --budget); raise PlotdocError."""
    from ..api import loads, open_project
    from ..stats.budget import Budget

    limits = Budget.parse(budget) if budget else None
    if name == STDIN:
        return loads(data if data is not None else read_stdin(), budget=limits)
    if "://" in name:  # a URL, read through fsspec where it lives
        return loads(read_bytes(name), budget=limits)
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
    if "://" in name:  # a URL, read through fsspec where it lives
        from ..batch import _read

        return _read(name)
    return read_limited(name)
