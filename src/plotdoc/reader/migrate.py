"""Stage 7: migration of older versions, in memory; the file is never rewritten.

A step runs on a document its version's schema accepts: the structural check of that version
runs first, and its problems (at the file's own paths) stop the pipeline. The problems a step
finds are reported at the paths of the file the user has; the pipeline
carries the paths of every later stage's problems back to that file through
:attr:`Context.original` (so their line and column are found in the user's text too).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..contract.site import CURRENT_VERSION
from ..contract.versions import VERSIONS
from ..migrations import MIGRATIONS, MigrationError, Step, migrate
from ..problems import Problem, error
from .context import Context
from .structure import check_structure


def run_migrations(
    ctx: Context, steps: Mapping[int, Step] = MIGRATIONS, target: int = CURRENT_VERSION
) -> Iterator[Problem]:
    if ctx.version >= target:
        return
    if ctx.version in VERSIONS:
        # a step runs on a document its own version's schema accepts: an older file's
        # structural problems are those its version defines, at its paths
        found = list(check_structure(ctx))
        if found:
            yield from found
            return
    try:
        # the tree is the pipeline's own (parsed from the file): migrated in place, so the
        # rows of cells flattened while parsing stay valid
        done = migrate(ctx.tree, ctx.version, target, steps, in_place=True)
    except MigrationError as exc:
        yield error("migration-failed", exc.path, str(exc))
        return
    ctx.tree = done.doc
    ctx.version = target
    ctx.migrated = True
    ctx.original = done.original
    ctx.omitted_warnings += done.omitted_warnings
    yield from done.problems
