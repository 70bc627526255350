"""Every variant's record is complete and agrees with the schema, the renderer and the samples."""

from __future__ import annotations

import pytest

from plotdoc.contract import document as D
from plotdoc.contract import nodes as N
from plotdoc.contract.families import FAMILIES
from plotdoc.contract.styles import SEMANTIC_KEYS
from plotdoc.contract.variants import (
    VARIANTS,
    Arrangement,
    Mark,
    PickerGroup,
    Variant,
    default_variant,
    variants_of,
)
from plotdoc.publish.samples import TABLES, sample_document
from plotdoc.render.families import MARKS
from plotdoc.render.families.grouped import DRAWERS
from plotdoc.render.marks.swatches import SWATCHES
from plotdoc.render.positions.arrangements import ARRANGEMENTS

RECORDS = list(VARIANTS.values())


def schema_options(family: str) -> dict[str, N.Node]:
    """The `plot.options` keys the schema defines for ``family``."""
    assert isinstance(D.PLOT, N.OneOf)
    for obj in D.PLOT.options:
        assert isinstance(obj, N.Obj)
        fam = obj.props["family"]
        if isinstance(fam, N.Const) and fam.value == family:
            opts = obj.props["options"]
            assert isinstance(opts, N.Obj)
            return dict(opts.props)
    raise AssertionError(f"no plot options for {family}")


def test_64_variants_in_the_eight_families() -> None:
    assert len(VARIANTS) == 64
    assert {v.family for v in RECORDS} == set(FAMILIES)
    for family in FAMILIES:
        assert default_variant(family) in {v.id for v in variants_of(family)}


@pytest.mark.parametrize("variant", RECORDS, ids=lambda v: v.id)
def test_its_marks_are_drawn_by_its_family(variant: Variant) -> None:
    assert variant.marks, "draws nothing"
    assert len(set(variant.marks)) == len(variant.marks)
    assert set(variant.marks) <= MARKS[variant.family], set(variant.marks) - MARKS[variant.family]
    if variant.family == "grouped" and not variant.draws(Mark.HEAT_CELL):
        assert frozenset(variant.marks) in DRAWERS  # the grouped drawer for its marks
    if variant.family in ("grouped", "contingency") and variant.arrangement is not Arrangement.GRID:
        assert variant.arrangement.value in ARRANGEMENTS


@pytest.mark.parametrize("variant", RECORDS, ids=lambda v: v.id)
def test_its_options_and_modes_exist_in_the_schema(variant: Variant) -> None:
    schema = schema_options(variant.family)
    assert set(variant.options) <= set(schema), set(variant.options) - set(schema)
    assert set(variant.own_defaults) <= set(schema)
    assert set(variant.sample.options) <= set(variant.options)
    assert ("mode" in variant.options) == bool(variant.modes)
    if variant.modes:
        mode = schema["mode"]
        assert isinstance(mode, N.Enum)
        assert set(variant.modes) <= set(mode.values)
        assert variant.default_mode in variant.modes


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_option_of_a_family_is_offered_by_one_of_its_variants(family: str) -> None:
    offered = {o for v in variants_of(family) for o in v.options}
    assert offered == set(schema_options(family))


@pytest.mark.parametrize("variant", RECORDS, ids=lambda v: v.id)
def test_its_editor_and_legend_facts(variant: Variant) -> None:
    assert variant.label and variant.description
    assert isinstance(variant.group, PickerGroup)
    fam = FAMILIES[variant.family]
    assert fam.min_replicates <= max(variant.min_replicates, fam.min_replicates)
    assert variant.min_replicates in (1, 2)
    assert variant.legend is None or variant.legend in SWATCHES
    assert set(variant.semantic_keys) <= set(SEMANTIC_KEYS)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_labels_tell_a_familys_variants_apart(family: str) -> None:
    labels = [v.label for v in variants_of(family)]
    assert len(labels) == len(set(labels))


@pytest.mark.parametrize("variant", RECORDS, ids=lambda v: v.id)
def test_its_sample_is_built_from_its_record(variant: Variant) -> None:
    assert variant.sample.data in TABLES
    doc = sample_document(variant.id)
    table = doc["tables"][0]
    assert table["graph"]["variantId"] == variant.id
    widest = max(len(row) for ds in table["dataSets"] for row in ds["values"])
    assert table.get("replicates", widest) >= variant.min_replicates
    if variant.sample.replicates is not None:
        assert table["replicates"] == variant.sample.replicates
    if variant.sample.data_sets is not None:
        assert len(table["dataSets"]) == variant.sample.data_sets
    methods = [a["method"] for a in table.get("analyses", [])]
    assert methods == list(variant.sample.analyses)


def test_a_sample_document_shares_nothing_with_the_registry() -> None:
    doc = sample_document("grouped-heat-map")
    doc["tables"][0]["graph"]["plot"]["options"]["heatMap"]["colormap"] = "sequential"
    assert sample_document("grouped-heat-map") != doc
    assert VARIANTS["grouped-heat-map"].sample.options["heatMap"]["colormap"] == "diverging"
