"""Messages say what was expected in a form a person can act on, and nothing twice."""

from __future__ import annotations

import codecs
import json
from typing import Any

import pytest

from plotdoc.api import validate
from plotdoc.problems import Problem

from ..conftest import CORPUS

GOOD = json.loads((CORPUS / "valid" / "minimal.plotdoc").read_bytes())


def problems(doc: dict[str, Any] | bytes) -> list[Problem]:
    data = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    return validate(data).problems


def with_graph(**graph: Any) -> dict[str, Any]:
    doc = json.loads(json.dumps(GOOD))
    doc["tables"][0]["graph"].update(graph)
    return doc


def only(doc: dict[str, Any] | bytes) -> Problem:
    (problem,) = problems(doc)
    return problem


def test_a_short_enumeration_is_listed_in_full_with_a_suggestion() -> None:
    doc = json.loads(json.dumps(GOOD))
    doc["tables"][0]["format"] = "colum"
    p = next(p for p in problems(doc) if p.where == "tables[0].format")
    assert p.message == (
        "expected one of xy, column, grouped, nested, contingency, survival, partsOfWhole, "
        'multipleVariables; found "colum"; did you mean "column"?'
    )


def test_a_long_enumeration_names_its_size_and_the_closest_values() -> None:
    p = only(with_graph(variantId="pie"))
    assert p.code == "unknown-variant"
    assert p.message.startswith("expected one of 64 values (closest: parts-pie")
    assert p.message.endswith('found "pie"; did you mean "parts-pie"?')


def test_a_colour_of_the_wrong_form_names_both_forms() -> None:
    p = only(with_graph(styleOverrides={"global": {"bar": {"fill": "#ff0000"}}}))
    assert p.message == (
        'expected "theme" or an object {"hex": "#rrggbb", "alpha": 0..1}; '
        'found the string "#ff0000"'
    )


def test_auto_or_a_number() -> None:
    p = only(with_graph(axesOverrides={"leftY": {"rangeMin": "0"}}))
    assert p.where == "tables[0].graph.axesOverrides.leftY.rangeMin"
    assert p.message == 'expected "auto" or a number; found the string "0"'


def test_bracket_anchors_name_their_two_forms() -> None:
    doc = json.loads(json.dumps(GOOD))
    doc["tables"][0]["annotations"] = [
        {"type": "bracket", "left": 0, "right": {"kind": "group", "groupIndex": 1}}
    ]
    p = only(doc)
    assert p.message == (
        'expected {"kind": "group", "groupIndex": n} or {"kind": "free", "x": number}; '
        "found the number 0"
    )


@pytest.mark.parametrize(
    ("value", "found"),
    [(None, "found null"), ({"a": 1}, "found an object with 1 key"), (True, "found true")],
)
def test_no_doubled_words(value: object, found: str) -> None:
    doc = json.loads(json.dumps(GOOD))
    doc["tables"][0]["name"] = value
    p = only(doc)
    assert p.message == f"expected a string; {found}"


def test_a_fraction_where_an_integer_is_expected_is_a_wrong_type() -> None:
    doc = json.loads(json.dumps(GOOD))
    doc["tables"][0]["annotations"] = [
        {
            "type": "bracket",
            "left": {"kind": "group", "groupIndex": 0.5},
            "right": {"kind": "group", "groupIndex": 1},
        }
    ]
    p = only(doc)
    assert (p.code, p.message) == ("wrong-type", "expected an integer; found the number 0.5")


def test_an_unknown_key_suggests_the_nearest() -> None:
    doc = json.loads(json.dumps(GOOD))
    doc["tables"][0]["nmae"] = "x"
    assert only(doc).message.endswith('found the unknown key "nmae"; did you mean "name"?')


def test_a_second_bom_is_named_as_such() -> None:
    data = codecs.BOM_UTF8 * 2 + json.dumps(GOOD).encode()
    p = only(data)
    assert "second byte-order mark" in p.message and "not supported" not in p.message


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_non_finite_literals_are_named(literal: str) -> None:
    data = json.dumps(GOOD).replace("4.1", literal).encode()
    p = only(data)
    assert p.code == "json-syntax"
    assert f"found the literal {literal}, which JSON does not allow" in p.message


def test_usermeta_too_deep_has_its_own_code() -> None:
    doc = json.loads(json.dumps(GOOD))
    deep: object = 1
    for _ in range(260):
        deep = [deep]
    doc["usermeta"] = {"k": deep}
    assert only(doc).code == "usermeta-too-deep"


def test_positions_are_found_only_for_a_document_with_problems(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from plotdoc.reader import positions

    def fail(*args: object) -> None:
        raise AssertionError("a valid open looked for positions")

    monkeypatch.setattr(positions, "with_positions", fail)
    assert validate(json.dumps(GOOD).encode()).ok
    bad = json.loads(json.dumps(GOOD))
    bad["bogus"] = 1
    with pytest.raises(AssertionError, match="looked for positions"):
        validate(json.dumps(bad).encode())
