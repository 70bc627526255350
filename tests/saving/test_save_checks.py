"""Save checks the project as open would: every edit through the Python API either saves a
file that opens, or is refused with open's code at its JSON path and nothing is written.

Each edit is made to the complete example opened in a :class:`Session`; the session saves
over its own file, the only good copy, which a refused save must leave byte for byte.
"""

from __future__ import annotations

import enum
import math
import uuid
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from plotdoc.api import loads, open_project
from plotdoc.editing import Session
from plotdoc.model import Annotation, DataSet, DerivedFrom, Project
from plotdoc.problems import PlotdocError
from plotdoc.publish.examples import example_bytes
from plotdoc.writer import dumps

Edit = Callable[[Project], None]


class Output(enum.Enum):
    """An enum a script may use for a choice: written as its value."""

    PERCENT = "percent"


#: (code, path) that the refusal must name, or None: the edit saves a file that opens
Expected = tuple[str, str] | None


def _set(obj: Any, name: str, value: Any) -> Edit:
    def edit(p: Project) -> None:
        setattr(obj(p), name, value)

    return edit


def _item(obj: Callable[[Project], Any], key: Any, value: Any) -> Edit:
    def edit(p: Project) -> None:
        obj(p)[key] = value

    return edit


def _t(i: int) -> Callable[[Project], Any]:
    return lambda p: p.tables[i]


def _ds(t: int, d: int) -> Callable[[Project], Any]:
    return lambda p: p.tables[t].data_sets[d]


def _cell(t: int, d: int, r: int, c: int, value: float) -> Edit:
    def edit(p: Project) -> None:
        p.tables[t].data_sets[d].values[r, c] = value

    return edit


def _values(t: int, d: int, make: Callable[[np.ndarray[Any, Any]], Any]) -> Edit:
    def edit(p: Project) -> None:
        ds = p.tables[t].data_sets[d]
        ds.values = make(ds.values)

    return edit


def _text(t: int, d: int, r: int, c: int, text: str) -> Edit:
    def edit(p: Project) -> None:
        ds = p.tables[t].data_sets[d]
        if ds.text is None:
            ds.text = np.full(ds.values.shape, None, dtype=object)
        ds.text[r, c] = text
        ds.values[r, c] = np.nan

    return edit


def _many_sets(n_sets: int, rows: int) -> Edit:
    def edit(p: Project) -> None:
        table = p.tables[1]
        table.data_sets = [DataSet(f"S{i}", np.ones((rows, 1))) for i in range(n_sets)]
        table.analyses = [a for a in table.analyses if a.method != "ttest"]
        if table.graph is not None:
            table.graph.style_overrides = {}
            table.graph.legend = {}

    return edit


def _deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


def _plot_option(t: int, key: str, value: Any) -> Edit:
    return lambda p: p.tables[t].graph.plot.options.__setitem__(key, value)  # type: ignore[union-attr]


def _mapping(role: str, value: Any) -> Edit:
    return lambda p: p.tables[4].graph.plot.options["mapping"].__setitem__(role, value)  # type: ignore[union-attr]


def _graph(t: int, name: str, value: Any) -> Edit:
    return lambda p: setattr(p.tables[t].graph, name, value)


def _analysis(t: int, a: int, method: str, params: dict[str, Any]) -> Edit:
    def edit(p: Project) -> None:
        p.tables[t].analyses[a].method = method
        p.tables[t].analyses[a].params = params

    return edit


def _plot(t: int, family: str, options: dict[str, Any]) -> Edit:
    def edit(p: Project) -> None:
        graph = p.tables[t].graph
        assert graph is not None
        graph.plot.family = family
        graph.plot.options = options

    return edit


def _add_annotation(p: Project) -> None:
    p.tables[0].annotations.append(
        Annotation("note-2", "text", dict(p.tables[0].annotations[0].props, text="added"))
    )


def _dup_annotation_id(p: Project) -> None:
    p.tables[0].annotations[1].id = p.tables[0].annotations[0].id


def _dup_analysis_id(p: Project) -> None:
    p.tables[1].analyses.append(
        type(p.tables[1].analyses[0])(
            p.tables[1].analyses[0].id,
            p.tables[1].analyses[0].method,
            dict(p.tables[1].analyses[0].params),
        )
    )


