"""Documents and a standard-input stand-in shared by the command-line tests."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from ..conftest import CORPUS

GOOD = CORPUS / "valid" / "minimal.plotdoc"
BAD = CORPUS / "invalid" / "unknown-variant.plotdoc"


def minimal(**changes: Any) -> dict[str, Any]:
    """The minimal valid document, its first table updated with ``changes``."""
    doc: dict[str, Any] = json.loads(GOOD.read_bytes())
    doc["tables"][0].update(changes)
    return doc


def write(path: Path, doc: dict[str, Any] | bytes) -> Path:
    path.write_bytes(doc if isinstance(doc, bytes) else json.dumps(doc).encode())
    return path


def feed_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
