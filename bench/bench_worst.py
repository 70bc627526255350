"""The worst valid files we know of: time and peak memory of opening and analysing them.

Run on demand (not a test)::

    python bench/bench_worst.py              # every case
    python bench/bench_worst.py fourpl-500   # the cases named
    python bench/bench_worst.py --open       # only open each file (the reader's time)

Each case is a document within the contract's limits (at most 50 MB, 2,000,000 cells...)
built to be as costly as possible for one step, and an action on it. Each runs in a fresh
process, so its peak memory (max RSS) is its own. Targets: open in under 10 s and 2 GB;
analyze ends, with results or ``budget-exceeded``, within the default budget (60 s for all
analyses of a project) and 2 GB. The figures go to docs/reliability.md ("Bounds and budgets").

To add a case, append a :class:`Case` to :data:`CASES`: a name, what it stresses, a function
that builds the document, and the name of an action of :data:`ACTIONS` (add one there for a
new kind of step, such as saving, importing or drawing).
"""

from __future__ import annotations

import collections
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import orjson

Document = dict[str, Any]


@dataclass(frozen=True)
class Case:
    name: str
    what: str
    build: Callable[[], Document]
    action: str


# -- documents -------------------------------------------------------------------------------


def project(*tables: Document) -> Document:
    return {"format": "plotdoc-project", "schemaVersion": 1, "tables": list(tables)}


def fourpl_table(table_id: str, data_sets: int, analyses: int, seed: int) -> Document:
    """An xy table of 12 X values; each data set holds 5 to 12 noisy dose-response points."""
    rng = np.random.default_rng(seed)
    x = np.linspace(-9.0, -4.0, 12)
    sets = []
    for i in range(data_sets):
        y = 10 + 90 / (1 + 10 ** ((-6.5 - x) * 1.2)) + rng.normal(0, 8, x.size)
        keep = rng.permutation(12)[: int(rng.integers(5, 13))]
        cells = [[round(float(v), 2)] if j in keep else [None] for j, v in enumerate(y)]
        sets.append({"name": f"d{i}", "values": cells})
    return {
        "id": table_id,
        "format": "xy",
        "x": x.round(3).tolist(),
        "dataSets": sets,
        "analyses": [{"id": f"fit{a}", "method": "nonlinearRegression"} for a in range(analyses)],
    }


