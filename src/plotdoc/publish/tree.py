"""The publishable folder tree of the format (contract section 9, rule 5).

:func:`write_tree` writes, under one folder, exactly what the publishing site serves::

    schemas/project/index.json                  the version catalog
    schemas/project/vN.json                     each version's immutable schema (shipped bytes)
    schemas/project/vN/examples/<name>.plotdoc  its examples, complete.plotdoc included
    developers/project-format/vN/index.html     its spec page
    developers/project-format/vN/vN.md          the page's Markdown copy

Each path mirrors the address :mod:`plotdoc.contract.site` gives it (the site root replaced
by the folder), so the folder can be copied to the site as it is.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..atomic import write_into_folder
from ..contract import schema
from ..contract.versions import VERSIONS
from . import examples, specpage


def _version_paths(version: int) -> list[str]:
    base = f"schemas/project/v{version}"
    spec = f"developers/project-format/v{version}"
    return [
        f"{base}.json",
        *(
            f"{base}/examples/{name}{examples.EXTENSION}"
            for name in examples.example_names(version)
        ),
        f"{spec}/index.html",
        f"{spec}/v{version}.md",
    ]


def relative_paths() -> list[str]:
    """The relative path of every file :func:`write_tree` writes, in writing order: the
    catalog, then each version's files, oldest first."""
    return ["schemas/project/index.json", *(p for v in VERSIONS for p in _version_paths(v))]


def _version_contents(version: int) -> list[bytes]:
    return [
        schema.schema_bytes(version),
        *(examples.example_bytes(name, version) for name in examples.example_names(version)),
        specpage.published_html(version).encode("utf-8"),
        specpage.published_markdown(version).encode("utf-8"),
    ]


def _contents() -> list[bytes]:
    return [schema.catalog_bytes(), *(b for v in VERSIONS for b in _version_contents(v))]


def write_tree(out_dir: str | os.PathLike[str]) -> list[Path]:
    """Write the publishable tree of every version under ``out_dir``; the paths written.

    Folders are created as needed; files already there are replaced.
    """
    root = Path(out_dir)
    written: list[Path] = []
    for rel, data in zip(relative_paths(), _contents(), strict=True):
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
