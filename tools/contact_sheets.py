"""Render every variant's sample in every preset to PNG and assemble contact sheets to look at.

Usage: python tools/contact_sheets.py OUT_DIR [--data KIND] [--preset P ...] [--per-sheet 16]
       [--dpi 72] [--only TEXT ...] [--width 85mm]

Each sheet ``OUT_DIR/<preset>[-<kind>]-<k>.png`` holds up to ``--per-sheet`` images, each under
its variant id. ``--data`` replaces the sample data by awkward data where the sample allows it:
``ties`` (values rounded to whole numbers), ``n40`` (40 values per column or group),
``long-labels`` (long data set, row and axis names), ``log`` (log10 value axis), ``one-value``
(a single value per data set), ``negative`` (data shifted to mostly negative values), ``many``
(16 data sets), ``ten-million`` (values near 10⁷), ``failed-fit`` (raw doses under a logX fit
that cannot converge) and ``range-brackets`` (a value-axis maximum set at the data's largest
value, with brackets above it). A
variant whose document is refused or cannot be drawn shows its message instead of an image.

``--width 85mm`` draws each graph scaled to that print width (as a journal prints it; choose
``--dpi`` so that the width fits a cell, such as 110 for 85 mm), and each label says "small"
when the graph has text below 6 pt or lines below 0.25 pt at that width; the last lines
printed count them per preset (``modern: 40 of 64 graphs print text or lines too small``).
"""

from __future__ import annotations

import argparse
import copy
import io
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
from PIL import Image, ImageDraw, ImageFont

from plotdoc.api import loads
from plotdoc.contract.styles import PRESET_IDS
from plotdoc.publish.samples import sample_document, sample_variants
from plotdoc.render import render_table_checked
from plotdoc.render.notices import TOO_SMALL, warning_code

Doc = dict[str, Any]
CELL_W, CELL_H, LABEL_H = 520, 420, 22


def _cells(doc: Doc, fn: Callable[[float], float]) -> None:
    for table in doc["tables"]:
        for ds in table["dataSets"]:
            ds["values"] = [
                [fn(v) if isinstance(v, (int, float)) else v for v in row] for row in ds["values"]
            ]


def _ties(doc: Doc) -> None:
    _cells(doc, lambda v: float(round(v)))


def _n40(doc: Doc) -> None:
    table = doc["tables"][0]
    fmt = table["format"]
    if fmt in ("column", "nested", "xy"):
        for ds in table["dataSets"]:
            rows = ds["values"]
            ds["values"] = [rows[k % len(rows)] for k in range(40)]
        if fmt == "xy":
            table["x"] = [float(k) for k in range(40)]
    elif fmt == "grouped" and table.get("replicates", 1) > 1:
        table["replicates"] = 40
        for ds in table["dataSets"]:
            ds["values"] = [[row[k % len(row)] for k in range(40)] for row in ds["values"]]


def _long_labels(doc: Doc) -> None:
    for table in doc["tables"]:
        for k, ds in enumerate(table["dataSets"]):
            if table["format"] != "multipleVariables":
                ds["name"] = f"{ds['name']} with a long descriptive name {k + 1}"
        if "rowLabels" in table:
            table["rowLabels"] = [f"{r} (long row label)" for r in table["rowLabels"]]
        titles = table.setdefault("titles", {})
        titles["y"] = {"text": "A long value axis title with units (mmol/L)"}
        titles["x"] = {"text": "A long category axis title describing the groups"}


def _log(doc: Doc) -> None:
    _cells(doc, lambda v: 10 ** (v / 8.0) if v > 0 else v)
    for table in doc["tables"]:
        table["graph"].setdefault("axesOverrides", {})["leftY"] = {"scale": "log10"}


def _one_value(doc: Doc) -> None:
    for table in doc["tables"]:
        if table["format"] in ("column", "nested"):
            for ds in table["dataSets"]:
                ds["values"] = ds["values"][:1]
        elif table["format"] == "grouped":
            table["replicates"] = 1
            for ds in table["dataSets"]:
                ds["values"] = [row[:1] for row in ds["values"]]


def _negative(doc: Doc) -> None:
    nums = [
        v
        for table in doc["tables"]
        for ds in table["dataSets"]
        for row in ds["values"]
        for v in row
        if isinstance(v, (int, float))
    ]
    shift = 0.7 * max(nums) if nums else 0.0
    _cells(doc, lambda v: round(v - shift, 2))


#: families whose data sets can be multiplied to many
_MANY_FAMILIES = ("xy", "column", "grouped", "nested", "contingency", "survival")


def _many(doc: Doc) -> None:
    """16 data sets: copies of the sample's, each scaled a little and named apart."""
    for table in doc["tables"]:
        sets = table["dataSets"]
        if table["format"] not in _MANY_FAMILIES or not sets:
            continue
        out = []
        for k in range(16):
            base = copy.deepcopy(sets[k % len(sets)])
            base["name"] = f"Strain {k + 1}"
            scale = 1.0 + 0.06 * k
            base["values"] = [
                [v * scale if isinstance(v, (int, float)) else v for v in row]
                for row in base["values"]
            ]
            out.append(base)
        table["dataSets"] = out
        table["graph"].setdefault("legend", {})["show"] = True


