"""A few whole images compared with committed baselines (small PNGs, with a tolerance).

To refresh after an intended change: ``python -m tests.render.test_baseline`` rewrites them;
look at every image before committing it.
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from plotdoc.api import loads
from plotdoc.publish.samples import sample_document
from plotdoc.render import render_table

BASELINE = Path(__file__).parent / "baseline"

CASES: dict[str, tuple[str, dict[str, object]]] = {
    "scatter-bar-modern": ("scatter-bar", {}),
    "xy-points-line-error-classic": ("xy-points-line-error", {"activePresetId": "classic"}),
    "survival-atrisk-starry": (
        "survival-staircase-ticks",
        {
            "activePresetId": "starry",
            "plot": {"family": "survival", "options": {"showNumberAtRisk": True}},
        },
    ),
    "column-box-floral": ("column-box-whiskers", {"activePresetId": "floral"}),
}


def draw(name: str) -> bytes:
    variant, graph = CASES[name]
    doc = sample_document(variant)
    doc["tables"][0]["graph"].update(graph)
    p = loads(orjson.dumps(doc))
    return render_table(p, p.tables[0], fmt="png", dpi=60)


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_baseline(name: str, tmp_path: Path) -> None:
    from matplotlib.testing.compare import compare_images

    actual = tmp_path / f"{name}.png"
    actual.write_bytes(draw(name))
    result = compare_images(str(BASELINE / f"{name}.png"), str(actual), tol=6.0)
    assert result is None, result


if __name__ == "__main__":
    for case in CASES:
        (BASELINE / f"{case}.png").write_bytes(draw(case))
