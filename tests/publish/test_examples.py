"""The published examples: one per family plus the writer's complete document."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import orjson
import pytest

from plotdoc.api import loads
from plotdoc.contract.families import FAMILY_IDS
from plotdoc.contract.variants import VARIANTS
from plotdoc.publish import examples as E
from plotdoc.writer import dumps

from .validators import py_errors, rs_valid

NAMES = E.example_names()


def test_names_cover_every_family_once_then_what_later_versions_hold_then_complete() -> None:
    assert NAMES[-1] == "complete"
    assert sorted(E.FAMILY_EXAMPLES.values()) == sorted(FAMILY_IDS)
    assert len(NAMES) == len(set(NAMES)) == len(FAMILY_IDS) + len(E.LATER_EXAMPLES) + 1
    assert E.example_names(1) == [*E.FAMILY_EXAMPLES, "complete"]


def test_package_folder_holds_exactly_the_examples() -> None:
    for version, folder_name in ((1, "examples"), (2, "examples/v2")):
        folder = resources.files("plotdoc").joinpath(*folder_name.split("/"))
        shipped = sorted(p.name for p in folder.iterdir() if p.name.endswith(".plotdoc"))
        assert shipped == sorted(n + ".plotdoc" for n in E.example_names(version))


def test_the_summary_data_example_is_the_writers_output_of_its_source() -> None:
    assert E.example_bytes("summary-data") == E.build_example("summary-data")
    project = loads(E.example_bytes("summary-data"))
    assert [t.entry for t in project.tables] == ["meanSdN", "meanSemN"]
    run = project.results[("sleep", "sleep-t")]
    assert run.status == "ok" and run.result.computed_from == "mean, SD and N"


@pytest.mark.parametrize("name", NAMES)
def test_example_opens_without_problems(name: str) -> None:
    project = loads(E.example_bytes(name))
    assert project.warnings == ()


@pytest.mark.parametrize("name", NAMES)
def test_example_validates_with_python_jsonschema(name: str) -> None:
    assert py_errors(json.loads(E.example_bytes(name))) == []


@pytest.mark.parametrize("name", NAMES)
def test_example_validates_with_jsonschema_rs(name: str) -> None:
    assert rs_valid(json.loads(E.example_bytes(name)))


@pytest.mark.parametrize("name", list(E.FAMILY_EXAMPLES))
def test_family_example_is_a_typical_documented_graph(name: str) -> None:
    doc = json.loads(E.example_bytes(name))
    meta = doc["meta"]
    assert meta["title"] and meta["description"] and meta["source"]
    assert meta["license"] == "CC0-1.0"
    family = E.FAMILY_EXAMPLES[name]
    main = doc["tables"][0]
    assert main["format"] == family
    assert VARIANTS[main["graph"]["variantId"]].family == family


def _first(name: str) -> Any:
    return json.loads(E.example_bytes(name))["tables"][0]


def _methods(table: Any) -> set[str]:
    return {a["method"] for a in table.get("analyses", [])}


def test_examples_show_the_asked_graphs_and_analyses() -> None:
    xy = _first("xy-dose-response")
    assert xy["graph"]["variantId"] == "xy-points-error"
    assert xy["replicates"] == 3
    assert _methods(xy) & {"linearRegression", "nonlinearRegression"}
    column = _first("column-scatter-bar")
    assert column["graph"]["variantId"] == "scatter-bar"
    assert _methods(column) == {"ttest"}
    grouped = _first("grouped-interleaved-bars")
    assert grouped["graph"]["variantId"] == "grouped-interleaved-bars"
    assert grouped["replicates"] >= 2
    assert _first("nested-scatter")["graph"]["variantId"] == "nested-scatter"
    assert _first("survival-kaplan-meier")["graph"]["variantId"] == "survival-staircase-ticks"
    assert _first("parts-of-whole-pie")["graph"]["variantId"] == "parts-pie"
    mv, results = json.loads(E.example_bytes("multiple-variables-iris"))["tables"]
    assert mv["graph"]["variantId"] in {"mv-scatter", "mv-volcano"}
    assert _methods(mv) == {"correlationMatrix"}
    assert results["derivedFrom"] == {
        "sourceTableId": mv["id"],
        "analysisId": mv["analyses"][0]["id"],
    }


def test_complete_is_reproduced_byte_for_byte_by_the_writer() -> None:
    shipped = E.example_bytes("complete")
    project = loads(shipped)
    again = dumps(project, now=E.COMPLETE_NOW)
    assert again == shipped, (
        "the writer no longer reproduces complete.plotdoc; if the change is intended, rebuild "
        "it: python -m plotdoc.publish.examples complete > src/plotdoc/examples/complete.plotdoc"
    )
    assert E.rewrite(shipped) == shipped


def test_complete_is_the_writer_output_of_its_source() -> None:
    assert E.build_complete() == E.example_bytes("complete")


def test_complete_keeps_created_at_and_uses_the_fixed_modified_at() -> None:
    doc = json.loads(E.example_bytes("complete"))
    source = json.loads(E.complete_source())
    assert doc["createdAt"] == source["createdAt"]
    assert doc["modifiedAt"] == E.COMPLETE_NOW
    assert doc["generator"]["name"] == "plotdoc"


def test_complete_uses_many_features() -> None:
    doc = json.loads(E.example_bytes("complete"))
    tables = doc["tables"]
    assert len(tables) >= 5
    assert {t["format"] for t in tables} >= {"xy", "column", "grouped", "multipleVariables"}
    assert any("derivedFrom" in t for t in tables)
    methods = {a["method"] for t in tables for a in t["analyses"]}
    assert methods >= {"ttest", "linearRegression", "frequencyDistribution"}
    annotations = [a for t in tables for a in t["annotations"]]
    assert {a["type"] for a in annotations} == {"bracket", "text", "shape"}
    assert len({a["shape"] for a in annotations if a["type"] == "shape"}) >= 3
    source = json.loads(E.complete_source())
    graphs = [t["graph"] for t in source["tables"] if "graph" in t]
    for key in (
        "styleOverrides",
        "axesOverrides",
        "legend",
        "elementActivation",
        "graphSettingsOverride",
        "partsOfWholeBorders",
        "plotGeometry",
        "dataSetVisibility",
    ):
        assert any(key in g for g in graphs), key
    assert any("titles" in t for t in source["tables"])
    # ids omitted in the source are generated, explicit ones kept
    assert "table-1" in {t["id"] for t in tables}
    assert "weights" in {t["id"] for t in tables}


def test_write_examples(tmp_path: Path) -> None:
    written = E.write_examples(tmp_path / "out")
    assert [p.name for p in written] == [n + ".plotdoc" for n in NAMES]
    for path, name in zip(written, NAMES, strict=True):
        assert path.read_bytes() == E.example_bytes(name)


def test_unknown_example_name() -> None:
    with pytest.raises(KeyError):
        E.example_bytes("nope")
    with pytest.raises(KeyError):
        E.example_bytes("../complete-source")


def test_main_prints_examples(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert E.main(["complete"]) == 0
    assert capsysbinary.readouterr().out == E.example_bytes("complete")
    assert E.main([]) == 2
    assert E.main(["nope"]) == 2


@pytest.mark.parametrize("name", NAMES)
def test_current_example_is_the_built_one(name: str) -> None:
    assert E.example_bytes(name) == E.build_example(name), (
        f"src/plotdoc/examples/v2/{name}.plotdoc is out of date; rebuild it with "
        f"`python -m plotdoc.publish.examples {name}`"
    )


#: the annotations of the complete example that version 2 placed on their data (version 1's
#: frozen example keeps them where they were published: an arrow and a box over nothing)
MOVED_IN_V2 = {"calibration": {"flag-arrow", "annotation-1", "annotation-2"}}


@pytest.mark.parametrize("name", E.example_names(1))
def test_current_example_opens_as_its_version_1_example(name: str) -> None:
    """The migration gives a version 1 example the project of its version 2 example (for the
    complete example: but for the annotations version 2 moved onto their data)."""
    from plotdoc.writer import to_document

    now = "2024-06-01T12:00:00Z"
    old, new = (
        json.loads(orjson.dumps(to_document(loads(E.example_bytes(name, v)), now=now),
                                option=orjson.OPT_SERIALIZE_NUMPY))
        for v in (1, 2)
    )  # fmt: skip
    moved = 0
    for a, b in zip(old["tables"], new["tables"], strict=True):
        for ann in (a, b):
            kept = [
                x
                for x in ann.get("annotations", [])
                if x["id"] not in MOVED_IN_V2.get(ann["id"], ())
            ]
            moved += len(ann.get("annotations", [])) - len(kept)
            ann["annotations"] = kept
    assert old == new
    assert moved == (2 * sum(map(len, MOVED_IN_V2.values())) if name == "complete" else 0)
