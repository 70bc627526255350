"""A custom origin far beyond the data stands at the plot area's edge instead of breaking drawing."""

from __future__ import annotations

from ..docs import nested_doc, svg_of


def test_far_custom_origin_draws() -> None:
    frame = {"originMode": "custom", "originX": 0.0, "originY": -2.5e15}
    doc = nested_doc(
        "nested-scatter",
        graph={"axesOverrides": {"frameAndOrigin": frame, "rightY": {"show": True}}},
    )
    doc["tables"][0]["dataSets"] = [{"name": "a", "values": [[None]]}]
    svg = svg_of(doc)
    assert svg.has("axis/x") and svg.has("axis/y")


def _right_axis_limits(doc: dict[str, object]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The left axis's limits and the right axis's values at the bottom and top of the plot."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from plotdoc.render.engine import build_figure

    from ..docs import open_doc

    project = open_doc(doc)
    fig = build_figure(project, project.tables[0], dpi=72)
    FigureCanvasAgg(fig).draw()  # type: ignore[no-untyped-call]
    main = fig.axes[0]
    right = main.child_axes[0]
    to_right = right.transData.inverted()
    bottom, top = (main.transAxes.transform((0.0, y))[1] for y in (0.0, 1.0))
    ends = (to_right.transform((0.0, bottom))[1], to_right.transform((0.0, top))[1])
    return main.get_ylim(), (round(float(ends[0]), 6), round(float(ends[1]), 6))


def test_the_right_y_axis_draws_its_own_range() -> None:
    from ..docs import xy_doc

    right = {"show": True, "rangeMin": 100, "rangeMax": 200}
    left, drawn = _right_axis_limits(xy_doc(graph={"axesOverrides": {"rightY": right}}))
    assert drawn == (100.0, 200.0), (left, drawn)
    reverse = {**right, "reverse": True}
    _, drawn = _right_axis_limits(xy_doc(graph={"axesOverrides": {"rightY": reverse}}))
    assert drawn == (200.0, 100.0)
    _, drawn = _right_axis_limits(xy_doc(graph={"axesOverrides": {"rightY": {"show": True}}}))
    assert drawn == tuple(round(float(v), 6) for v in left)  # without a range: a mirror


def test_the_right_y_axis_range_reaches_the_drawing() -> None:
    from ..docs import xy_doc

    right = {"show": True, "rangeMin": 1000, "rangeMax": 2000, "majorInterval": 500}
    svg = svg_of(xy_doc(graph={"axesOverrides": {"rightY": right}})).data.decode()
    assert ">1500<" in svg and ">2000<" in svg