def mv_table(table_id: str, variables: int, rows: int, method: str, seed: int) -> Document:
    """A multipleVariables table of random values, 20 % of them missing."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(rows, variables)).round(3)
    gone = rng.random(x.shape) < 0.2
    sets = []
    for j in range(variables):
        col = x[:, j].tolist()
        sets.append(
            {
                "name": f"v{j}",
                "values": [[None if g else v] for v, g in zip(col, gone[:, j], strict=True)],
            }
        )
    return {
        "id": table_id,
        "format": "multipleVariables",
        "dataSets": sets,
        "analyses": [{"id": "r", "method": "correlationMatrix", "params": {"method": method}}],
    }


def frequency_table(analyses: int) -> Document:
    """500 data sets of two values and ``analyses`` distributions of 10,000 bins each."""
    sets = [{"name": f"d{i}", "values": [[0], [1]]} for i in range(500)]
    return {
        "id": "c",
        "format": "column",
        "dataSets": sets,
        "analyses": [
            {"id": f"f{a}", "method": "frequencyDistribution", "params": {"binWidth": 1e-4}}
            for a in range(analyses)
        ],
    }


def frequency_fitting(analyses: int) -> Document:
    """As :func:`frequency_table` with 4,000 bins: 2,000,000 cells each, the most allowed."""
    doc = frequency_table(analyses)
    for a in doc["analyses"]:
        a["params"]["binWidth"] = 2.5e-4
    return doc


def labelled_scatter(rows: int) -> Document:
    """A multiple-variables scatter of ``rows`` points, each with a text label."""
    rng = np.random.default_rng(5)
    x, y = rng.normal(size=rows).round(3), rng.normal(size=rows).round(3)
    return {
        "id": "lab",
        "format": "multipleVariables",
        "dataSets": [
            {"name": "x", "values": [[v] for v in x.tolist()]},
            {"name": "y", "values": [[v] for v in y.tolist()]},
            {"name": "name", "values": [[f"gene-{i:05d}"] for i in range(rows)]},
        ],
        "variableTypes": {"name": "label"},
        "graph": {
            "variantId": "mv-scatter",
            "plot": {
                "family": "multipleVariables",
                "options": {"kind": "scatter", "mapping": {"x": 0, "y": 1, "label": 2}},
            },
        },
    }


def long_annotations(count: int, lines: int) -> Document:
    """A column graph with ``count`` text annotations of ``lines`` lines each (one character a
    line: an annotation's text holds at most 2,000 characters)."""
    text = "\n".join("ab"[k % 2] for k in range(lines))
    notes = [
        {"type": "text", "text": text, "x": float(i % 50) * 6, "y": float(i // 50) * 5}
        for i in range(count)
    ]
    return {
        "id": "ann",
        "format": "column",
        "dataSets": [{"name": "a", "values": [[1.0], [2.0], [3.0]]}],
        "annotations": notes,
        "graph": {"variantId": "bar"},
    }


def grouped_long_labels(rows: int) -> Document:
    """A grouped bar graph of ``rows`` rows whose labels are 120 characters long."""
    rng = np.random.default_rng(6)
    label = "a rather long row label that names the condition, the dose and the time point "
    return {
        "id": "grp",
        "format": "grouped",
        "rowLabels": [f"{label[:110]} {i:06d}" for i in range(rows)],
        "dataSets": [
            {"name": f"g{k}", "values": [[v] for v in rng.normal(10, 2, rows).round(2).tolist()]}
            for k in range(2)
        ],
        "graph": {"variantId": "grouped-interleaved-bars"},
    }


def tiny_arrays(megabytes: int) -> Document:
    """A usermeta of ``megabytes`` MB of one-item arrays of empty arrays (``[[]],`` five
    bytes each): refused as too large, after every array of it is read."""
    unit: list[Any] = [[]]
    doc = project()
    doc["usermeta"] = {"arrays": [unit] * (megabytes * 1_000_000 // 5)}
    return doc


CASES: list[Case] = [
    Case(
        "fourpl-500",
        "one 4PL analysis of 500 data sets of 5-12 points",
        lambda: project(fourpl_table("t", 500, 1, 0)),
        "analyze",
    ),
    Case(
        "fourpl-200x200",
        "200 tables x 200 such analyses (about 6 MB)",
        lambda: project(*(fourpl_table(f"t{i}", 500, 200, i) for i in range(200))),
        "analyze",
    ),
    Case(
        "spearman-500x9",
        "Spearman, 500 variables x 9 rows, 20 % missing",
        lambda: project(mv_table("m", 500, 9, "spearman", 1)),
        "analyze",
    ),
    Case(
        "spearman-500x4000",
        "Spearman, 500 variables x 4,000 rows, 20 % missing",
        lambda: project(mv_table("m", 500, 4000, "spearman", 2)),
        "analyze",
    ),
    Case(
        "pearson-500x4000",
        "Pearson on the same data (the reference)",
        lambda: project(mv_table("m", 500, 4000, "pearson", 2)),
        "analyze",
    ),
    Case(
        "frequency-10",
        "10 distributions of 10,000 bins x 500 data sets",
        lambda: project(frequency_table(10)),
        "analyze",
    ),
    Case(
        "frequency-200", "200 such distributions", lambda: project(frequency_table(200)), "analyze"
    ),
    Case(
        "frequency-200-fit",
        "200 distributions of 2,000,000 cells each",
        lambda: project(frequency_fitting(200)),
        "analyze",
    ),
    Case(
        "pearson-200",
        "200 tables x 500 variables x 20 rows, a Pearson matrix each",
        lambda: project(*(mv_table(f"m{i}", 500, 20, "pearson", i) for i in range(200))),
        "analyze",
    ),
    Case(
        "tiny-arrays-50mb",
        "50 MB of tiny nested arrays in usermeta, refused",
        lambda: tiny_arrays(49),
        "validate",
    ),
    Case(
        "labels-20000",
        "a scatter of 20,000 points, each with a text label",
        lambda: project(labelled_scatter(20_000)),
        "render",
    ),
    Case(
        "annotations-2000x1000",
        "2,000 text annotations of 1,000 lines each",
        lambda: project(long_annotations(2000, 1000)),
        "render",
    ),
    Case(
        "grouped-20000",
        "a grouped graph of 20,000 rows with 120-character labels",
        lambda: project(grouped_long_labels(20_000)),
        "render",
    ),
]


# -- actions -------------------------------------------------------------------------------


def action_open(path: Path) -> str:
    from plotdoc.api import open_project
    from plotdoc.errors import PlotdocError

    try:
        project = open_project(path)
    except PlotdocError as exc:
        return "refused: " + ", ".join(sorted({p.code for p in exc.errors}))
    return f"{len(project.tables)} table(s), nothing computed"


def action_validate(path: Path) -> str:
    """What `plotdoc validate` does: the pipeline's stages over the file, nothing built."""
    from plotdoc.api import validate

    report = validate(path.read_bytes())
    codes = collections.Counter(p.code for p in report.errors)
    return ", ".join(f"{n} {code}" for code, n in codes.items()) or "valid"


def action_analyze(path: Path) -> str:
    """What `plotdoc analyze --json` does: open, compute every analysis, write its JSON."""
    from plotdoc.api import open_project

    start = time.perf_counter()
    project = open_project(path)
    opened = time.perf_counter() - start
    statuses: collections.Counter[str] = collections.Counter()
    with open(os.devnull, "w") as sink:
        for key in project.results:
            run = project.results[key]
            statuses[run.status] += 1
            sink.write(json.dumps(run.to_dict()))
    counts = ", ".join(f"{n} {s}" for s, n in statuses.most_common())
    return f"open {opened:.2f} s; {counts}"


def action_render(path: Path) -> str:
    """What `plotdoc render` does with its defaults: open, draw every graph as SVG (and the
    codes of the warnings the drawings report)."""
    from plotdoc.api import open_project
    from plotdoc.render import render_table_checked
    from plotdoc.render.notices import warning_code

    project = open_project(path)
    drawn = [
        render_table_checked(project, t, fmt="svg") for t in project.tables if t.graph is not None
    ]
    size = sum(len(d.data) for d in drawn) / 1e6
    codes = collections.Counter(warning_code(w) for d in drawn for w in d.warnings)
    warned = ", ".join(f"{n} {c}" for c, n in sorted(codes.items())) or "no warning"
    return f"{len(drawn)} graph(s), {size:.1f} MB of SVG; {warned}"


ACTIONS: dict[str, Callable[[Path], str]] = {
    "open": action_open,
    "validate": action_validate,
    "analyze": action_analyze,
    "render": action_render,
}


# -- running -------------------------------------------------------------------------------


def run_one(name: str, path: Path, action: str | None = None) -> dict[str, Any]:
    case = next(c for c in CASES if c.name == name)
    start = time.perf_counter()
    summary = ACTIONS[action or case.action](path)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "peak_mb": peak_mb(), "summary": summary}


def peak_mb() -> float:
    """This process's peak resident memory (VmHWM: since exec, unlike ru_maxrss on Linux)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        print(json.dumps(run_one(argv[1], Path(argv[2]), *argv[3:4])))
        return 0
    only_open = "--open" in argv
    argv = [a for a in argv if a != "--open"]
    names = argv or [c.name for c in CASES]
    print("| case | file | action | time | peak memory | outcome |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            if case.name not in names:
                continue
            path = Path(tmp) / f"{case.name}.plotdoc"
            path.write_bytes(orjson.dumps(case.build()))
            size = path.stat().st_size
            proc = subprocess.run(
                [sys.executable, __file__, "--child", case.name, str(path)]
                + (["open"] if only_open else []),
                capture_output=True,
                text=True,
                check=False,
            )
            if proc.returncode != 0:
                action = "open" if only_open else case.action
                print(f"| {case.name} | | {action} | | | FAILED: {proc.stderr[-300:]!r} |")
                continue
            got = json.loads(proc.stdout.strip().splitlines()[-1])
            print(
                f"| {case.name} ({case.what}) | {size / 1e6:.1f} MB | "
                f"{'open' if only_open else case.action} | "
                f"{got['seconds']:.1f} s | {got['peak_mb']:.0f} MB | {got['summary']} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
