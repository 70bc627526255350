"""Version 1 is published: its schema file can never change silently.

A change to the document description that alters the shipped bytes fails here. Version 1 is
immutable; a change of shape needs schema version 2, a new file beside this one, and a
migration step (see plotdoc.migrations).
"""

from __future__ import annotations

import hashlib

from plotdoc.contract.schema import SCHEMA_FILES, schema_bytes

#: sha256 of every published schema file, by version.
PUBLISHED = {
    1: "ae4d6e8c7c2d93f80d14877fc5ae3ccb72b1b4f01707acbb54932f9d4de3e579",
}


def test_every_published_schema_keeps_its_bytes() -> None:
    assert set(PUBLISHED) == set(SCHEMA_FILES)
    for version, digest in PUBLISHED.items():
        assert hashlib.sha256(schema_bytes(version)).hexdigest() == digest, (
            f"schemas/v{version}.json changed; a published schema is immutable"
        )
