"""Stage 7: migration of older versions, in memory; the file is never rewritten."""

from __future__ import annotations

from collections.abc import Iterator

from ..contract.site import CURRENT_VERSION
from ..migrations import MIGRATIONS, MigrationError, migrate
from ..problems import Problem, error
from .context import Context


def run_migrations(ctx: Context) -> Iterator[Problem]:
    if ctx.version == CURRENT_VERSION:
        return
    try:
        ctx.tree = migrate(ctx.tree, ctx.version, CURRENT_VERSION, MIGRATIONS)
    except MigrationError as exc:
        yield error("migration-failed", exc.path, str(exc))
        return
    ctx.version = CURRENT_VERSION
    ctx.migrated = True
    ctx.flat.clear()
