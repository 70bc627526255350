"""Hostile documents: each is refused or opened by a documented rule (docs/reliability.md),
in time and memory linear in its size.

Speed is never asserted in absolute terms: growth is checked with scaled pairs (the same
document at n and 2n units, ``time(2n) / time(n) < 3``) or, better, with counts.
"""

from __future__ import annotations

import codecs
import copy
import sys
import unicodedata
from collections.abc import Callable
from typing import Any

import orjson
import pytest

from plotdoc.api import loads, validate
from plotdoc.contract.limits import FORBIDDEN_KEYS, MAX_DEPTH, MAX_FILE_BYTES, MAX_LISTED_PROBLEMS
from plotdoc.contract.nodes import Num, OneOf
from plotdoc.problems import PlotdocError, Report, format_path
from plotdoc.writer import dumps

from .documents import ROOT, Json, complete, encode, fields, get, minimal, resolve_ref
from .mutations import NOW, check

MINIMAL = encode(minimal())


def _errors(data: bytes) -> list[tuple[str, str]]:
    return [(p.code, p.where) for p in validate(data, build=True).errors]


def _with_usermeta(raw: bytes) -> bytes:
    """The minimal document with ``"usermeta": <raw>`` spliced in as text."""
    return MINIMAL[:-1] + b',"usermeta":' + raw + b"}"


# -- forbidden keys at every depth ----------------------------------------------------------


def _object_paths(doc: Json) -> list[tuple[str | int, ...]]:
    out: list[tuple[str | int, ...]] = []
    stack: list[tuple[Json, tuple[str | int, ...]]] = [(doc, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            out.append(path)
            stack.extend((v, (*path, k)) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, (*path, i)) for i, v in enumerate(node))
    return sorted(out, key=format_path)


COMPLETE = complete()
OBJECT_PATHS = _object_paths(COMPLETE)


def test_forbidden_key_cases_reach_the_records() -> None:
    rendered = {format_path(p) for p in OBJECT_PATHS}
    for record in (
        "usermeta",
        "usermeta.Control.tool",
        "tables[0].usermeta",
        "tables[0].columnWidths",
        "tables[0].graph.dataSetVisibility",
        "tables[0].graph.styleOverrides.perDataSet",
        "tables[0].graph.styleOverrides.perPoint",
        "tables[0].graph.styleOverrides.perPoint.Control",
        "tables[0].graph.elementActivation.perDataSet",
        "tables[0].graph.legend.itemOverrides",
    ):
        assert record in rendered, record


@pytest.mark.parametrize("key", sorted(FORBIDDEN_KEYS))
@pytest.mark.parametrize("path", OBJECT_PATHS, ids=format_path)
def test_forbidden_key_is_refused_at_every_depth(path: tuple[str | int, ...], key: str) -> None:
    doc = copy.deepcopy(COMPLETE)
    get(doc, path)[key] = {"x": 1}
    where = format_path((*path, key))
    assert _errors(encode(doc)) == [("forbidden-key", where)]


def test_forbidden_key_spelled_with_escapes_is_refused() -> None:
    data = _with_usermeta(b'{"\\u005f_proto__":1,"constr\\u0075ctor":2}')
    assert sorted(_errors(data)) == [
        ("forbidden-key", "usermeta.__proto__"),
        ("forbidden-key", "usermeta.constructor"),
    ]


def test_forbidden_key_deep_in_usermeta_is_refused() -> None:
    inner = b'{"a":' * 200 + b'{"prototype":1}' + b"}" * 200
    assert _errors(_with_usermeta(inner)) == [
        ("forbidden-key", "usermeta" + ".a" * 200 + ".prototype")
    ]


def test_forbidden_names_as_values_and_near_misses_as_keys_open() -> None:
    doc = minimal()
    doc["tables"][0]["id"] = "constructor"
    doc["tables"][0]["dataSets"][0]["name"] = "__proto__"
    doc["usermeta"] = {"Constructor": 1, "__proto__ ": 2, "prototypes": 3, "x": "prototype"}
    project = loads(encode(doc))
    assert project.tables[0].data_sets[0].name == "__proto__"
    assert set(project.usermeta) == {"Constructor", "__proto__ ", "prototypes", "x"}


# -- nesting, whitespace, long numbers -------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b"[" * 100_000 + b"]" * 100_000,
        b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
        b"[" * 100_000,
        _with_usermeta(b"[" * 100_000 + b"]" * 100_000),
    ],
    ids=["arrays", "objects", "unclosed", "in-usermeta"],
)
def test_nesting_100000_deep_is_too_deep(data: bytes) -> None:
    assert _errors(data) == [("json-too-deep", "")]


