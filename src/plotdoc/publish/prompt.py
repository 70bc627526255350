"""The prompt an editor offers for use with an AI assistant (contract section 4).

:func:`build_prompt` lists every table family, every graph variant (with its family, minimum
replicates and modes), every analysis method (families, parameters with defaults), every
preset, the main rules of the format, what the fields mean where their shape alone would
mislead (:func:`_meanings`, each statement checked against the code by the tests), a minimal
example and worked examples for common figures (:mod:`.worked`, each opened and drawn by the
tests), the lists generated from the registries. It ends by saying that generated projects are
drafts for a person to check. It stays under 40 KB, so that an assistant reads it whole.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable

from ..contract import entries as E
from ..contract import limits as L
from ..contract import plots as P
from ..contract import site
from ..contract import styles as S
from ..contract.families import FAMILIES
from ..contract.methods import FOURPL_MODELS, METHODS
from ..contract.presets import DEFAULT_PRESET, PRESETS
from ..contract.variants import VARIANTS
from ..contract.variants.from_summary import SUMMARY_MODES, SUMMARY_XY_ERRORS
from .figure import figure_section
from .jsonfmt import pretty
from .minimal import minimal_document
from .worked import worked_section

DRAFT_NOTE = (
    "Projects generated from this prompt are drafts: a person must check the data, the "
    "chosen graphs and the analyses before relying on them."
)

_REPLICATES = {
    "fixed-1": "replicates fixed at 1",
    "at-least-2": f"replicates 2 to {L.MAX_REPLICATES}",
    "free": f"replicates 1 to {L.MAX_REPLICATES}",
}


def _list(values: Iterable[object]) -> str:
    return ", ".join(str(v) for v in values)


def _families() -> list[str]:
    out = ["## Table families (`table.format`)", ""]
    for f in FAMILIES.values():
        extras = []
        if f.has_x:
            extras.append("has an `x` column")
        if f.has_row_labels:
            extras.append("rows labelled by `rowLabels`")
        if f.allows_text:
            extras.append("text cells allowed")
        detail = "; ".join([_REPLICATES[f.replicate_rule], *extras])
        out.append(f"- `{f.id}`: {f.description} ({detail})")
    return out


def _variants() -> list[str]:
    out = [
        "## Graph variants (`graph.variantId`)",
        "",
        "Each line: variant id, family, minimum replicates, and for variants with modes the "
        "`plot.options.mode` values offered (default first in brackets).",
        "",
    ]
    for v in VARIANTS.values():
        line = f"- `{v.id}`: family {v.family}, min replicates {v.min_replicates}"
        if v.modes:
            line += f", modes [{v.default_mode}] {_list(v.modes)}"
        line += f". {v.description}"
        out.append(line)
    return out


def _plot_options() -> list[str]:
    column = set(P.COLUMN_MODES)
    return [
        "## Plot options (`graph.plot` = `{ family, options }`, all options optional)",
        "",
        f"- `column` and `nested` `mode`: {_list(P.COLUMN_MODES)}.",
        "- `grouped` `mode`: the same plus "
        + _list([m for m in P.GROUPED_MODES if m not in column])
        + ".",
        f"- `xy`: `center` one of {_list(P.XY_CENTERS)}; `error` one of {_list(P.XY_ERRORS)}; "
        f"`connectCenter` one of {_list(P.XY_CONNECT_CENTER)}; `seriesStackOrder` one of "
        f"{_list(P.XY_STACK_ORDERS)}.",
        f"- `column`: `mode`, `flipXY`, `showTruncatedViolin`, `pointLayout` "
        f"({_list(P.POINT_LAYOUTS)}).",
        f"- `grouped`: as column plus `seriesAlign` ({_list(P.SERIES_ALIGN)}) and `heatMap` "
        f"{{ aggregation ({_list(S.HEATMAP_AGGREGATIONS)}), colormap ({_list(S.COLORMAPS)}), "
        "reverse, domainMin, domainMax }.",
        "- `contingency`: `flipXY`.",
        "- `nested`: `mode`, `showTruncatedViolin`, `pointLayout`, `hideOuterFrame`.",
        f"- `survival`: `outcome` ({_list(P.SURVIVAL_OUTCOMES)}), `showAs` "
        f"({_list(P.SURVIVAL_SHOW_AS)}), `plotSymbolsAt` ({_list(P.SURVIVAL_SYMBOLS_AT)}), "
        f"`errorBars` ({_list(P.SURVIVAL_ERROR_BARS)}), `showNumberAtRisk`, "
        "`showCumulativeCensored`.",
        "- `partsOfWhole`: `dataSetId`, `orientation` "
        f"({_list(P.PARTS_ORIENTATIONS)}), `reverseOrder`, `donutHoleRatio` (0 to 1), "
        "`graphicSizePt`, `showTotal`, `totalPrefix`, `totalSuffix`, `totalFontSize`.",
        f"- `multipleVariables`: `kind` ({_list(P.MV_KINDS)}) and `mapping` are required; "
        "`maxBubbleSize`; `volcano` { log2FcCutoff, pCutoff, yIsNegLog10, maxLabels }; "
        "`forest` { referenceValue }.",
    ]


def _mapping() -> list[str]:
    out = [
        "## Variable roles of multipleVariables plots (`plot.options.mapping`)",
        "",
        f"Roles: {_list(P.MV_ROLES)}. Each maps to the id of a data set, or null "
        "for unmapped; `x` is always required. `kind` must match the variant (`bubble` with "
        "`mv-bubble`, `scatter` with `mv-scatter`, `volcano` with `mv-volcano`, `forest` with "
        "`mv-forest`).",
        "",
    ]
    for kind in P.MV_KINDS:
        need = P.MV_REQUIRED_ROLES[kind]
        optional = [r for r in P.MV_USED_ROLES[kind] if r not in need]
        out.append(
            f"- `{kind}`: required {_list(need)}"
            + (f"; optional {_list(optional)}" if optional else "")
        )
    return out


def _methods() -> list[str]:
    out = ["## Analysis methods (`table.analyses[]` = `{ id, method, params }`)", ""]
    for m in METHODS.values():
        params = ", ".join(f"{k} = {_json(v)}" for k, v in m.defaults.items())
        line = f"- `{m.id}`: families {_list(m.families)}; params (defaults) {params}."
        if m.results_family:
            line += f" Can feed a results table of family `{m.results_family}`."
        out.append(line + f" {m.description}")
    return out


def _json(value: object) -> str:
    return json.dumps(value)


def _presets() -> list[str]:
    out = ["## Presets (`graph.activePresetId`)", ""]
    for p in PRESETS.values():
        default = " (default)" if p.id == DEFAULT_PRESET else ""
        out.append(f"- `{p.id}`{default}: {p.description}")
    return out


def _styles() -> list[str]:
    return [
        "## Style vocabulary",
        "",
        '- Colours: `theme` or `{ "hex": "#rrggbb", "alpha": 0..1 }` (`#rgb` allowed).',
        f"- Symbol shapes: {_list(S.SYMBOL_SHAPES)} (or `auto` where a SymbolShapeRef is asked).",
        f"- Fill patterns: {_list(S.PATTERN_REFS)}.",
        f"- Dash styles: {_list(S.DASH_STYLES)}. Cap styles: {_list(S.CAP_STYLES)}.",
        f"- Style override elements (`graph.styleOverrides.global` and per data set name): "
        f"{_list(S.ELEMENT_KEYS)}.",
        f"- Annotation types: {_list(S.ANNOTATION_TYPES)}; shapes: {_list(S.ANNOTATION_SHAPES)}. "
        f"Text and shape positions count in `coordinates`: {_list(S.ANNOTATION_COORDINATES)} "
        "(default `points`).",
    ]


def _rules() -> list[str]:
    fixed = [f.id for f in FAMILIES.values() if f.replicate_rule == "fixed-1"]
    free = [f.id for f in FAMILIES.values() if f.replicate_rule == "free"]
    least = [f.id for f in FAMILIES.values() if f.replicate_rule == "at-least-2"]
    text = [f.id for f in FAMILIES.values() if f.allows_text]
    has_x = [f.id for f in FAMILIES.values() if f.has_x]
    results = [m.id for m in METHODS.values() if m.results_family]
    return [
        "## Main rules",
        "",
        f'- The file is one JSON object: `"format": "{site.FORMAT}"`, '
        f'`"schemaVersion": {site.CURRENT_VERSION}` and `"tables"` are required; optional '
        '`"$schema": "' + site.schema_url() + '"`, `meta` { title (required), description, '
        "authors, license, source, keywords }, `usermeta`, `view` { activeTableId, "
        "workspaceView }.",
        "- Unknown keys are rejected at every level. Put tool-specific data only in "
        "`usermeta` (root or table), at most "
        f"{L.MAX_USERMETA_BYTES // 1024} KB each.",
        "- Leave out any optional field to get its default; use `null` only where a field "
        "allows it (missing cells, unmapped roles, automatic sizes).",
        "- A table: `format` (family) is required; `dataSets` (1 or more, each "
        "`{ id, name, values }`, `id` optional) is required unless the table is a results "
        "table; optional `id`, "
        "`name`, `replicates`, `entry`, `x`, `rowLabels`, `variableTypes`, `graph`, "
        "`analyses`, `annotations`, `titles`.",
        "- Cells: `values[row][replicate]`, each a finite number, null (missing) or, only in "
        f"{_list(text)} tables, text (max {L.TEXT_CELL_MAX} characters). Numbers written as "
        "strings are read as numbers elsewhere; other text is an error.",
        f"- Replicates: fixed at 1 for {_list(fixed)}; at least 2 for {_list(least)}; 1 to "
        f"{L.MAX_REPLICATES} for {_list(free)}. Omitted, it is the widest row. A row may be "
        "shorter than `replicates` but never wider. Pick a variant whose minimum replicates "
        "the table meets.",
        f"- `x` only in {_list(has_x)} tables (one entry per row). In survival tables X is "
        "time and cells are 1 (event) or 0 (censored), one subject per row.",
        "- Data set names are unique within a table, and so are data set ids. A data set's "
        "`id` (1 to 128 characters) is what the file refers to it by; left out, it is the "
        "name. The variant's family and `plot.family` must equal the table's `format`.",
        "- Ids: tables, analyses and annotations may omit `id` (generated as `table-1`, "
        "`analysis-1`, `annotation-1`, ...). Give explicit ids when something refers to them.",
        '- Results tables: `{ "format": "grouped", "derivedFrom": { "sourceTableId": '
        '..., "analysisId": ... } }` with no dataSets, x, rowLabels or variableTypes; the '
        f"analysis must be one of {_list(results)} on a table with an explicit id.",
        "- `graph.plot` is required for multipleVariables tables (kind and mapping).",
        "- Everything that refers to a data set does so by its id: the keys of "
        "`styleOverrides.perDataSet` and `perPoint`, `dataSetVisibility`, "
        "`elementActivation.perDataSet` and `legend.itemOverrides` (these two also take "
        "semantic keys such as `volcano:up`), `plot.options.dataSetId`, the roles of "
        "`plot.options.mapping`, the keys of `variableTypes`, `ttest` `groupA`/`groupB`, "
        "`oneWayAnova` `control` and `pairs` and bracket anchors.",
        f"- Files of schema version 1 (data sets referred to by name and index) still open: "
        f"plotdoc migrates them; write new files as version {site.CURRENT_VERSION}.",
        f"- Limits: {L.MAX_TABLES} tables, {L.MAX_DATA_SETS} data sets per table, "
        f"{L.MAX_ROWS:,} rows per table, {L.MAX_TOTAL_CELLS:,} cells in all, names up to "
        f"{L.NAME_MAX} characters, ids 1 to {L.ID_MAX} characters, {L.MAX_ANALYSES} "
        f"analyses and {L.MAX_ANNOTATIONS:,} annotations per table.",
    ]


def _meanings() -> list[str]:
    """What fields mean, where their shape alone would let an assistant draw the wrong figure."""
    fourpl = _list(f"`{m}`" for m in FOURPL_MODELS)
    return [
        "## What the fields mean",
        "",
        f"- `nonlinearRegression` `model` ({fourpl}): `logX` reads X as the log10 of the dose "
        "(write `x` as log10 doses, e.g. -9 for 1 nM; EC50 = 10^LogEC50); `linearX` reads X "
        "as doses as entered (concentrations >= 0; X < 0 is left out). Write the doses one "
        "way and pick the model that matches; for a log-spaced dilution series write log10 "
        "doses with `logX`.",
        f"- Axis `scale` (`axesOverrides.xContinuous`, `leftY`, `rightY`): "
        f"{_list(f'`{v}`' for v in S.AXIS_SCALES)}; there is no `log` (use `log10`). A log "
        "axis changes the axis, not the data: values stay as entered, and values of 0 or "
        "below are not drawn on it (with a warning).",
        "- Rich text in titles, data set names, row labels and text annotations: `^{...}` "
        "raises, `_{...}` lowers (`IC_{50}`, `10^{-6} M`, `OD_{600}`); `\\n` in an "
        "annotation's text starts a new line. HTML (`<sub>`, `<sup>`) and LaTeX (`$...$`) are "
        "drawn as typed.",
        f"- `graph.legend.position`: {_list(f'`{v}`' for v in S.LEGEND_POSITIONS[1:5])} "
        "place the legend outside the plot area, "
        f"{_list(f'`{v}`' for v in S.LEGEND_POSITIONS[5:])} inside it in that corner; `auto` "
        "(default) is outside on the right. The legend shows when the graph has two or more "
        "data sets unless `show` is false.",
        '- Annotation coordinates: give `text` and `shape` annotations `"coordinates": '
        "\"data\"` and put `x`, `y` (and each of a shape's `points`) in the axes' data units: "
        "an arrow's head at the point it marks, a rectangle's corners around the points it "
        "names; they then stay on their data at any figure size, axis range or preset. On a "
        "log axis a data value must be above 0; on a category axis x counts categories (0 is "
        "the first category's centre, 1 the second's). Without it (`points`, the default) "
        "positions are points (1/72 inch) from the plot area's lower-left corner and do not "
        "follow the data. A bracket's `left`/`right` `{ kind: dataSet, dataSetId: id }` snaps "
        "to that data set; "
        "`{ kind: free, x }` is in points from the "
        "plot area's left edge; its `y` is in value-axis units, or left out to stand just "
        "above the data. For a P from an analysis, do not type it: give the bracket "
        "`analysisId` (the id of an analysis of the same table that compares pairs of data "
        f"sets: {_list(f'`{m.id}`' for m in METHODS.values() if m.compares_pairs)}), anchor "
        "both ends on two data sets it compares, and `label` "
        f"({_list(f'`{v}`' for v in S.BRACKET_LABELS)}; default `stars`): the label is "
        "computed from the data on every open and `text` is ignored. Otherwise `text` is "
        "what the bracket shows, as typed.",
        "- `ttest` `groupA`/`groupB` take data set ids (`dataSets[].id`, or the name when "
        "the id is left out), not indexes; null means the first two data sets with values. "
        "`oneWayAnova` `control` is an id (null: the first data set with values) and `pairs` "
        "a list of two-id lists (for `comparisons: selectedPairs`).",
        "- A frequency distribution (histogram) is not a graph variant: add a "
        "`frequencyDistribution` analysis with an explicit `id` to a `column` table, and a "
        'results table `{ "format": "grouped", "derivedFrom": { "sourceTableId", '
        '"analysisId" } }` with `"variantId": "grouped-interleaved-bars"` (one bar per bin). '
        "A correlation heat map is the same with `correlationMatrix` on a multipleVariables "
        "table and `grouped-heat-map`.",
        "- `parts-pie` and `parts-donut` label each slice with its row label and its percent "
        "of the total: give the raw amounts as values and plain row labels (no percentages "
        "in them). `plot.options.dataSetId` picks the data set drawn (the first when left out).",
        "- Summary data (a paper's means with SD or SEM and N, no raw values): give a "
        f"{', '.join(E.SUMMARY_FAMILIES[:-1])} or {E.SUMMARY_FAMILIES[-1]} table "
        '`"entry": "meanSdN"` (or `meanSemN`); '
        "each row of a data set is then `[mean, sd-or-sem, n]` (N a whole number of at "
        "least 1, null where missing; `replicates` 3), and a column table has one such row "
        'per data set, e.g. `{ "format": "column", "entry": "meanSdN", "dataSets": [{ '
        '"name": "Control", "values": [[10.2, 1.5, 6]] }] }`. Draw it with a variant that '
        "shows the mean with an error bar (`bar`, `column-mean-error`, "
        "`grouped-interleaved-bars`, `xy-points-error`...) and a mode of "
        f"{_list(SUMMARY_MODES)} (xy: center `mean` or `meanError`, error "
        f"{_list(SUMMARY_XY_ERRORS)}); every value, boxes, violins, medians and ranges need "
        "raw values and are refused. The t test (unpaired) computes from the summaries; other "
        "analyses need raw values.",
        "- A reference line at a data value (a dashed line at Y = 1, a threshold, a control "
        "level): `axesOverrides.leftY.referenceLines` (or `rightY`, or `xContinuous` for a "
        "vertical line at an X value in xy and survival graphs), a list of at most "
        f"{L.MAX_REFERENCE_LINES} `{{ value, label, color, thickness, dashStyle }}` (only "
        '`value` required; dashed by default), e.g. `"referenceLines": [{ "value": 1, '
        '"label": "baseline" }]`. It is drawn across the plot area at that value and follows '
        "the data; a line outside the axis range is not drawn (with a warning).",
    ]


def build_prompt() -> str:
    """The full prompt text (Markdown), generated from the registries."""
    lines = [
        f"# Writing a plotdoc project file (schema version {site.CURRENT_VERSION})",
        "",
        "You write project files for plotdoc, an open JSON format for scientific graphs: "
        "data tables, one graph per table, analyses and annotations. Answer with one JSON "
        f"document (file extension `.plotdoc`) that follows the rules below exactly. The "
        f"schema is {site.schema_url()} and the specification {site.spec_url()}.",
        "",
        *_rules(),
        "",
        *_meanings(),
        "",
        *_families(),
        "",
        *_variants(),
        "",
        *_plot_options(),
        "",
        *_mapping(),
        "",
        *_methods(),
        "",
        *_presets(),
        "",
        *_styles(),
        "",
        *figure_section(),
        "",
        "## Minimal example",
        "",
        "```json",
        pretty(minimal_document()),
        "```",
        "",
        *worked_section(),
        "",
        "## Note",
        "",
        DRAFT_NOTE,
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m plotdoc.publish.prompt`` prints the prompt."""
    args = sys.argv[1:] if argv is None else argv
    if args:
        print("usage: python -m plotdoc.publish.prompt", file=sys.stderr)
        return 2
    sys.stdout.buffer.write(build_prompt().encode("utf-8"))
    return 0


if __name__ == "__main__":  # pragma: no cover - maintenance entry point
    raise SystemExit(main())
