"""`plotdoc brackets`: the command line adds the brackets the editor's *Add pairwise
comparisons* adds, saves atomically, and refuses without writing anything."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from plotdoc.api import open_project
from plotdoc.cli.app import main
from plotdoc.publish.examples import example_bytes
from plotdoc.pvalues import format_p

from .helpers import write


def _groups() -> dict[str, list[float]]:
    rng = np.random.default_rng(8)
    return {
        "Vehicle": list(rng.normal(10, 1.5, 8)),
        "Low": list(rng.normal(10.5, 1.5, 8)),
        "High": list(rng.normal(12.5, 1.5, 8)),
    }


def _anova_file(path: Path) -> Path:
    groups = _groups()
    table = {
        "id": "dose",
        "format": "column",
        "dataSets": [{"name": n, "values": [[v] for v in g]} for n, g in groups.items()],
        "graph": {"variantId": "scatter-bar"},
        "analyses": [{"id": "anova", "method": "oneWayAnova", "params": {"correction": "tukey"}}],
    }
    doc = {"format": "plotdoc-project", "schemaVersion": 2, "tables": [table]}
    return write(path / "dose.plotdoc", json.dumps(doc).encode())


def test_brackets_follow_the_analysis_over_every_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _anova_file(tmp_path)
    assert (
        main(["brackets", str(path), "--table", "dose", "--analysis", "anova", "--label", "p"]) == 0
    )
    assert "added 3 brackets following 'anova'" in capsys.readouterr().out
    project = open_project(path)
    brackets = [a for a in project.table("dose").annotations if a.type == "bracket"]
    assert [(b.props["analysisId"], b.props["label"]) for b in brackets] == [("anova", "p")] * 3
    heights = [b.props["y"] for b in brackets]
    assert len(set(heights)) == 3  # stacked, none over another
    # the P each shows is Tukey's, as SciPy computes it from the values
    groups = list(_groups().values())
    tukey = stats.tukey_hsd(*groups)
    from plotdoc.analyses.brackets import bracket_label

    table = project.table("dose")
    shown = sorted(bracket_label(project, table, b.props).text for b in brackets)
    expected = sorted(
        format_p(float(tukey.pvalue[i, j]), label=True) for i, j in ((0, 1), (0, 2), (1, 2))
    )
    assert shown == expected


def test_only_the_significant_pairs(tmp_path: Path) -> None:
    path = _anova_file(tmp_path)
    out = tmp_path / "out.plotdoc"
    assert main(["brackets", str(path), "--table", "dose", "--analysis", "anova",
                 "--only-significant", "-o", str(out)]) == 0  # fmt: skip
    groups = list(_groups().values())
    tukey = stats.tukey_hsd(*groups)
    significant = sum(tukey.pvalue[i, j] < 0.05 for i, j in ((0, 1), (0, 2), (1, 2)))
    assert 0 < significant < 3
    brackets = [a for a in open_project(out).table("dose").annotations if a.type == "bracket"]
    assert len(brackets) == significant
    assert not open_project(path).table("dose").annotations  # the input is left as it was


def test_a_refusal_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "c.plotdoc", example_bytes("complete"))
    before = path.read_bytes()
    # a frequency distribution compares nothing
    code = main(["brackets", str(path), "--table", "weights", "--analysis", "histogram", "--json"])
    assert code == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and report["errors"][0]["code"] == "edit-invalid"
    assert report["errors"][0]["path"] == "tables[1].analyses"
    assert path.read_bytes() == before
    # a table that is not there is a usage error
    assert main(["brackets", str(path), "--table", "nope", "--analysis", "welch"]) == 2
    assert "names no table" in capsys.readouterr().err
    # an existing output only with --force
    other = write(tmp_path / "other.plotdoc", b"{}")
    assert main(["brackets", str(path), "--table", "weights", "--analysis", "welch",
                 "-o", str(other)]) == 1  # fmt: skip
    assert other.read_bytes() == b"{}"
    assert path.read_bytes() == before