EDITS: dict[str, tuple[Edit, Expected]] = {
    # -- refused: open's semantic codes ---------------------------------------------------
    "duplicate-data-set-name": (
        _set(_ds(0, 1), "name", "BSA standard"),
        ("duplicate-data-set-name", "tables[0].dataSets[1].name"),
    ),
    "variant-of-another-family": (
        _graph(0, "variant_id", "column-box-whiskers"),
        ("variant-family-mismatch", "tables[0].graph.variantId"),
    ),
    "rows-wider-than-replicates": (
        _set(_t(3), "replicates", 1),
        ("row-too-wide", "tables[3].dataSets[0].values[0]"),
    ),
    "replicates-for-the-family": (
        _set(_t(1), "replicates", 2),
        ("replicates-invalid", "tables[1].replicates"),
    ),
    "duplicate-table-id": (
        _set(_t(3), "id", "calibration"),
        ("duplicate-table-id", "tables[3].id"),
    ),
    "dangling-active-table": (
        _item(lambda p: p.view, "activeTableId", "nowhere"),
        ("dangling-active-table", "view.activeTableId"),
    ),
    "duplicate-analysis-id": (
        _dup_analysis_id,
        ("duplicate-analysis-id", "tables[1].analyses[2].id"),
    ),
    "duplicate-annotation-id": (
        _dup_annotation_id,
        ("duplicate-annotation-id", "tables[0].annotations[1].id"),
    ),
    "analysis-of-another-family": (
        _analysis(0, 0, "correlationMatrix", {}),
        ("analysis-unavailable", "tables[0].analyses[0].method"),
    ),
    "x-on-a-column-table": (
        _set(_t(1), "x", np.arange(12.0)),
        ("x-not-allowed", "tables[1].x"),
    ),
    "variable-types-on-a-column-table": (
        _set(_t(1), "variable_types", {"Control": "continuous"}),
        ("variable-types-not-allowed", "tables[1].variableTypes"),
    ),
    "text-in-a-numeric-table": (
        _text(1, 0, 3, 0, "about 12"),
        ("text-cell", "tables[1].dataSets[0].values[3][0]"),
    ),
    "non-finite-text-in-a-numeric-table": (
        _text(1, 0, 3, 0, "Infinity"),
        ("non-finite-cell", "tables[1].dataSets[0].values[3][0]"),
    ),
    "plot-of-another-family": (
        _plot(1, "xy", {}),
        ("plot-family-mismatch", "tables[1].graph.plot.family"),
    ),
    "plot-kind-of-another-variant": (
        _plot_option(4, "kind", "bubble"),
        ("plot-kind-mismatch", "tables[4].graph.plot.options.kind"),
    ),
    "mapping-past-the-last-data-set": (
        _mapping("x", 10),
        ("mapping-incomplete", "tables[4].graph.plot.options.mapping.x"),
    ),
    "results-table-from-itself": (
        _set(_t(2), "derived_from", DerivedFrom("weights-histogram", "histogram")),
        ("derived-table-self", "tables[2].derivedFrom.sourceTableId"),
    ),
    "results-table-from-nowhere": (
        _set(_t(2), "derived_from", DerivedFrom("nowhere", "histogram")),
        ("dangling-source-table", "tables[2].derivedFrom.sourceTableId"),
    ),
    "date-that-does-not-exist": (
        _set(lambda p: p, "created_at", "2024-02-30T10:00:00Z"),
        ("invalid-timestamp", "createdAt"),
    ),
    "usermeta-of-70-kb": (
        _item(lambda p: p.usermeta, "blob", "x" * 70_000),
        ("usermeta-too-large", "usermeta"),
    ),
    "table-usermeta-of-70-kb": (
        _item(lambda p: p.tables[1].usermeta, "blob", ["y" * 1_000] * 70),
        ("usermeta-too-large", "tables[1].usermeta"),
    ),
    "usermeta-nested-300-deep": (
        _item(lambda p: p.usermeta, "deep", _deep(300)),
        ("usermeta-too-deep", "usermeta.deep" + "[0]" * 252),
    ),
    "too-many-cells": (_many_sets(11, 200_000), ("cells-too-many", "tables")),
    # -- refused: open's structural codes -------------------------------------------------
    "format-pie": (_set(_t(1), "format", "pie"), ("not-in-enum", "tables[1].format")),
    "unknown-variant": (
        _graph(1, "variant_id", "column-pie"),
        ("unknown-variant", "tables[1].graph.variantId"),
    ),
    "unknown-method": (
        _analysis(0, 0, "magic", {}),
        ("no-match", "tables[0].analyses[0].method"),
    ),
    "over-long-table-name": (
        _set(_t(0), "name", "n" * 5_000),
        ("string-too-long", "tables[0].name"),
    ),
    "over-long-data-set-name": (
        _set(_ds(1, 0), "name", "d" * 5_000),
        ("string-too-long", "tables[1].dataSets[0].name"),
    ),
    "over-long-text-cell": (
        _text(4, 0, 0, 0, "g" * 1_001),
        ("string-too-long", "tables[4].dataSets[0].values[0][0]"),
    ),
    "empty-table-id": (_set(_t(0), "id", ""), ("string-too-short", "tables[0].id")),
    "replicates-zero": (_set(_t(1), "replicates", 0), ("out-of-range", "tables[1].replicates")),
    "replicates-as-text": (_set(_t(1), "replicates", "1"), ("wrong-type", "tables[1].replicates")),
    "rows-of-65-cells": (
        _values(3, 0, lambda v: np.ones((4, 65))),
        ("too-many-items", "tables[3].dataSets[0].values[0]"),
    ),
    "too-many-rows": (
        _values(1, 0, lambda v: np.ones((200_001, 1))),
        ("too-many-items", "tables[1].dataSets[0].values"),
    ),
    "one-dimensional-values": (
        _values(1, 0, lambda v: v[:, 0]),
        ("wrong-type", "tables[1].dataSets[0].values[0]"),
    ),
    "boolean-cells": (
        _values(1, 0, lambda v: v > 60),
        ("wrong-type", "tables[1].dataSets[0].values[0][0]"),
    ),
    "timestamp-that-is-not-one": (
        _set(lambda p: p, "created_at", "yesterday"),
        ("string-pattern", "createdAt"),
    ),
    "colour-without-hex": (
        lambda p: (
            p.tables[0]
            .graph.style_overrides["global"]["symbol"]
            .__setitem__(  # type: ignore[union-attr]
                "color", "#ff0000"
            )
        ),
        ("wrong-constant", "tables[0].graph.styleOverrides.global.symbol.color"),
    ),
    "unknown-annotation-type": (
        lambda p: setattr(p.tables[0].annotations[0], "type", "arrowz"),
        ("no-match", "tables[0].annotations[0].type"),
    ),
    "row-label-not-text": (
        _item(lambda p: p.tables[3].row_labels, 0, 5),
        ("wrong-type", "tables[3].rowLabels[0]"),
    ),
    "forbidden-key-in-usermeta": (
        _item(lambda p: p.usermeta, "__proto__", {"x": 1}),
        ("forbidden-key", "usermeta.__proto__"),
    ),
    # -- refused: what a file cannot hold -------------------------------------------------
    "infinite-cell": (
        _cell(1, 0, 2, 0, math.inf),
        ("non-finite-number", "tables[1].dataSets[0].values[2][0]"),
    ),
    "minus-infinite-x": (
        lambda p: p.tables[0].x.__setitem__(1, -math.inf),  # type: ignore[union-attr]
        ("non-finite-number", "tables[0].x[1]"),
    ),
    "nan-in-usermeta": (
        _item(lambda p: p.usermeta, "ratio", math.nan),
        ("non-finite-number", "usermeta.ratio"),
    ),
    "infinite-plot-width": (
        lambda p: p.tables[0].graph.plot_geometry.__setitem__("widthPt", math.inf),  # type: ignore[union-attr]
        ("non-finite-number", "tables[0].graph.plotGeometry.widthPt"),
    ),
    "numpy-nan-in-an-annotation": (
        lambda p: p.tables[0].annotations[0].props.__setitem__("x", np.float32("nan")),
        ("non-finite-number", "tables[0].annotations[0].x"),
    ),
    "2^63-1-in-an-integer-cell": (
        _values(1, 0, lambda v: np.full(v.shape, 2**63 - 1, dtype=np.int64)),
        ("number-not-exact", "tables[1].dataSets[0].values[0][0]"),
    ),
    "2^64-in-usermeta": (
        _item(lambda p: p.usermeta, "n", 2**64),
        ("number-not-exact", "usermeta.n"),
    ),
    "a-set-in-usermeta": (
        _item(lambda p: p.usermeta, "tags", {"a"}),
        ("not-json-value", "usermeta.tags"),
    ),
    "bytes-as-a-title": (
        _item(lambda p: p.meta, "title", b"raw"),
        ("not-json-value", "meta.title"),
    ),
    "integer-key-in-usermeta": (
        _item(lambda p: p.usermeta, 1, "one"),
        ("not-json-value", "usermeta"),
    ),
    "text-of-another-shape": (
        _set(_ds(4, 0), "text", np.full((3, 3), "x", dtype=object)),
        ("not-json-value", ""),
    ),
    # -- accepted: saved, and the file opens ----------------------------------------------
    "rename-a-table": (_set(_t(0), "name", "Renamed"), None),
    "missing-cell": (_cell(1, 0, 2, 0, math.nan), None),
    "2^63-1-in-usermeta": (_item(lambda p: p.usermeta, "n", 2**63 - 1), None),
    "small-integer-cells": (
        _values(1, 0, lambda v: np.arange(12, dtype=np.int32).reshape(12, 1)),
        None,
    ),
    "float32-cells": (_values(1, 0, lambda v: v.astype(np.float32)), None),
    "numpy-scalar-in-an-annotation": (
        lambda p: p.tables[0].annotations[0].props.__setitem__("x", np.float64(12.5)),
        None,
    ),
    "tuple-and-ordered-dict-in-usermeta": (
        _item(lambda p: p.usermeta, "pair", OrderedDict(a=(1, 2))),
        None,
    ),
    "usermeta-just-under-64-kb": (_item(lambda p: p.usermeta, "blob", "x" * 60_000), None),
    "an-added-annotation": (_add_annotation, None),
    "an-added-data-set": (
        lambda p: p.tables[1].data_sets.append(DataSet("Third", np.ones((12, 1)))),
        None,
    ),
    "unmatched-legend-key-is-a-warning": (
        lambda p: p.tables[1].graph.data_set_visibility.__setitem__("7", False),  # type: ignore[union-attr]
        None,
    ),
    "a-248-byte-table-name-in-unicode": (_set(_t(0), "name", "é" * 124), None),
    "an-enum-member-as-a-param": (
        lambda p: p.tables[1].analyses[1].params.__setitem__("output", Output.PERCENT),
        None,
    ),
    "a-uuid-in-usermeta": (_item(lambda p: p.usermeta, "id", uuid.UUID(int=5)), None),
}


