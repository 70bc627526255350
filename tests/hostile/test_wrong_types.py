"""Every field of a complete document given a value of every JSON type it refuses.

The fields and their nodes are read from the node description (:mod:`plotdoc.contract.document`)
through :func:`documents.fields`, so a field added to the contract is covered here unedited.
Each substitution must be refused with one problem at exactly that path (no crash, no problem
elsewhere, nothing opened).
"""

from __future__ import annotations

import copy

import pytest

from plotdoc.api import validate
from plotdoc.contract.nodes import Const
from plotdoc.problems import Path, format_path

from .documents import ROOT, TYPE_SAMPLES, Field, complete, encode, fields, get, other_types

#: codes the envelope gives for the two fields it checks before the structural stage
ENVELOPE = {("format",): "format-mismatch", ("schemaVersion",): "schema-version-invalid"}


def expected_code(field: Field) -> str:
    if field.path in ENVELOPE:
        return ENVELOPE[field.path]
    if field.discriminator is not None:
        return "no-match"  # the alternative cannot be chosen
    if isinstance(field.node, Const):
        return "wrong-constant"
    return "wrong-type"


def cases() -> list[tuple[Path, str, str]]:
    doc = complete()
    out: list[tuple[Path, str, str]] = []
    for field in fields(doc, ROOT):
        if not field.path:
            continue  # the whole document: see the JSON conformance test (not-an-object)
        code = expected_code(field)
        out.extend((field.path, jtype, code) for jtype in other_types(field.node))
    return out


CASES = cases()


def test_the_walk_covers_the_whole_description() -> None:
    # a complete document has hundreds of fields; a broken walk would silently test few
    paths = {format_path(p) for p, _, _ in CASES}
    assert len(paths) > 500
    for expected in (
        "tables[0].dataSets[0].values[0][0]",
        'tables[0].graph.styleOverrides.perPoint.Control["0"].bar.fill.hex',
        "tables[0].graph.axesOverrides.leftY",
        "tables[0].annotations[2].points[0].x",
        "tables[0].analyses[0].params.groupA",
        "meta.keywords[0]",
        "generator.url",
    ):
        assert expected in paths, expected


def test_complete_document_opens_cleanly() -> None:
    report = validate(encode(complete()), build=True)
    assert report.problems == []


@pytest.mark.parametrize(
    ("path", "jtype", "code"),
    CASES,
    ids=[f"{format_path(p)}={t}" for p, t, _ in CASES],
)
def test_wrong_type_is_refused_at_its_path(path: Path, jtype: str, code: str) -> None:
    parent = get(BASE, path[:-1])
    original = parent[path[-1]]
    parent[path[-1]] = copy.deepcopy(TYPE_SAMPLES[jtype])
    try:
        data = encode(BASE)
    finally:
        parent[path[-1]] = original  # the shared document is restored for the next case
    report = validate(data)
    assert report.warnings == []
    assert [(p.code, p.path) for p in report.errors] == [(code, path)]


BASE = complete()
