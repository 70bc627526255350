"""The publishable tree: exact layout, unchanged schema bytes, addresses that match the site."""

from __future__ import annotations

import json
from pathlib import Path

from plotdoc.contract import schema, site
from plotdoc.publish import examples, specpage, tree

NAMES = [
    "xy-dose-response",
    "column-scatter-bar",
    "grouped-interleaved-bars",
    "nested-scatter",
    "contingency-bars",
    "survival-kaplan-meier",
    "parts-of-whole-pie",
    "multiple-variables-iris",
    "complete",
]
#: each version's examples: version 2 adds what only it holds
NAMES_BY_VERSION = {1: NAMES, 2: [*NAMES[:-1], "summary-data", "complete"]}
EXPECTED = {"schemas/project/index.json"} | {
    path
    for v in (1, 2)
    for path in (
        f"schemas/project/v{v}.json",
        *(f"schemas/project/v{v}/examples/{name}.plotdoc" for name in NAMES_BY_VERSION[v]),
        f"developers/project-format/v{v}/index.html",
        f"developers/project-format/v{v}/v{v}.md",
    )
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
    assert (tmp_path / "schemas/project/index.json").read_bytes() == schema.catalog_bytes()
    for v in (1, 2):
        assert (tmp_path / f"schemas/project/v{v}.json").read_bytes() == schema.schema_bytes(v)
        for name in examples.example_names(v):
            path = tmp_path / f"schemas/project/v{v}/examples/{name}.plotdoc"
            assert path.read_bytes() == examples.example_bytes(name, v)
        spec = tmp_path / f"developers/project-format/v{v}"
        assert (spec / f"v{v}.md").read_text(encoding="utf-8") == specpage.published_markdown(v)
        assert (spec / "index.html").read_text(encoding="utf-8") == specpage.published_html(v)
    # the current version's page is the generated one; version 1's is the frozen one
    current = tmp_path / f"developers/project-format/v{site.CURRENT_VERSION}"
    assert (current / f"v{site.CURRENT_VERSION}.md").read_text(
        encoding="utf-8"
    ) == specpage.render_markdown()


def test_index_addresses_match_the_site_and_the_tree(tmp_path: Path) -> None:
    tree.write_tree(tmp_path)
    index = json.loads((tmp_path / "schemas/project/index.json").read_bytes())
    assert index["format"] == site.FORMAT
    assert index["current"] == site.CURRENT_VERSION == 2
    assert [(e["schemaVersion"], e["current"]) for e in index["versions"]] == [
        (1, False),
        (2, True),
    ]
    prefix = site.SITE + "/"
    for entry in index["versions"]:
        v = entry["schemaVersion"]
        assert entry["schema"] == site.schema_url(v)
        assert entry["spec"] == site.spec_url(v)
        assert entry["specMarkdown"] == site.spec_url(v) + f"v{v}.md"
        assert entry["examples"] == site.examples_url(v)
        # every address is a file (or folder) of the tree, the site root replaced by the folder
        assert (tmp_path / entry["schema"].removeprefix(prefix)).is_file()
        assert (tmp_path / entry["spec"].removeprefix(prefix) / "index.html").is_file()
        assert (tmp_path / entry["specMarkdown"].removeprefix(prefix)).is_file()
        assert (tmp_path / entry["examples"].removeprefix(prefix)).is_dir()
    assert site.catalog_url().removeprefix(prefix) == "schemas/project/index.json"


def test_schema_id_matches_its_address(tmp_path: Path) -> None:
    tree.write_tree(tmp_path)
    for v in (1, 2):
        shipped = json.loads((tmp_path / f"schemas/project/v{v}.json").read_bytes())
        assert shipped["$id"] == site.schema_url(v)


def test_rewrite_replaces_files(tmp_path: Path) -> None:
    tree.write_tree(tmp_path)
    (tmp_path / "schemas/project/v1.json").write_bytes(b"stale")
    tree.write_tree(tmp_path)
    assert (tmp_path / "schemas/project/v1.json").read_bytes() == schema.schema_bytes(1)


def test_main(tmp_path: Path) -> None:
    assert tree.main([str(tmp_path)]) == 0
    assert _files(tmp_path) == EXPECTED
    assert tree.main([]) == 2
