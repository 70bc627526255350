"""CSV and data-frame imports of summary data: the data columns in threes (mean, SD or SEM,
N), a problem in a cell said at the CSV's own line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from plotdoc.api import open_project
from plotdoc.cli import main
from plotdoc.importers.csv import read_csv

CSV = "Day,WT mean,WT SD,WT N,KO_Mean,KO SD,KO N\nDay 1,5,0.5,4,4,0.4,5\nDay 2,7,0.6,4,,,\n"


def test_plotdoc_import_reads_a_grouped_csv_of_mean_sd_and_n(tmp_path: Path) -> None:
    source = tmp_path / "g.csv"
    source.write_text(CSV)
    assert main(["import", str(source), "--family", "grouped", "--entry", "meanSdN"]) == 0
    table = open_project(tmp_path / "g.plotdoc").tables[0]
    assert (table.entry, table.replicates, table.row_labels) == ("meanSdN", 3, ["Day 1", "Day 2"])
    assert [d.name for d in table.data_sets] == ["WT", "KO"]
    assert table.data_sets[0].values.tolist() == [[5.0, 0.5, 4.0], [7.0, 0.6, 4.0]]
    assert table.graph is not None and table.graph.variant_id == "grouped-interleaved-bars"


def test_a_bad_n_is_said_at_the_csv_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "g.csv"
    source.write_text(CSV.replace("0.4,5", "0.4,5.5"))
    assert main(["import", str(source), "--family", "grouped", "--entry", "meanSdN"]) == 1
    err = capsys.readouterr().err
    assert "[summary-n-invalid]" in err and "(line 2, column 7)" in err
    assert not (tmp_path / "g.plotdoc").exists()


def test_columns_not_in_threes_and_a_family_without_summaries_are_refused(tmp_path: Path) -> None:
    with pytest.raises(Exception, match="groups of three"):
        read_csv(b"A,B\n1,2\n", family="column", entry="meanSdN")
    with pytest.raises(ValueError, match="allowed for column, grouped, xy"):
        read_csv(b"A,B,C\n1,2,3\n", family="nested", entry="meanSdN")


def test_entry_with_a_pzfx_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "p.pzfx"
    source.write_text("<x/>")
    assert main(["import", str(source), "--entry", "meanSdN"]) == 2
    assert "reads the columns of a CSV in threes" in capsys.readouterr().err


def test_a_column_csv_of_sem_draws_sems() -> None:
    result = read_csv(
        b"Control,SEM,N,Drug,SEM,N\n10.2,0.6,6,14.8,0.9,5\n", family="column", entry="meanSemN"
    )
    table = result.document["tables"][0]
    assert [d["name"] for d in table["dataSets"]] == ["Control", "Drug"]
    assert table["graph"] == {
        "variantId": "bar",
        "plot": {"family": "column", "options": {"mode": "meanWithSem"}},
    }
