"""Each problem's line and column point at its value in the text, whatever the layout."""

from __future__ import annotations

import json
from typing import Any

import pytest

from plotdoc.api import validate
from plotdoc.reader.positions import locate

from ..conftest import CORPUS

EVERY = json.loads((CORPUS / "valid" / "every-family.plotdoc").read_bytes())


def _at(text: str, line: int, column: int) -> str:
    return text.split("\n")[line - 1][column - 1 :]


@pytest.mark.parametrize("indent", [None, 1, 4])
def test_problems_point_at_their_key_past_large_tables(indent: int | None) -> None:
    doc: dict[str, Any] = json.loads(json.dumps(EVERY))
    doc["tables"][0]["dataSets"][0]["values"] = [[float(i), None] for i in range(3000)]
    doc["tables"][0]["replicates"] = 2
    doc["tables"][4]["dataSets"][0]["nmae"] = "x"  # past a large array of rows
    doc["tables"][8]["graph"] = {"variantId": "pie"}
    text = json.dumps(doc, indent=indent)
    problems = validate(text.encode()).problems
    assert [p.code for p in problems] == ["unknown-key", "unknown-variant"]
    assert _at(text, problems[0].line or 0, problems[0].column or 0).startswith('"nmae"')
    assert _at(text, problems[1].line or 0, problems[1].column or 0).startswith('"variantId"')


def test_a_missing_key_points_at_the_object_that_lacks_it() -> None:
    text = '{"a": [1, {"b": 2}], "c": {"d": [[1, 2], [3]]}}'
    found = locate(text, [("c", "d", 1, 0), ("a", 1, "zz"), ("a", 5), ()])
    assert text[found[("c", "d", 1, 0)] :].startswith("3]")
    assert text[found[("a", 1, "zz")] :].startswith('{"b"')
    assert text[found[("a", 5)] :].startswith('"a"')
    assert found[()] == 0


def test_a_bad_byte_gets_its_line_and_byte_column() -> None:
    data = b'\xef\xbb\xbf{"a":\n  "\xff"}'
    (problem,) = validate(data).problems
    assert problem.code == "invalid-utf8"
    assert (problem.line, problem.column) == (2, 4)  # after the byte-order mark is set aside