def test_depth_limit_is_1024() -> None:
    at = b"[" * MAX_DEPTH + b"]" * MAX_DEPTH
    over = b"[" + at + b"]"
    assert _errors(at) == [("not-an-object", "")]  # parsed, then not a project
    assert _errors(over) == [("json-too-deep", "")]


def test_usermeta_nesting_boundary_is_what_the_writer_can_save() -> None:
    def doc(depth: int) -> bytes:
        return _with_usermeta(b'{"k":' + b"[" * depth + b"1" + b"]" * depth + b"}")

    assert check(doc(252)) == "opened"  # opens, saves and reopens
    assert _errors(doc(253)) == [("usermeta-too-deep", "usermeta")]


def test_50_mb_of_whitespace_is_an_empty_document() -> None:
    assert _errors(b" " * MAX_FILE_BYTES) == [("json-syntax", "")]
    assert _errors(b"\n\t\r " * (MAX_FILE_BYTES // 4)) == [("json-syntax", "")]
    assert _errors(b" " * (MAX_FILE_BYTES + 1)) == [("file-too-large", "")]


def _cell(raw: bytes) -> bytes:
    return MINIMAL.replace(b"[1.0]", b"[" + raw + b"]", 1)


@pytest.mark.parametrize(
    ("raw", "outcome"),
    [
        (b"1" * 100_000, "json-number-out-of-range"),
        (b"-" + b"9" * 100_000, "json-number-out-of-range"),
        (b"1e" + b"9" * 100_000, "json-number-out-of-range"),
        (b"0." + b"0" * 100_000 + b"1", 0.0),  # underflows to zero, like any double parser
        (b"1." + b"0" * 100_000, 1.0),
        (b"0." + b"3" * 100_000, 1 / 3),
        (b"1e-" + b"9" * 100_000, 0.0),
        (b"1e" + b"0" * 100_000 + b"2", 100.0),
    ],
    ids=[
        "int",
        "negative-int",
        "huge-exponent",
        "tiny",
        "one",
        "third",
        "tiny-exponent",
        "zero-padded-exponent",
    ],
)
def test_a_number_with_100000_digits(raw: bytes, outcome: str | float) -> None:
    data = _cell(raw)
    if isinstance(outcome, str):
        assert _errors(data) == [(outcome, "")]
    else:
        project = loads(data)
        assert project.tables[0].data_sets[0].values[0, 0] == pytest.approx(outcome)


# -- integers beyond 64 bits in every numeric field -----------------------------------------

#: just past the 64-bit integers orjson keeps exact (read as the nearest double), and one far
#: past them; both directions
BIG_INTEGERS = {
    "2^64": b"18446744073709551616",
    "-10^300": b"-1" + b"0" * 300,
}


def _numeric_fields() -> list[tuple[tuple[str | int, ...], Num]]:
    out = []
    for field in fields(COMPLETE, ROOT):
        node = resolve_ref(field.node)
        if isinstance(node, OneOf):
            nums = [resolve_ref(o) for o in node.options if isinstance(resolve_ref(o), Num)]
            node = nums[0] if nums else node
        if isinstance(node, Num):
            out.append((field.path, node))
    return out


NUMERIC_FIELDS = _numeric_fields()
MARK = "__BIG_INTEGER__"


def test_numeric_fields_are_many() -> None:
    assert len(NUMERIC_FIELDS) > 100


@pytest.mark.parametrize("big", sorted(BIG_INTEGERS))
@pytest.mark.parametrize(
    ("path", "node"), NUMERIC_FIELDS, ids=[format_path(p) for p, _ in NUMERIC_FIELDS]
)
def test_integers_beyond_64_bits_in_every_numeric_field(
    path: tuple[str | int, ...], node: Num, big: str
) -> None:
    doc = copy.deepcopy(COMPLETE)
    parent = get(doc, path[:-1])
    parent[path[-1]] = MARK
    data = encode(doc).replace(f'"{MARK}"'.encode(), BIG_INTEGERS[big])
    outcome = check(data)  # never raises; opens only if it also saves and reopens
    value = float(BIG_INTEGERS[big])
    report = validate(data)
    where = format_path(path)
    errors = [(p.code, p.where) for p in report.errors]
    too_big = node.maximum is not None and value > node.maximum
    too_small = node.minimum is not None and value < node.minimum
    if value in (float("inf"), float("-inf")):
        assert errors == [("json-number-out-of-range", "")]
    elif too_big or too_small:
        assert errors == [("out-of-range", where)]
    else:
        assert all(w == where for _, w in errors), errors
        if outcome == "opened":
            # the number is kept as the double it rounds to
            project = loads(data)
            assert orjson.loads(dumps(project, now=NOW))  # and saved as JSON again


# -- surrogates, BOMs, other encodings, NUL ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [b'"\\ud800"', b'"\\udc00x"', b'"\\ud800\\u0041"', b'{"\\udfff":1}', b'"\\ude00\\ud83d"'],
)
def test_lone_surrogate_escapes_are_refused(text: bytes) -> None:
    assert _errors(_with_usermeta(b'{"k":' + text + b"}")) == [("json-lone-surrogate", "")]


def test_encoded_surrogates_and_lone_surrogates_in_text_are_not_utf8() -> None:
    raw = MINIMAL.replace(b"Control", b"Con\xed\xa0\x80trol")
    assert _errors(raw) == [("invalid-utf8", "")]
    assert validate(raw).errors[0].offset == raw.index(b"\xed")
    with pytest.raises(PlotdocError) as info:
        loads(MINIMAL.decode().replace("Control", "Con\ud800trol"))
    assert [p.code for p in info.value.errors] == ["invalid-utf8"]


def test_a_surrogate_pair_escape_is_one_character() -> None:
    project = loads(MINIMAL.replace(b"Control", b"\\ud83d\\ude00"))
    assert project.tables[0].data_sets[0].name == "😀"


def test_one_leading_bom_is_tolerated_and_not_written_back() -> None:
    project = loads(codecs.BOM_UTF8 + MINIMAL)
    assert not dumps(project, now=NOW).startswith(codecs.BOM_UTF8)


@pytest.mark.parametrize(
    "data",
    [
        codecs.BOM_UTF8 + codecs.BOM_UTF8 + MINIMAL,
        MINIMAL[:1] + codecs.BOM_UTF8 + MINIMAL[1:],
        b" " + codecs.BOM_UTF8 + MINIMAL,
        MINIMAL + codecs.BOM_UTF8,
    ],
    ids=["bom-then-bom", "bom-inside", "space-then-bom", "bom-at-end"],
)
def test_a_bom_anywhere_but_first_is_a_syntax_error(data: bytes) -> None:
    assert _errors(data) == [("json-syntax", "")]


def test_bom_character_inside_a_string_is_data() -> None:
    project = loads(MINIMAL.replace(b"Control", b"\xef\xbb\xbfControl"))
    assert project.tables[0].data_sets[0].name == "\ufeffControl"


@pytest.mark.parametrize(
    "encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"]
)
def test_utf16_and_utf32_files_are_not_utf8(encoding: str) -> None:
    data = MINIMAL.decode().encode(encoding)
    report = validate(data)
    assert [(p.code, p.where) for p in report.errors] == [("invalid-utf8", "")]
    assert report.errors[0].offset is not None
    assert report.errors[0].offset <= 3


