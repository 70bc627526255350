"""Worst cases of saving, importing and warnings: named cases with their time and peak memory.

Run on demand (not a test): `python bench/worst_cases_io.py [NAME ...]`. Each case writes its
input into a temporary folder, then runs its operation in a fresh Python process so that the
peak resident memory is the operation's own (with the interpreter and the import of plotdoc,
about 60 MB). A whole-suite script can import :data:`CASES` and :func:`measure`.

The cases are the hostile inputs of the contract's limits that used to break a promise: a save
of the largest document, a `.pzfx` nested 1,100 deep, a CSV of ten million rows, a CSV of
millions of bad cells, 2.5 million repeated names, and a 50 MB file of 3.2 million ignored
keys validated with `--json`.
"""

from __future__ import annotations

import json
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

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Case:
    name: str
    what: str
    #: writes the input files into the folder
    prepare: Callable[[Path], None]
    #: runs the operation on the folder's files (in the measuring process)
    run: Callable[[Path], object]


@dataclass(frozen=True)
class Measure:
    name: str
    seconds: float
    peak_mb: float
    outcome: str


# -- inputs ---------------------------------------------------------------------------------


def _max_document(folder: Path) -> None:
    rng = np.random.default_rng(1)
    tables = []
    for t in range(20):
        values = np.round(rng.normal(100, 15, size=(100_000, 1)), 4)
        values[rng.random(100_000) < 0.01] = np.nan
        tables.append(
            {"id": f"t{t}", "format": "column", "dataSets": [{"name": "Y", "values": values}]}
        )
    doc = {"format": "plotdoc-project", "schemaVersion": 1, "tables": tables}
    (folder / "max.plotdoc").write_bytes(orjson.dumps(doc, option=orjson.OPT_SERIALIZE_NUMPY))


def _deep_pzfx(folder: Path) -> None:
    depth = 1_100
    (folder / "deep.pzfx").write_bytes(
        b'<?xml version="1.0"?><GraphPadPrismFile PrismXMLVersion="5.00"><Info><Title>'
        + b"<B>" * depth
        + b"deep"
        + b"</B>" * depth
        + b"</Title></Info></GraphPadPrismFile>"
    )


def _ten_million_rows(folder: Path) -> None:
    (folder / "rows.csv").write_bytes(b"Y\n" + b"1\n" * 10_000_000)


def _bad_cells(folder: Path) -> None:
    # 10 columns x 200,000 rows: the 2,000,000 cells the limits allow, every one bad
    (folder / "bad.csv").write_bytes(
        b",".join(b"S%d" % i for i in range(10)) + b"\n" + b"x,x,x,x,x,x,x,x,x,x\n" * 200_000
    )


def _bad_cells_flood(folder: Path) -> None:
    # 25,000,000 bad cells in 50 MB: reading stops at the cell limit
    row = b",".join([b"x"] * 125) + b"\n"
    (folder / "flood.csv").write_bytes(
        b",".join(b"S%d" % i for i in range(125)) + b"\n" + row * 200_000
    )


def _warnings_flood(folder: Path) -> None:
    visibility = {str(i): False for i in range(2, 3_150_002)}
    doc = {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "format": "column",
                "dataSets": [
                    {"name": "A", "values": [[1], [2]]},
                    {"name": "B", "values": [[3], [4]]},
                ],
                "graph": {"variantId": "scatter-bar", "dataSetVisibility": visibility},
            }
        ],
    }
    (folder / "flood.plotdoc").write_bytes(orjson.dumps(doc))


def _nothing(folder: Path) -> None:
    return None


# -- operations -----------------------------------------------------------------------------


def _refused(func: Callable[[], object]) -> str:
    from plotdoc.problems import PlotdocError

    try:
        func()
    except PlotdocError as exc:
        first = exc.errors[0]
        return f"refused: {first.code} ({len(exc.errors)} listed, {exc.omitted:,} more)"
    return "accepted"


