"""Stage 4: the envelope, `format` and `schemaVersion`, checked before anything else."""

from __future__ import annotations

from collections.abc import Iterator

from ..contract.site import FORMAT
from ..problems import Problem, error, excerpt, found
from .context import Context


def check_envelope(ctx: Context) -> Iterator[Problem]:
    tree = ctx.tree
    if not isinstance(tree, dict):
        yield error("not-an-object", (), f"expected a JSON object; found {found(tree)}")
        return
    if "format" not in tree:
        yield error(
            "format-missing",
            ("format",),
            f"expected the key format with the value {FORMAT!r}; it is missing",
        )
    elif tree["format"] != FORMAT:
        yield error(
            "format-mismatch", ("format",), f"expected {FORMAT!r}; found {excerpt(tree['format'])}"
        )
    if "schemaVersion" not in tree:
        yield error(
            "schema-version-missing",
            ("schemaVersion",),
            "expected the key schemaVersion (an integer such as 1); it is missing",
        )
        return
    version = tree["schemaVersion"]
    if (
        isinstance(version, bool)
        or not isinstance(version, (int, float))
        or (isinstance(version, float) and not version.is_integer())
        or version < 1
    ):
        yield error(
            "schema-version-invalid",
            ("schemaVersion",),
            f"expected a positive integer; found {excerpt(version)}",
        )
        return
    ctx.version = int(version)
