"""The structural stage agrees with an independent validator of the published schema."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from hypothesis import HealthCheck, given, settings

from plotdoc.contract.schema import SCHEMA_FILES, load_schema
from plotdoc.contract.site import CURRENT_VERSION
from plotdoc.reader.pipeline import STAGES, run_pipeline

from ..conftest import CORPUS
from .strategies import documents, mutated_documents

UP_TO_STRUCTURE = STAGES[: [s.name for s in STAGES].index("structure") + 1]
VALIDATORS = {v: jsonschema.Draft7Validator(load_schema(v)) for v in SCHEMA_FILES}


def plotdoc_says_valid(data: bytes) -> bool:
    return run_pipeline(data, build=False, stages=UP_TO_STRUCTURE)[1].ok


def schema_says_valid(doc: Any) -> bool:
    # python-jsonschema recurses a few frames per level; usermeta may nest 250 levels
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 5_000))
    try:
        # each version's file against its own schema (the current one when it names none)
        version = doc.get("schemaVersion") if isinstance(doc, dict) else None
        if type(version) is float and version.is_integer():
            version = int(version)
        if type(version) is not int or version not in VALIDATORS:
            version = CURRENT_VERSION
        validator = VALIDATORS[version]
        return bool(validator.is_valid(doc))
    finally:
        sys.setrecursionlimit(limit)


def has_duplicate_keys(data: bytes) -> bool:
    found = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        if len({k for k, _ in items}) != len(items):
            found.append(items)
        return dict(items)

    json.loads(data, object_pairs_hook=pairs)
    return bool(found)


FILES = sorted(CORPUS.glob("**/*.plotdoc"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_verdicts_agree(path: Path) -> None:
    data = path.read_bytes()
    try:
        doc = orjson.loads(data)
    except orjson.JSONDecodeError:
        # not JSON at all (bad UTF-8, syntax, depth): no schema applies, plotdoc must refuse it
        assert not plotdoc_says_valid(data)
        return
    if has_duplicate_keys(data):
        assert not plotdoc_says_valid(data)  # refused before any schema applies
        return
    assert plotdoc_says_valid(data) == schema_says_valid(doc)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_generated_valid_documents_agree(doc: dict[str, Any]) -> None:
    data = orjson.dumps(doc)
    assert schema_says_valid(doc)
    assert plotdoc_says_valid(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_documents())
def test_mutated_documents_agree(doc: dict[str, Any]) -> None:
    data = orjson.dumps(doc)
    assert plotdoc_says_valid(data) == schema_says_valid(doc)