def _save_max(folder: Path) -> str:
    from plotdoc.api import open_project
    from plotdoc.writer import save_project

    project = open_project(folder / "max.plotdoc")
    start = time.perf_counter()
    save_project(project, folder / "saved.plotdoc")
    seconds = time.perf_counter() - start
    size = (folder / "saved.plotdoc").stat().st_size
    return f"saved {size / 1e6:.1f} MB (save alone {seconds:.2f} s, open included above)"


def _import(name: str, **kwargs: Any) -> Callable[[Path], str]:
    def run(folder: Path) -> str:
        from plotdoc.importers import read_csv, read_pzfx

        path = folder / name
        if name.endswith(".pzfx"):
            return _refused(lambda: read_pzfx(path))
        return _refused(lambda: read_csv(path, **kwargs))

    return run


def _unique_names(folder: Path) -> str:
    from plotdoc.importers._common import unique_names
    from plotdoc.problems import Problem

    problems: list[Problem] = []
    names = unique_names(["A"] * 2_500_000, ("tables", 0, "dataSets"), problems)
    return f"{len(set(names)):,} unique names, {len(problems):,} warnings"


def _validate_flood(folder: Path) -> str:
    proc = subprocess.run(
        [sys.executable, "-m", "plotdoc", "validate", "--json", str(folder / "flood.plotdoc")],
        capture_output=True,
        check=False,
    )
    entry = json.loads(proc.stdout)["files"][0]
    return (
        f"exit {proc.returncode}, {len(proc.stdout) / 1e3:.0f} KB printed, "
        f"{len(entry['warnings'])} warnings listed + {entry['omittedWarnings']:,} counted"
    )


CASES: tuple[Case, ...] = (
    Case("save-max-document", "open and save 2,000,000 cells (20 x 100,000 rows)", _max_document, _save_max),
    Case("pzfx-nested-1100", ".pzfx with elements nested 1,100 deep", _deep_pzfx, _import("deep.pzfx")),
    Case("csv-10m-rows", "CSV of 10,000,000 one-cell rows (20 MB)", _ten_million_rows, _import("rows.csv", family="column")),
    Case("csv-2m-bad-cells", "CSV of 2,000,000 cells, all bad (10 x 200,000)", _bad_cells, _import("bad.csv", family="column")),
    Case("csv-25m-bad-cells", "CSV of 25,000,000 bad cells (125 x 200,000, 50 MB)", _bad_cells_flood, _import("flood.csv", family="column")),
    Case("unique-names-2.5m", "2,500,000 repeated data set names renamed", _nothing, _unique_names),
    Case("validate-warnings-flood", "validate --json of 3,150,000 ignored keys (49 MB)", _warnings_flood, _validate_flood),
)  # fmt: skip


def measure(case: Case) -> Measure:
    """Prepare ``case`` in a temporary folder and run it in a fresh process."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        case.prepare(folder)
        proc = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--child", case.name, tmp],
            capture_output=True,
            check=True,
        )
    out = json.loads(proc.stdout.splitlines()[-1])
    return Measure(case.name, out["seconds"], out["peak_mb"], out["outcome"])


def _child(name: str, folder: Path) -> None:
    case = next(c for c in CASES if c.name == name)
    start = time.perf_counter()
    outcome = case.run(folder)
    seconds = time.perf_counter() - start
    peak = max(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
    )
    print(json.dumps({"seconds": seconds, "peak_mb": peak / 1024, "outcome": str(outcome)}))


def main(argv: list[str]) -> None:
    if argv[:1] == ["--child"]:
        sys.path.insert(0, str(HERE.parent / "src"))
        _child(argv[1], Path(argv[2]))
        return
    wanted = set(argv)
    for case in CASES:
        if wanted and case.name not in wanted:
            continue
        m = measure(case)
        print(f"{m.name:26} {m.seconds:7.2f} s {m.peak_mb:8.0f} MB  {case.what}: {m.outcome}")


if __name__ == "__main__":
    main(sys.argv[1:])
