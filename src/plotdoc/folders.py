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
options come from ``[tool.plotdoc]`` in the ``pyproject.toml`` found upward from the inputs;
the command line wins over it (both read by :mod:`plotdoc.cli.walk`, which sets
:data:`SETTINGS`). ``pathspec`` (which parses ``.gitignore``) loads only when a folder is
walked. :mod:`plotdoc.batch` and the commands walk with :func:`walk`.
"""

from __future__ import annotations

import glob
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .contract.site import EXTENSIONS

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
GLOB_CHARS = frozenset("*?[")


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


#: The settings of the running command (the defaults until the command line sets them:
#: :func:`plotdoc.cli.walk.configure`).
SETTINGS = Settings()


# -- walking --------------------------------------------------------------------------------


class Noted(Protocol):
    """What counts the files each input of :func:`walk` gave (``cli.walk.Found``)."""

    def note(self, name: str, count: int) -> None: ...


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


def walk(names: Iterable[str], found: Noted | None = None) -> Iterator[str]:
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
    elif not os.path.lexists(name) and GLOB_CHARS & set(name):
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


# -- the names of what a batch writes -----------------------------------------------------


def stem(name: str) -> str:
    """The name of the file ``name`` without its folder and project suffix (``stdin`` for
    standard input)."""
    if name == STDIN:
        return "stdin"
    file_name = name.rstrip("/").rsplit("/", 1)[-1]
    low = file_name.lower()
    for suffix in EXTENSIONS:
        if low.endswith(suffix):
            return file_name[: -len(suffix)] or file_name
    return file_name.rsplit(".", 1)[0] if "." in file_name[1:] else file_name


def unique(name: str, used: set[str]) -> str:
    """``name``, or ``name-2``, ``name-3``, ... when ``used`` (ignoring case) has it; added
    to ``used``."""
    candidate, n = name, 1
    while candidate.lower() in used:
        n += 1
        candidate = f"{name}-{n}"
    used.add(candidate.lower())
    return candidate


def graph_file_names(table_names: Iterable[str]) -> list[str]:
    """The file names (without suffix) of a project's graphs, one per table name: the name
    made safe for a file, and unique within the project (``Body``, ``Body-2``)."""
    from .render import file_stem

    used: set[str] = set()
    return [unique(file_stem(name), used) for name in table_names]