@pytest.fixture(scope="module")
def good_copy() -> bytes:
    return dumps(loads(example_bytes("complete")), now="2024-06-01T12:00:00Z")


def test_there_are_many_kinds_of_edits() -> None:
    assert len(EDITS) >= 40
    assert sum(expected is not None for _, expected in EDITS.values()) >= 40


@pytest.mark.parametrize("name", list(EDITS))
def test_an_edit_saves_a_file_that_opens_or_is_refused_at_its_path(
    name: str, good_copy: bytes, tmp_path: Path
) -> None:
    edit, expected = EDITS[name]
    target = tmp_path / "only-good-copy.plotdoc"
    target.write_bytes(good_copy)
    ws = Session()
    assert ws.open_path(target).ok
    assert ws.project is not None
    edit(ws.project)
    if expected is None:
        ws.save()
        reopened = open_project(target)  # raises if open refuses what save wrote
        assert dumps(reopened, now="2024-06-01T12:00:00Z") == dumps(
            loads(target.read_bytes()), now="2024-06-01T12:00:00Z"
        )
        return
    with pytest.raises(PlotdocError) as info:
        ws.save()
    found = [(p.code, p.where) for p in info.value.errors]
    assert expected in found, found
    assert target.read_bytes() == good_copy  # the only good copy is untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]
    with pytest.raises(PlotdocError):
        dumps(ws.project)


