"""The contract's minimal document shape, as one small valid document.

A column table with two data sets of one-cell rows, drawn as `scatter-bar` with
`meanWithSd`: the shape the contract gives at the end of its section 9. The spec page and the
AI-assistant prompt both show it.
"""

from __future__ import annotations

from typing import Any

from ..contract import site


def minimal_document() -> dict[str, Any]:
    """A fresh copy of the minimal document (plain JSON values)."""
    return {
        "format": site.FORMAT,
        "schemaVersion": site.CURRENT_VERSION,
        "tables": [
            {
                "format": "column",
                "dataSets": [
                    {"name": "Control", "values": [[4.2], [5.1], [3.8], [4.6]]},
                    {"name": "Treated", "values": [[6.3], [7.0], [5.9], [6.8]]},
                ],
                "graph": {
                    "variantId": "scatter-bar",
                    "plot": {"family": "column", "options": {"mode": "meanWithSd"}},
                },
            }
        ],
    }
