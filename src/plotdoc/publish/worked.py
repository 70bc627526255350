"""Worked examples of the AI prompt: one short, complete document per common figure.

Each is what an assistant should write for a typical request; the prompt shows them as one
compact JSON line each, and the prompt's tests open every one and draw its graphs with no
warning. The numbers are small made-up data sets (no claim about any experiment).
"""

from __future__ import annotations

import json
from typing import Any

from ..contract.site import CURRENT_VERSION, FORMAT

Document = dict[str, Any]

_HEAD: Document = {"format": FORMAT, "schemaVersion": CURRENT_VERSION}


def _doc(title: str, *tables: Document) -> Document:
    return {**_HEAD, "meta": {"title": title}, "tables": list(tables)}


#: name -> (the request it answers, the document)
WORKED: dict[str, tuple[str, Document]] = {
    "dose-response": (
        "Dose-response curve with a four-parameter logistic fit; doses 1 nM to 10 uM in "
        "triplicate (X written as log10 of the molar dose, so the model is logX)",
        _doc(
            "Agonist dose-response",
            {
                "id": "dose",
                "name": "Dose response",
                "format": "xy",
                "replicates": 3,
                "x": [-9, -8.5, -8, -7.5, -7, -6.5, -6, -5.5, -5],
                "dataSets": [
                    {
                        "name": "Agonist",
                        "values": [
                            [2.1, 3.0, 1.6],
                            [4.2, 5.1, 3.7],
                            [9.8, 11.2, 8.9],
                            [22.5, 25.1, 20.3],
                            [48.7, 51.9, 46.2],
                            [74.6, 77.8, 72.1],
                            [89.9, 92.3, 88.0],
                            [96.1, 97.5, 95.2],
                            [98.4, 99.1, 97.6],
                        ],
                    }
                ],
                "graph": {
                    "variantId": "xy-points-error",
                    "plot": {"family": "xy", "options": {"center": "meanError", "error": "sd"}},
                },
                "analyses": [
                    {"id": "fit", "method": "nonlinearRegression", "params": {"model": "logX"}}
                ],
                "titles": {
                    "x": {"text": "log_{10} [agonist] (M)"},
                    "y": {"text": "Response (% of maximum)"},
                },
            },
        ),
    ),
    "column-t-test": (
        "Two groups as bars with mean and SD and every value, an unpaired t test, and a "
        "bracket between the bars",
        _doc(
            "Treated against control",
            {
                "id": "groups",
                "name": "Plasma glucose",
                "format": "column",
                "dataSets": [
                    {"name": "Control", "values": [[5.1], [4.8], [5.6], [5.0], [5.3], [4.9]]},
                    {"name": "Treated", "values": [[6.4], [7.1], [6.0], [6.8], [7.3], [6.6]]},
                ],
                "graph": {
                    "variantId": "scatter-bar",
                    "plot": {"family": "column", "options": {"mode": "meanWithSd"}},
                },
                "analyses": [
                    {
                        "id": "t",
                        "method": "ttest",
                        "params": {"groupA": "Control", "groupB": "Treated"},
                    }
                ],
                "annotations": [
                    {
                        "type": "bracket",
                        "left": {"kind": "dataSet", "dataSetId": "Control"},
                        "right": {"kind": "dataSet", "dataSetId": "Treated"},
                        "text": "t test",
                    }
                ],
                "titles": {"y": {"text": "Glucose (mmol/L)"}, "x": {"show": False}},
            },
        ),
    ),
    "grouped-bars": (
        "Grouped bars: three time points, two strains side by side, triplicates, mean and "
        "SEM, legend at the upper left inside the plot",
        _doc(
            "Growth of two strains",
            {
                "id": "growth",
                "name": "Optical density",
                "format": "grouped",
                "replicates": 3,
                "rowLabels": ["2 h", "4 h", "8 h"],
                "dataSets": [
                    {
                        "name": "Wild type",
                        "values": [[0.21, 0.19, 0.23], [0.48, 0.52, 0.45], [1.10, 1.04, 1.15]],
                    },
                    {
                        "name": "Mutant",
                        "values": [[0.18, 0.20, 0.17], [0.31, 0.35, 0.29], [0.62, 0.58, 0.66]],
                    },
                ],
                "graph": {
                    "variantId": "grouped-interleaved-bars",
                    "plot": {"family": "grouped", "options": {"mode": "meanWithSem"}},
                    "legend": {"position": "upperLeft"},
                },
                "titles": {"y": {"text": "OD_{600}"}, "x": {"text": "Time"}},
            },
        ),
    ),
    "kaplan-meier": (
        "Kaplan-Meier survival of two groups (one subject per row: X the time, 1 = event, "
        "0 = censored in the subject's own group, null in the other)",
        _doc(
            "Survival by treatment",
            {
                "id": "survival",
                "name": "Survival",
                "format": "survival",
                "x": [3, 5, 8, 12, 15, 20, 4, 9, 14, 22, 25, 30],
                "dataSets": [
                    {
                        "name": "Placebo",
                        "values": [[1], [1], [0], [1], [1], [0]] + [[None]] * 6,
                    },
                    {
                        "name": "Drug",
                        "values": [[None]] * 6 + [[0], [1], [0], [1], [0], [0]],
                    },
                ],
                "graph": {
                    "variantId": "survival-staircase-ticks",
                    "plot": {"family": "survival", "options": {"showAs": "percents"}},
                },
                "titles": {"x": {"text": "Days"}, "y": {"text": "Percent survival"}},
            },
        ),
    ),
    "correlation-heat-map": (
        "Correlation heat map of four measured variables (a correlationMatrix analysis and "
        "its results table drawn as a heat map)",
        _doc(
            "Correlations between measurements",
            {
                "id": "measures",
                "name": "Measurements",
                "format": "multipleVariables",
                "dataSets": [
                    {"name": "Height", "values": [[170], [165], [180], [175], [160], [185]]},
                    {"name": "Weight", "values": [[72], [58], [77], [80], [61], [83]]},
                    {"name": "Age", "values": [[34], [52], [29], [41], [25], [38]]},
                    {"name": "Pulse", "values": [[72], [64], [80], [70], [75], [68]]},
                ],
                "analyses": [
                    {"id": "corr", "method": "correlationMatrix", "params": {"method": "pearson"}}
                ],
            },
            {
                "id": "corr-map",
                "name": "Pearson r",
                "format": "grouped",
                "derivedFrom": {"sourceTableId": "measures", "analysisId": "corr"},
                "graph": {"variantId": "grouped-heat-map"},
            },
        ),
    ),
}


def worked_section() -> list[str]:
    """The prompt's section of worked examples, one compact JSON line per example."""
    out = [
        "## Worked examples",
        "",
        "Complete documents for common requests; adapt the data, names and titles.",
    ]
    for name, (request, doc) in WORKED.items():
        out += ["", f"Worked example ({name}): {request}.", "", f"`{json.dumps(doc)}`"]
    return out
