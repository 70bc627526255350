"""What the editing tests share: a project saved with a fixed time stamp and read back."""

from __future__ import annotations

from typing import Any

import orjson

from plotdoc import loads
from plotdoc.model import Project
from plotdoc.writer import dumps

#: the time written as the save's, so two saves of one project are the same bytes
STAMP = "2000-01-01T00:00:00Z"


def saved(project: Project) -> bytes:
    """``project`` as saved (at :data:`STAMP`)."""
    return dumps(project, now=STAMP)


def formatted_form(data: bytes) -> bytes:
    """What `plotdoc fmt` makes of the file ``data`` (its own function, timestamps kept)."""
    from plotdoc.cli.fmt import formatted

    out, _, _ = formatted(data, "-", compact=False)
    return out


def reopened(project: Project) -> dict[str, Any]:
    """The document of ``project`` saved, opened again and saved once more."""
    doc: dict[str, Any] = orjson.loads(dumps(loads(saved(project)), now=STAMP))
    return doc
