"""Published versions: their schema files can never change silently.

A change to a document description that alters the shipped bytes of a published (frozen)
version fails here; a change of shape needs a new schema version, a new file beside these, and
a migration step (see plotdoc.migrations). Version 2 was a draft until the analyses of
v2-design landed; it is published now, so its bytes are pinned too: a change of shape from
here on belongs to version 3 (docs/architecture.md, "Adding a field in a new schema version").
"""

from __future__ import annotations

import hashlib

from plotdoc.contract.schema import schema_bytes
from plotdoc.contract.versions import VERSIONS

#: sha256 of every published schema file, by version.
PUBLISHED = {
    1: "ae4d6e8c7c2d93f80d14877fc5ae3ccb72b1b4f01707acbb54932f9d4de3e579",
    2: "ea098a6b5bdec447e9afda10adfa43ab8843919e530e11686fab6012c849e4c4",
}


def test_every_published_schema_keeps_its_bytes() -> None:
    assert {v for v, record in VERSIONS.items() if record.frozen} <= set(PUBLISHED)
    assert set(PUBLISHED) <= set(VERSIONS)
    for version, digest in PUBLISHED.items():
        assert hashlib.sha256(schema_bytes(version)).hexdigest() == digest, (
            f"schemas/v{version}.json changed; a published schema is immutable"
        )
