"""Migrations: one module per step `vN -> vN+1`, chained, run in memory at open.

Version 1 is the first public version, so :data:`MIGRATIONS` is empty. A step is a function
from the document of version N to the document of version N+1; :func:`migrate` chains them
and checks that each step raises ``schemaVersion`` by exactly one.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

Step = Callable[[dict[str, Any]], dict[str, Any]]

#: ``{N: step}`` where ``step`` turns a version N document into version N+1.
MIGRATIONS: dict[int, Step] = {}


class MigrationError(Exception):
    def __init__(self, message: str, path: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.path = path


def migrate(
    doc: dict[str, Any], version: int, target: int, steps: Mapping[int, Step]
) -> dict[str, Any]:
    """Run the steps from ``version`` up to ``target`` on a copy of ``doc``."""
    out = copy.deepcopy(doc)
    while version < target:
        step = steps.get(version)
        if step is None:
            raise MigrationError(
                f"no migration from schema version {version} to {version + 1}", ("schemaVersion",)
            )
        try:
            out = step(out)
        except MigrationError:
            raise
        except Exception as exc:  # a step's own failure becomes a problem, never a crash
            raise MigrationError(f"the migration from version {version} failed: {exc}") from exc
        if out.get("schemaVersion") != version + 1:
            raise MigrationError(
                f"the migration from version {version} did not raise schemaVersion to {version + 1}",
                ("schemaVersion",),
            )
        version += 1
    return out
