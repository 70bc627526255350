"""The published JSON Schema and version catalog.

The schema of each version is an immutable file shipped as package data
(``contract/schemas/v<N>.json``), found through :data:`SCHEMA_FILES`. :func:`build_schema`
derives a version's schema from its description (:mod:`plotdoc.contract.versions`); a test
checks that it reproduces the shipped file byte for byte, and another pins the file's sha256.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from . import site
from .nodes import JSON_VALUE_SCHEMA, to_schema
from .versions import VERSIONS, description

#: Version -> file name of its schema, inside ``plotdoc/contract/schemas``.
SCHEMA_FILES: dict[int, str] = {v.number: v.schema_file for v in VERSIONS.values()}


def build_schema(version: int = site.CURRENT_VERSION) -> dict[str, Any]:
    """The schema of ``version``, built from that version's document description."""
    root, defs = description(version)
    body = to_schema(root)
    definitions = {name: to_schema(node) for name, node in defs.items()}
    definitions["JsonValue"] = JSON_VALUE_SCHEMA
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": site.schema_url(version),
        "title": f"plotdoc project document, schema version {version}",
        "description": (
            "One JSON document holding data tables, one graph per table, analyses and "
            "annotations. Rules a schema cannot express (calendar dates, usermeta size, "
            "cross-references, family rules) are checked by the reader; see "
            f"{site.spec_url(version)}."
        ),
        **body,
        "definitions": definitions,
    }


def dumps_schema(schema: dict[str, Any]) -> bytes:
    return (json.dumps(schema, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def schema_bytes(version: int = site.CURRENT_VERSION) -> bytes:
    """The shipped, immutable schema file of ``version``."""
    name = SCHEMA_FILES[version]
    return resources.files("plotdoc.contract").joinpath("schemas", name).read_bytes()


@cache
def load_schema(version: int = site.CURRENT_VERSION) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(schema_bytes(version))
    return data


def catalog() -> dict[str, Any]:
    """The version catalog (`index.json`): every version, the current one marked."""
    return {
        "format": site.FORMAT,
        "current": site.CURRENT_VERSION,
        "versions": [
            {
                "schemaVersion": v,
                "current": v == site.CURRENT_VERSION,
                "schema": site.schema_url(v),
                "spec": site.spec_url(v),
                "specMarkdown": site.spec_url(v) + f"v{v}.md",
                "examples": site.examples_url(v),
            }
            for v in sorted(SCHEMA_FILES)
        ],
    }


def catalog_bytes() -> bytes:
    return dumps_schema(catalog())


if __name__ == "__main__":  # pragma: no cover - maintenance entry point
    import sys

    sys.stdout.buffer.write(dumps_schema(build_schema()))
