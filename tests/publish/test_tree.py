"""The publishable tree: exact layout, unchanged schema bytes, addresses that match the site."""

from __future__ import annotations

import json
from pathlib import Path

from plotdoc.contract import schema, site
from plotdoc.publish import examples, specpage, tree

EXPECTED = {
    "schemas/project/index.json",
    "schemas/project/v1.json",
    "schemas/project/v1/examples/xy-dose-response.plotdoc",
    "schemas/project/v1/examples/column-scatter-bar.plotdoc",
    "schemas/project/v1/examples/grouped-interleaved-bars.plotdoc",
    "schemas/project/v1/examples/nested-scatter.plotdoc",
    "schemas/project/v1/examples/contingency-bars.plotdoc",
    "schemas/project/v1/examples/survival-kaplan-meier.plotdoc",
    "schemas/project/v1/examples/parts-of-whole-pie.plotdoc",
    "schemas/project/v1/examples/multiple-variables-iris.plotdoc",
    "schemas/project/v1/examples/complete.plotdoc",
    "developers/project-format/v1/index.html",
    "developers/project-format/v1/v1.md",
}


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_layout_is_exact(tmp_path: Path) -> None:
    written = tree.write_tree(tmp_path)
    assert {p.relative_to(tmp_path).as_posix() for p in written} == EXPECTED
    assert len(written) == len(EXPECTED)
    assert _files(tmp_path) == EXPECTED


def test_contents(tmp_path: Path) -> None:
    tree.write_tree(tmp_path)
    assert (tmp_path / "schemas/project/v1.json").read_bytes() == schema.schema_bytes(1)
    assert (tmp_path / "schemas/project/index.json").read_bytes() == schema.catalog_bytes()
    for name in examples.example_names():
        path = tmp_path / f"schemas/project/v1/examples/{name}.plotdoc"
        assert path.read_bytes() == examples.example_bytes(name)
    spec = tmp_path / "developers/project-format/v1"
    assert (spec / "v1.md").read_text(encoding="utf-8") == specpage.published_markdown(1)
    assert (spec / "index.html").read_text(encoding="utf-8") == specpage.published_html(1)


def test_index_addresses_match_the_site_and_the_tree(tmp_path: Path) -> None:
    tree.write_tree(tmp_path)
    index = json.loads((tmp_path / "schemas/project/index.json").read_bytes())
    assert index["format"] == site.FORMAT
    assert index["current"] == site.CURRENT_VERSION
    (entry,) = index["versions"]
    assert entry["schemaVersion"] == 1 and entry["current"] is True
    assert entry["schema"] == site.schema_url(1)
    assert entry["spec"] == site.spec_url(1)
    assert entry["specMarkdown"] == site.spec_url(1) + "v1.md"
    assert entry["examples"] == site.examples_url(1)
    # every address is a file (or folder) of the tree, the site root replaced by the folder
    prefix = site.SITE + "/"
    assert (tmp_path / entry["schema"].removeprefix(prefix)).is_file()
    assert (tmp_path / entry["spec"].removeprefix(prefix) / "index.html").is_file()
    assert (tmp_path / entry["specMarkdown"].removeprefix(prefix)).is_file()
    assert (tmp_path / entry["examples"].removeprefix(prefix)).is_dir()
    assert site.catalog_url().removeprefix(prefix) == "schemas/project/index.json"


def test_schema_id_matches_its_address(tmp_path: Path) -> None:
    tree.write_tree(tmp_path)
    shipped = json.loads((tmp_path / "schemas/project/v1.json").read_bytes())
    assert shipped["$id"] == site.schema_url(1)


def test_rewrite_replaces_files(tmp_path: Path) -> None:
    tree.write_tree(tmp_path)
    (tmp_path / "schemas/project/v1.json").write_bytes(b"stale")
    tree.write_tree(tmp_path)
    assert (tmp_path / "schemas/project/v1.json").read_bytes() == schema.schema_bytes(1)


def test_main(tmp_path: Path) -> None:
    assert tree.main([str(tmp_path)]) == 0
    assert _files(tmp_path) == EXPECTED
    assert tree.main([]) == 2
