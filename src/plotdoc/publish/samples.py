"""Sample documents, one per graph variant, for the gallery, the tests and the render corpus.

:func:`sample_document` gives a complete, valid project document (a dict) whose one table
draws the variant; :func:`sample_variants` lists the variants that have one. Data are
deterministic (a seeded generator), small and look like real measurements. Each variant's
record names its sample (:class:`plotdoc.contract.variants.Sample`: the sample table, counts,
plot options and analyses); :data:`TABLES` has one builder per kind of sample table.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import numpy as np

from ..contract.site import CURRENT_VERSION, FORMAT
from ..contract.variants import VARIANTS, SampleData, Variant
from ..migrations.v1_to_v2 import data_set_ids

Doc = dict[str, Any]


def _round(a: Any, digits: int = 2) -> Any:
    arr = np.round(np.asarray(a, dtype=float), digits)
    return [[None if np.isnan(v) else float(v) for v in row] for row in arr]


def _doc(table: dict[str, Any]) -> Doc:
    return {"format": FORMAT, "schemaVersion": CURRENT_VERSION, "tables": [table]}


def _xy(variant: Variant) -> Doc:
    rng = np.random.default_rng(7)
    x = [0.0, 1.0, 2.0, 4.0, 6.0, 8.0]
    reps = variant.min_replicates > 1
    n_rep = 3 if reps else 1
    sets = []
    for k, (slope, base, name) in enumerate(((1.6, 2.0, "Control"), (0.9, 1.0, "Treated"))):
        rows = [
            [base + slope * xi + rng.normal(0, 0.6 + 0.1 * k) for _ in range(n_rep)] for xi in x
        ]
        sets.append({"name": name, "values": _round(rows)})
    table: dict[str, Any] = {
        "name": "Growth",
        "format": "xy",
        "x": x,
        "dataSets": sets,
        "graph": _graph(variant),
        "titles": {"x": {"text": "Time (h)"}, "y": {"text": "Signal (AU)"}},
    }
    return _doc(_with_analyses(table, variant))


def _column(variant: Variant) -> Doc:
    data = variant.sample.data
    rng = np.random.default_rng(11)
    specs = (("Control", 10.0, 1.6), ("Drug A", 13.5, 2.2), ("Drug B", 8.2, 1.4))
    n = 8
    sets = []
    for name, mu, sd in specs:
        vals = rng.normal(mu, sd, n)
        if data is SampleData.COLUMN_OUTLIER and name == "Drug A":
            vals[0] = mu + 5.5 * sd  # one outlier for the Tukey rule
        if data is SampleData.COLUMN_PAIRED:
            vals = specs[0][1] + (mu - specs[0][1]) + rng.normal(0, 0.5, n) + np.linspace(-2, 2, n)
        sets.append({"name": name, "values": _round(vals[:, None])})
    graph = _graph(variant)
    if data is SampleData.COLUMN_PAIRED:
        sets = sets[:2]
        sets[1]["name"] = "After"
        sets[0]["name"] = "Before"
    return _doc(
        {
            "name": "Response",
            "format": "column",
            "dataSets": sets,
            "graph": graph,
            "titles": {"y": {"text": "Response (mg/L)"}},
        }
    )


def _nested(variant: Variant) -> Doc:
    rng = np.random.default_rng(5)
    sets = []
    for name, mu in (("Vehicle", 20.0), ("Treated", 26.0)):
        animals = [rng.normal(mu + rng.normal(0, 2.0), 1.5, 5) for _ in range(3)]
        sets.append({"name": name, "values": _round(np.column_stack(animals))})
    return _doc(
        {
            "name": "Cell size",
            "format": "nested",
            "replicates": 3,
            "dataSets": sets,
            "graph": _graph(variant),
            "titles": {"y": {"text": "Cell area (\u00b5m\u00b2)"}},
        }
    )


def _survival(variant: Variant) -> Doc:
    rng = np.random.default_rng(3)
    times: list[float] = []
    groups: list[tuple[str, list[list[float | None]]]] = [("Standard", []), ("New therapy", [])]
    for g, scale in enumerate((14.0, 26.0)):
        for _ in range(14):
            t = float(np.round(rng.exponential(scale), 1))
            censored = bool(rng.random() < 0.25) or t > 40
            times.append(min(t, 40.0))
            for k, (_, rows) in enumerate(groups):
                rows.append([(0.0 if censored else 1.0) if k == g else None])
    return _doc(
        {
            "name": "Survival",
            "format": "survival",
            "x": times,
            "dataSets": [{"name": n, "values": rows} for n, rows in groups],
            "graph": _graph(variant),
            "titles": {"x": {"text": "Months"}},
        }
    )


_GROUPS = ["Control", "Low dose", "High dose"]
_SERIES = ["Day 1", "Day 7", "Day 14"]


def _round_rows(a: np.ndarray[Any, Any], digits: int = 1) -> list[Any]:
    return [[None if not np.isfinite(v) else round(float(v), digits) for v in row] for row in a]


def _grouped_table(variant: Variant) -> dict[str, Any]:
    rng = np.random.default_rng(7)
    sample = variant.sample
    replicates = sample.replicates or 4
    means = np.array([[10.0, 14.0, 16.0], [12.0, 19.0, 24.0], [13.0, 23.0, 31.0]])
    data_sets = []
    for j, name in enumerate(_SERIES[: sample.data_sets or len(_SERIES)]):
        if sample.data is SampleData.GROUPED_SUBJECTS:  # each sub-column one subject
            subject = rng.normal(0.0, 2.0, size=replicates)
            vals = means[:, j][:, None] + subject[None, :] + rng.normal(0, 0.8, (3, replicates))
        else:
            vals = means[:, j][:, None] + rng.normal(0.0, 2.2, size=(3, replicates))
        data_sets.append({"name": name, "values": _round_rows(vals)})
    return {
        "name": "Tumour volume",
        "format": "grouped",
        "replicates": replicates,
        "rowLabels": list(_GROUPS),
        "dataSets": data_sets,
        "titles": {"y": {"text": "Volume (mm³)"}, "x": {"text": "Treatment"}},
    }


def _heat_map_table(variant: Variant) -> dict[str, Any]:
    rng = np.random.default_rng(11)
    genes = ["TP53", "MYC", "EGFR", "KRAS", "BRCA1", "PTEN", "CDK4", "VEGFA"]
    samples = ["S1", "S2", "S3", "S4", "S5", "S6"]
    base = rng.normal(0.0, 1.2, size=(len(genes), 1)) + np.linspace(-1.0, 1.0, len(samples))
    data_sets = []
    for j, name in enumerate(samples):
        vals = base[:, j][:, None] + rng.normal(0.0, 0.3, size=(len(genes), 2))
        cells = _round_rows(vals, 2)
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


def _contingency_table(variant: Variant) -> dict[str, Any]:
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


def _parts_table(variant: Variant) -> dict[str, Any]:
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


#: each multipleVariables sample table with the roles of its data sets
_MV: dict[SampleData, tuple[Callable[[], dict[str, Any]], dict[str, Any]]] = {
    SampleData.MV_BUBBLE: (_mv_bubble, {"x": 0, "y": 1, "size": 2, "color": 3, "label": 4}),
    SampleData.MV_SCATTER: (_mv_scatter, {"x": 0, "y": 1, "color": 2, "shape": 3}),
    SampleData.MV_VOLCANO: (_mv_volcano, {"x": 0, "y": 1, "label": 2}),
    SampleData.MV_FOREST: (_mv_forest, {"x": 0, "lower": 1, "upper": 2, "label": 3}),
}


def _mv_table(variant: Variant) -> dict[str, Any]:
    make, _ = _MV[variant.sample.data]
    return make()


def _graph(variant: Variant) -> dict[str, Any]:
    """The sample's graph: the variant, with the plot options its sample sets."""
    graph: dict[str, Any] = {"variantId": variant.id}
    if variant.sample.options:
        graph["plot"] = {"family": variant.family, "options": _options(variant)}
    return graph


