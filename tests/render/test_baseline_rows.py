"""A few baseline images of grouped, parts and multipleVariables graphs, compared with a tolerance (matplotlib's RMS image compare).

Regenerate after an intended change with ``PLOTDOC_REGEN_BASELINES=1 pytest`` on this file,
then look at every image before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import orjson
import pytest
from matplotlib.testing.compare import compare_images

from plotdoc.api import loads
from plotdoc.publish.samples import sample_document
from plotdoc.render import render_table

HERE = Path(__file__).parent / "baseline_rows"
VARIANTS = ["grouped-interleaved-bars", "grouped-heat-map", "parts-donut", "mv-volcano"]
#: RMS difference (0-255 scale) allowed: font hinting and anti-aliasing may differ a little
TOLERANCE = 6.0


@pytest.mark.parametrize("variant", VARIANTS)
def test_baseline_image(variant: str, tmp_path: Path) -> None:
    project = loads(orjson.dumps(sample_document(variant)))
    png = render_table(project, project.tables[0], fmt="png", dpi=60)
    expected = HERE / f"{variant}.png"
    if os.environ.get("PLOTDOC_REGEN_BASELINES"):
        HERE.mkdir(exist_ok=True)
        expected.write_bytes(png)
    actual = tmp_path / f"{variant}.png"
    actual.write_bytes(png)
    result = compare_images(str(expected), str(actual), tol=TOLERANCE)
    assert result is None, result
