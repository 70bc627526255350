"""Stage 1: the size limit. The caller reads at most one byte past the limit."""

from __future__ import annotations

from collections.abc import Iterator

from ..contract.limits import MAX_FILE_BYTES
from ..problems import Problem, error
from .context import Context


def check_size(ctx: Context) -> Iterator[Problem]:
    if len(ctx.data) > MAX_FILE_BYTES:
        yield error(
            "file-too-large",
            (),
            f"expected at most {MAX_FILE_BYTES:,} bytes (50 MB); the file is larger",
            offset=MAX_FILE_BYTES,
        )