def test_utf8_bom_then_utf16_is_not_utf8() -> None:
    assert _errors(codecs.BOM_UTF8 + MINIMAL.decode().encode("utf-16-le")) == [("invalid-utf8", "")]


def test_raw_nul_byte_is_refused_with_its_offset() -> None:
    data = MINIMAL.replace(b"Control", b"Con\x00trol")
    report = validate(data)
    assert [(p.code, p.where) for p in report.errors] == [("invalid-utf8", "")]
    assert report.errors[0].offset == data.index(b"\x00")


def test_escaped_nul_in_a_string_is_data_and_round_trips() -> None:
    project = loads(MINIMAL.replace(b"Control", b"Con\\u0000trol"))
    assert project.tables[0].data_sets[0].name == "Con\x00trol"
    assert loads(dumps(project, now=NOW)).tables[0].data_sets[0].name == "Con\x00trol"


# -- Unicode normalisation: keys are compared code point by code point ---------------------

NFC = unicodedata.normalize("NFC", "é")
NFD = unicodedata.normalize("NFD", "é")


def test_keys_differing_by_normalisation_are_distinct() -> None:
    assert NFC != NFD
    doc = minimal()
    doc["usermeta"] = {NFC: 1, NFD: 2}
    project = loads(encode(doc))
    assert project.usermeta == {NFC: 1, NFD: 2}
    assert loads(dumps(project, now=NOW)).usermeta == {NFC: 1, NFD: 2}


