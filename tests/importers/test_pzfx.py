"""The Prism import against the shared corpus and its independent R readings, and hostile XML."""

from __future__ import annotations

import csv
import math
import re
from pathlib import Path
from typing import Any

import defusedxml.ElementTree as SafeET
import pytest

from plotdoc.importers.pzfx import read_pzfx
from plotdoc.problems import PlotdocError

from .conformance import assert_conforms, assert_opens

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpora" / "pzfx"
FILES = sorted(CORPUS.rglob("*.pzfx")) if CORPUS.is_dir() else []
YUE = CORPUS / "Yue-Jiang_pzfx"

#: .pzfx stem -> (expected .tab, read_pzfx options), as PROVENANCE.md pairs them.
EXPECTED: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "x_y_with_strike": [
        ("x_y_with_strike_excluded", {}),
        ("x_y_with_strike_kept", {"excluded": "keep"}),
    ],
    "x_date": [("x_date_numeric", {})],
}

#: plotdoc role -> R column suffix (SEM is `_SE` for YFormat SE, `_SEM` for SEN).
R_ROLE = {
    "mean": "MEAN",
    "SD": "SD",
    "CV": "CV",
    "N": "N",
    "+error": "PLUSERROR",
    "-error": "MINUSERROR",
    "upper limit": "UPPERLIMIT",
    "lower limit": "LOWERLIMIT",
}


def _corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"the shared Prism corpus is absent: {CORPUS}")
    return CORPUS


def _cases() -> list[Any]:
    if not FILES:
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"corpus absent: {CORPUS}"))]
    return [pytest.param(f, id=f"{f.parent.name}/{f.name}") for f in FILES]


def _tab_cases() -> list[Any]:
    out = []
    for f in FILES:
        for tab, opts in EXPECTED.get(f.stem, [(f.stem, {})]):
            if (f.parent / f"{tab}.tab").exists():
                out.append(pytest.param(f, tab, opts, id=f"{f.name}->{tab}"))
    return out or [pytest.param(None, "", {}, marks=pytest.mark.skip(reason="corpus absent"))]


