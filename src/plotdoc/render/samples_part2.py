"""Sample documents for the grouped, contingency, partsOfWhole and multipleVariables variants.

:func:`sample_document_part2` returns a complete, valid version 1 document with one table whose
graph uses the variant, filled with small, plausible data (fixed seeds, so every call gives
the same document). The gallery and the tests draw them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..contract.variants import VARIANTS

_GROUPS = ["Control", "Low dose", "High dose"]
_SERIES = ["Day 1", "Day 7", "Day 14"]


def _round(a: np.ndarray[Any, Any], digits: int = 1) -> list[Any]:
    return [[None if not np.isfinite(v) else round(float(v), digits) for v in row] for row in a]


def _grouped_table(variant_id: str) -> dict[str, Any]:
    rng = np.random.default_rng(7)
    # distributions need enough values to show a shape
    replicates = 12 if variant_id.endswith(("-box", "-violin")) else 4
    means = np.array([[10.0, 14.0, 16.0], [12.0, 19.0, 24.0], [13.0, 23.0, 31.0]])
    data_sets = []
    for j, name in enumerate(_SERIES[:2] if "stacked" in variant_id else _SERIES):
        if variant_id.startswith("grouped-rm"):
            subject = rng.normal(0.0, 2.0, size=replicates)
            vals = means[:, j][:, None] + subject[None, :] + rng.normal(0, 0.8, (3, replicates))
        else:
            vals = means[:, j][:, None] + rng.normal(0.0, 2.2, size=(3, replicates))
        data_sets.append({"name": name, "values": _round(vals)})
    return {
        "name": "Tumour volume",
        "format": "grouped",
        "replicates": replicates,
        "rowLabels": list(_GROUPS),
        "dataSets": data_sets,
        "titles": {"y": {"text": "Volume (mm³)"}, "x": {"text": "Treatment"}},
    }


def _heat_map_table() -> dict[str, Any]:
    rng = np.random.default_rng(11)
    genes = ["TP53", "MYC", "EGFR", "KRAS", "BRCA1", "PTEN", "CDK4", "VEGFA"]
    samples = ["S1", "S2", "S3", "S4", "S5", "S6"]
    base = rng.normal(0.0, 1.2, size=(len(genes), 1)) + np.linspace(-1.0, 1.0, len(samples))
    data_sets = []
    for j, name in enumerate(samples):
        vals = base[:, j][:, None] + rng.normal(0.0, 0.3, size=(len(genes), 2))
        cells = _round(vals, 2)
        if name == "S4":
            cells[5] = [None, None]  # one missing cell
        data_sets.append({"name": name, "values": cells})
    return {
        "name": "Expression (log2 ratio)",
        "format": "grouped",
        "replicates": 2,
        "rowLabels": genes,
        "dataSets": data_sets,
    }


def _contingency_table() -> dict[str, Any]:
    return {
        "name": "Response",
        "format": "contingency",
        "rowLabels": ["Complete", "Partial", "None"],
        "dataSets": [
            {"name": "Placebo", "values": [[8], [21], [41]]},
            {"name": "Treatment", "values": [[19], [30], [22]]},
        ],
        "titles": {"y": {"text": "Patients"}},
    }


def _parts_table() -> dict[str, Any]:
    return {
        "name": "Land use",
        "format": "partsOfWhole",
        "rowLabels": ["Forest", "Farmland", "Grassland", "Urban", "Water"],
        "dataSets": [
            {"name": "Area (km²)", "values": [[412], [268], [155], [61], [38]]},
            {"name": "1990", "values": [[455], [240], [170], [35], [40]]},
        ],
    }


def _mv_bubble() -> dict[str, Any]:
    names = ["Norway", "Chile", "India", "Kenya", "Japan", "Brazil", "Peru", "Ghana", "Spain"]
    region = ["Europe", "Americas", "Asia", "Africa", "Asia", "Americas", "Americas", "Africa"]
    region.append("Europe")
    gdp = [[65.0], [15.4], [2.4], [2.1], [39.3], [8.9], [7.1], [2.4], [29.7]]
    life = [[83.2], [80.2], [70.8], [61.4], [84.6], [75.9], [76.7], [64.1], [83.3]]
    pop = [[5.4], [19.5], [1408.0], [54.0], [125.7], [214.3], [33.7], [32.8], [47.4]]
    return {
        "name": "Countries",
        "format": "multipleVariables",
        "dataSets": [
            {"name": "GDP per person (k$)", "values": gdp},
            {"name": "Life expectancy (years)", "values": life},
            {"name": "Population (millions)", "values": pop},
            {"name": "Region", "values": [[r] for r in region]},
            {"name": "Country", "values": [[n] for n in names]},
        ],
    }


def _mv_scatter() -> dict[str, Any]:
    rng = np.random.default_rng(3)
    species = ["setosa", "versicolor", "virginica"]
    centers = [(5.0, 3.4), (5.9, 2.8), (6.6, 3.0)]
    x, y, sp, site = [], [], [], []
    for k, (cx, cy) in enumerate(centers):
        for i in range(8):
            x.append([round(float(cx + rng.normal(0, 0.3)), 1)])
            y.append([round(float(cy + rng.normal(0, 0.25)), 1)])
            sp.append([species[k]])
            site.append(["North" if i % 2 else "South"])
    return {
        "name": "Flowers",
        "format": "multipleVariables",
        "dataSets": [
            {"name": "Sepal length (cm)", "values": x},
            {"name": "Sepal width (cm)", "values": y},
            {"name": "Species", "values": sp},
            {"name": "Site", "values": site},
        ],
    }


def _mv_volcano() -> dict[str, Any]:
    rng = np.random.default_rng(5)
    n = 160
    fc = rng.normal(0.0, 1.1, n)
    z = np.abs(fc) * 2.2 + rng.normal(0.0, 0.9, n)
    p = np.clip(np.exp(-np.maximum(z, 0.0) * 1.6), 1e-12, 1.0)
    genes = [f"G{i:03d}" for i in range(n)]
    return {
        "name": "Differential expression",
        "format": "multipleVariables",
        "dataSets": [
            {"name": "log2 fold change", "values": [[round(float(v), 3)] for v in fc]},
            {"name": "P value", "values": [[float(f"{v:.3g}")] for v in p]},
            {"name": "Gene", "values": [[g] for g in genes]},
        ],
    }


def _mv_forest() -> dict[str, Any]:
    studies = ["Adams 2011", "Baker 2013", "Chen 2015", "Diaz 2016", "Evans 2018", "Fox 2020"]
    est = [0.82, 0.67, 1.05, 0.74, 0.91, 0.58]
    lo = [0.61, 0.45, 0.80, 0.52, 0.70, 0.36]
    hi = [1.10, 0.99, 1.38, 1.05, 1.18, 0.93]
    return {
        "name": "Meta-analysis",
        "format": "multipleVariables",
        "dataSets": [
            {"name": "Odds ratio", "values": [[v] for v in est]},
            {"name": "Lower 95% CI", "values": [[v] for v in lo]},
            {"name": "Upper 95% CI", "values": [[v] for v in hi]},
            {"name": "Study", "values": [[s] for s in studies]},
        ],
        "titles": {"x": {"text": "Odds ratio (95% CI)"}},
    }


_MV: dict[str, tuple[Any, dict[str, Any]]] = {
    "mv-bubble": (_mv_bubble, {"x": 0, "y": 1, "size": 2, "color": 3, "label": 4}),
    "mv-scatter": (_mv_scatter, {"x": 0, "y": 1, "color": 2, "shape": 3}),
    "mv-volcano": (_mv_volcano, {"x": 0, "y": 1, "label": 2}),
    "mv-forest": (_mv_forest, {"x": 0, "lower": 1, "upper": 2, "label": 3}),
}

PART2_FAMILIES = ("grouped", "contingency", "partsOfWhole", "multipleVariables")


def sample_table_part2(variant_id: str) -> dict[str, Any]:
    """The sample table (with its graph) for one variant of the four families of part 2."""
    variant = VARIANTS[variant_id]
    plot: dict[str, Any] = {"family": variant.family, "options": {}}
    if variant.family == "grouped":
        table = (
            _heat_map_table() if variant_id == "grouped-heat-map" else _grouped_table(variant_id)
        )
    elif variant.family == "contingency":
        table = _contingency_table()
    elif variant.family == "partsOfWhole":
        table = _parts_table()
    elif variant.family == "multipleVariables":
        make, mapping = _MV[variant_id]
        table = make()
        plot["options"] = {"kind": variant.own_defaults["kind"], "mapping": mapping}
        if variant_id == "mv-volcano":
            plot["options"]["volcano"] = {"maxLabels": 8}
    else:
        raise KeyError(f"{variant_id} is not a variant of part 2")
    if variant_id == "grouped-heat-map":
        plot["options"] = {"heatMap": {"colormap": "diverging"}}
    table["id"] = "t1"
    table["graph"] = {"variantId": variant_id, "plot": plot}
    return table


def sample_document_part2(variant_id: str) -> dict[str, Any]:
    """A complete document with the sample table of ``variant_id``."""
    return {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "meta": {"title": f"Sample: {variant_id}"},
        "tables": [sample_table_part2(variant_id)],
    }
