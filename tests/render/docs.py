"""Small documents for the rendering tests, built as dicts, and SVG helpers to read them back.

``open_doc(doc)`` opens a dict through the real reader (``plotdoc.api.loads``);
``svg_of(doc)`` renders its first table to SVG and returns a :class:`Svg` that finds
elements by semantic id and reads their positions and colours (SVG y grows downwards).
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from typing import Any

import orjson

from plotdoc.api import loads
from plotdoc.model import Project
from plotdoc.render import render_table

NS = {"svg": "http://www.w3.org/2000/svg", "xlink": "http://www.w3.org/1999/xlink"}
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"


def project(*tables: dict[str, Any]) -> dict[str, Any]:
    return {"format": "plotdoc-project", "schemaVersion": 1, "tables": list(tables)}


def xy_doc(
    variant: str = "scatter",
    *,
    reps: int = 1,
    n_sets: int = 2,
    graph: dict[str, Any] | None = None,
    **table: Any,
) -> dict[str, Any]:
    x = [1.0, 2.0, 3.0, 4.0]
    sets = []
    for k in range(n_sets):
        rows = [[(k + 1) * xi + 0.3 * r for r in range(reps)] for xi in x]
        sets.append({"name": f"S{k}", "values": rows})
    g = {"variantId": variant, **(graph or {})}
    return project({"name": "XY", "format": "xy", "x": x, "dataSets": sets, "graph": g, **table})


def column_doc(
    variant: str = "bar",
    *,
    graph: dict[str, Any] | None = None,
    values: list[list[float | None]] | None = None,
    **table: Any,
) -> dict[str, Any]:
    cols = values or [
        [1.0, 2.0, 3.0, 4.0, 5.0],
        [4.0, 5.0, 6.0, 7.0, 8.0],
        [2.0, 2.5, 3.0, 3.5, 20.0],
    ]
    sets = [{"name": f"C{k}", "values": [[v] for v in col]} for k, col in enumerate(cols)]
    g = {"variantId": variant, **(graph or {})}
    return project({"name": "Col", "format": "column", "dataSets": sets, "graph": g, **table})


def nested_doc(
    variant: str = "nested-scatter", *, graph: dict[str, Any] | None = None
) -> dict[str, Any]:
    sets = []
    for k in range(2):
        rows = [[10.0 * (k + 1) + j + 0.5 * r for j in range(3)] for r in range(4)]
        sets.append({"name": f"T{k}", "values": rows})
    g = {"variantId": variant, **(graph or {})}
    return project(
        {"name": "Nest", "format": "nested", "replicates": 3, "dataSets": sets, "graph": g}
    )


def survival_doc(
    variant: str = "survival-staircase-ticks", *, graph: dict[str, Any] | None = None
) -> dict[str, Any]:
    # group A: times 1..6 (censored at 3 and 6); group B: times 2..10 by 2 (censored at 8)
    x = [1, 2, 3, 4, 5, 6, 2, 4, 6, 8, 10]
    a = [[1], [1], [0], [1], [1], [0], None, None, None, None, None]
    b = [None] * 6 + [[1], [1], [1], [0], [1]]
    sets = [
        {"name": "A", "values": [r if r is not None else [None] for r in a]},
        {"name": "B", "values": [r if r is not None else [None] for r in b]},
    ]
    g = {"variantId": variant, **(graph or {})}
    return project({"name": "Surv", "format": "survival", "x": x, "dataSets": sets, "graph": g})


def long_labelled_bar(name_tail: str) -> dict[str, Any]:
    """The "bar" sample with each data set's name followed by ``name_tail`` (``{k}`` is the
    data set's number) and a long category axis title: labels that reach far below the plot
    area once turned."""
    from plotdoc.publish.samples import sample_document

    doc = sample_document("bar")
    table = doc["tables"][0]
    for k, ds in enumerate(table["dataSets"]):
        ds["name"] = f"{ds['name']} {name_tail.format(k=k + 1)}"
    table["titles"] = {"x": {"text": "A long category axis title describing the groups"}}
    return doc


def with_graph(doc: dict[str, Any], **graph: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    out["tables"][0]["graph"].update(graph)
    return out


def open_doc(doc: dict[str, Any]) -> Project:
    return loads(orjson.dumps(doc))


def render(doc: dict[str, Any], fmt: str = "svg") -> bytes:
    p = open_doc(doc)
    return render_table(p, p.tables[0], fmt=fmt, dpi=72)


_NUM = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")


class Svg:
    """An SVG document, searchable by element id."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.root = ET.fromstring(data)
        self.by_id: dict[str, ET.Element] = {}
        for el in self.root.iter():
            i = el.get("id")
            if i is not None:
                assert i not in self.by_id, f"duplicate id {i}"
                self.by_id[i] = el

    def ids(self, prefix: str = "") -> list[str]:
        """Semantic ids (with a slash) starting with ``prefix``, in document order."""
        return [i for i in self.by_id if "/" in i and i.startswith(prefix)]

    def has(self, sid: str) -> bool:
        return sid in self.by_id

    def __getitem__(self, sid: str) -> ET.Element:
        return self.by_id[sid]

    def uses(self, sid: str) -> list[tuple[float, float]]:
        """Marker positions (x, y) under the element ``sid``."""
        return [
            (float(u.get("x", 0)), float(u.get("y", 0)))
            for u in self[sid].iter(f"{{{NS['svg']}}}use")
        ]

    def point(self, sid: str) -> tuple[float, float]:
        pts = self.uses(sid)
        assert len(pts) == 1, (sid, pts)
        return pts[0]

    def path_points(self, sid: str) -> list[tuple[float, float]]:
        pts: list[tuple[float, float]] = []
        for p in self[sid].iter(f"{{{NS['svg']}}}path"):
            nums = [float(n) for n in _NUM.findall(p.get("d", ""))]
            pts += list(zip(nums[0::2], nums[1::2], strict=False))
        return pts

    def bbox(self, sid: str) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the paths under ``sid``."""
        pts = self.path_points(sid)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)

    def style(self, sid: str, tag: str = "path") -> dict[str, str]:
        """The CSS style of the first ``tag`` (path or use) under ``sid``."""
        for el in self[sid].iter(f"{{{NS['svg']}}}{tag}"):
            style = el.get("style")
            if style:
                return {
                    k.strip(): v.strip()
                    for k, v in (item.split(":", 1) for item in style.split(";") if ":" in item)
                }
        return {}

    def text(self, sid: str) -> str:
        return "".join(t for t in self[sid].itertext()).strip()


def svg_of(doc: dict[str, Any]) -> Svg:
    return Svg(render(doc))
