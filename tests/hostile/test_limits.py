"""Every limit of contract section 8 at its boundary: at the limit the document opens, one unit
over it is refused with the limit's code at the limit's path.

Documents are generated in memory (nothing big is committed). The whole file runs in well under
a minute: the two-million-cell and fifty-megabyte cases dominate.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import orjson
import pytest

from plotdoc.api import loads, open_project, validate
from plotdoc.contract import limits as L
from plotdoc.problems import PlotdocError

from .documents import Json, encode, family_table, minimal

Build = Callable[[int], Json]


@dataclass(frozen=True)
class Limit:
    """One limit: ``build(n)`` makes a document with n units of the limited thing."""

    name: str
    limit: int
    build: Build
    code: str
    path: str


def _doc(*tables: Json, **root: Json) -> dict[str, Json]:
    return {"format": "plotdoc-project", "schemaVersion": 1, "tables": list(tables), **root}


def _column(**extra: Json) -> dict[str, Json]:
    table: dict[str, Json] = copy.deepcopy(minimal()["tables"][0])
    table.update(extra)
    return table


def _mv(text: str) -> dict[str, Json]:
    table = family_table("multipleVariables")
    table["dataSets"][1]["values"][0] = [text]
    return _doc(table)


def _with_root(key: str, value: Callable[[int], Json]) -> Build:
    def build(n: int) -> Json:
        return _doc(_column(), **{key: value(n)})

    return build


def _usermeta_value(n: int) -> dict[str, str]:
    # compact orjson of {"k":"xxx"} is 8 bytes plus the string
    return {"k": "x" * (n - 8)}


def _chars(n: int, ch: str = "😀") -> str:
    """n characters (code points) that take 4 bytes each: limits count characters, not bytes."""
    return ch * n


def _annotations(n: int) -> Json:
    ann = {"type": "text", "x": 1.0, "y": 2.0, "text": "t"}
    return _doc(_column(annotations=[ann] * n))


def _analyses(n: int) -> Json:
    return _doc(_column(analyses=[{"method": "ttest"}] * n))


def _data_sets(n: int) -> Json:
    return _doc(_column(dataSets=[{"name": f"s{i}", "values": [[1.0]]} for i in range(n)]))


def _tables(n: int) -> Json:
    return _doc(*[_column() for _ in range(n)])


def _replicates(n: int) -> Json:
    table = family_table("xy", replicates=min(n, 64))
    table["replicates"] = n
    return _doc(table)


def _row_width(n: int) -> Json:
    table = family_table("xy", replicates=64)
    table.pop("replicates")
    table["dataSets"][0]["values"][0] = [1.0] * n
    return _doc(table)


def _row_wider_than_replicates(n: int) -> Json:
    table = family_table("xy", replicates=4)
    table["dataSets"][0]["values"][0] = [1.0] * n
    return _doc(table)


def _rows(n: int) -> Json:
    return _doc(_column(dataSets=[{"name": "A", "values": [[1.0]] * n}]))


def _x_rows(n: int) -> Json:
    table = family_table("xy")
    table["x"] = [1.0] * n
    return _doc(table)


def _row_labels(n: int) -> Json:
    table = family_table("grouped")
    table["rowLabels"] = ["r"] * n
    return _doc(table)


def _active_table_id(n: int) -> Json:
    return _doc(_column(id="t" * 128), view={"activeTableId": "t" * n})


def _derived(source: int, analysis: int) -> Json:
    src = _column(
        id="s" * min(source, 128),
        analyses=[{"id": "a" * min(analysis, 128), "method": "frequencyDistribution"}],
    )
    res = {
        "format": "grouped",
        "derivedFrom": {"sourceTableId": "s" * source, "analysisId": "a" * analysis},
    }
    return _doc(src, res)


def _generator(key: str) -> Build:
    def build(n: int) -> Json:
        gen = {"name": "tool", "version": "1", key: _chars(n)}
        return _doc(_column(), generator=gen)

    return build


def _meta(key: str, value: Callable[[int], Json]) -> Build:
    def build(n: int) -> Json:
        return _doc(_column(), meta={"title": "", key: value(n)})

    return build


T0 = "tables[0]"

LIMITS: list[Limit] = [
    Limit("tables", L.MAX_TABLES, _tables, "too-many-items", "tables"),
    Limit("data sets", L.MAX_DATA_SETS, _data_sets, "too-many-items", f"{T0}.dataSets"),
    Limit("replicates", L.MAX_REPLICATES, _replicates, "out-of-range", f"{T0}.replicates"),
    Limit(
        "row width", L.MAX_REPLICATES, _row_width, "too-many-items", f"{T0}.dataSets[0].values[0]"
    ),
    Limit(
        "row wider than replicates",
        4,
        _row_wider_than_replicates,
        "row-too-wide",
        f"{T0}.dataSets[0].values[0]",
    ),
    Limit("annotations", L.MAX_ANNOTATIONS, _annotations, "too-many-items", f"{T0}.annotations"),
    Limit("analyses", L.MAX_ANALYSES, _analyses, "too-many-items", f"{T0}.analyses"),
    Limit("rows of a data set", L.MAX_ROWS, _rows, "too-many-items", f"{T0}.dataSets[0].values"),
    Limit("rows of x", L.MAX_ROWS, _x_rows, "too-many-items", f"{T0}.x"),
    Limit("row labels", L.MAX_ROWS, _row_labels, "too-many-items", f"{T0}.rowLabels"),
    Limit(
        "usermeta (document)",
        L.MAX_USERMETA_BYTES,
        _with_root("usermeta", _usermeta_value),
        "usermeta-too-large",
        "usermeta",
    ),
    Limit(
        "usermeta (table)",
        L.MAX_USERMETA_BYTES,
        lambda n: _doc(_column(usermeta=_usermeta_value(n))),
        "usermeta-too-large",
        f"{T0}.usermeta",
    ),
    Limit(
        "table id", L.ID_MAX, lambda n: _doc(_column(id=_chars(n))), "string-too-long", f"{T0}.id"
    ),
    Limit("activeTableId", L.ID_MAX, _active_table_id, "string-too-long", "view.activeTableId"),
    Limit(
        "sourceTableId",
        L.ID_MAX,
        lambda n: _derived(n, 1),
        "string-too-long",
        "tables[1].derivedFrom.sourceTableId",
    ),
    Limit(
        "analysisId",
        L.ID_MAX,
        lambda n: _derived(1, n),
        "string-too-long",
        "tables[1].derivedFrom.analysisId",
    ),
    Limit(
        "analysis id",
        L.ID_MAX,
        lambda n: _doc(_column(analyses=[{"id": _chars(n), "method": "ttest"}])),
        "string-too-long",
        f"{T0}.analyses[0].id",
    ),
    Limit(
        "annotation id",
        L.ID_MAX,
        lambda n: _doc(
            _column(annotations=[{"type": "text", "id": _chars(n), "x": 0, "y": 0, "text": ""}])
        ),
        "string-too-long",
        f"{T0}.annotations[0].id",
    ),
    Limit(
        "table name",
        L.NAME_MAX,
        lambda n: _doc(_column(name=_chars(n))),
        "string-too-long",
        f"{T0}.name",
    ),
    Limit(
        "data set name",
        L.NAME_MAX,
        lambda n: _doc(_column(dataSets=[{"name": _chars(n), "values": [[1]]}])),
        "string-too-long",
        f"{T0}.dataSets[0].name",
    ),
    Limit(
        "row label",
        L.NAME_MAX,
        lambda n: _doc({**family_table("grouped"), "rowLabels": [_chars(n)]}),
        "string-too-long",
        f"{T0}.rowLabels[0]",
    ),
    Limit(
        "text cell",
        L.TEXT_CELL_MAX,
        lambda n: _mv(_chars(n)),
        "string-too-long",
        f"{T0}.dataSets[1].values[0][0]",
    ),
    Limit("meta.title", L.META_TITLE_MAX, _meta("title", _chars), "string-too-long", "meta.title"),
    Limit(
        "meta.description",
        L.META_LONG_MAX,
        _meta("description", _chars),
        "string-too-long",
        "meta.description",
    ),
    Limit(
        "meta.license", L.META_LONG_MAX, _meta("license", _chars), "string-too-long", "meta.license"
    ),
    Limit(
        "meta.source", L.META_LONG_MAX, _meta("source", _chars), "string-too-long", "meta.source"
    ),
    Limit(
        "meta.authors item",
        L.META_TITLE_MAX,
        _meta("authors", lambda n: [_chars(n)]),
        "string-too-long",
        "meta.authors[0]",
    ),
    Limit(
        "meta.keywords item",
        L.META_TITLE_MAX,
        _meta("keywords", lambda n: [_chars(n)]),
        "string-too-long",
        "meta.keywords[0]",
    ),
    Limit(
        "meta.authors count",
        L.META_ITEMS_MAX,
        _meta("authors", lambda n: ["a"] * n),
        "too-many-items",
        "meta.authors",
    ),
    Limit(
        "meta.keywords count",
        L.META_ITEMS_MAX,
        _meta("keywords", lambda n: ["k"] * n),
        "too-many-items",
        "meta.keywords",
    ),
    Limit(
        "generator.name",
        L.GENERATOR_NAME_MAX,
        _generator("name"),
        "string-too-long",
        "generator.name",
    ),
    Limit(
        "generator.version",
        L.GENERATOR_VERSION_MAX,
        _generator("version"),
        "string-too-long",
        "generator.version",
    ),
    Limit("generator.url", L.URL_MAX, _generator("url"), "string-too-long", "generator.url"),
    Limit("$schema", L.URL_MAX, _with_root("$schema", _chars), "string-too-long", "$schema"),
]


def _problems(doc: Json) -> list[tuple[str, str]]:
    return [(p.code, p.where) for p in validate(encode(doc), build=True).errors]


@pytest.mark.parametrize("limit", LIMITS, ids=lambda lim: lim.name)
def test_at_the_limit_opens(limit: Limit) -> None:
    assert _problems(limit.build(limit.limit)) == []


@pytest.mark.parametrize("limit", LIMITS, ids=lambda lim: lim.name)
def test_one_over_the_limit_is_refused_at_its_path(limit: Limit) -> None:
    assert _problems(limit.build(limit.limit + 1)) == [(limit.code, limit.path)]


@pytest.mark.parametrize(
    ("name", "build", "path"),
    [
        ("table id", lambda: _doc(_column(id="")), f"{T0}.id"),
        (
            "data set name",
            lambda: _doc(_column(dataSets=[{"name": "", "values": []}])),
            f"{T0}.dataSets[0].name",
        ),
        (
            "activeTableId",
            lambda: _doc(_column(id="t"), view={"activeTableId": ""}),
            "view.activeTableId",
        ),
        (
            "analysis id",
            lambda: _doc(_column(analyses=[{"id": "", "method": "ttest"}])),
            f"{T0}.analyses[0].id",
        ),
    ],
)
def test_empty_ids_and_names_are_too_short(name: str, build: Callable[[], Json], path: str) -> None:
    assert _problems(build()) == [("string-too-short", path)]


def test_replicates_below_one_is_out_of_range() -> None:
    assert _problems(_replicates(0)) == [("out-of-range", f"{T0}.replicates")]


# -- total cells -------------------------------------------------------------------------


def _cells_document(total: int) -> bytes:
    """Tables of one data set of 200,000 one-cell rows (the last one shorter): ``total`` cells."""
    tables = []
    left = total
    while left:
        rows = min(left, L.MAX_ROWS)
        tables.append({"format": "column", "dataSets": [{"name": "A", "values": [[1.5]] * rows}]})
        left -= rows
    return encode(_doc(*tables))


def test_total_cells_at_the_limit_open() -> None:
    data = _cells_document(L.MAX_TOTAL_CELLS)
    project = loads(data)
    assert sum(t.data_sets[0].values.size for t in project.tables) == L.MAX_TOTAL_CELLS


def test_total_cells_one_over_are_refused() -> None:
    report = validate(_cells_document(L.MAX_TOTAL_CELLS + 1))
    assert [(p.code, p.where) for p in report.errors] == [("cells-too-many", "tables")]


def test_total_cells_count_replicates_and_data_sets() -> None:
    # 1,000 rows x 4 replicates x 500 data sets = 2,000,000; one more row is over
    def doc(rows: int) -> bytes:
        values = [[1.0, 2.0, 3.0, 4.0]] * rows
        sets = [{"name": f"s{i}", "values": values} for i in range(L.MAX_DATA_SETS)]
        return encode(_doc({"format": "xy", "replicates": 4, "dataSets": sets}))

    assert validate(doc(1_000)).ok
    assert [(p.code, p.where) for p in validate(doc(1_001)).errors] == [
        ("cells-too-many", "tables")
    ]


# -- file size ---------------------------------------------------------------------------


def _padded(size: int) -> bytes:
    """The minimal document padded with whitespace inside the JSON to exactly ``size`` bytes."""
    body = encode(minimal())
    pad = size - len(body)
    return body[:1] + b" " * pad + body[1:]


def test_file_of_exactly_50_mb_opens(tmp_path: Path) -> None:
    data = _padded(L.MAX_FILE_BYTES)
    assert len(data) == 52_428_800
    assert validate(data).ok
    path = tmp_path / "big.plotdoc"
    path.write_bytes(data)
    project = open_project(path)
    assert len(project.tables) == 1


def test_file_one_byte_over_50_mb_is_refused(tmp_path: Path) -> None:
    data = _padded(L.MAX_FILE_BYTES + 1)
    assert [(p.code, p.where) for p in validate(data).errors] == [("file-too-large", "")]
    path = tmp_path / "big.plotdoc"
    path.write_bytes(data + b" " * 1_000_000)  # a far bigger file is read only up to the limit
    with pytest.raises(PlotdocError) as info:
        open_project(path)
    assert [(p.code, p.where) for p in info.value.errors] == [("file-too-large", "")]
    assert [(p.code, p.where) for p in validate(path).errors] == [("file-too-large", "")]


def test_bom_counts_toward_the_size() -> None:
    data = b"\xef\xbb\xbf" + _padded(L.MAX_FILE_BYTES - 3)
    assert len(data) == L.MAX_FILE_BYTES
    assert validate(data).ok
    assert (
        validate(b"\xef\xbb\xbf" + _padded(L.MAX_FILE_BYTES - 2)).errors[0].code == "file-too-large"
    )


def test_usermeta_size_is_compact_orjson_bytes() -> None:
    # whitespace in the file does not count; multi-byte characters count in UTF-8 bytes
    value = {"k": "é" * ((L.MAX_USERMETA_BYTES - 8) // 2)}
    assert len(orjson.dumps(value)) == L.MAX_USERMETA_BYTES
    spaced = orjson.dumps(_doc(_column(), usermeta=value), option=orjson.OPT_INDENT_2)
    assert validate(spaced).ok
