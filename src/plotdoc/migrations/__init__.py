"""Migrations: one module per step `vN -> vN+1`, chained, run in memory at open.

A step is a function ``step(doc, log)`` turning a document of version N into one of version
N+1 (it may change ``doc`` in place and return it). Through ``log`` it says where things moved
(:meth:`Log.moved`: this path of the new document was that path of the old one) and what it
repaired (:meth:`Log.problem`, at a path of the old document). :func:`migrate` chains the
steps, checks that each raises ``schemaVersion`` by exactly one, and returns a
:class:`Migrated`: the new document, the problems at the paths of the file the user has, and
:meth:`Migrated.original` to carry any later path back to that file.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract.limits import MAX_LISTED_WARNINGS
from ..problems import Path, Problem

Step = Callable[[dict[str, Any], "Log"], dict[str, Any]]


class MigrationError(Exception):
    def __init__(self, message: str, path: Path = ()) -> None:
        super().__init__(message)
        self.path = path


@dataclass
class Log:
    """What one step did: where paths moved, and the problems it found (old paths)."""

    #: path in the new document -> path in the old one (a move covers everything below it)
    moves: dict[Path, Path] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    #: warnings past :data:`MAX_LISTED_WARNINGS`, counted and not kept
    omitted_warnings: int = 0
    listed_warnings: int = 0

    def moved(self, new: Path, old: Path) -> None:
        if new != old:
            self.moves[new] = old

    @property
    def full(self) -> bool:
        """Whether a further warning would only be counted: a step that may warn millions of
        times asks first and calls :meth:`omit` instead of building the warning."""
        return self.listed_warnings >= MAX_LISTED_WARNINGS

    def omit(self) -> None:
        self.omitted_warnings += 1

    def problem(self, problem: Problem) -> None:
        if problem.severity == "warning":
            if self.listed_warnings >= MAX_LISTED_WARNINGS:
                self.omitted_warnings += 1
                return
            self.listed_warnings += 1
        self.problems.append(problem)

    def original(self, path: Path) -> Path:
        """``path`` of the new document as a path of the old one (the longest move wins)."""
        if not self.moves:
            return path
        for n in range(len(path), 0, -1):
            old = self.moves.get(path[:n])
            if old is not None:
                return (*old, *path[n:])
        return path


@dataclass
class Migrated:
    doc: dict[str, Any]
    #: problems found on the way, at paths of the original document
    problems: list[Problem] = field(default_factory=list)
    omitted_warnings: int = 0
    #: one log per step run, oldest first
    logs: list[Log] = field(default_factory=list)

    def original(self, path: Path) -> Path:
        """A path of the migrated document as the path of the original one."""
        for log in reversed(self.logs):
            path = log.original(path)
        return path


def migrate(
    doc: dict[str, Any],
    version: int,
    target: int,
    steps: Mapping[int, Step],
    *,
    in_place: bool = False,
) -> Migrated:
    """Run the steps from ``version`` up to ``target`` (on a copy of ``doc`` unless
    ``in_place``: the reader owns its parsed tree and spares the copy of its cells)."""
    out = doc if in_place else copy.deepcopy(doc)
    result = Migrated(out)
    while version < target:
        step = steps.get(version)
        if step is None:
            raise MigrationError(
                f"no migration from schema version {version} to {version + 1}", ("schemaVersion",)
            )
        log = Log()
        try:
            out = step(out, log)
        except MigrationError:
            raise
        except Exception as exc:  # a step's own failure becomes a problem, never a crash
            raise MigrationError(f"the migration from version {version} failed: {exc}") from exc
        if out.get("schemaVersion") != version + 1:
            raise MigrationError(
                f"the migration from version {version} did not raise schemaVersion to {version + 1}",
                ("schemaVersion",),
            )
        # the step's problems are at paths of its input: carry them back to the file's
        result.problems.extend(_at(p, result.original(p.path)) for p in log.problems)
        result.omitted_warnings += log.omitted_warnings
        result.logs.append(log)
        version += 1
    result.doc = out
    return result


def _at(problem: Problem, path: Path) -> Problem:
    return problem if path == problem.path else replace(problem, path=path)


def upgrade(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` (a valid document of an older version) as a document of the current version,
    on a copy; raises :class:`MigrationError` when a step fails."""
    from ..contract.site import CURRENT_VERSION

    return migrate(doc, int(doc["schemaVersion"]), CURRENT_VERSION, MIGRATIONS).doc


from .v1_to_v2 import migrate as _v1_to_v2  # noqa: E402 (a step needs Log, defined above)

#: ``{N: step}`` where ``step`` turns a version N document into version N+1.
MIGRATIONS: dict[int, Step] = {1: _v1_to_v2}
