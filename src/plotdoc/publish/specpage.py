"""The specification page of the format, generated from the registries.

:func:`render_markdown` fills the prose template ``spec-template.md`` (beside this module)
with blocks generated from :mod:`plotdoc.contract` (families, variants, plot options,
presets, methods, limits, the document description) and from the problem catalogue. The
committed page ``docs/format/v2.md`` is its output; a test regenerates it so the two cannot
drift. Regenerate it with::

    python -m plotdoc.publish.specpage > docs/format/v2.md

:func:`render_html` gives the same page as standalone HTML (no script, inline style).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Sequence
from importlib import resources
from typing import Any

from ..contract import limits as L
from ..contract import plots as P
from ..contract import site
from ..contract import styles as S
from ..contract.families import FAMILIES
from ..contract.methods import METHODS
from ..contract.presets import DEFAULT_PRESET, PRESETS
from ..contract.v2 import document as V2
from ..contract.variants import VARIANTS
from ..contract.versions import VERSIONS
from ..problems import CATALOGUE
from .examples import COMPLETE, FAMILY_EXAMPLES, LATER_EXAMPLES, example_names
from .jsonfmt import pretty
from .markdown import page
from .markdown import slug as _slug
from .minimal import minimal_document
from .reference import Reference, cell, enumerations, number

TEMPLATE = "spec-template.md"
#: what each example of a later version shows, in the examples table
LATER_TOPICS = {"summary-data": "`column`, `grouped`: tables of mean, SD or SEM, and N (`entry`)"}
_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")

#: What each stage of the open pipeline checks, by the stage's name in the reader.
STAGE_CHECKS: dict[str, str] = {
    "size": f"the file is at most {L.MAX_FILE_BYTES:,} bytes (50 MiB)",
    "encoding": "strict UTF-8 (a leading UTF-8 BOM is skipped; UTF-16 and UTF-32 are refused)",
    "json": "one JSON text (RFC 8259): no NaN or Infinity, no number that overflows a double, "
    f"no lone surrogate, nesting at most {L.MAX_DEPTH:,} deep, no duplicate key",
    "envelope": "the root is an object with `format` and `schemaVersion`",
    "version": "`schemaVersion` is one this reader supports",
    "forbidden-keys": "no key named `__proto__`, `constructor` or `prototype` anywhere",
    "migration": "an older version is migrated in memory to the current one",
    "structure": "the document matches the JSON Schema (unknown keys, types, enumerations, "
    f"limits); at most {L.MAX_LISTED_PROBLEMS} problems are listed",
    "semantics": "the rules a schema cannot express: cross-references, ids, family rules, "
    "cells, timestamps, usermeta size",
    "import": "the document becomes the in-memory project: defaults filled, ids generated, "
    "trailing empty rows dropped",
}
#: The catalogue's name of a pipeline stage, where it differs from the reader's.
_CATALOGUE_STAGE = {"semantics": "semantic"}


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out.extend("| " + " | ".join(cell(c) for c in row) + " |" for row in rows)
    return "\n".join(out)


def _codes(values: Iterable[object]) -> str:
    return ", ".join(f"`{v}`" for v in values)


def _json(value: Any) -> str:
    return f"`{json.dumps(value, ensure_ascii=False)}`"


# -- blocks ---------------------------------------------------------------------------------


def families_block() -> str:
    rules = {"fixed-1": "1", "at-least-2": f"2 to {L.MAX_REPLICATES}", "free": "1 to 64"}
    rows = [
        (
            f"`{f.id}`",
            rules[f.replicate_rule],
            "yes" if f.has_x else "",
            "yes" if f.has_row_labels else "",
            "yes" if f.allows_text else "",
            f.description,
        )
        for f in FAMILIES.values()
    ]
    return _table(("Family", "Replicates", "`x`", "`rowLabels`", "Text cells", "Layout"), rows)


def variants_block() -> str:
    rows = [
        (
            f"`{v.id}`",
            f"`{v.family}`",
            str(v.min_replicates),
            _codes(v.modes) if v.modes else "",
            f"`{v.default_mode}`" if v.default_mode and v.modes else "",
            v.description,
        )
        for v in VARIANTS.values()
    ]
    header = ("Variant", "Family", "Min. replicates", "Modes", "Default mode", "Draws")
    return _table(header, rows)


def _flatten(prefix: str, value: Any) -> Iterable[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from _flatten(f"{prefix}.{key}" if prefix else key, sub)
    else:
        yield prefix, value


def plot_options_block() -> str:
    out: list[str] = []
    for family in FAMILIES:
        section = f"GraphDocument.plot (family = {family}).options"
        defaults = dict(_flatten("", P.FAMILY_OPTION_DEFAULTS[family]))
        out.append(f"**{family}** (fields in [{section}](#{_slug(section)})):\n")
        rows = []
        for path, default in defaults.items():
            rows.append((f"`{path}`", _json(default)))
        out.append(_table(("Option", "Family default"), rows) if rows else "No defaults.")
        own = [v for v in VARIANTS.values() if v.family == family and v.own_defaults]
        if own:
            out.append("")
            out.append(
                "Variant defaults over these: "
                + "; ".join(
                    f"`{v.id}`: "
                    + ", ".join(f"`{k}` = {_json(val)}" for k, val in _flatten("", v.own_defaults))
                    for v in own
                )
                + "."
            )
        out.append("")
    return "\n".join(out).rstrip()


def mv_roles_block() -> str:
    rows = [
        (
            f"`{kind}`",
            f"`mv-{kind}`",
            _codes(P.MV_REQUIRED_ROLES[kind]),
            _codes(r for r in P.MV_USED_ROLES[kind] if r not in P.MV_REQUIRED_ROLES[kind]),
        )
        for kind in P.MV_KINDS
    ]
    return _table(("Kind", "Variant", "Required roles", "Optional roles drawn"), rows)


def presets_block() -> str:
    rows = []
    for p in PRESETS.values():
        c, s = p.colors, p.shapes
        rows.append(
            (
                f"`{p.id}`" + (" (default)" if p.id == DEFAULT_PRESET else ""),
                p.description,
                " ".join(f"`{h}`" for h in c.palette),
                f"`{c.background}` / `{c.foreground}`",
                f"{s.font_family} {number(s.font_size)} pt",
                f"`{s.frame_style}`, `{s.cap_style}`",
                _codes(s.symbol_cycle),
            )
        )
    header = (
        "Preset",
        "Look",
        "Palette",
        "Background / foreground",
        "Font",
        "Frame, caps",
        "Symbol cycle",
    )
    return _table(header, rows)


def methods_block() -> str:
    ref = Reference()
    out = []
    rows = [
        (
            f"`{m.id}`",
            _codes(m.families),
            ", ".join(f"`{k}` = {_json(v)}" for k, v in m.defaults.items()),
            f"`{m.results_family}`" if m.results_family else "",
            m.description,
        )
        for m in METHODS.values()
    ]
    out.append(_table(("Method", "Families", "Parameter defaults", "Results table", "Does"), rows))
    out.append("")
    out.append("Parameters:\n")
    for m in METHODS.values():
        section = f"AnalysisInstance (method = {m.id}).params"
        node = next(s.node for s in ref.sections if s.title == section)
        assert hasattr(node, "props")
        parts = [f"`{k}` {ref.type_text(sub)}" for k, sub in node.props.items()]
        out.append(f"- `{m.id}`: " + "; ".join(parts) + ".")
    return "\n".join(out)


def stages_block() -> str:
    from ..reader.pipeline import STAGES

    rows = []
    for i, stage in enumerate(STAGES, 1):
        codes = [
            k
            for k, v in CATALOGUE.items()
            if v.stage == _CATALOGUE_STAGE.get(stage.name, stage.name)
        ]
        if stage.name == "import":
            codes = []  # the catalogue's "import" stage is the file importers'; this one adds none
        rows.append(
            (
                str(i),
                f"`{stage.name}`",
                STAGE_CHECKS[stage.name],
                "stops" if stage.stops else "reports all",
                _codes(codes),
            )
        )
    return _table(("#", "Stage", "Checks", "On error", "Codes"), rows)


def limits_block() -> str:
    rows = [
        ("File size", f"{L.MAX_FILE_BYTES:,} bytes (50 MiB)"),
        ("Tables per project", f"{L.MAX_TABLES:,}"),
        ("Cells in the whole project", f"{L.MAX_TOTAL_CELLS:,}"),
        ("Rows per table", f"{L.MAX_ROWS:,}"),
        ("Data sets per table", f"{L.MAX_DATA_SETS:,} (at least 1 unless `derivedFrom`)"),
        ("Replicates; cells per row", f"1 to {L.MAX_REPLICATES}; at most {L.MAX_REPLICATES}"),
        ("Annotations per table", f"{L.MAX_ANNOTATIONS:,}"),
        ("Analyses per table", f"{L.MAX_ANALYSES:,}"),
        ("`usermeta`, per slot", f"{L.MAX_USERMETA_BYTES:,} bytes serialised"),
        ("Ids (`id`, `activeTableId`, `sourceTableId`, `analysisId`)", f"1 to {L.ID_MAX}"),
        ("Table name, data set name, row label", f"{L.NAME_MAX} (data set name at least 1)"),
        ("Text cell", f"{L.TEXT_CELL_MAX:,} characters"),
        ("`meta.title`, author and keyword items, `generator.name`", f"{L.META_TITLE_MAX}"),
        ("`meta.description`, `meta.license`, `meta.source`", f"{L.META_LONG_MAX:,}"),
        ("`generator.version`", f"{L.GENERATOR_VERSION_MAX}"),
        ("`generator.url`, `$schema`", f"{L.URL_MAX}"),
        ("`meta.authors`, `meta.keywords`", f"{L.META_ITEMS_MAX} items each"),
        ("JSON nesting depth", f"{L.MAX_DEPTH:,}"),
    ]
    return _table(("Item", "Limit"), rows)


def codes_block() -> str:
    from .messages import examples

    example = examples()
    rows = [
        (
            f"`{code}`",
            info.stage,
            info.severity,
            info.title,
            info.description,
            _md_text(example.get(code, "")),
        )
        for code, info in CATALOGUE.items()
    ]
    return _table(("Code", "Stage", "Severity", "Title", "Description", "Example message"), rows)


def _md_text(text: str) -> str:
    """A message as a code span (literal in Markdown and in the HTML page)."""
    literal = text.replace("`", "'")
    return f"`{literal}`" if text else ""


def examples_block() -> str:
    base = site.examples_url(site.CURRENT_VERSION)
    rows = [(f"[`{n}.plotdoc`]({base}{n}.plotdoc)", f"`{f}`") for n, f in FAMILY_EXAMPLES.items()]
    rows += [
        (f"[`{n}.plotdoc`]({base}{n}.plotdoc)", LATER_TOPICS.get(n, ""))
        for n in example_names(site.CURRENT_VERSION)
        if n in LATER_EXAMPLES
    ]
    rows.append(
        (
            f"[`{COMPLETE}.plotdoc`]({base}{COMPLETE}.plotdoc)",
            "all families, written by plotdoc's writer",
        )
    )
    return _table(("Example", "Family"), rows)


def _values() -> dict[str, str]:
    v = site.CURRENT_VERSION
    column = set(P.COLUMN_MODES)
    return {
        "version": str(v),
        "site": site.SITE,
        "schema_url": site.schema_url(v),
        "catalog_url": site.catalog_url(),
        "examples_url": site.examples_url(v),
        "spec_url": site.spec_url(v),
        "media_type": site.MEDIA_TYPE,
        "format": site.FORMAT,
        "minimal": pretty(minimal_document()),
        "families": families_block(),
        "variant_count": str(len(VARIANTS)),
        "variants": variants_block(),
        "plot_options": plot_options_block(),
        "column_mode_count": str(len(P.COLUMN_MODES)),
        "column_modes": _codes(P.COLUMN_MODES),
        "grouped_mode_count": str(len(P.GROUPED_MODES)),
        "grouped_extra_modes": _codes(m for m in P.GROUPED_MODES if m not in column),
        "mv_roles": mv_roles_block(),
        "presets": presets_block(),
        "methods": methods_block(),
        "axis_scales": _codes(S.AXIS_SCALES),
        "number_formats": _codes(S.AXIS_NUMBER_FORMATS),
        "legend_positions": _codes(S.LEGEND_POSITIONS),
        "data_set_switches": _codes(S.DATA_SET_SWITCHES),
        "graph_switches": _codes(S.GRAPH_SWITCHES),
        "title_keys": _codes(S.TITLE_KEYS),
        "annotation_types": _codes(S.ANNOTATION_TYPES),
        "annotation_shapes": _codes(S.ANNOTATION_SHAPES),
        "stages": stages_block(),
        "text_cell_max": f"{L.TEXT_CELL_MAX:,}",
        "max_replicates": str(L.MAX_REPLICATES),
        "semantic_keys": _codes(S.SEMANTIC_KEYS),
        "usermeta_max": f"{L.MAX_USERMETA_BYTES:,}",
        "limits": limits_block(),
        "forbidden_keys": _codes(sorted(L.FORBIDDEN_KEYS)),
        "codes": codes_block(),
        "examples": examples_block(),
        "reference": Reference(V2.ROOT, V2.DEFINITIONS).markdown(level=3).rstrip(),
        "enumerations": enumerations(level=3).rstrip(),
    }


def template() -> str:
    return resources.files("plotdoc.publish").joinpath(TEMPLATE).read_text(encoding="utf-8")


def render_markdown() -> str:
    """The spec page of the current version as Markdown (the content of ``docs/format/v2.md``)."""
    values = _values()

    def fill(m: re.Match[str]) -> str:
        return values[m.group(1)]

    text = _PLACEHOLDER.sub(fill, template())
    # no trailing spaces, exactly one final newline
    return "\n".join(line.rstrip() for line in text.split("\n")).rstrip("\n") + "\n"


def render_html() -> str:
    """The same page as standalone HTML, readable without JavaScript."""
    return page(f"plotdoc project file, version {site.CURRENT_VERSION}", render_markdown())


def published_markdown(version: int = site.CURRENT_VERSION) -> str:
    """The spec page of ``version``: the shipped, frozen page of a published version, the
    generated page of the current one."""
    record = VERSIONS[version]
    if record.spec_file is None:
        return render_markdown()
    folder = resources.files("plotdoc.contract")
    return folder.joinpath(*record.spec_file.split("/")).read_text(encoding="utf-8")


def published_html(version: int = site.CURRENT_VERSION) -> str:
    """:func:`published_markdown` as standalone HTML."""
    return page(f"plotdoc project file, version {version}", published_markdown(version))


def main(argv: list[str] | None = None) -> int:
    """``python -m plotdoc.publish.specpage [--html]`` prints the page."""
    args = sys.argv[1:] if argv is None else argv
    if args not in ([], ["--html"]):
        print("usage: python -m plotdoc.publish.specpage [--html]", file=sys.stderr)
        return 2
    text = render_html() if args else render_markdown()
    sys.stdout.buffer.write(text.encode("utf-8"))
    return 0


if __name__ == "__main__":  # pragma: no cover - maintenance entry point
    raise SystemExit(main())
