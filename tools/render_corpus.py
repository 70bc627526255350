"""Render every gallery sample (each variant in each preset) and every test document to SVG and
record the sha256 of each SVG in a JSON file, to check that a change of the drawing code keeps
its output byte for byte.

Usage: python tools/render_corpus.py OUT.json [--compare BEFORE.json] [--save-svg DIR]
       [--why BEFORE_DIR] [--format png]

``--format png`` records PNGs at 100 dpi instead (``--save-svg`` then saves those).

With ``--compare`` the script lists the documents whose SVG differs from BEFORE.json (and those
present in only one of the two) and exits 1 when any differs. With ``--why`` (the folder an
earlier run saved its SVGs to with ``--save-svg``) each differing document also says why: the
semantic ids (``median/ds0``, ``title/graph``...) whose drawing changed, appeared or went, and
a count of the changes by kind of element over the whole corpus.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from plotdoc.api import loads
from plotdoc.contract.styles import PRESET_IDS
from plotdoc.render import render_table

ROOT = Path(__file__).resolve().parent.parent
DOC_DIRS = ("tests/corpus/valid", "tests/corpus/warnings", "src/plotdoc/examples")
#: the resolution of ``--format png``
PNG_DPI = 100


def _sample_documents() -> Iterator[tuple[str, dict[str, Any]]]:
    from plotdoc.publish.samples import sample_document, sample_variants

    for vid in sample_variants():
        base = sample_document(vid)
        for preset in PRESET_IDS:
            doc = copy.deepcopy(base)
            for table in doc["tables"]:
                table.setdefault("graph", {})["activePresetId"] = preset
            yield f"sample/{vid}/{preset}", doc


def _drawings(fmt: str = "svg") -> Iterator[tuple[str, bytes]]:
    for name, doc in _sample_documents():
        project = loads(orjson.dumps(doc))
        for k, table in enumerate(project.tables):
            if table.graph is not None:
                yield f"{name}#{k}", render_table(project, table, fmt=fmt, dpi=PNG_DPI)
    for folder in DOC_DIRS:
        for path in sorted((ROOT / folder).glob("*.plotdoc")):
            project = loads(path.read_bytes())
            for k, table in enumerate(project.tables):
                if table.graph is not None:
                    drawn = render_table(project, table, fmt=fmt, dpi=PNG_DPI)
                    yield f"{folder}/{path.name}#{k}", drawn


_GROUP = re.compile(r'<g id="([^"]+)"')
#: randomised or per-drawing parts of an SVG that say nothing of what is drawn
_NOISE = re.compile(
    r'(clip-path="url\(#[^)]*\)"|<clipPath id="[^"]*"|#p[0-9a-f]{10}|#h[0-9a-f]{10})'
)


def _elements(svg: str) -> dict[str, str]:
    """The text of each element with a semantic id (up to the next one), noise removed."""
    starts = [(m.start(), m.group(1)) for m in _GROUP.finditer(svg)]
    out: dict[str, str] = {}
    for (start, sid), nxt in zip(starts, [*starts[1:], (len(svg), "")], strict=True):
        out[sid] = _NOISE.sub("", svg[start : nxt[0]])
    return out


#: matplotlib's own numbered ids (line2d_3, text_12, xtick_4...): not plotdoc's semantic ids
_NUMBERED = re.compile(r"[a-z0-9]+_\d+")


def why(before: bytes, after: bytes) -> list[str]:
    """The semantic ids whose drawing differs between two SVGs (changed, added, removed);
    matplotlib's numbered ids (tick labels, axis lines) are left out."""
    a, b = _elements(before.decode()), _elements(after.decode())
    a = {k: v for k, v in a.items() if not _NUMBERED.fullmatch(k)}
    b = {k: v for k, v in b.items() if not _NUMBERED.fullmatch(k)}
    changed = [k for k in a.keys() & b.keys() if a[k] != b[k]]
    lines = [f"changed {k}" for k in sorted(changed)]
    lines += [f"added {k}" for k in sorted(b.keys() - a.keys())]
    lines += [f"removed {k}" for k in sorted(a.keys() - b.keys())]
    order_a = [k for k in a if k in b]
    order_b = [k for k in b if k in a]
    if order_a != order_b:  # the same elements drawn in another order (z-order)
        moved = [k for k, j in zip(order_b, order_a, strict=True) if k != j]
        lines += [f"reordered {k}" for k in moved[:6]]
    return lines


def _kind(line: str) -> str:
    verb, sid = line.split(" ", 1)
    return f"{verb} {sid.split('/')[0]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out")
    parser.add_argument("--compare")
    parser.add_argument("--save-svg")
    parser.add_argument("--why")
    parser.add_argument("--format", default="svg", choices=("svg", "png"))
    args = parser.parse_args(argv)
    sums: dict[str, str] = {}
    save = Path(args.save_svg) if args.save_svg else None
    reasons: dict[str, list[str]] = {}
    old_dir = Path(args.why) if args.why else None
    for name, svg in _drawings(args.format):
        sums[name] = hashlib.sha256(svg).hexdigest()
        stem = name.replace("/", "__").replace("#", "_") + "." + args.format
        if save is not None:
            target = save / stem
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(svg)
        if old_dir is not None and (old_dir / stem).is_file():
            before_svg = (old_dir / stem).read_bytes()
            if before_svg != svg and args.format == "svg":
                reasons[name] = why(before_svg, svg) or ["ticks, tick labels or axis lines only"]
    Path(args.out).write_bytes(
        orjson.dumps(sums, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS)
    )
    print(f"{len(sums)} {args.format.upper()}s", file=sys.stderr)
    if not args.compare:
        return 0
    before: dict[str, str] = orjson.loads(Path(args.compare).read_bytes())
    changed = sorted(k for k in sums.keys() & before.keys() if sums[k] != before[k])
    only = sorted(sums.keys() ^ before.keys())
    kinds: Counter[str] = Counter()
    for k in changed:
        print(f"differs: {k}")
        for line in reasons.get(k, [])[:12]:
            print(f"    {line}")
        if len(reasons.get(k, [])) > 12:
            print(f"    ... and {len(reasons[k]) - 12} more")
        kinds.update(_kind(line) for line in reasons.get(k, []) if " " in line)
    if kinds:
        print("changes by kind of element:")
        for kind, n in kinds.most_common():
            print(f"    {n:6d}  {kind}")
    for k in only:
        print(f"only in {'after' if k in sums else 'before'}: {k}")
    print(f"{len(changed)} differ, {len(only)} unmatched", file=sys.stderr)
    return 1 if changed or only else 0


if __name__ == "__main__":
    raise SystemExit(main())
