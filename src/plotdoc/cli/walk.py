"""Folder walks as black and ruff do them: lazy, skipping what is not the user's own files.

A folder given on the command line is walked one entry at a time (sorted within each folder,
so the order is stable) and yields its project files (``*.plotdoc``, ``*.plotdoc.json``):
nothing is listed into memory first. Skipped while walking:

* hidden folders (a name starting with ``.``) and the usual vendored or generated ones
  (:data:`DEFAULT_EXCLUDES`: ``node_modules``, ``.git``, virtual environments,
  ``__pycache__``, ``build``, ``dist``...);
* what ``--exclude`` names instead of that list, and what ``--extend-exclude`` adds to it
  (patterns as in ``.gitignore``: ``drafts/``, ``*.bak.plotdoc``, ``old/**``);
* what the ``.gitignore`` files of the walked folders and of their repository ignore
  (``--no-respect-gitignore`` turns that off).

A file named on the command line is always taken, as black and ruff do. Defaults for these
options come from ``[tool.plotdoc]`` in the ``pyproject.toml`` found upward from the inputs
(``exclude``, ``extend-exclude``, ``respect-gitignore``); the command line wins over it.
``pathspec`` (which parses ``.gitignore``) and ``tomllib`` load only when a folder is walked.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..contract.site import EXTENSIONS

#: Folders never walked unless ``--exclude`` replaces this list (ruff's and black's list).
DEFAULT_EXCLUDES = (
    ".bzr",
    ".direnv",
    ".eggs",
    ".git",
    ".hg",
    ".ipynb_checkpoints",
    ".mypy_cache",
    ".nox",
    ".pytest_cache",
    ".ruff_cache",
    ".svn",
    ".tox",
    ".venv",
    "__pycache__",
    "__pypackages__",
    "_build",
    "buck-out",
    "build",
    "dist",
    "node_modules",
    "site-packages",
    "venv",
)
STDIN = "-"
_GLOB_CHARS = frozenset("*?[")
_CONFIG_KEYS = {"exclude", "extend-exclude", "respect-gitignore"}


@dataclass
class Settings:
    """How folders are walked and how much is said (set once per command)."""

    exclude: tuple[str, ...] = DEFAULT_EXCLUDES
    extend_exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True
    quiet: bool = False
    verbose: bool = False
    config: Path | None = None
    _spec: Any = field(default=None, repr=False)

    def excludes(self) -> Any:
        if self._spec is None:
            from pathspec import GitIgnoreSpec

            self._spec = GitIgnoreSpec.from_lines([*self.exclude, *self.extend_exclude])
        return self._spec


#: The settings of the running command (the defaults until :func:`configure` runs).
SETTINGS = Settings()


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
    paths = [Path(n).resolve() for n in names if not _GLOB_CHARS & set(n)] or [Path.cwd()]
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


# -- walking --------------------------------------------------------------------------------


def is_project_file(name: str) -> bool:
    return name.lower().endswith(EXTENSIONS)


def _say(message: str) -> None:
    if SETTINGS.verbose:
        print(f"plotdoc: {message}", file=sys.stderr)


class _Ignores:
    """The ``.gitignore`` files that apply below a folder, deepest last."""

    def __init__(self, specs: list[tuple[Path, Any]]) -> None:
        self.specs = specs

    @classmethod
    def above(cls, folder: Path) -> _Ignores:
        """The ``.gitignore`` files of ``folder``'s repository above ``folder`` itself."""
        chain: list[Path] = []
        for parent in folder.parents:
            chain.append(parent)
            if (parent / ".git").exists():
                break
        else:
            return cls([])
        out = cls([])
        for parent in reversed(chain):
            out = out.entering(parent)
        return out

    def entering(self, folder: Path) -> _Ignores:
        path = folder / ".gitignore"
        if not path.is_file():
            return self
        from pathspec import GitIgnoreSpec

        try:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return self
        return _Ignores([*self.specs, (folder, GitIgnoreSpec.from_lines(lines))])

    def ignored(self, path: Path, is_dir: bool) -> bool:
        for base, spec in reversed(self.specs):
            rel = path.relative_to(base).as_posix() + ("/" if is_dir else "")
            result = spec.check_file(rel)
            if result.include is not None:
                return bool(result.include)
        return False


def walk_folder(root: Path) -> Iterator[str]:
    """The project files under ``root``, lazily, in sorted order within each folder."""
    excludes = SETTINGS.excludes()
    gitignore = SETTINGS.respect_gitignore
    start = _Ignores.above(root.resolve()).entering(root.resolve()) if gitignore else _Ignores([])
    stack: list[tuple[Path, Path, _Ignores]] = [(root, root.resolve(), start)]
    top = root.stat()
    walked = {(top.st_dev, top.st_ino)}  # folders seen, so a link back to one is not a loop
    while stack:
        folder, real, ignores = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            print(f"plotdoc: cannot read {folder}: {exc.strerror or exc}", file=sys.stderr)
            continue
        below: list[tuple[Path, Path, _Ignores]] = []
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError:
                continue
            if not is_dir and not is_project_file(entry.name):
                continue
            rel = (folder / entry.name).relative_to(root).as_posix() + ("/" if is_dir else "")
            if is_dir and entry.name.startswith("."):
                _say(f"skipped {folder / entry.name} (hidden folder)")
                continue
            if excludes.match_file(rel):
                _say(f"skipped {folder / entry.name} (excluded)")
                continue
            if gitignore and ignores.ignored(real / entry.name, is_dir):
                _say(f"skipped {folder / entry.name} (.gitignore)")
                continue
            if is_dir:
                try:
                    st = entry.stat()
                except OSError:
                    continue
                if (st.st_dev, st.st_ino) in walked:
                    _say(f"skipped {folder / entry.name} (a link to a folder already walked)")
                    continue
                walked.add((st.st_dev, st.st_ino))
                sub_real = real / entry.name
                below.append(
                    (
                        folder / entry.name,
                        sub_real,
                        ignores.entering(sub_real) if gitignore else ignores,
                    )
                )
            elif entry.is_file():
                yield str(folder / entry.name)
        stack.extend(reversed(below))


def walk(names: Iterable[str], found: Found | None = None) -> Iterator[str]:
    """The files named by ``names``, lazily: folders walked, globs expanded, anything else
    as given (a missing file is then reported by the command). With several inputs each
    file is given once."""
    seen: set[str] | None = None
    names = list(names)
    if len(names) > 1:
        seen = set()
    for name in names:
        count = 0
        for path in _one(name):
            if seen is not None:
                if path in seen:
                    continue
                seen.add(path)
            count += 1
            yield path
        if found is not None:
            found.note(name, count)


def _one(name: str) -> Iterator[str]:
    if name == STDIN:
        yield name
    elif os.path.isdir(name):
        yield from walk_folder(Path(name))
    elif not os.path.lexists(name) and _GLOB_CHARS & set(name):
        excludes = SETTINGS.excludes()
        # sorted, as the shell sorts what it expands (give a folder to walk lazily)
        for match in sorted(glob.glob(name, recursive=True)):
            if os.path.isdir(match) or not is_project_file(match):
                continue
            if excludes.match_file(Path(match).as_posix()):
                _say(f"skipped {match} (excluded)")
                continue
            yield match
    else:
        yield name


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