def test_the_workspace_keeps_its_path_and_project_after_a_refusal(
    good_copy: bytes, tmp_path: Path
) -> None:
    target = tmp_path / "a.plotdoc"
    target.write_bytes(good_copy)
    ws = Session()
    ws.open_path(target)
    assert ws.project is not None
    ws.project.tables[1].data_sets[1].name = ws.project.tables[1].data_sets[0].name
    other = tmp_path / "b.plotdoc"
    with pytest.raises(PlotdocError):
        ws.save(other)
    assert ws.path == target
    assert not other.exists()


def test_big_integers_survive_exactly_where_a_file_holds_them(tmp_path: Path) -> None:
    project = loads(example_bytes("complete"))
    project.usermeta["n"] = 2**63 - 1
    project.tables[1].usermeta["m"] = -(2**63)
    again = loads(dumps(project))
    assert again.usermeta["n"] == 2**63 - 1
    assert again.tables[1].usermeta["m"] == -(2**63)


def test_every_problem_is_named_not_only_the_first() -> None:
    project = loads(example_bytes("complete"))
    project.tables[0].data_sets[1].name = "BSA standard"
    project.tables[1].data_sets[0].values[0, 0] = math.inf
    project.tables[1].data_sets[0].values[5, 0] = -math.inf
    project.usermeta["bad"] = math.nan
    with pytest.raises(PlotdocError) as info:
        dumps(project)
    wheres = {p.where for p in info.value.errors}
    assert {
        "tables[1].dataSets[0].values[0][0]",
        "tables[1].dataSets[0].values[5][0]",
        "usermeta.bad",
    } <= wheres
