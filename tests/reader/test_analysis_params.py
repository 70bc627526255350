"""Each opened analysis owns its params: the method's defaults with the file's params merged
over them, shared with no other analysis and never with the methods' own defaults."""

from __future__ import annotations

import orjson
import pytest

from plotdoc.api import loads, validate
from plotdoc.contract.methods import METHODS
from plotdoc.reader.build import _analyses


def _doc(analyses: list[dict[str, object]]) -> bytes:
    table = {
        "format": "column",
        "dataSets": [{"name": "A", "values": [[1], [2]]}, {"name": "B", "values": [[3], [4]]}],
        "analyses": analyses,
    }
    return orjson.dumps({"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]})


def test_params_are_the_defaults_with_the_file_s_over_them() -> None:
    project = loads(
        _doc(
            [
                {"id": "a", "method": "frequencyDistribution"},
                {"id": "b", "method": "frequencyDistribution", "params": {"binWidth": 2}},
            ]
        )
    )
    a, b = project.tables[0].analyses
    defaults = METHODS["frequencyDistribution"].defaults
    assert a.params == defaults
    assert b.params == {**defaults, "binWidth": 2}
    assert list(b.params) == list(defaults)  # the contract's order


def test_no_two_analyses_share_params() -> None:
    project = loads(_doc([{"id": f"a{i}", "method": "frequencyDistribution"} for i in range(3)]))
    first, second, _ = project.tables[0].analyses
    assert first.params is not second.params
    first.params["binWidth"] = 99
    assert second.params["binWidth"] != 99
    assert METHODS["frequencyDistribution"].defaults["binWidth"] != 99
    again = loads(_doc([{"id": "x", "method": "frequencyDistribution"}]))
    assert again.tables[0].analyses[0].params["binWidth"] != 99


def test_an_object_param_over_an_object_default_is_merged_key_by_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from plotdoc.reader import build

    shared = {"level": 1, "nested": {"a": 1, "b": [1, 2]}}
    monkeypatch.setitem(build._DEFAULTS, "ttest", shared)
    raws = [
        {"method": "ttest", "params": {"nested": {"b": [3]}}},
        {"method": "ttest"},
    ]
    out = _analyses(raws, ["x", "y"], own=True)
    assert out[0].params == {"level": 1, "nested": {"a": 1, "b": [3]}}
    assert out[1].params == shared
    out[1].params["nested"]["b"].append(9)
    assert shared == {"level": 1, "nested": {"a": 1, "b": [1, 2]}}


@pytest.mark.parametrize("own", [True, False])
def test_params_the_file_gives_are_kept_only_when_the_pipeline_owns_them(
    monkeypatch: pytest.MonkeyPatch, own: bool
) -> None:
    """A file's params are parsed for this open alone: the merge keeps them (no copy) when
    they replace every array or object of the defaults. Params the pipeline does not own (a
    migrated file's) are copied; so is a merge that keeps an array of the defaults."""
    from plotdoc.reader import build

    shared = {"level": 1, "items": [1, 2]}
    monkeypatch.setitem(build._DEFAULTS, "ttest", shared)
    given = {"items": [3]}
    raws = [{"method": "ttest", "params": given}, {"method": "ttest", "params": {"level": 2}}]
    out = _analyses(raws, ["x", "y"], own=own)
    assert out[0].params == {"level": 1, "items": [3]}
    assert (out[0].params["items"] is given["items"]) is own
    assert out[1].params == {"level": 2, "items": [1, 2]}
    assert out[1].params["items"] is not shared["items"]
    out[1].params["items"].append(9)
    assert shared == {"level": 1, "items": [1, 2]}


def test_params_written_by_plotdoc_are_shared_with_no_other_analysis() -> None:
    from plotdoc.writer import dumps

    project = loads(_doc([{"id": f"a{i}", "method": "frequencyDistribution"} for i in range(3)]))
    again = loads(dumps(project))  # every param given, as plotdoc writes them
    first, second, _ = again.tables[0].analyses
    assert first.params is not second.params
    first.params["binWidth"] = 99
    assert second.params["binWidth"] != 99
    assert METHODS["frequencyDistribution"].defaults["binWidth"] != 99


def _many(tables: int, bad: tuple[int, int] | None = None) -> bytes:
    out = []
    for t in range(tables):
        analyses: list[dict[str, object]] = [
            {"id": f"a{i}", "method": "frequencyDistribution", "params": {"binWidth": 2}}
            for i in range(20)
        ]
        if bad is not None and bad[0] == t:
            analyses[bad[1]] = {**analyses[bad[1]], "params": {"binWidth": "two"}}
        out.append(
            {
                "id": f"t{t}",
                "format": "column",
                "dataSets": [{"name": "A", "values": [[1], [2]]}],
                "analyses": analyses,
            }
        )
    return orjson.dumps({"format": "plotdoc-project", "schemaVersion": 1, "tables": out})


def test_an_analysis_like_one_accepted_before_is_still_checked_for_what_differs() -> None:
    # arrays of objects remember the items they accepted (by their JSON): a valid document
    # first, then the same with one param of the wrong type deep in a later table
    assert validate(_many(5)).ok
    report = validate(_many(5, bad=(3, 17)))
    assert [(p.code, p.where) for p in report.errors] == [
        ("wrong-type", "tables[3].analyses[17].params.binWidth")
    ]
    assert validate(_many(5)).ok
