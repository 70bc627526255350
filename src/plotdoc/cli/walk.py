"""The folder-walk options of the commands that take many files, and ``[tool.plotdoc]``.

The walking itself is :mod:`plotdoc.folders`; this module sets its :data:`~plotdoc.folders.
SETTINGS` from the command line and the ``pyproject.toml`` found upward from the inputs
(``exclude``, ``extend-exclude``, ``respect-gitignore``); the command line wins over it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..folders import GLOB_CHARS, SETTINGS, STDIN, Settings

_CONFIG_KEYS = {"exclude", "extend-exclude", "respect-gitignore"}


def add_options(p: argparse.ArgumentParser) -> None:
    """The walk and verbosity options of a command that takes many files."""
    p.add_argument(
        "--exclude",
        action="append",
        metavar="PATTERN",
        help="folders and files not to walk, as in .gitignore; replaces the default list "
        "(hidden folders, node_modules, virtual environments, build, dist...); repeatable",
    )
    p.add_argument(
        "--extend-exclude",
        action="append",
        metavar="PATTERN",
        help="patterns to skip in addition to the default list; repeatable",
    )
    p.add_argument(
        "--no-respect-gitignore",
        dest="respect_gitignore",
        action="store_false",
        default=None,
        help="walk files that .gitignore ignores too",
    )
    loud = p.add_mutually_exclusive_group()
    loud.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print problems only: no ok lines, progress or summary",
    )
    loud.add_argument(
        "-v", "--verbose", action="store_true", help="also say what was skipped and why"
    )


def configure(args: argparse.Namespace) -> Settings:
    """Set :data:`SETTINGS` from ``[tool.plotdoc]`` and the command line (which wins)."""
    settings = Settings()
    names = [n for n in getattr(args, "files", None) or () if n != STDIN]
    config_file, table = find_config(names)
    if table is not None:
        settings.config = config_file
        _apply_config(settings, table, config_file)
    if getattr(args, "exclude", None):
        settings.exclude = tuple(args.exclude)
    if getattr(args, "extend_exclude", None):
        settings.extend_exclude = (*settings.extend_exclude, *args.extend_exclude)
    if getattr(args, "respect_gitignore", None) is not None:
        settings.respect_gitignore = bool(args.respect_gitignore)
    settings.quiet = bool(getattr(args, "quiet", False))
    settings.verbose = bool(getattr(args, "verbose", False))
    vars(SETTINGS).update(vars(settings))  # in place: modules hold the object
    if settings.verbose and config_file is not None and table is not None:
        print(f"plotdoc: using [tool.plotdoc] from {config_file}", file=sys.stderr)
    return settings


def find_config(names: Iterable[str]) -> tuple[Path | None, dict[str, Any] | None]:
    """The ``pyproject.toml`` with a ``[tool.plotdoc]`` table, looked for upward from the
    inputs' common folder as black does (stopping at a repository's root), and that table."""
    paths = [Path(n).resolve() for n in names if not GLOB_CHARS & set(n)] or [Path.cwd()]
    try:
        base = Path(os.path.commonpath([str(p) for p in paths]))
    except ValueError:
        base = Path.cwd()
    if not base.is_dir():
        base = base.parent
    for folder in (base, *base.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            table = _read_tool_table(candidate)
            if table is not None:
                return candidate, table
        if (folder / ".git").exists() or (folder / ".hg").exists():
            break
    return None, None


def _read_tool_table(path: Path) -> dict[str, Any] | None:
    """The ``[tool.plotdoc]`` table of ``path``. A file that names no plotdoc anywhere (not
    even through an escape in a quoted key) has none, and is not parsed: most projects'
    pyproject.toml are another tool's business, and parsing one costs more than a check."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        _config_error(path, f"could not be read ({exc})")
    if b"plotdoc" not in raw and b"\\u" not in raw and b"\\U" not in raw:
        return None
    import tomllib

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        _config_error(path, f"could not be read ({exc})")
    tool = data.get("tool", {})
    table = tool.get("plotdoc") if isinstance(tool, dict) else None
    return table if isinstance(table, dict) else None


def _config_error(path: Path | None, message: str) -> Any:
    print(f"plotdoc: error: {path} [tool.plotdoc]: {message}", file=sys.stderr)
    raise SystemExit(2)


def _config_warning(path: Path | None, key: str) -> None:
    """Say that ``key`` is no setting plotdoc knows (it is ignored), and the one meant."""
    from ..problems import did_you_mean

    known = sorted(_CONFIG_KEYS)
    print(
        f"plotdoc: warning: {path} [tool.plotdoc]: unknown key {key!r}, ignored (the keys are "
        f"{', '.join(known)}){did_you_mean(key, known)}",
        file=sys.stderr,
    )


def _apply_config(settings: Settings, table: dict[str, Any], path: Path | None) -> None:
    for key, value in table.items():
        if key not in _CONFIG_KEYS:
            if key.replace("_", "-") in _CONFIG_KEYS:
                _config_error(path, f"expected {key.replace('_', '-')!r}; found {key!r}")
            _config_warning(path, key)
            continue
        if key == "respect-gitignore":
            if not isinstance(value, bool):
                _config_error(path, f"respect-gitignore: expected true or false; found {value!r}")
            settings.respect_gitignore = value
            continue
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            _config_error(path, f"{key}: expected a list of patterns (strings); found {value!r}")
        if key == "exclude":
            settings.exclude = tuple(value)
        else:
            settings.extend_exclude = tuple(value)


@dataclass
class Found:
    """What a walk found per input, for the "no plotdoc files found" message."""

    empty_folders: list[str] = field(default_factory=list)
    empty_globs: list[str] = field(default_factory=list)
    total: int = 0

    def note(self, name: str, count: int) -> None:
        self.total += count
        if count == 0 and os.path.isdir(name):
            self.empty_folders.append(name)
        elif count == 0 and name != STDIN and not os.path.lexists(name):
            self.empty_globs.append(name)

    def nothing(self, command: str) -> int:
        """Say that nothing was found and what was searched; the exit code: 0 when only
        folders were searched (as black and ruff do), 1 when a glob matched nothing."""
        searched = [*self.empty_folders, *self.empty_globs]
        print(
            f"plotdoc {command}: no plotdoc files found (*.plotdoc, *.plotdoc.json) in "
            + ", ".join(searched)
            + " (hidden, excluded and git-ignored folders skipped; -v says which)",
            file=sys.stderr,
        )
        return 1 if self.empty_globs else 0


#: The commands whose per-file work can run on a Dask cluster (``--dask``).
ON_CLUSTER = ("validate", "render", "fmt", "analyze")


def add_to_commands(sub: argparse._SubParsersAction[Any]) -> None:
    """:func:`add_options` on every subcommand that takes many files (a ``files`` argument),
    and ``--dask`` on those of :data:`ON_CLUSTER`."""
    for name, parser in sub.choices.items():
        if any(a.dest == "files" and a.nargs in ("+", "*") for a in parser._actions):
            add_options(parser)
            if name in ON_CLUSTER:
                parser.add_argument(
                    "--dask",
                    metavar="ADDRESS",
                    help="do the work on the Dask cluster whose scheduler is at ADDRESS "
                    "(default: $PLOTDOC_DASK; needs pip install 'plotdoc[dask]')",
                )
