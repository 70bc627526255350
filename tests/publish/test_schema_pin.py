"""Published versions: their schema files can never change silently.

A change to a document description that alters the shipped bytes of a published (frozen)
version fails here; a change of shape needs a new schema version, a new file beside these, and
a migration step (see plotdoc.migrations). Version 2 is a draft until the analyses issue
lands (v2-design), so only its build is checked (tests/publish/test_contract.py).
"""

from __future__ import annotations

import hashlib

from plotdoc.contract.schema import schema_bytes
from plotdoc.contract.versions import VERSIONS

#: sha256 of every published schema file, by version.
PUBLISHED = {
    1: "ae4d6e8c7c2d93f80d14877fc5ae3ccb72b1b4f01707acbb54932f9d4de3e579",
}


def test_every_published_schema_keeps_its_bytes() -> None:
    assert set(PUBLISHED) == {v for v, record in VERSIONS.items() if record.frozen}
    for version, digest in PUBLISHED.items():
        assert hashlib.sha256(schema_bytes(version)).hexdigest() == digest, (
            f"schemas/v{version}.json changed; a published schema is immutable"
        )
