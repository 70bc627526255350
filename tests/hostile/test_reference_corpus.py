"""The reference set: one invalid document per reader code, each with its expected problems.

See tests/corpus/reference/README.md. Every code of the catalogue is accounted for: it has a
file, or :data:`NOT_IN_CORPUS` says why not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plotdoc.api import open_project, validate
from plotdoc.migrations import MIGRATIONS
from plotdoc.problems import CATALOGUE, PlotdocError

from .documents import encode, minimal

REFERENCE = Path(__file__).resolve().parents[1] / "corpus" / "reference"

#: the stages of the open pipeline (the read stage is about a path, see NOT_IN_CORPUS)
READER_STAGES = {
    "size",
    "encoding",
    "json",
    "envelope",
    "version",
    "forbidden-keys",
    "migration",
    "structure",
    "semantic",
}

#: codes without a corpus file, and why
NOT_IN_CORPUS: dict[str, str] = {
    # about the path, not the bytes: tests/hostile/test_read_paths.py
    "file-not-found": "reports a path that names no file",
    "file-unreadable": "reports a folder, device, pipe or unreadable path",
    "file-name": "reports the file's name, not its content",
    # too big to commit: generated in memory by tests/hostile/test_limits.py
    "file-too-large": "needs a file over 50 MB",
    # a step runs only on a document its version's schema accepts: test_migration_failure_is_
    # reported removes the step instead
    "migration-failed": "needs a reader that lacks a migration step",
    # other components' codes, covered by their own tests
    "import-syntax": "importers",
    "import-unsafe-xml": "importers",
    "import-bad-number": "importers",
    "import-unsupported": "importers",
    "import-converted": "importers",
    "export-not-written": "the Prism export (tests/exporters)",
    "builder-invalid": "builder",
    "edit-invalid": "the editing functions (tests/editing)",
    "save-failed": "writer (tests/hostile/test_save_faults.py)",
    "version-1-unfit": "writer (tests/saving/test_schema_versions.py)",
    "schema-version-unwritable": "writer (tests/saving/test_schema_versions.py)",
    "render-failed": "the render command (tests/cli/test_io.py)",
    "render-value-hidden": "the render command (tests/render/guides/test_log_axes.py)",
    "render-labels-thinned": "drawing (tests/render/guides/test_category_labels.py)",
    "render-capped": "drawing (tests/render/guides/test_caps.py)",
    "render-analysis-not-drawn": "drawing (tests/render/families/test_fit_failures.py)",
    "render-ambiguous": "drawing (tests/render/style/test_distinct.py)",
    "render-too-small": "drawing at a print width (tests/render/test_print_size.py)",
    "render-reference-not-drawn": "renderer (tests/render/guides/test_reference_lines.py)",
    "non-finite-number": "writer: a model value no file can hold (tests/saving/)",
    "number-not-exact": "writer: a model value no file can hold (tests/saving/)",
    "not-json-value": "writer: a model value no file can hold (tests/saving/)",
    # catalogue codes no stage of the reader emits (reported to the reader's owner)
    "rows-too-many": "never emitted by the reader: every array is capped at 200,000 items by "
    "the structural stage first (too-many-items); the importers use the code",
}


def corpus() -> list[Path]:
    return sorted(REFERENCE.glob("*.plotdoc"))


def _expected(path: Path) -> list[list[str]]:
    sidecar = path.with_name(path.name.removesuffix(".plotdoc") + ".expected.json")
    pairs: list[list[str]] = json.loads(sidecar.read_text(encoding="utf-8"))
    return pairs


@pytest.mark.parametrize("path", corpus(), ids=lambda p: p.stem)
def test_reference_document_gives_its_problems(path: Path) -> None:
    expected = _expected(path)
    report = validate(path, build=True)
    assert [[p.code, p.where] for p in report.problems] == expected
    assert path.stem in {code for code, _ in expected}
    if report.ok:
        project = open_project(path)
        assert [[p.code, p.where] for p in project.warnings] == expected
    else:
        with pytest.raises(PlotdocError) as info:
            open_project(path)
        assert [[p.code, p.where] for p in info.value.problems] == expected


def test_every_reader_code_has_a_reference_document() -> None:
    have = {p.stem for p in corpus()}
    reader_codes = {c for c, info in CATALOGUE.items() if info.stage in READER_STAGES}
    missing = reader_codes - have - set(NOT_IN_CORPUS)
    assert not missing, f"add tests/corpus/reference/<code>.plotdoc for: {sorted(missing)}"


def test_every_catalogue_code_is_accounted_for() -> None:
    have = {p.stem for p in corpus()}
    assert have <= set(CATALOGUE), sorted(have - set(CATALOGUE))
    assert not have & set(NOT_IN_CORPUS), "a code has a file and a reason for having none"
    # a code pruned from the catalogue may linger in NOT_IN_CORPUS; a new code may not be missed
    assert have | (set(NOT_IN_CORPUS) & set(CATALOGUE)) == set(CATALOGUE)


def test_every_file_has_its_sidecar() -> None:
    for path in corpus():
        assert _expected(path), path.name
    sidecars = {p.name.removesuffix(".expected.json") for p in REFERENCE.glob("*.expected.json")}
    assert sidecars == {p.stem for p in corpus()}


def test_migration_failure_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    # a reader without its step from 1 to 2
    monkeypatch.delitem(MIGRATIONS, 1)
    report = validate(encode(minimal()))
    assert [(p.code, p.where) for p in report.errors] == [("migration-failed", "schemaVersion")]
