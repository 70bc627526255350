"""Inputs that once crashed, hung or blew up the reader, kept as files and re-run forever.

Each file of ``regressions/`` is listed in :data:`EXPECTED` with the ``(code, path)`` of its
first error; a file without an entry fails the suite, so nothing is added silently.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from plotdoc.api import loads, validate
from plotdoc.problems import PlotdocError

HERE = Path(__file__).resolve().parent / "regressions"

#: file name -> (code, path) of the first error it must produce
EXPECTED: dict[str, tuple[str, str]] = {
    # a JSON text that is a lone scalar crashed the key/colon count (TypeError)
    "lone-scalar-true.json": ("not-an-object", ""),
    "lone-scalar-number.json": ("not-an-object", ""),
    "lone-scalar-string-with-colon.json": ("not-an-object", ""),
    # 1,000 levels deep, then 2,000 objects: each container used to carry a copy of its
    # whole path, so memory grew with size x depth (a 480 KB file took 1.3 GB)
    "deep-containers.json": (
        "json-duplicate-key",
        "[0]" * 999 + "[2000].a",
    ),
    # found by fuzzing: see docs/reliability.md (entries added as they are found)
}

#: Peak memory the reader may allocate per byte of input while refusing a regression file.
#: A parsed tree of empty objects costs about 75 bytes per input byte; the path copies that
#: this bounds cost thousands.
MAX_BYTES_PER_INPUT_BYTE = 200


def regression_files() -> list[Path]:
    return sorted(p for p in HERE.iterdir() if p.suffix == ".json")


def test_every_regression_file_has_an_expectation() -> None:
    names = {p.name for p in regression_files()}
    assert names == set(EXPECTED), "add the new regression file to EXPECTED (or remove stale entries)"


@pytest.mark.parametrize("path", regression_files(), ids=lambda p: p.name)
def test_regression_file_gives_its_problem(path: Path) -> None:
    data = path.read_bytes()
    report = validate(data)
    assert report.errors, "a regression input is expected to be refused"
    first = report.errors[0]
    assert (first.code, first.where) == EXPECTED[path.name]
    with pytest.raises(PlotdocError) as info:
        loads(data)
    assert (info.value.errors[0].code, info.value.errors[0].where) == EXPECTED[path.name]


@pytest.mark.parametrize("path", regression_files(), ids=lambda p: p.name)
def test_regression_file_memory_is_linear(path: Path) -> None:
    data = path.read_bytes()
    tracemalloc.start()
    try:
        validate(data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= max(1_000_000, MAX_BYTES_PER_INPUT_BYTE * len(data))
