"""The spec page: generated from the registries, committed, and unable to drift."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from plotdoc.contract import site
from plotdoc.contract.methods import METHODS
from plotdoc.contract.nodes import MISSING, Enum, Obj, walk
from plotdoc.contract.presets import PRESETS
from plotdoc.contract.v2.document import DEFINITIONS, ROOT
from plotdoc.contract.variants import VARIANTS
from plotdoc.problems import CATALOGUE
from plotdoc.publish import markdown, specpage
from plotdoc.publish.reference import Reference

from ..conftest import REPO

PAGE = REPO / "docs" / "format" / "v2.md"


@pytest.fixture(scope="module")
def md() -> str:
    return specpage.render_markdown()


@pytest.fixture(scope="module")
def html_page() -> str:
    return specpage.render_html()


def test_committed_page_is_the_generated_one(md: str) -> None:
    assert PAGE.read_text(encoding="utf-8") == md, (
        "docs/format/v2.md is out of date; regenerate it with "
        "`python -m plotdoc.publish.specpage > docs/format/v2.md`"
    )


def test_generation_is_reproducible(md: str) -> None:
    assert specpage.render_markdown() == md


def test_every_placeholder_filled(md: str) -> None:
    assert "{{" not in md and "}}" not in md
    used = set(re.findall(r"\{\{(\w+)\}\}", specpage.template()))
    assert used == set(specpage._values())


def _rows(md: str) -> set[tuple[str, ...]]:
    out = set()
    for line in md.split("\n"):
        if line.startswith("| "):
            out.add(tuple(c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]))
    return out


def test_every_problem_code_with_stage_severity_title_description(md: str) -> None:
    from plotdoc.publish.messages import examples

    rows = _rows(md)
    example = examples()
    for code, info in CATALOGUE.items():
        message = "`" + example[code].replace("`", "'").replace("|", "\\|") + "`"
        row = (f"`{code}`", info.stage, info.severity, info.title, info.description, message)
        assert row in rows, code


def test_variant_availability_table(md: str) -> None:
    rows = {r[0]: r for r in _rows(md) if len(r) == 6 and r[0].startswith("`")}
    for v in VARIANTS.values():
        row = rows[f"`{v.id}`"]
        assert row[1] == f"`{v.family}`"
        assert row[2] == str(v.min_replicates)
        assert row[3] == ", ".join(f"`{m}`" for m in v.modes)
        assert row[4] == (f"`{v.default_mode}`" if v.modes else "")


def test_presets_and_methods(md: str) -> None:
    for preset in PRESETS:
        assert f"| `{preset}`" in md
    for method in METHODS.values():
        assert f"| `{method.id}` |" in md
        for key in method.defaults:
            assert f"`{key}` = " in md


def test_every_field_of_the_document_is_described(md: str) -> None:
    ref = Reference(ROOT, DEFINITIONS)  # the page describes a version 2 file
    titles = {s.title for s in ref.sections}
    for section in ref.sections:
        assert f"\n### {section.title}\n" in md
    described = 0
    for node in walk(ROOT, DEFINITIONS):
        if isinstance(node, Obj):
            assert any(s.node is node for s in ref.sections), node
            for key, sub in node.props.items():
                assert f"| `{key}` |" in md
                if sub.default is not MISSING:
                    described += 1
    assert described > 100
    for name, node in DEFINITIONS.items():
        if isinstance(node, Enum):
            assert f"\n### {name}\n" in md
        else:
            assert name in titles


def test_rules_are_stated(md: str) -> None:
    for phrase in (
        "`table-1`",
        "`analysis-1`",
        "`annotation-1`",
        "json-duplicate-key",
        "65,536",
        "lower-left corner",
        "Trailing rows",
        "inferred from the widest row",
        "leap years",
        "read as that number",
        "reports all",
        site.schema_url(),
        site.catalog_url(),
    ):
        assert phrase in md, phrase


class _Checker(HTMLParser):
    VOID = frozenset({"meta", "hr", "br"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.ids: set[str] = set()
        self.links: set[str] = set()
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "a":
            self.links.add(str(found.get("href")))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:]}")
        else:
            self.stack.pop()


def test_html_is_standalone_balanced_and_links_resolve(html_page: str) -> None:
    checker = _Checker()
    checker.feed(html_page)
    assert checker.problems == [] and checker.stack == []
    assert "script" not in checker.tags
    assert {"h1", "h2", "h3", "table", "ul", "pre", "code"} <= checker.tags
    for href in checker.links:
        if href.startswith("#"):
            assert href[1:] in checker.ids, href
        else:
            assert href.startswith(site.SITE), href


def test_html_has_the_same_content(md: str, html_page: str) -> None:
    for code in CATALOGUE:
        assert f"<code>{code}</code>" in html_page
    assert html_page.count("<table>") == md.count("\n|---")


def test_converter_escapes_everything() -> None:
    text = (
        "# Title <script>\n\n"
        "A <b>bold</b> & [bad](javascript:alert(1)) [ok](#title-script) `<code>` **x**\n\n"
        "| a | b \\| c |\n|---|---|\n| <i> | `|` |\n\n"
        '```json\n{"a": "</pre>"}\n```\n\n- one <li>\n- two\n\n1. first\n2. second\n'
    )
    out = markdown.to_html(text)
    assert "<script>" not in out and "<b>" not in out and "<i>" not in out
    assert "javascript:" not in out
    assert '<a href="#title-script">ok</a>' in out
    assert '<h1 id="title-script">Title &lt;script&gt;</h1>' in out
    assert "<td>b | c</td>" in out.replace("<th>", "<td>").replace("</th>", "</td>")
    assert "&lt;/pre&gt;" in out
    assert "<ol><li>first</li><li>second</li></ol>" in out
    assert "<strong>x</strong>" in out


def test_slug_matches_github_rule() -> None:
    assert markdown.slug("1. The file") == "1-the-file"
    assert markdown.slug("Annotation (type = shape).points item") == (
        "annotation-type--shapepoints-item"
    )
    assert markdown.slug("`code` heading") == "code-heading"


def test_main(capsysbinary: pytest.CaptureFixture[bytes], md: str) -> None:
    assert specpage.main([]) == 0
    assert capsysbinary.readouterr().out.decode("utf-8") == md
    assert specpage.main(["--html"]) == 0
    assert capsysbinary.readouterr().out.startswith(b"<!DOCTYPE html>")
    assert specpage.main(["--bad"]) == 2
