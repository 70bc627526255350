"""Analysis results as tables: to_pandas on a run and on project.results, the notebook's HTML,
a repr that says what it holds, run.result for every method, `plotdoc analyze` as CSV."""

from __future__ import annotations

import csv
import io
import math
import sys

import numpy as np
import pytest
from scipy import stats

from plotdoc.analyses.tables import COLUMNS, CSV_HEADER, PANDAS_MISSING
from plotdoc.builder import ProjectBuilder
from plotdoc.cli import main
from plotdoc.model import Project

pd = pytest.importorskip("pandas")

CONTROL = [20.1, 21.3, 19.8, 22.0, 20.5]
TREATED = [23.0, 24.1, 22.7, 23.9]
X = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
Y1 = [0.1, 1.9, 4.2, 5.8, 8.1, 10.2]
Y2 = [1.0, 1.4, 2.1, 2.4, 3.2, 3.3]


def _project() -> Project:
    b = ProjectBuilder(title="Tables")
    t = b.add_table(
        "column", {"Control": CONTROL, "<b>Treated</b>": TREATED}, name="Weights", id="w"
    )
    t.analysis("ttest", id="t").analysis("ttest", id="missing", groupA="Control", groupB="Nope")
    xy = b.add_table("xy", {"Line 1": Y1, "Line 2": Y2}, x=X, name="Lines", id="xy")
    xy.analysis("linearRegression", id="fit")
    v = b.add_table(
        "multipleVariables",
        {"a": [1.0, 2.0, 3.0, 4.0, 5.0], "b": [2.0, 1.0, 4.0, 3.0, 6.0], "c": [5, 3, 4, 1, 2]},
        id="mv",
    )
    v.analysis("correlationMatrix", id="corr")
    return b.project()


def _value(frame: object, analysis: str, about: str, statistic: str) -> float:
    df = frame  # a DataFrame
    hit = df[(df.analysis == analysis) & (df.data_sets == about) & (df.statistic == statistic)]  # type: ignore[attr-defined]
    assert len(hit) == 1, (analysis, about, statistic)
    return float(hit.value.iloc[0])


def test_results_to_pandas_agree_with_scipy() -> None:
    project = _project()
    df = project.results.to_pandas()
    assert list(df.columns) == list(COLUMNS)
    welch = stats.ttest_ind(CONTROL, TREATED, equal_var=False)
    about = "Control vs <b>Treated</b>"
    assert _value(df, "t", about, "p") == pytest.approx(welch.pvalue, rel=1e-9)
    assert _value(df, "t", about, "t") == pytest.approx(welch.statistic, rel=1e-9)
    for name, y in (("Line 1", Y1), ("Line 2", Y2)):
        line = stats.linregress(X, y)
        assert _value(df, "fit", name, "slope") == pytest.approx(line.slope, rel=1e-9)
        assert _value(df, "fit", name, "p") == pytest.approx(line.pvalue, rel=1e-6)
    r, p = stats.pearsonr([1.0, 2.0, 3.0, 4.0, 5.0], [2.0, 1.0, 4.0, 3.0, 6.0])
    assert _value(df, "corr", "a vs b", "r") == pytest.approx(r, rel=1e-9)
    assert _value(df, "corr", "a vs b", "p") == pytest.approx(p, rel=1e-6)
    failed = df[df.analysis == "missing"]
    assert len(failed) == 1 and failed.status.iloc[0] == "missing-group"
    assert math.isnan(failed.value.iloc[0])
    one = project.results[("xy", "fit")].to_pandas()
    assert set(one.analysis) == {"fit"} and set(one.data_sets) == {"Line 1", "Line 2"}


def test_a_frequency_distribution_is_a_row_per_bin_agreeing_with_numpy() -> None:
    b = ProjectBuilder(title="Bins")
    t = b.add_table("column", {"Control": CONTROL, "Treated": TREATED}, id="w")
    t.analysis("frequencyDistribution", id="bins", binWidth=1.0, binStart=19.0)
    df = b.project().results[("w", "bins")].to_pandas()
    edges = np.arange(19.0, 26.0, 1.0)
    for name, values in (("Control", CONTROL), ("Treated", TREATED)):
        counts, _ = np.histogram(values, bins=edges)
        mine = df[(df.data_sets == name) & df.statistic.str.startswith("count[")]
        assert mine.value.tolist()[: counts.size] == counts.astype(float).tolist()
        assert mine.value.sum() == len(values)
        assert _value(df, "bins", name, "n") == len(values)
        assert _value(df, "bins", name, "n_below") == 0


def test_run_result_is_meaningful_for_every_method() -> None:
    results = _project().results
    assert results[("w", "t")].result.p == pytest.approx(
        stats.ttest_ind(CONTROL, TREATED, equal_var=False).pvalue
    )
    fit = results[("xy", "fit")]
    assert fit.result is not None and set(fit.result) == {"Line 1", "Line 2"}
    assert fit.result["Line 1"].slope == pytest.approx(stats.linregress(X, Y1).slope)
    assert results[("mv", "corr")].result.names == ("a", "b", "c")
    assert results[("w", "missing")].result is not None  # a result with its status
    assert fit.to_dict()["result"]["dataSets"]["Line 1"]["p_text"] == "< 0.0001"


def test_repr_says_what_it_holds_and_html_shows_tables_escaped() -> None:
    project = _project()
    results = project.results
    text = repr(results)
    assert text.startswith("<Results: 4 analyses of 3 table(s), 0 computed")
    assert "object at 0x" not in text
    page = results._repr_html_()
    assert "<b>Treated</b>" not in page and "&lt;b&gt;Treated&lt;/b&gt;" in page
    assert "<table>" in page and "<th>statistic</th>" in page
    assert "< 0.0001" not in page and "&lt; 0.0001 (****)" in page  # P through format_p
    assert "missing-group" in page and "no data set named" in page  # a failure is visible
    run = results[("w", "t")]
    assert repr(run) == "<AnalysisRun 't' of table 'w': ttest, ok; a result>"
    assert "<td>p</td>" in run._repr_html_()


def test_without_pandas_to_pandas_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    results = _project().results
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"pip install 'plotdoc\[pandas\]'"):
        results.to_pandas()
    assert PANDAS_MISSING.startswith("to_pandas() needs pandas")
    assert "<table>" in results._repr_html_()  # the notebook display needs no pandas


def test_analyze_as_csv_one_and_many_files(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    project = _project()
    from plotdoc.writer import save_project as save

    save(project, folder / "a.plotdoc")
    save(project, folder / "b.plotdoc")
    code = main(["analyze", "--output-format", "csv", "--allow-failed", str(folder / "a.plotdoc")])
    one = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert code == 0
    assert tuple(one[0]) == CSV_HEADER
    frame = project.results.to_pandas()
    assert len(one) - 1 == len(frame)
    for row, (_, expected) in zip(one[1:], frame.iterrows(), strict=True):
        assert row[0] == str(folder / "a.plotdoc")
        assert row[1:6] == [str(expected[c]) for c in COLUMNS[:5]]
        value = float(row[6]) if row[6] else math.nan
        assert np.isclose(value, expected.value, equal_nan=True, rtol=0, atol=0)
    assert main(["analyze", "--output-format", "csv", "-j", "1", str(folder)]) == 1  # one failed
    many = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert tuple(many[0]) == CSV_HEADER and len(many) == 2 * len(frame) + 1
    assert {r[0] for r in many[1:]} == {str(folder / "a.plotdoc"), str(folder / "b.plotdoc")}