def _options(variant: Variant) -> dict[str, Any]:
    """The plot options the sample sets: a copy (the registry's own are never handed out)."""
    return copy.deepcopy(dict(variant.sample.options))


def _with_analyses(table: dict[str, Any], variant: Variant) -> dict[str, Any]:
    methods = variant.sample.analyses
    if methods:
        table["analyses"] = [
            {"id": "fit" if k == 0 else f"fit{k + 1}", "method": m} for k, m in enumerate(methods)
        ]
    return table


def _rows_document(variant: Variant) -> Doc:
    """A complete document with the sample table of a grouped, contingency, partsOfWhole or
    multipleVariables ``variant`` (its graph's plot always given)."""
    table = ROW_TABLES[variant.sample.data](variant)
    plot: dict[str, Any] = {"family": variant.family, "options": {}}
    if variant.sample.data in _MV:
        ids = data_set_ids([ds["name"] for ds in table["dataSets"]])
        mapping = {role: ids[index] for role, index in _MV[variant.sample.data][1].items()}
        plot["options"] = {"kind": variant.own_defaults["kind"], "mapping": mapping}
    plot["options"].update(_options(variant))
    table["id"] = "t1"
    table["graph"] = {"variantId": variant.id, "plot": plot}
    return {
        "format": FORMAT,
        "schemaVersion": CURRENT_VERSION,
        "meta": {"title": f"Sample: {variant.id}"},
        "tables": [_with_analyses(table, variant)],
    }


#: each kind of sample table with rows -> its builder
ROW_TABLES: dict[SampleData, Callable[[Variant], dict[str, Any]]] = {
    SampleData.GROUPED: _grouped_table,
    SampleData.GROUPED_SUBJECTS: _grouped_table,
    SampleData.HEAT_MAP: _heat_map_table,
    SampleData.CONTINGENCY: _contingency_table,
    SampleData.PARTS: _parts_table,
    **dict.fromkeys(_MV, _mv_table),
}

#: each kind of sample -> the builder of its document
TABLES: dict[SampleData, Callable[[Variant], Doc]] = {
    SampleData.XY: _xy,
    SampleData.COLUMN: _column,
    SampleData.COLUMN_OUTLIER: _column,
    SampleData.COLUMN_PAIRED: _column,
    SampleData.NESTED: _nested,
    SampleData.SURVIVAL: _survival,
    **dict.fromkeys(ROW_TABLES, _rows_document),
}


def sample_variants() -> list[str]:
    """Variant ids that have a sample document, in registry order."""
    return [vid for vid, v in VARIANTS.items() if v.sample.data in TABLES]


def sample_document(variant_id: str) -> Doc:
    """A small valid document whose single table draws ``variant_id``."""
    variant = VARIANTS[variant_id]
    try:
        builder = TABLES[variant.sample.data]
    except KeyError:
        raise KeyError(f"no sample document for {variant_id!r} yet") from None
    return builder(variant)
