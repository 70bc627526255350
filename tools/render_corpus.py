"""Render every gallery sample (each variant in each preset) and every test document to SVG and
record the sha256 of each SVG in a JSON file, to check that a change of the drawing code keeps
its output byte for byte.

Usage: python tools/render_corpus.py OUT.json [--compare BEFORE.json] [--save-svg DIR]

With ``--compare`` the script lists the documents whose SVG differs from BEFORE.json (and those
present in only one of the two) and exits 1 when any differs.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from plotdoc.api import loads
from plotdoc.contract.styles import PRESET_IDS
from plotdoc.render import render_table

ROOT = Path(__file__).resolve().parent.parent
DOC_DIRS = ("tests/corpus/valid", "tests/corpus/warnings", "src/plotdoc/examples")


def _sample_documents() -> Iterator[tuple[str, dict[str, Any]]]:
    from plotdoc.publish.samples import sample_document, sample_variants

    for vid in sample_variants():
        base = sample_document(vid)
        for preset in PRESET_IDS:
            doc = copy.deepcopy(base)
            for table in doc["tables"]:
                table.setdefault("graph", {})["activePresetId"] = preset
            yield f"sample/{vid}/{preset}", doc


def _svgs() -> Iterator[tuple[str, bytes]]:
    for name, doc in _sample_documents():
        project = loads(orjson.dumps(doc))
        for k, table in enumerate(project.tables):
            if table.graph is not None:
                yield f"{name}#{k}", render_table(project, table)
    for folder in DOC_DIRS:
        for path in sorted((ROOT / folder).glob("*.plotdoc")):
            project = loads(path.read_bytes())
            for k, table in enumerate(project.tables):
                if table.graph is not None:
                    yield f"{folder}/{path.name}#{k}", render_table(project, table)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out")
    parser.add_argument("--compare")
    parser.add_argument("--save-svg")
    args = parser.parse_args(argv)
    sums: dict[str, str] = {}
    save = Path(args.save_svg) if args.save_svg else None
    for name, svg in _svgs():
        sums[name] = hashlib.sha256(svg).hexdigest()
        if save is not None:
            target = save / (name.replace("/", "__").replace("#", "_") + ".svg")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(svg)
    Path(args.out).write_bytes(
        orjson.dumps(sums, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS)
    )
    print(f"{len(sums)} SVGs", file=sys.stderr)
    if not args.compare:
        return 0
    before: dict[str, str] = orjson.loads(Path(args.compare).read_bytes())
    changed = sorted(k for k in sums.keys() & before.keys() if sums[k] != before[k])
    only = sorted(sums.keys() ^ before.keys())
    for k in changed:
        print(f"differs: {k}")
    for k in only:
        print(f"only in {'after' if k in sums else 'before'}: {k}")
    print(f"{len(changed)} differ, {len(only)} unmatched", file=sys.stderr)
    return 1 if changed or only else 0


if __name__ == "__main__":
    raise SystemExit(main())
