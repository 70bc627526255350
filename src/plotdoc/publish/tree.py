"""The publishable folder tree of the format (contract section 9, rule 5).

:func:`write_tree` writes, under one folder, exactly what the publishing site serves::

    schemas/project/index.json                  the version catalog
    schemas/project/v1.json                     the immutable schema (the shipped bytes)
    schemas/project/v1/examples/<name>.plotdoc  every example, complete.plotdoc included
    developers/project-format/v1/index.html     the spec page
    developers/project-format/v1/v1.md          its Markdown copy

Each path mirrors the address :mod:`plotdoc.contract.site` gives it (the site root replaced
by the folder), so the folder can be copied to the site as it is.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..atomic import write_into_folder
from ..contract import schema, site
from . import examples, specpage


def relative_paths(version: int = site.CURRENT_VERSION) -> list[str]:
    """The relative path of every file :func:`write_tree` writes, in writing order."""
    base = f"schemas/project/v{version}"
    spec = f"developers/project-format/v{version}"
    return [
        "schemas/project/index.json",
        f"{base}.json",
        *(f"{base}/examples/{name}{examples.EXTENSION}" for name in examples.example_names()),
        f"{spec}/index.html",
        f"{spec}/v{version}.md",
    ]


def _contents(version: int) -> list[bytes]:
    return [
        schema.catalog_bytes(),
        schema.schema_bytes(version),
        *(examples.example_bytes(name) for name in examples.example_names()),
        specpage.render_html().encode("utf-8"),
        specpage.render_markdown().encode("utf-8"),
    ]


def write_tree(out_dir: str | os.PathLike[str]) -> list[Path]:
    """Write the publishable tree of the current version under ``out_dir``; the paths written.

    Folders are created as needed; files already there are replaced.
    """
    root = Path(out_dir)
    version = site.CURRENT_VERSION
    written: list[Path] = []
    for rel, data in zip(relative_paths(version), _contents(version), strict=True):
        target = root / rel
        write_into_folder(target, data)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m plotdoc.publish.tree OUT_DIR`` writes the tree and lists the files."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m plotdoc.publish.tree OUT_DIR", file=sys.stderr)
        return 2
    for path in write_tree(args[0]):
        print(path)
    return 0


if __name__ == "__main__":  # pragma: no cover - maintenance entry point
    raise SystemExit(main())
