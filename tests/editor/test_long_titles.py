"""A long graph title wraps within the figure: it is neither clipped at the figure's edges
nor does it widen the figure and leave the plot small in one corner."""

from __future__ import annotations

import io

import matplotlib
import numpy as np
import orjson
from PIL import Image

from plotdoc import loads
from plotdoc.publish.examples import example_bytes

LONG = (
    "Body weight at day 28 of mice fed a high fat diet with or without the drug, measured "
    "every morning before feeding in the animal facility"
)


def _project(title: str):  # type: ignore[no-untyped-def]
    doc = orjson.loads(example_bytes("complete"))
    doc["tables"][1].setdefault("titles", {})["graph"] = {"text": title}
    return loads(orjson.dumps(doc))


def test_a_long_title_stays_inside_the_figure() -> None:
    from plotdoc.render.engine import build_figure, rc_params

    project = _project(LONG)
    table = project.table("weights")
    with matplotlib.rc_context(rc_params(table.graph)):  # type: ignore[arg-type]
        fig = build_figure(project, table, dpi=100)
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        canvas = FigureCanvasAgg(fig)
        canvas.draw()  # type: ignore[no-untyped-call]
        box = fig.axes[0].title.get_window_extent(canvas.get_renderer())  # type: ignore[no-untyped-call]
        width = fig.bbox.width
    assert box.x0 >= 0 and box.x1 <= width, (box, width)
    assert box.height > 2 * 10  # it wrapped onto more than one line


def test_a_long_title_does_not_shrink_the_plot() -> None:
    from plotdoc.render import render_table

    def plot_width(title: str) -> float:
        project = _project(title)
        png = render_table(project, project.table("weights"), fmt="png", dpi=80)
        pixels = np.asarray(Image.open(io.BytesIO(png)).convert("L"))
        # the plot's frame: the widest run of dark pixels in the lower half (the X axis line)
        lower = pixels[pixels.shape[0] // 2 :] < 100
        return float(lower.sum(axis=1).max()) / float(pixels.shape[1])

    short, long = plot_width("Body weight at day 28"), plot_width(LONG)
    assert long > 0.8 * short, (short, long)
