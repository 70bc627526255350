"""Render the sample document of every variant to docs/gallery/<variant>.png and write docs/gallery.md.

Usage: python tools/gallery.py [--out docs] [--dpi 100] [variant ...]

The variants are those with a sample in :mod:`plotdoc.publish.samples` (all of them).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import orjson

from plotdoc.api import loads
from plotdoc.contract.variants import VARIANTS
from plotdoc.publish.samples import sample_document, sample_variants
from plotdoc.render import render_table


def _words(name: str) -> str:
    return name.lower().replace("_", " ")


def _facts(vid: str) -> list[str]:
    """What the variant's record says it draws and offers, in a few words."""
    v = VARIANTS[vid]
    marks = ", ".join(_words(m.name) for m in v.marks)
    options = ", ".join(f"`{o}`" for o in v.options) or "none"
    return [
        f"Draws: {marks}; arrangement: {_words(v.arrangement.name)}; "
        f"needs {v.min_replicates} replicate{'s' if v.min_replicates > 1 else ''} or more; "
        f"editor group: {v.group.value}; plot options: {options}.",
        "",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--out", default="docs")
    parser.add_argument("--dpi", type=float, default=100.0)
    args = parser.parse_args(argv)
    out = Path(args.out)
    images = out / "gallery"
    images.mkdir(parents=True, exist_ok=True)
    chosen = args.variants or sample_variants()
    lines = [
        "# Gallery",
        "",
        "One example per graph variant, drawn by `tools/gallery.py` from",
        "`plotdoc.publish.samples.sample_document(variant_id)` with the default `modern` preset.",
        "",
        "The analyses drawn as a paper prints them (Tukey's brackets after a one-way ANOVA, a",
        "two-way ANOVA on grouped bars, a paired t test's bracket, a Kaplan-Meier graph with its",
        "log-rank P, a 2x2 table with Fisher's P, a dose-response curve with its EC50) are on",
        "[their own page](gallery/analyses.md), made by `tools/analysis_gallery.py`.",
        "",
    ]
    family = None
    for vid in sample_variants():
        if vid not in chosen:
            continue
        v = VARIANTS[vid]
        if v.family != family:
            family = v.family
            lines += [f"## {family}", ""]
        project = loads(orjson.dumps(sample_document(vid)))
        table = project.tables[0]
        png = render_table(project, table, fmt="png", dpi=args.dpi)
        (images / f"{vid}.png").write_bytes(png)
        lines += [
            f"### `{vid}`",
            "",
            v.description,
            "",
            *_facts(vid),
            f"![{vid}](gallery/{vid}.png)",
            "",
        ]
        print(vid, file=sys.stderr)
    if not args.variants:
        (out / "gallery.md").write_text("\n".join(lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
