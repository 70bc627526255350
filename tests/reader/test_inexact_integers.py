"""An integer cell a double cannot hold exactly opens with a warning at its path.

Cells are doubles: 2^53 + 1 was read as 2^53 without a word (a save refuses such a cell,
``number-not-exact``; open said nothing). Now each integer cell or x value beyond 2^53 in
magnitude gives ``integer-not-exact`` with the integer and the double it is read as. Numbers
written as doubles (``1e20``) give none; integers beyond 64 bits, which orjson reads as
doubles, are found in the text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
import pytest

from plotdoc.api import loads, validate
from plotdoc.cli import main
from plotdoc.contract.limits import MAX_LISTED_WARNINGS

LIMIT = 2**53


def _doc(cells: list[Any], x: list[Any] | None = None, raw: str | None = None) -> bytes:
    table: dict[str, Any] = {
        "format": "xy" if x is not None else "column",
        "dataSets": [{"name": "A", "values": [[c] for c in cells]}],
    }
    if x is not None:
        table["x"] = x
    data = orjson.dumps({"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]})
    return data if raw is None else data.replace(b'"RAW"', raw.encode())


def _warned(data: bytes, *, build: bool = True) -> list[tuple[str, str]]:
    report = validate(data, build=build)
    assert report.ok
    return [(p.code, p.where) for p in report.warnings]


@pytest.mark.parametrize("build", [True, False])  # arrays, or plain Python for a check
def test_beyond_2_53_warns_at_its_path(build: bool) -> None:
    data = _doc([1, LIMIT, LIMIT + 1, -LIMIT, -LIMIT - 2, 2**63 - 1])
    assert _warned(data, build=build) == [
        ("integer-not-exact", "tables[0].dataSets[0].values[2][0]"),
        ("integer-not-exact", "tables[0].dataSets[0].values[4][0]"),
        ("integer-not-exact", "tables[0].dataSets[0].values[5][0]"),
    ]


def test_the_message_gives_the_integer_and_the_double() -> None:
    project = loads(_doc([LIMIT + 1]))
    (w,) = project.warnings
    assert w.message == (
        "expected an integer of at most 2^53 in magnitude (a cell is a double); "
        "found 9007199254740993, read as 9007199254740992.0"
    )
    assert project.tables[0].data_sets[0].values[0, 0] == float(LIMIT)


def test_x_values_and_wide_rows() -> None:
    table = {
        "format": "xy",
        "x": [1, LIMIT + 1],
        "dataSets": [{"name": "A", "values": [[1, 2], [3, LIMIT * 4 + 1]]}],
    }
    data = orjson.dumps({"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]})
    assert _warned(data) == [
        ("integer-not-exact", "tables[0].dataSets[0].values[1][1]"),
        ("integer-not-exact", "tables[0].x[1]"),
    ]


def test_integers_beyond_64_bits_are_found_in_the_text() -> None:
    wide = "18446744073709551617"  # 2^64 + 1: orjson reads it as a double
    data = _doc([1, "RAW", 3], raw=wide)
    assert _warned(data) == [("integer-not-exact", "tables[0].dataSets[0].values[1][0]")]
    (w,) = validate(data).warnings
    assert f"found {wide}, read as 1.8446744073709552e+19" in w.message


@pytest.mark.parametrize(
    "wide",
    [
        "-9223372036854775809",  # one below the smallest 64-bit integer: 19 digits
        "-9999999999999999999",
        "-18446744073709551617",
        "99999999999999999999",
    ],
)
def test_every_integer_orjson_reads_as_a_double_is_found(wide: str) -> None:
    # orjson reads integers from -2^63 to 2^64 - 1 whole and any other as a double: a minus
    # and 19 digits can be past the edge too
    assert orjson.loads(wide) == float(wide)
    data = _doc([1, "RAW"], raw=wide)
    for build in (True, False):
        assert _warned(data, build=build) == [
            ("integer-not-exact", "tables[0].dataSets[0].values[1][0]")
        ]


@pytest.mark.parametrize("name", ["Table e+1", "1e+20"])
def test_a_wide_integer_beside_text_spelling_an_exponent_is_found(name: str) -> None:
    # the text is read for digits only when the tree, written back, holds an exponent
    # ("e+"): a name spelling one sends it there as well, and the integer is found
    wide = "18446744073709551617"
    data = _doc([1, "RAW"], raw=wide).replace(b'"A"', orjson.dumps(name))
    assert _warned(data) == [("integer-not-exact", "tables[0].dataSets[0].values[1][0]")]
    plain = _doc([1, "RAW"], raw="-900719925474099").replace(b'"A"', orjson.dumps(name))
    assert _warned(plain) == []


@pytest.mark.parametrize("shift", [-30, -19, -10, -1, 0, 1])
def test_a_wide_integer_across_the_text_s_chunks_is_found(shift: int) -> None:
    # the text is searched a megabyte at a time: an integer across the boundary of two
    # chunks (or near it) is found as one anywhere else is
    from plotdoc.reader.parse import _WIDE_CHUNK

    wide = "18446744073709551617"
    head = _doc([1.5] * 100_000 + ["RAW"], raw=wide)
    pad = _WIDE_CHUNK + shift - head.index(wide.encode())
    data = head.replace(b"{", b"{" + b" " * pad, 1)
    assert data.index(wide.encode()) == _WIDE_CHUNK + shift
    assert _warned(data, build=False) == [
        ("integer-not-exact", "tables[0].dataSets[0].values[100000][0]")
    ]


@pytest.mark.parametrize(
    "written", ["1e20", "100000000000000000000.0", "9007199254740993.0", "-1E+30"]
)
def test_numbers_written_as_doubles_give_none(written: str) -> None:
    assert _warned(_doc([1, "RAW"], raw=written)) == []
    assert _warned(_doc([1, "RAW"], raw=written), build=False) == []


def test_a_flood_is_capped_like_every_warning() -> None:
    n = MAX_LISTED_WARNINGS + 500
    report = validate(_doc([LIMIT + 1] * n))
    assert len(report.warnings) == MAX_LISTED_WARNINGS
    assert report.omitted_warnings == 500


def test_validate_json_reports_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.plotdoc"
    path.write_bytes(_doc([LIMIT + 1]))
    assert main(["validate", "--json", str(path)]) == 0
    (record,) = json.loads(capsys.readouterr().out)["files"]
    assert [w["code"] for w in record["warnings"]] == ["integer-not-exact"]