def test_names_differing_by_normalisation_are_distinct_data_sets() -> None:
    doc = minimal()
    doc["tables"][0]["dataSets"][0]["name"] = NFC
    doc["tables"][0]["dataSets"][1]["name"] = NFD
    report = validate(encode(doc), build=True)
    assert report.problems == []


def test_the_same_key_twice_in_one_normalisation_is_a_duplicate() -> None:
    data = _with_usermeta(f'{{"{NFD}":1,"{NFD}":2}}'.encode())
    assert _errors(data) == [("json-duplicate-key", f'usermeta["{NFD}"]')]


def test_schema_keys_are_not_normalised() -> None:
    # a compatibility character is another key: KC-normalising "ｆormat" would give "format"
    doc = minimal()
    doc["tables"][0]["ｆormat"] = doc["tables"][0].pop("format")
    assert _errors(encode(doc)) == [
        ("missing-key", "tables[0].format"),
        ("unknown-key", 'tables[0]["ｆormat"]'),
    ]


# -- growth: counts first, scaled timing pairs where a count cannot tell -------------------


def _report(data: bytes) -> Report:
    return validate(data)


def test_many_duplicate_keys_are_listed_up_to_the_cap_and_counted() -> None:
    for n in (1_000, 2_000):
        data = _with_usermeta(b"[" + b",".join([b'{"a":1,"a":2}'] * n) + b"]")
        report = _report(data)
        assert len(report.errors) == MAX_LISTED_PROBLEMS + 1  # and one too-many-problems
        assert {p.code for p in report.errors[:-1]} == {"json-duplicate-key"}
        assert report.errors[-1].code == "too-many-problems"
        assert report.omitted == n - MAX_LISTED_PROBLEMS


def test_many_forbidden_keys_are_listed_up_to_the_cap_and_counted() -> None:
    for n in (1_000, 2_000):
        data = _with_usermeta(b"[" + b",".join([b'{"__proto__":1}'] * n) + b"]")
        report = _report(data)
        assert len(report.errors) == MAX_LISTED_PROBLEMS + 1
        assert report.omitted == n - MAX_LISTED_PROBLEMS


def test_structural_problems_are_listed_up_to_the_cap_and_counted() -> None:
    for n in (1_000, 10_000):
        doc = minimal()
        doc["tables"][0]["columnWidths"] = {f"c{i}": "wide" for i in range(n)}
        report = _report(encode(doc))
        assert len(report.errors) == MAX_LISTED_PROBLEMS + 1  # and one too-many-problems
        assert report.errors[-1].code == "too-many-problems"
        assert report.omitted == n - MAX_LISTED_PROBLEMS


