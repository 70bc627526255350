"""A generated corpus of projects: every table family, awkward names and numbers."""

from __future__ import annotations

import random
from typing import Any

import orjson

from plotdoc.api import loads
from plotdoc.model import Project

FAMILIES = (
    "xy",
    "column",
    "grouped",
    "nested",
    "contingency",
    "survival",
    "partsOfWhole",
    "multipleVariables",
)
#: Numbers whose every digit matters, and a few ordinary ones.
AWKWARD = (
    0.1 + 0.2,
    1 / 3,
    -2.5e-310,
    5e-324,
    1.7976931348623157e308,
    123456789012345.67,
    -0.0,
    1e22,
    2.0**53,
    3.141592653589793,
)
NAMES = ("A & B", "<tag>", "quote \" and ' apostrophe", "ünïcødé µg/mL", "x]]>y", "Ω → ∞")


def _cell(rng: random.Random, family: str) -> Any:
    if rng.random() < 0.12:
        return None
    if family == "survival":
        return rng.choice((0, 1))
    if family in ("contingency", "partsOfWhole"):
        return rng.randint(0, 500)
    if rng.random() < 0.25:
        return rng.choice(AWKWARD)
    return rng.uniform(-1e3, 1e3)


def table(rng: random.Random, family: str, n: int) -> dict[str, Any]:
    replicates = {
        "xy": rng.randint(1, 4),
        "grouped": rng.randint(1, 3),
        "nested": rng.randint(2, 4),
    }
    reps = replicates.get(family, 1)
    rows = rng.randint(1, 12)
    n_sets = rng.randint(1, 4)
    data_sets = []
    for d in range(n_sets):
        values = []
        for _ in range(rows):
            row = [_cell(rng, family) for _ in range(reps)]
            if family == "multipleVariables" and d == 0:
                row = [rng.choice(("setosa", "virginica", "A < B", "ünï", None))]
            values.append(row)
        while values and all(c is None for c in values[-1]):
            values.pop()  # trailing empty rows are not stored
        name = f"{rng.choice(NAMES)} {d}" if rng.random() < 0.5 else f"Set {d}"
        data_sets.append({"name": name, "values": values})
    t: dict[str, Any] = {
        "id": f"t{n}",
        "name": f"{family} table {n} {rng.choice(NAMES)}",
        "format": family,
        "replicates": reps,
        "dataSets": data_sets,
    }
    if family in ("xy", "survival"):
        t["x"] = [
            rng.choice((*AWKWARD, float(r))) if family == "xy" else r * 1.5 for r in range(rows)
        ]
        t["titles"] = {"x": {"text": f"Time {rng.choice(NAMES)}"}}
    if family in ("grouped", "contingency", "partsOfWhole", "multipleVariables"):
        t["rowLabels"] = [f"row {r} {rng.choice(NAMES)}" for r in range(rows)]
    if family == "multipleVariables":
        t["graph"] = {
            "variantId": "mv-scatter",
            "plot": {"family": family, "options": {"kind": "scatter", "mapping": {"x": 1, "y": 1}}},
        }
        if n_sets < 2:
            t["dataSets"].append({"name": "numbers", "values": [[1.5], [2.5]]})
    return t


def project(seed: int) -> Project:
    """A project with one or two tables of every family."""
    rng = random.Random(seed)
    tables = []
    for family in FAMILIES:
        for _ in range(rng.randint(1, 2)):
            tables.append(table(rng, family, len(tables)))
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "meta": {"title": f"Generated & <checked> {seed}", "authors": ["Ada Lovelace"]},
        "tables": tables,
    }
    return loads(orjson.dumps(doc))
