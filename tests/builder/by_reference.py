"""Projects built with the calls users wrote before data sets had ids: data sets referred to by
name (styles, t test groups, variable types) and by index (legend items, brackets, mappings,
a pie's data set). ``tests/builder/data/`` holds the file each one saved before the builder
held version 2 (``python -m tests.builder.by_reference`` wrote them); the builder must still
save exactly those bytes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from plotdoc.builder import ProjectBuilder

NOW = "2024-01-01T00:00:00Z"
DATA = Path(__file__).parent / "data"

RED = {"symbol": {"color": {"hex": "#cc0000"}}}


def column_by_name_and_index() -> ProjectBuilder:
    b = ProjectBuilder(title="Column, by name and index")
    t = b.add_table(
        "column",
        {"Control": [4.1, 5.0, 4.7], "Low": [5.2, 5.9, 5.5], "High": [6.0, None, 6.6]},
        id="col",
    )
    t.graph(
        "scatter-bar",
        mode="meanWithSem",
        style={"perDataSet": {"High": RED}, "perPoint": {"Low": {"1": RED}}},
        legend={"itemOverrides": {"0": {"text": "Vehicle"}, "2": {"hidden": True}}},
    )
    t.analysis("ttest", id="t", groupA="Control", groupB="High")
    t.bracket(0, 2, "*")
    t.annotate(
        "bracket",
        left={"kind": "group", "groupIndex": 1},
        right={"kind": "group", "groupIndex": 2},
        text="ns",
    )
    return b


def grouped_past_the_last() -> ProjectBuilder:
    b = ProjectBuilder(title="Grouped, a bracket past the last data set")
    t = b.add_table(
        "grouped",
        {"WT": [[1, 2], [3, 4]], "KO": [[2, 3], [4, None]]},
        row_labels=["Male", "Female"],
    )
    t.graph("grouped-interleaved-bars", style={"perDataSet": {"KO": RED}})
    t.bracket(0, 3, "**")
    return b


def awkward_names() -> ProjectBuilder:
    """Names no id can be: too long, and one that is the id made for another."""
    b = ProjectBuilder(title="Awkward names")
    long = "L" * 150
    t = b.add_table("column", {long: [1.0, 2.0, 3.0], "ds-0": [2.0, 3.0, 4.0], "C": [3.0, 4.0]})
    t.graph(
        "scatter-bar",
        style={"perDataSet": {long: RED, "ds-0": {"symbol": {"color": {"hex": "#0000cc"}}}}},
        legend={"itemOverrides": {"1": {"text": "second"}}},
    )
    t.analysis("ttest", groupA=long, groupB="ds-0")
    t.bracket(0, 1, "*")
    return b


def multiple_variables() -> ProjectBuilder:
    b = ProjectBuilder(title="Volcano")
    mv = b.add_table(
        "multipleVariables",
        {"gene": ["BRCA1", "TP53", "EGFR"], "log2FC": [1.5, -2, 0.1], "p": [0.001, 0.0001, 0.5]},
        id="mv",
        variable_types={"gene": "label", "p": "continuous"},
    )
    mv.graph(
        "mv-volcano",
        mapping={"x": 1, "y": 2, "label": 0},
        style={"perDataSet": {"volcano:up": RED}},
        legend={"itemOverrides": {"volcano:down": {"text": "Down"}}},
    )
    mv.analysis("correlationMatrix", id="r")
    r = b.results_table(mv, "r", name="Correlations")
    r.graph(legend={"itemOverrides": {"1": {"text": "second"}}})
    return b


def parts_of_whole() -> ProjectBuilder:
    b = ProjectBuilder(title="Shares")
    t = b.add_table(
        "partsOfWhole", {"2023": [30, 50, 20], "2024": [25, 55, 20]}, row_labels=["A", "B", "C"]
    )
    t.graph("parts-pie", dataSetIndex=1, legend={"itemOverrides": {"1": {"text": "B"}}})
    return b


def xy_from_arrays() -> ProjectBuilder:
    b = ProjectBuilder(title="Dose response")
    t = b.add_table(
        "xy",
        {"Agonist": np.array([[2, 3], [11, 12], [48, 51]]), "Antagonist": [1.0, 5.0, 20.0]},
        x=[-9, -8, -7],
    )
    t.graph("xy-points-error", error="sem", style={"perDataSet": {"Antagonist": RED}}).analysis(
        "ttest", groupA="Antagonist", groupB="Agonist"
    )
    return b


def unmatched_references() -> ProjectBuilder:
    """A style name and a legend index that match no data set: dropped with a warning."""
    b = ProjectBuilder(title="Unmatched")
    t = b.add_table("column", {"A": [1.0, 2.0], "B": [3.0, 4.0]})
    t.graph(
        "scatter-bar",
        style={"perDataSet": {"Nobody": RED}},
        legend={"itemOverrides": {"7": {"text": "seventh"}}},
    )
    return b


def from_frames() -> ProjectBuilder:
    """A wide frame, a long one and summaries from a frame, styled by name."""
    import pandas as pd

    b = ProjectBuilder(title="Frames")
    wide = pd.DataFrame({"Control": [1.0, 2.0, 3.0], "Drug": [2.0, 3.0, 5.0]})
    b.add_table("column", wide).graph("scatter-bar", style={"perDataSet": {"Drug": RED}})
    long = pd.DataFrame(
        {"dose": [1, 1, 2, 2], "score": [3.0, 4.0, 5.0, 6.5], "arm": ["a", "b", "a", "b"]}
    )
    t = b.add_table("xy", long, x="dose", value="score", group="arm")
    t.graph("scatter", legend={"itemOverrides": {"1": {"text": "B arm"}}})
    sums = b.add_table(
        "column", {"Drug 1": (0.75, 1.79, 10), "Drug 2": (2.33, 2.0, 10)}, entry="meanSdN"
    )
    sums.graph("bar", mode="meanWithSd", style={"perDataSet": {"Drug 2": RED}})
    sums.analysis("ttest", groupA="Drug 2", groupB="Drug 1").bracket(0, 1, "ns")
    return b


BUILDS: dict[str, Callable[[], ProjectBuilder]] = {
    "column-by-name-and-index": column_by_name_and_index,
    "grouped-past-the-last": grouped_past_the_last,
    "awkward-names": awkward_names,
    "multiple-variables": multiple_variables,
    "parts-of-whole": parts_of_whole,
    "xy-from-arrays": xy_from_arrays,
    "unmatched-references": unmatched_references,
    "from-frames": from_frames,
}


def expected_file(name: str) -> Path:
    return DATA / f"{name}.plotdoc"


def expected_bytes(name: str) -> bytes:
    """The file ``name`` saved before, its generator's version made the running one (the
    only part of a file that changes with each release)."""
    import orjson

    from plotdoc.version import __version__

    data = expected_file(name).read_bytes()
    then = orjson.loads(data)["generator"]["version"]
    old = f'"generator": {{\n    "name": "plotdoc",\n    "version": "{then}",'.encode()
    new = f'"generator": {{\n    "name": "plotdoc",\n    "version": "{__version__}",'.encode()
    assert data.count(old) == 1
    return data.replace(old, new)


def main() -> None:
    from plotdoc.writer import dumps

    DATA.mkdir(exist_ok=True)
    for name, build in BUILDS.items():
        project = build().project()
        expected_file(name).write_bytes(dumps(project, now=NOW))
        for warning in project.warnings:
            print(name, warning.code, warning.where)


if __name__ == "__main__":
    main()
