"""Inputs that once crashed, hung or blew up the reader, kept as files and re-run forever.

Each file of ``regressions/`` is listed in :data:`EXPECTED` with whether it opens and the
``(code, path)`` of its first problem (an error when refused, a warning when it opens, empty
when it opens cleanly and must also save and reopen); a file
without an entry fails the suite, so nothing is added silently.
"""

from __future__ import annotations

import json
import time
import tracemalloc
from pathlib import Path

import pytest

from plotdoc.api import loads, validate
from plotdoc.problems import PlotdocError

from .mutations import check

HERE = Path(__file__).resolve().parent / "regressions"

_GRAPH = "tables[0].graph."

#: file name -> (opens, code, path) of the first problem it must produce
EXPECTED: dict[str, tuple[bool, str, str]] = {
    # a JSON text that is a lone scalar crashed the key/colon count (TypeError)
    "lone-scalar-true.json": (False, "not-an-object", ""),
    "lone-scalar-number.json": (False, "not-an-object", ""),
    "lone-scalar-string-with-colon.json": (False, "not-an-object", ""),
    # 1,000 levels deep, then 2,000 objects: each container used to carry a copy of its
    # whole path, so memory grew with size x depth (a 480 KB file took 1.3 GB)
    "deep-containers.json": (False, "json-duplicate-key", "[0]" * 999 + "[2000].a"),
    # data set index keys were read with int(): more than 4,300 digits raised ValueError
    "visibility-key-5000-digits.json": (
        True,
        "unmatched-data-set-key",
        _GRAPH + 'dataSetVisibility["' + "1" * 5000 + '"]',
    ),
    "activation-key-5000-digits.json": (
        True,
        "unmatched-data-set-key",
        _GRAPH + 'elementActivation.perDataSet["' + "1" * 5000 + '"]',
    ),
    # ... and a legend key passed str.isdigit() with "²", which int() refuses
    "legend-key-superscript-digit.json": (
        True,
        "unmatched-data-set-key",
        _GRAPH + 'legend.itemOverrides["²"]',
    ),
    # usermeta nested deeper than orjson serialises (254 levels) crashed the size check with
    # TypeError; now refused, counting the levels above it, so whatever opens can be saved
    "usermeta-deeper-than-the-writer.json": (False, "usermeta-too-deep", "usermeta"),
    "table-usermeta-deeper-than-the-writer.json": (
        False,
        "usermeta-too-deep",
        "tables[0].usermeta",
    ),
    # a text cell of 999 digits and a letter cost 20 ms in the numeric-text pattern (quadratic
    # backtracking); 50,000 such cells in a 50 MB file took a quarter of an hour
    "long-numeric-looking-text-cells.json": (
        False,
        "text-cell",
        "tables[0].dataSets[0].values[0][0]",
    ),
    # found by fuzzing (run 2 of docs/reliability.md): opening a frequencyDistribution results
    # table raised AttributeError in the analyses bridge; it opens cleanly (no problem at all)
    "frequency-results-table.json": (True, "", ""),
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
    assert names == set(EXPECTED), (
        "add the new regression file to EXPECTED (or remove stale entries)"
    )


@pytest.mark.parametrize("path", regression_files(), ids=lambda p: p.name)
def test_regression_file_gives_its_problem(path: Path) -> None:
    data = path.read_bytes()
    opens, code, where = EXPECTED[path.name]
    report = validate(data, build=True)
    assert report.ok is opens
    if not code:  # opens without any problem
        assert report.problems == []
        assert check(data) == "opened"
        return
    first = (report.errors or report.warnings)[0]
    assert (first.code, first.where) == (code, where)
    if opens:
        project = loads(data)
        assert (project.warnings[0].code, project.warnings[0].where) == (code, where)
    else:
        with pytest.raises(PlotdocError) as info:
            loads(data)
        assert (info.value.errors[0].code, info.value.errors[0].where) == (code, where)


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


def test_many_sibling_containers_cost_memory_by_depth_not_width() -> None:
    # the parse-time scan kept one stack entry per container until it was visited: a 50 MB
    # file of empty objects took twice the memory of its parsed tree (generated, not a file)
    data = b"[" + b",".join([b"{}"] * 300_000) + b"]"
    tracemalloc.start()
    try:
        assert [p.code for p in validate(data).errors] == ["not-an-object"]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50 * len(data)  # the tree itself is about 22 bytes per input byte


def test_numeric_text_check_is_linear_in_the_cell_length() -> None:
    def doc(length: int) -> bytes:
        cells = [["1" * (length - 1) + "x"] for _ in range(200)]
        return (
            b'{"format":"plotdoc-project","schemaVersion":1,"tables":[{"format":"column",'
            b'"dataSets":[{"name":"A","values":' + json.dumps(cells).encode() + b"}]}]}"
        )

    short, long = doc(100), doc(1000)

    def cpu(data: bytes) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            report = validate(data)  # 100 listed, the rest counted (each still checked)
            assert sum(p.code == "text-cell" for p in report.errors) + report.omitted == 200
            best = min(best, time.process_time() - start)
        return best

    # ten times the length: linear costs at most ten times as much, quadratic a hundred
    assert cpu(long) < 30 * max(cpu(short), 1e-3)


def test_many_tiny_lists_of_rows_are_not_all_cached() -> None:
    # every list of lists was flattened and cached as a data set's rows might be (a list, a
    # numpy array and a frozenset each): 120 bytes of memory per byte of `[[[0]],[[0]],...]`
    data = b"[" + b",".join([b"[[0]]"] * 300_000) + b"]"
    tracemalloc.start()
    try:
        assert [p.code for p in validate(data).errors] == ["not-an-object"]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50 * len(data)  # the tree itself is about 30 bytes per input byte
