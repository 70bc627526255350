"""Shared importer rules: default graphs against the variant registry, limits, usermeta size."""

from __future__ import annotations

import pytest

from plotdoc.contract.families import FAMILIES
from plotdoc.contract.variants import VARIANTS
from plotdoc.importers import DEFAULT_VARIANTS, default_graph, read_csv, read_pzfx
from plotdoc.importers._common import column_letter, parse_number
from plotdoc.problems import PlotdocError

from .conformance import assert_conforms, assert_opens


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("replicates", [1, 2, 5])
def test_default_variant_belongs_to_the_family_and_fits_the_replicates(
    family: str, replicates: int
) -> None:
    fam = FAMILIES[family]
    reps = min(max(replicates, fam.min_replicates), fam.max_replicates)
    graph = default_graph(family, reps, [{"id": "A", "name": "A"}, {"id": "B", "name": "B"}])
    variant = VARIANTS[graph["variantId"]]
    assert variant.family == family
    assert variant.available_for(reps)
    assert set(DEFAULT_VARIANTS) == set(FAMILIES)


def test_column_letters() -> None:
    assert [column_letter(i) for i in (0, 25, 26, 27, 701, 702)] == [
        "A",
        "Z",
        "AA",
        "AB",
        "ZZ",
        "AAA",
    ]


@pytest.mark.parametrize(
    ("text", "decimal", "value"),
    [
        ("3,5", "either", 3.5),
        ("3,5", ".", None),
        ("1,234.5", "either", None),
        ("90.", ".", 90.0),
        ("1.401298e-045", ".", 1.401298e-45),
        ("1e400", ".", None),
        ("inf", ".", None),
        ("NaN", ".", None),
        ("1_000", ".", None),
        ("٣", ".", None),
        ("-.5", ".", -0.5),
        ("+2", ",", 2.0),
    ],
)
def test_parse_number(text: str, decimal: str, value: float | None) -> None:
    assert parse_number(text, decimal) == value


def test_more_than_64_replicates_is_refused() -> None:
    header = ",".join(f"A_{k}" for k in range(1, 66))
    with pytest.raises(PlotdocError) as info:
        read_csv(f"G,{header}\nr,{','.join(['1'] * 65)}\n".encode(), family="grouped")
    assert [(p.code, p.where) for p in info.value.problems] == [
        ("out-of-range", "tables[0].replicates")
    ]


def test_too_many_data_sets_is_refused() -> None:
    header = ",".join(f"c{k}" for k in range(501))
    with pytest.raises(PlotdocError) as info:
        read_csv(f"{header}\n{','.join(['1'] * 501)}\n".encode(), family="column")
    assert info.value.problems[-1].code == "too-many-items"


def test_bulky_usermeta_is_trimmed_to_64_kb_with_a_warning() -> None:
    titles = "".join(f"<d>row title number {r:06d}</d>" for r in range(5000))
    values = "".join(f"<d>{r}</d>" for r in range(5000))
    data = (
        '<GraphPadPrismFile><Table TableType="XY" XFormat="numbers">'
        f"<RowTitlesColumn><Subcolumn>{titles}</Subcolumn></RowTitlesColumn>"
        f"<XColumn><Subcolumn>{values}</Subcolumn></XColumn>"
        f"<YColumn><Title>Y</Title><Subcolumn>{values}</Subcolumn></YColumn>"
        "</Table></GraphPadPrismFile>"
    ).encode()
    result = read_pzfx(data)
    table = result.document["tables"][0]
    assert "rowTitles" not in table["usermeta"]["pzfx"]
    assert any("rowTitles" in p.message for p in result.problems)
    assert len(table["x"]) == 5000
    assert_conforms(result.document)
    assert_opens(result.document)
