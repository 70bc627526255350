"""Stage 6: keys named `__proto__`, `constructor` or `prototype`, at any depth."""

from __future__ import annotations

from collections.abc import Iterator

from ..problems import Problem, error
from .context import Context


def check_forbidden(ctx: Context) -> Iterator[Problem]:
    for path in ctx.forbidden:
        yield error(
            "forbidden-key",
            path,
            f"expected no key named {path[-1]!r} (refused everywhere, usermeta included); found one",
        )
