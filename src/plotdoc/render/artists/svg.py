"""Writing many marks with their own ids straight into matplotlib's SVG writer.

Going through ``RendererSVG.draw_markers`` / ``draw_path`` once per mark costs a marker
lookup, a style and a clip computation each time; for 10,000 symbols that is most of the
drawing time. Here the marker definition, the CSS and the clip attributes are computed once
per run of marks with the same style, and each mark is one ``<use id=...>`` or
``<path id=...>`` element, exactly what the renderer itself would write. The renderer's
private helpers are checked first; when one is missing (another matplotlib version) the
caller falls back to the per-mark path (:func:`fast_svg` returns None).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import numpy as np
from matplotlib.backend_bases import RendererBase
from matplotlib.path import Path
from matplotlib.transforms import Affine2D, IdentityTransform
from numpy.typing import NDArray

_NEEDED = (
    "writer",
    "_convert_path",
    "_get_style_dict",
    "_get_style",
    "_get_clip_attrs",
    "_make_flip_transform",
    "_make_id",
    "_markers",
)


def inner(renderer: RendererBase) -> Any:
    """The vector renderer inside a MixedModeRenderer (or the renderer itself)."""
    if type(renderer).__name__ == "MixedModeRenderer":
        return getattr(renderer, "_renderer", renderer)
    return renderer


def is_svg(renderer: RendererBase) -> bool:
    """Whether ``renderer`` writes SVG (savefig wraps it in a MixedModeRenderer)."""
    return type(inner(renderer)).__name__ == "RendererSVG"


def pixels_per_point(renderer: RendererBase) -> float:
    """Pixels per point of ``renderer`` (matplotlib's stubs type the argument too narrowly)."""
    return float(renderer.points_to_pixels(1.0))  # type: ignore[arg-type]


def drawing_disabled(renderer: RendererBase) -> bool:
    """True during matplotlib's layout pass (``_draw_disabled``), when nothing is written.

    The pass sets no-op drawing methods on the renderer, wrapping RendererBase's (they carry
    its name since matplotlib 3.10, so the name alone no longer tells)."""
    method = getattr(inner(renderer), "draw_markers", None)
    if getattr(method, "__wrapped__", None) is RendererBase.draw_markers:
        return True
    return "_draw_disabled" in getattr(method, "__qualname__", "")


def fast_svg(renderer: RendererBase) -> Any | None:
    r = inner(renderer)
    if type(r).__name__ != "RendererSVG" or not all(hasattr(r, a) for a in _NEEDED):
        return None
    return r


def _raw(writer: Any) -> Any | None:
    """The writer's underlying write function once its open tag is closed (None if unknown)."""
    write = getattr(writer, "_XMLWriter__write", None)
    flush = getattr(writer, "_XMLWriter__flush", None)
    if write is None or flush is None:
        return None
    flush()
    return write


def write_markers(
    svg: Any,
    gc: Any,
    marker: Path,
    marker_trans: Affine2D,
    face: Any,
    pts: NDArray[np.float64],
    ids: Sequence[str],
) -> None:
    """One ``<use>`` per point (display coordinates), sharing one marker definition."""
    from matplotlib.backends import backend_svg

    css: Any = backend_svg._generate_css
    writer = svg.writer
    path_data = svg._convert_path(
        marker, marker_trans + Affine2D().scale(1.0, -1.0), simplify=False
    )
    style = svg._get_style_dict(gc, face)
    key = (path_data, css(style))
    oid = svg._markers.get(key)
    if oid is None:
        oid = svg._make_id("m", key)
        stroke = css({k: v for k, v in style.items() if k.startswith("stroke")})
        writer.start("defs")
        writer.element("path", id=oid, d=path_data, style=stroke)
        writer.end("defs")
        svg._markers[key] = oid
    use_style = escape(svg._get_style(gc, face), quote=True)
    flipped = svg._make_flip_transform(IdentityTransform()).transform(pts)
    writer.start("g", **svg._get_clip_attrs(gc))
    href = escape(f"#{oid}", quote=True)
    raw = _raw(writer)
    lines = [
        f'<use id="{escape(sid, quote=True)}" xlink:href="{href}" x="{x:.3f}" y="{y:.3f}" style="{use_style}"/>\n'
        for (x, y), sid in zip(flipped.tolist(), ids, strict=True)
    ]
    if raw is not None:
        raw("".join(lines))
    else:  # pragma: no cover - other matplotlib versions
        for (x, y), sid in zip(flipped.tolist(), ids, strict=True):
            writer.element(
                "use",
                attrib={
                    "id": sid,
                    "xlink:href": f"#{oid}",
                    "x": f"{x:.3f}",
                    "y": f"{y:.3f}",
                    "style": svg._get_style(gc, face),
                },
            )
    writer.end("g")


def write_paths(
    svg: Any, gc: Any, paths: Sequence[NDArray[np.float64]], ids: Sequence[str]
) -> None:
    """One ``<path id=...>`` per set of segments ((k, 2, 2) arrays in display units)."""
    flip = svg._make_flip_transform(IdentityTransform())
    ds = []
    for segs in paths:
        f = flip.transform(segs.reshape(-1, 2)).tolist()
        ds.append(
            " ".join(
                f"M {f[k][0]:.3f} {f[k][1]:.3f} L {f[k + 1][0]:.3f} {f[k + 1][1]:.3f}"
                for k in range(0, len(f), 2)
            )
        )
    _write_path_elements(svg, gc, None, ds, ids)


def write_polygons(
    svg: Any, gc: Any, face: Any, polygons: NDArray[np.float64], ids: Sequence[str]
) -> None:
    """One closed ``<path id=...>`` per polygon ((n, k, 2) corners in display units), filled
    with ``face`` and stroked as ``gc`` says."""
    flip = svg._make_flip_transform(IdentityTransform())
    n, k = polygons.shape[:2]
    flat = flip.transform(polygons.reshape(-1, 2)).reshape(n, k, 2).tolist()
    ds = ["M " + " L ".join(f"{x:.3f} {y:.3f}" for x, y in corners) + " Z" for corners in flat]
    _write_path_elements(svg, gc, face, ds, ids)


def write_shapes(
    svg: Any, gc: Any, face: Any, polygons: Sequence[NDArray[np.float64]], ids: Sequence[str]
) -> None:
    """One closed ``<path id=...>`` per polygon (its (k, 2) corners in display units, ``k``
    may differ from one to the next), filled with ``face`` and stroked as ``gc`` says."""
    flip = svg._make_flip_transform(IdentityTransform())
    ds = [
        "M " + " L ".join(f"{x:.3f} {y:.3f}" for x, y in flip.transform(p).tolist()) + " Z"
        for p in polygons
    ]
    _write_path_elements(svg, gc, face, ds, ids)


def _write_path_elements(
    svg: Any, gc: Any, face: Any, ds: Sequence[str], ids: Sequence[str]
) -> None:
    """``<path id=... d=... style=...>`` elements of one style in a group clipped as ``gc``."""
    writer = svg.writer
    style = svg._get_style(gc, face)
    writer.start("g", **svg._get_clip_attrs(gc))
    raw = _raw(writer)
    if raw is not None:
        st = escape(style, quote=True)
        raw(
            "".join(
                f'<path id="{escape(sid, quote=True)}" d="{d}" style="{st}"/>\n'
                for d, sid in zip(ds, ids, strict=True)
            )
        )
    else:  # pragma: no cover - other matplotlib versions
        for d, sid in zip(ds, ids, strict=True):
            writer.element("path", attrib={"id": sid, "d": d, "style": style})
    writer.end("g")