def _ten_million(doc: Doc) -> None:
    """Values near ten million (a small spread on a large offset)."""
    _cells(doc, lambda v: 1e7 + 1000.0 * v)


def _failed_fit(doc: Doc) -> None:
    """XY tables with raw doses spanning decades and a logX 4PL fit that cannot converge."""
    for table in doc["tables"]:
        if table["format"] == "xy" and table.get("x"):
            table["x"] = [10.0 ** (k % 6) for k in range(len(table["x"]))]
            table["analyses"] = [
                {"id": "fit", "method": "nonlinearRegression", "params": {"model": "logX"}}
            ]


def _range_brackets(doc: Doc) -> None:
    """A value-axis maximum set at the largest value, and brackets above it."""
    for table in doc["tables"]:
        nums = [v for ds in table["dataSets"] for row in ds["values"] for v in row
                if isinstance(v, (int, float))]  # fmt: skip
        if not nums or table["format"] in ("multipleVariables", "partsOfWhole"):
            continue
        axes = table["graph"].setdefault("axesOverrides", {})
        axes.setdefault("leftY", {})["rangeMax"] = max(nums)
        table["annotations"] = [
            {"type": "bracket", "left": {"kind": "group", "groupIndex": 0},
             "right": {"kind": "group", "groupIndex": g}, "text": "*" * g}
            for g in (1, 2)
        ]  # fmt: skip


KINDS: dict[str, Callable[[Doc], None]] = {
    "many": _many,
    "ten-million": _ten_million,
    "failed-fit": _failed_fit,
    "range-brackets": _range_brackets,
    "ties": _ties,
    "n40": _n40,
    "long-labels": _long_labels,
    "log": _log,
    "one-value": _one_value,
    "negative": _negative,
}


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow without sized default fonts
        return ImageFont.load_default()


def render_variant(
    variant_id: str, preset: str, kind: str | None, dpi: float, width: str | None = None
) -> tuple[Image.Image, bool]:
    """The PNG of one variant's sample in one preset (at a print ``width``), or an image of
    the message that refused it; and whether text or lines are too small at that width."""
    doc = copy.deepcopy(sample_document(variant_id))
    for table in doc["tables"]:
        table.setdefault("graph", {})["activePresetId"] = preset
    if kind is not None:
        KINDS[kind](doc)
    try:
        project = loads(orjson.dumps(doc))
        drawn = render_table_checked(project, project.tables[0], fmt="png", dpi=dpi, width=width)
        small = any(warning_code(w) == TOO_SMALL for w in drawn.warnings)
        return Image.open(io.BytesIO(drawn.data)).convert("RGB"), small
    except Exception as exc:  # the sheet shows what went wrong instead of stopping
        img = Image.new("RGB", (CELL_W, 120), "white")
        ImageDraw.Draw(img).multiline_text((8, 8), _wrap(f"{type(exc).__name__}: {exc}"), "red")
        return img, False


def _wrap(text: str, width: int = 70) -> str:
    return "\n".join(text[k : k + width] for k in range(0, min(len(text), 6 * width), width))


def sheet(images: list[tuple[str, Image.Image]]) -> Image.Image:
    """One contact sheet: each image scaled into its cell under its label, about square."""
    columns = max(1, math.ceil(math.sqrt(len(images))))
    rows = (len(images) + columns - 1) // columns
    out = Image.new("RGB", (columns * CELL_W, rows * (CELL_H + LABEL_H)), (235, 235, 235))
    draw = ImageDraw.Draw(out)
    font = _font(16)
    for k, (label, img) in enumerate(images):
        x, y = (k % columns) * CELL_W, (k // columns) * (CELL_H + LABEL_H)
        draw.text((x + 6, y + 3), label, fill="black", font=font)
        thumb = img.copy()
        thumb.thumbnail((CELL_W - 8, CELL_H - 4))
        out.paste(thumb, (x + 4, y + LABEL_H))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out")
    parser.add_argument("--data", choices=sorted(KINDS))
    parser.add_argument("--preset", nargs="*", default=list(PRESET_IDS))
    parser.add_argument("--per-sheet", type=int, default=16)
    parser.add_argument("--dpi", type=float, default=72.0)
    parser.add_argument("--only", nargs="*", help="variants whose id contains one of these")
    parser.add_argument("--width", help="print width each graph is scaled to (85mm)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    variants = [v for v in sample_variants() if not args.only or any(s in v for s in args.only)]
    counts: list[str] = []
    for preset in args.preset:
        suffix = (f"-{args.data}" if args.data else "") + (f"-{args.width}" if args.width else "")
        too_small: list[str] = []
        for k in range(0, len(variants), args.per_sheet):
            chunk = variants[k : k + args.per_sheet]
            images = []
            for v in chunk:
                img, small = render_variant(v, preset, args.data, args.dpi, args.width)
                images.append((f"{v}  (small)" if small else v, img))
                if small:
                    too_small.append(v)
            path = out / f"{preset}{suffix}-{k // args.per_sheet + 1}.png"
            sheet(images).save(path)
            print(path, file=sys.stderr)
        if args.width:
            counts.append(
                f"{preset}: {len(too_small)} of {len(variants)} graphs print text or lines too "
                f"small at {args.width}" + (f" ({', '.join(too_small)})" if too_small else "")
            )
    for line in counts:
        print(line, file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