def read_tab(path: Path) -> dict[str, list[str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    header, body = rows[0], rows[1:]
    return {name.strip(): [row[i] for row in body] for i, name in enumerate(header)}


def r_columns(table: dict[str, Any]) -> dict[str, list[Any]]:
    """The table's values under the column names the R reader gives them."""
    meta = table.get("usermeta", {}).get("pzfx", {})
    reps = table["replicates"]
    out: dict[str, list[Any]] = {}
    if "rowLabels" in table:
        out["ROWTITLE"] = table["rowLabels"]
    elif "rowTitles" in meta:
        out["ROWTITLE"] = meta["rowTitles"]
    x_title = table.get("titles", {}).get("x", {}).get("text", "X")
    x_err = meta.get("xErrorDataSet")
    if x_err is not None:
        out[f"{x_title}_X"] = table.get("x", [])
        out[f"{x_title}_ERROR"] = [row[0] for row in table["dataSets"][x_err]["values"]]
    elif "xError" in meta and "x" in table:  # a table of summary data keeps X errors aside
        out[f"{x_title}_X"] = table["x"]
        out[f"{x_title}_ERROR"] = meta["xError"]
    elif "x" in table:
        out[x_title] = table["x"]
    roles = meta.get("dataSets")
    entry = table.get("entry", "values")
    for d, ds in enumerate(table["dataSets"]):
        if d == x_err:
            continue
        if entry != "values":  # rows [mean, sd-or-sem, n], named as R names Prism's roles
            y_format = meta["yFormat"]
            spread = "SD" if entry == "meanSdN" else ("SE" if y_format == "SE" else "SEM")
            suffixes = ["MEAN", spread, "N"] if y_format.endswith("N") else ["MEAN", spread]
            for k, suffix in enumerate(suffixes):
                out[f"{ds['name']}_{suffix}"] = [row[k] for row in ds["values"]]
        elif roles:
            origin = roles[d]
            suffix = R_ROLE.get(origin["role"])
            if origin["role"] == "SEM":
                suffix = "SE" if meta["yFormat"] == "SE" else "SEM"
            out[f"{origin['column']}_{suffix}"] = [row[0] for row in ds["values"]]
        elif reps == 1:
            out[ds["name"]] = [row[0] if row else None for row in ds["values"]]
        else:
            for k in range(reps):
                out[f"{ds['name']}_{k + 1}"] = [
                    row[k] if k < len(row) else None for row in ds["values"]
                ]
    return out


def same(ours: Any, theirs: str) -> bool:
    if theirs == "NA":
        return ours is None
    if isinstance(ours, str):
        return ours == theirs
    if ours is None:
        return False
    expected = float(theirs)
    return bool(ours == expected or math.isclose(ours, expected, rel_tol=1e-12))


@pytest.mark.parametrize("path", _cases())
def test_every_file_imports_and_conforms(path: Path) -> None:
    result = read_pzfx(path)
    doc = result.document
    assert len(doc["tables"]) >= 1
    assert all(p.severity == "warning" for p in result.problems)
    assert any(p.code == "import-unsupported" and "Template" in p.message for p in result.problems)
    assert_conforms(doc)
    assert_opens(doc)


@pytest.mark.parametrize(("path", "tab", "options"), _tab_cases())
def test_numbers_match_the_r_reading(path: Path, tab: str, options: dict[str, Any]) -> None:
    expected = read_tab(path.parent / f"{tab}.tab")
    table = read_pzfx(path, **options).document["tables"][0]
    ours = r_columns(table)
    assert set(expected) <= set(ours), f"R columns {set(expected) - set(ours)} not imported"
    n = len(next(iter(expected.values())))
    for name, column in expected.items():
        mine = list(ours[name])
        assert len(mine) <= n or all(v is None for v in mine[n:]), name
        mine += [None] * (n - len(mine))
        for r, (a, b) in enumerate(zip(mine, column, strict=False)):
            assert same(a, b), f"{tab}: {name}[{r}] is {a!r}, R reads {b!r}"


def test_dates_keep_their_text_and_convert_to_years() -> None:
    corpus = _corpus()
    table = read_pzfx(corpus / "Yue-Jiang_pzfx" / "x_date.pzfx").document["tables"][0]
    assert table["usermeta"]["pzfx"]["xDates"] == read_tab(YUE / "x_date_character.tab")["Date X"]
    both = read_tab(YUE / "x_date_both.tab")
    assert all(same(a, b) for a, b in zip(table["x"], both["Date X_1"], strict=True))
    assert table["usermeta"]["pzfx"]["xDates"] == both["Date X_2"]


def test_date_text_in_the_x_column_is_converted_to_years_elapsed() -> None:
    """With only the date text (no stored numbers), X is computed: days / 365.25."""
    corpus = _corpus()
    root = SafeET.fromstring((corpus / "Yue-Jiang_pzfx" / "x_date.pzfx").read_bytes())
    table = next(el for el in root if el.tag == "Table")
    xcol = next(el for el in table if el.tag == "XColumn")
    adv = next(el for el in table if el.tag == "XAdvancedColumn")
    for d, text in zip(xcol.iter("d"), [d.text for d in adv.iter("d")], strict=True):
        d.text = text
    table.remove(adv)
    data = SafeET.tostring(root)
    got = read_pzfx(data).document["tables"][0]
    numeric = read_tab(YUE / "x_date_numeric.tab")["Date X"]
    assert len(got["x"]) == len(numeric)
    for r, (a, b) in enumerate(zip(got["x"], numeric, strict=True)):
        assert math.isclose(a, float(b), rel_tol=1e-12, abs_tol=0.0), (r, a, b)
    assert got["usermeta"]["pzfx"]["xDates"][0] == "16-Jan-2004"


def test_excluded_cells_are_listed_where_r_stars_them() -> None:
    corpus = _corpus()
    star = read_tab(corpus / "Yue-Jiang_pzfx" / "x_y_with_strike_star.tab")
    for mode in ("drop", "keep"):
        result = read_pzfx(corpus / "Yue-Jiang_pzfx" / "x_y_with_strike.pzfx", excluded=mode)
        table = result.document["tables"][0]
        listed = {(d, r, k) for d, r, k, _ in table["usermeta"]["pzfx"]["excluded"]}
        names = [ds["name"] for ds in table["dataSets"]]
        starred = {
            (names.index(col.rsplit("_", 1)[0]), r, int(col.rsplit("_", 1)[1]) - 1)
            for col, cells in star.items()
            if col not in ("ROWTITLE", "XX")
            for r, cell in enumerate(cells)
            if cell.endswith("*")
        }
        assert listed == starred
        warned = [p for p in result.problems if "excluded" in p.message]
        assert warned and all(p.code == "import-converted" for p in warned)
        first = table["dataSets"][0]["values"][1][0]
        assert first == (None if mode == "drop" else 90.0)


def test_project_info_goes_to_meta_and_usermeta() -> None:
    corpus = _corpus()
    result = read_pzfx(corpus / "cheminfo_pzfx-parser" / "table.pzfx")
    doc = result.document
    assert doc["meta"] == {"title": "test", "description": "New file", "authors": ["hello world"]}
    constants = doc["usermeta"]["pzfx"]["info"][0]["constants"]
    assert constants["Experiment Date"] == "2018-07-30"
    assert constants["Experiment ID"] == "1234"
    assert constants["Notebook ID"] == "5678"
    assert constants["Protocol"] == "none"
    assert "Login" not in str(doc["usermeta"]) and "yue.jiang" not in str(doc)
    table = doc["tables"][0]
    assert table["name"] == "Data 1"
    assert table["usermeta"]["pzfx"]["yFormat"] == "CVN"
    by_name = {ds["name"]: [r[0] for r in ds["values"]] for ds in table["dataSets"]}
    assert by_name["A (mean)"] == [100, 110, 120]
    assert by_name["B (mean)"] == [10, 20, 30]
    assert any("info sheet" in p.message for p in result.problems)


def test_huge_table_keeps_its_53_replicates() -> None:
    corpus = _corpus()
    table = read_pzfx(corpus / "cheminfo_pzfx-parser" / "hugetable.pzfx").document["tables"][0]
    assert table["format"] == "grouped"
    assert table["replicates"] == 53
    assert [row[0] for row in table["dataSets"][0]["values"]] == [1, 2, 3]


def test_namespace_bom_and_crlf_read_the_same() -> None:
    corpus = _corpus()
    plain = (corpus / "Yue-Jiang_pzfx" / "column_sdn.pzfx").read_bytes()
    assert b"\r\n" in plain
    namespaced = b"\xef\xbb\xbf" + plain.replace(
        b"<GraphPadPrismFile ",
        b'<GraphPadPrismFile xmlns="http://graphpad.com/prism/Prism.htm" ',
        1,
    )
    assert read_pzfx(namespaced).document == read_pzfx(plain).document


def test_family_rule_for_summary_two_way_tables() -> None:
    """TwoWay + summary Y format + no row titles -> column; with row titles -> grouped. A
    table of summary data (mean with SD) holding more than one row is grouped too: a column
    table of summaries has one row per data set."""
    corpus = _corpus()
    cv = read_pzfx(corpus / "Yue-Jiang_pzfx" / "column_cv.pzfx").document["tables"][0]
    assert cv["format"] == "column"
    sd = read_pzfx(corpus / "Yue-Jiang_pzfx" / "column_sd.pzfx")
    assert sd.document["tables"][0]["format"] == "grouped"
    assert any(p.path == ("tables", 0, "format") for p in sd.problems)
    one_row = re.sub(
        rb"(<Subcolumn>\s*<d>[^<]*</d>)(\s*<d>[^<]*</d>)+",
        rb"\1",
        (corpus / "Yue-Jiang_pzfx" / "column_sd.pzfx").read_bytes(),
    )
    single = read_pzfx(one_row).document["tables"][0]
    assert (single["format"], single["entry"]) == ("column", "meanSdN")
    assert single["dataSets"][0]["values"] == [[100.0, 10.0, None]]
    text = (corpus / "Yue-Jiang_pzfx" / "column_sd.pzfx").read_bytes()
    titled = re.sub(
        rb"<RowTitlesColumn Width=\"1\">\s*<Subcolumn></Subcolumn>",
        b'<RowTitlesColumn Width="1"><Subcolumn><d>r1</d><d>r2</d><d>r3</d></Subcolumn>',
        text,
    )
    grouped = read_pzfx(titled).document["tables"][0]
    assert grouped["format"] == "grouped"
    assert grouped["rowLabels"] == ["r1", "r2", "r3"]
    assert_conforms(read_pzfx(titled).document)


# -- synthetic files --------------------------------------------------------------------------


def prism(*tables: str, head: str = "") -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        + head
        + '<GraphPadPrismFile PrismXMLVersion="5.00">'
        + "".join(tables)
        + "</GraphPadPrismFile>"
    ).encode()


def ycol(title: str, *subcolumns: list[str]) -> str:
    subs = "".join(
        "<Subcolumn>" + "".join(f"<d>{c}</d>" for c in sub) + "</Subcolumn>" for sub in subcolumns
    )
    return f'<YColumn Subcolumns="{len(subcolumns)}"><Title>{title}</Title>{subs}</YColumn>'


def table(attrs: str, *body: str, title: str = "T") -> str:
    return f"<Table {attrs}><Title>{title}</Title>{''.join(body)}</Table>"


ROWS = "<RowTitlesColumn><Subcolumn><d>r1</d><d>r2</d></Subcolumn></RowTitlesColumn>"

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<GraphPadPrismFile><Table TableType="OneWay"><Title>&lol9;</Title></Table></GraphPadPrismFile>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<GraphPadPrismFile><Table TableType="OneWay"><Title>&xxe;</Title></Table></GraphPadPrismFile>"""

EXTERNAL_DTD = b"""<?xml version="1.0"?>
<!DOCTYPE GraphPadPrismFile SYSTEM "http://example.invalid/prism.dtd">
<GraphPadPrismFile></GraphPadPrismFile>"""

INTERNAL_DTD = b"""<?xml version="1.0"?>
<!DOCTYPE GraphPadPrismFile [<!ELEMENT GraphPadPrismFile ANY>]>
<GraphPadPrismFile></GraphPadPrismFile>"""


@pytest.mark.parametrize(
    "data",
    [BILLION_LAUGHS, EXTERNAL_ENTITY, EXTERNAL_DTD, INTERNAL_DTD],
    ids=["billion-laughs", "external-entity", "external-dtd", "internal-dtd"],
)
def test_hostile_xml_is_refused_never_expanded(data: bytes) -> None:
    with pytest.raises(PlotdocError) as info:
        read_pzfx(data)
    (problem,) = info.value.problems
    assert problem.code == "import-unsafe-xml"
    assert problem.severity == "error"
    assert "lollol" not in str(info.value) and "root:" not in str(info.value)


def test_malformed_xml_reports_line_and_column() -> None:
    data = b'<?xml version="1.0"?>\n<GraphPadPrismFile>\n<Table>\n</GraphPadPrismFile>'
    with pytest.raises(PlotdocError) as info:
        read_pzfx(data)
    (problem,) = info.value.problems
    assert problem.code == "import-syntax"
    assert (problem.line, problem.column) == (4, 3)
    assert "mismatched tag" in problem.message


@pytest.mark.parametrize("data", [b"", b"not xml at all", b"<a><b></a>"])
def test_garbage_is_a_syntax_problem(data: bytes) -> None:
    with pytest.raises(PlotdocError) as info:
        read_pzfx(data)
    assert [p.code for p in info.value.problems] == ["import-syntax"]


def test_an_xml_file_that_is_not_prism_is_refused() -> None:
    with pytest.raises(PlotdocError) as info:
        read_pzfx(b"<svg></svg>")
    assert info.value.problems[0].code == "import-syntax"
    assert "GraphPadPrismFile" in info.value.problems[0].message


def test_missing_file() -> None:
    with pytest.raises(PlotdocError) as info:
        read_pzfx(Path("/nonexistent/file.pzfx"))
    assert info.value.problems[0].code == "file-not-found"


def test_text_in_a_numeric_table_is_a_bad_number_with_its_path() -> None:
    data = prism(table('TableType="OneWay"', ycol("A", ["1", "two", "3"]), ycol("B", ["x"])))
    with pytest.raises(PlotdocError) as info:
        read_pzfx(data)
    found = {(p.code, p.where) for p in info.value.problems}
    assert found == {
        ("import-bad-number", "tables[0].dataSets[0].values[1][0]"),
        ("import-bad-number", "tables[0].dataSets[1].values[0][0]"),
    }


def test_multiple_variables_keep_text_and_get_a_scatter_mapping() -> None:
    data = prism(
        table(
            'TableType="OneWay" ExtTableType="MultipleVariables"',
            ROWS,
            ycol("Dose", ["1", "2,5"]),
            ycol("Group", ["ctrl", "treated"]),
        )
    )
    doc = read_pzfx(data).document
    t = doc["tables"][0]
    assert t["format"] == "multipleVariables"
    assert t["rowLabels"] == ["r1", "r2"]
    assert t["dataSets"][0]["values"] == [[1.0], [2.5]]
    assert t["dataSets"][1]["values"] == [["ctrl"], ["treated"]]
    assert t["graph"] == {
        "variantId": "mv-scatter",
        "plot": {
            "family": "multipleVariables",
            "options": {"kind": "scatter", "mapping": {"x": "Dose", "y": "Group"}},
        },
    }
    assert_conforms(doc)
    assert_opens(doc)


def test_nested_tables_have_at_least_two_replicates() -> None:
    data = prism(
        table(
            'TableType="TwoWay" ExtTableType="Nested" YFormat="replicates" Replicates="1"',
            ycol("Treated", ["1", "2"]),
            ycol("Control", ["3"], ["4"], ["5"]),
        )
    )
    doc = read_pzfx(data).document
    t = doc["tables"][0]
    assert t["format"] == "nested"
    assert t["replicates"] == 3
    assert t["dataSets"][0]["values"] == [[1.0], [2.0]]
    assert t["dataSets"][1]["values"] == [[3.0, 4.0, 5.0]]
    assert t["graph"]["variantId"] == "nested-scatter"
    assert_conforms(doc)
    assert_opens(doc)


def test_names_are_deduplicated_and_empty_titles_named() -> None:
    data = prism(table('TableType="OneWay"', ycol("A", ["1"]), ycol("A", ["2"]), ycol("", ["3"])))
    result = read_pzfx(data)
    names = [ds["name"] for ds in result.document["tables"][0]["dataSets"]]
    assert names == ["A", "A (2)", "Data set C"]
    assert sum(p.code == "import-converted" for p in result.problems) == 2  # each rename said


def test_result_tables_and_unknown_parts_are_listed_not_imported() -> None:
    data = prism(
        table('TableType="Result"', ycol("A", ["1"])),
        table(
            'TableType="XY" XFormat="numbers"',
            "<XColumn><Subcolumn><d>1</d></Subcolumn></XColumn>",
            ycol("Y", ["2"]),
        ),
        "<GraphSequence/>",
    )
    result = read_pzfx(data)
    assert [t["format"] for t in result.document["tables"]] == ["xy"]
    messages = [p.message for p in result.problems if p.code == "import-unsupported"]
    assert any("'Result'" in m for m in messages)
    assert any("<GraphSequence>" in m for m in messages)


def test_trailing_empty_rows_and_ragged_columns() -> None:
    data = prism(
        table('TableType="OneWay"', ycol("A", ["1", "", ""]), ycol("B", ["1", "2", "3", ""]))
    )
    sets = read_pzfx(data).document["tables"][0]["dataSets"]
    assert sets[0]["values"] == [[1.0]]
    assert sets[1]["values"] == [[1.0], [2.0], [3.0]]


def test_excluded_option_is_checked() -> None:
    with pytest.raises(ValueError, match="excluded"):
        read_pzfx(prism(), excluded="star")  # type: ignore[arg-type]


def test_excluded_x_values_follow_the_option() -> None:
    x = '<XColumn><Subcolumn><d>1</d><d Excluded="1">2</d></Subcolumn></XColumn>'
    data = prism(table('TableType="XY" XFormat="numbers"', x, ycol("Y", ["5", "6"])))
    dropped = read_pzfx(data).document["tables"][0]
    assert dropped["x"] == [1]
    assert dropped["usermeta"]["pzfx"]["xExcluded"] == [[1, 2.0]]
    kept = read_pzfx(data, excluded="keep").document["tables"][0]
    assert kept["x"] == [1, 2]


def test_empty_and_repeated_column_titles_are_said_and_go_back_to_prism() -> None:
    import orjson

    import plotdoc
    from plotdoc.exporters.pzfx import to_pzfx

    data = prism(table('TableType="OneWay"', ycol("", ["1"]), ycol("A", ["2"]), ycol("A", ["3"])))
    result = read_pzfx(data)
    t = result.document["tables"][0]
    assert [ds["name"] for ds in t["dataSets"]] == ["Data set A", "A", "A (2)"]
    said = {p.where: p.message for p in result.problems if p.code == "import-converted"}
    assert "has no title" in said["tables[0].dataSets[0].name"]
    assert "'A (2)'" in said["tables[0].dataSets[2].name"]
    project = plotdoc.loads(orjson.dumps(result.document))
    out, warnings = to_pzfx(project)
    titles = re.findall(rb"<YColumn[^>]*>\s*<Title(?:\s*/>|>([^<]*)</Title>)", out)
    assert titles == [b"", b"A", b"A"]  # as the Prism file had them
    written = {p.where: p.message for p in warnings}
    assert "with its Prism column title ''" in written["tables[0].dataSets[0].name"]
    assert "with its Prism column title 'A'" in written["tables[0].dataSets[2].name"]
    # a data set renamed since: its name is written, nothing said
    project.tables[0].data_sets[0].name = "Baseline"
    out, warnings = to_pzfx(project)
    assert re.findall(rb"<YColumn[^>]*>\s*<Title>([^<]*)</Title>", out)[0] == b"Baseline"
    assert len(re.findall(rb"<YColumn", out)) == 3
    assert "tables[0].dataSets[0].name" not in {p.where for p in warnings}