def _operations(fn: Callable[[], Any]) -> int:
    """The Python lines and calls into C that ``fn`` runs: a count of its work that, unlike
    a time, no other process on the machine can change (the times are in bench/bench_growth.py)."""
    count = 0

    def line(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        count += 1
        return line

    def call(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        count += event == "c_call"

    tracer, profiler = sys.gettrace(), sys.getprofile()
    sys.settrace(line)
    sys.setprofile(call)
    try:
        fn()
    finally:
        sys.settrace(tracer)
        sys.setprofile(profiler)
    return count


def _grows_linearly(make: Callable[[int], bytes], n: int) -> None:
    validate(make(n), build=True)  # first use: imports and caches are not the input's work
    f1, f2, f4 = (_operations(lambda k=k: validate(make(k), build=True)) for k in (n, 2 * n, 4 * n))
    assert f2 > f1, "the work does not grow with the input: this case measures nothing"
    # The steps cancel the fixed work: linear growth gives 2, quadratic 4; a count has no
    # noise, so the bound can sit close to 2.
    assert (f4 - f2) / (f2 - f1) < 2.5, (f1, f2, f4)


SCALED: dict[str, Callable[[int], bytes]] = {
    "deep containers": lambda n: b"[" * 1000 + b",".join([b"{}"] * n) + b"]" * 1000,
    "deep containers with a duplicate": lambda n: (
        b"[" * 1000 + b",".join([b"{}"] * n) + b',{"a":1,"a":2}' + b"]" * 1000
    ),
    "duplicate keys": lambda n: _with_usermeta(b"[" + b",".join([b'{"a":1,"a":2}'] * n) + b"]"),
    "escaped colons": lambda n: _with_usermeta(b'{"k":"' + b"\\u003a" * n + b'"}'),
    "colons in strings": lambda n: _with_usermeta(b'{"k":"' + b":" * (8 * n) + b'"}'),
    "unmatched data set keys": lambda n: encode(
        {
            **minimal(),
            "tables": [
                {
                    **minimal()["tables"][0],
                    "graph": {
                        "variantId": "scatter-bar",
                        "dataSetVisibility": {str(i): True for i in range(n)},
                    },
                }
            ],
        }
    ),
    "wrong-type cells": lambda n: MINIMAL.replace(
        b'"values":[[1.0],[2.0],[3.0]]', b'"values":[' + b",".join([b"[true]"] * n) + b"]", 1
    ),
    "text cells": lambda n: MINIMAL.replace(
        b'"values":[[1.0],[2.0],[3.0]]', b'"values":[' + b",".join([b'["x"]'] * n) + b"]", 1
    ),
    "numeric text cells": lambda n: MINIMAL.replace(
        b'"values":[[1.0],[2.0],[3.0]]', b'"values":[' + b",".join([b'[" 1.5e3 "]'] * n) + b"]", 1
    ),
    "many tables": lambda n: encode({**minimal(), "tables": minimal()["tables"] * (n // 100)}),
    "ragged rows": lambda n: MINIMAL.replace(
        b'"values":[[1.0],[2.0],[3.0]]',
        b'"values":[' + b",".join([b"[1,2,3]", b"[]", b"[null,4]"] * (n // 3)) + b"]",
        1,
    ),
}


#: Cases whose work is done in C (a scanner, a regular expression): no Python operation grows
#: with them, so bench/bench_growth.py times them instead.
WORK_IN_C = frozenset({"colons in strings", "escaped colons", "ragged rows"})


@pytest.mark.parametrize("name", sorted(set(SCALED) - WORK_IN_C))
def test_work_grows_linearly(name: str) -> None:
    _grows_linearly(SCALED[name], 2_000)


def test_a_long_unknown_value_costs_no_more_than_a_short_one() -> None:
    """Suggesting the nearest value compares texts at the product of their lengths: a value
    far longer than every listed one is no misspelling and gets no suggestion (a fuzzed file
    of 65 tables each naming a variant of over a thousand characters took 3 s to refuse)."""

    def tables(length: int) -> bytes:
        graphs = [{"variantId": f"v{k:03d}" + "x" * length} for k in range(20)]
        return encode(
            {**minimal(), "tables": [{**minimal()["tables"][0], "graph": g} for g in graphs]}
        )

    short_doc, long_doc = tables(10), tables(5_000)
    assert {p.code for p in validate(long_doc).errors} == {"unknown-variant"}
    assert "did you mean" not in validate(long_doc).errors[0].message
    short, long = (_operations(lambda d=d: validate(d)) for d in (short_doc, long_doc))
    assert long < 2 * short, (short, long)
