"""Errors past the listed 100 cost only a count: no message is built for them.

A 16 MB file of two million text cells in a column table (text where numbers are required)
built an error per cell, printed a line per cell and grew past 2 GB before it was refused.
Now the first 100 errors are listed and the rest counted, in the API (``Report.omitted``,
``FileRefusedError.omitted`` and a ``too-many-problems`` error saying how many), in CLI text
and in ``--json`` (``omittedErrors``); an error past the cap builds nothing.
"""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path
from typing import Any

import orjson
import pytest

from plotdoc import problems as problems_module
from plotdoc.api import loads, validate
from plotdoc.cli import main
from plotdoc.contract.limits import MAX_LISTED_PROBLEMS
from plotdoc.errors import FileRefusedError
from plotdoc.reader import semantics

N_SETS = 3
PER_SET = 4_000  # past the 10,000 a data set once listed, all sets together
N_BAD = N_SETS * PER_SET


def _text_cells(per_set: int = PER_SET, numeric_every: int = 0) -> bytes:
    """A column table whose cells are all text (every ``numeric_every``-th spells a number)."""
    sets = []
    for s in range(N_SETS):
        rows = [
            ["1.5"] if numeric_every and i % numeric_every == 0 else ["n/a"] for i in range(per_set)
        ]
        sets.append({"name": f"S{s}", "values": rows})
    table = {"format": "column", "dataSets": sets}
    return orjson.dumps({"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]})


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Codes of the errors the semantic stage builds."""
    codes: list[str] = []
    real = problems_module.error

    def counting(code: str, *args: Any, **kwargs: Any) -> problems_module.Problem:
        codes.append(code)
        return real(code, *args, **kwargs)

    monkeypatch.setattr(semantics, "error", counting)
    return codes


def test_no_error_is_built_past_the_cap(built: list[str]) -> None:
    report = validate(_text_cells())
    assert not report.ok
    listed = [p for p in report.errors if p.code == "text-cell"]
    assert len(listed) == MAX_LISTED_PROBLEMS
    assert listed[0].where == "tables[0].dataSets[0].values[0][0]"
    assert report.omitted == N_BAD - MAX_LISTED_PROBLEMS
    assert built.count("text-cell") == MAX_LISTED_PROBLEMS
    last = report.errors[-1]
    assert last.code == "too-many-problems"
    assert f"{N_BAD - MAX_LISTED_PROBLEMS:,} more problem(s)" in last.message


def test_numeric_text_past_the_cap_is_not_counted() -> None:
    report = validate(_text_cells(numeric_every=4))  # one cell in four spells 1.5
    assert report.omitted == N_BAD - N_BAD // 4 - MAX_LISTED_PROBLEMS


def test_open_refuses_with_the_count() -> None:
    with pytest.raises(FileRefusedError) as caught:
        loads(_text_cells())
    exc = caught.value
    assert exc.omitted == N_BAD - MAX_LISTED_PROBLEMS
    assert exc.report.omitted == N_BAD - MAX_LISTED_PROBLEMS
    assert len(exc.errors) == MAX_LISTED_PROBLEMS + 1
    assert str(exc).count("\n") < 20


def test_memory_does_not_grow_with_the_errors() -> None:
    """Twice the bad cells cost about twice the cells, not a problem object each."""

    def peak(per_set: int) -> int:
        data = _text_cells(per_set)
        tracemalloc.start()
        try:
            validate(data)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    small, large = peak(PER_SET), peak(4 * PER_SET)
    # per bad cell: the parsed row and its (row, column, text) entry, under 400 bytes;
    # a built error (message, path, Problem) alone costs more than 600
    assert (large - small) / (3 * N_BAD) < 400


@pytest.mark.parametrize("command", ["validate", "render", "fmt"])
def test_cli_text_and_json_give_the_count(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "flood.plotdoc"
    path.write_bytes(_text_cells())
    extra = ["-o", str(tmp_path / "out")] if command == "render" else []
    if command == "fmt":
        extra = ["--check"]
    assert main([command, *extra, str(path)]) == 1
    out = capsys.readouterr()
    text = out.out + out.err
    assert text.count("[text-cell]") == MAX_LISTED_PROBLEMS
    assert f"... {N_BAD - MAX_LISTED_PROBLEMS} more problem(s) not listed" in text
    assert main([command, *extra, "--json", str(path)]) == 1
    record = json.loads(capsys.readouterr().out)["files"][0]
    assert record["omittedErrors"] == N_BAD - MAX_LISTED_PROBLEMS
    assert len(record["errors"]) == MAX_LISTED_PROBLEMS + 1
