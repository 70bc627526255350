"""Stage 5: the version gate. A newer file is refused; nothing is guessed or dropped."""

from __future__ import annotations

from collections.abc import Iterator

from ..contract.site import CURRENT_VERSION
from ..problems import Problem, error
from .context import Context


def check_version(ctx: Context) -> Iterator[Problem]:
    if ctx.version > CURRENT_VERSION:
        yield error(
            "schema-version-newer",
            ("schemaVersion",),
            f"this file was written by a newer plotdoc (schema version {ctx.version}); this "
            f"plotdoc reads versions 1 to {CURRENT_VERSION}: upgrade plotdoc to open it",
        )
