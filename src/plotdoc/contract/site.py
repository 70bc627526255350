"""The publishing site and every address derived from it (reading note 2).

Nothing is ever fetched from these addresses; they only name things.
"""

from __future__ import annotations

from typing import Final

SITE: Final = "https://plotdoc.org"
#: the version every writer writes (:mod:`plotdoc.contract.versions` records them all)
CURRENT_VERSION: Final = 2
SUPPORTED_VERSIONS: Final = (1, 2)
FORMAT: Final = "plotdoc-project"
EXTENSIONS: Final = (".plotdoc", ".plotdoc.json")
MEDIA_TYPE: Final = "application/json"


def schema_url(version: int = CURRENT_VERSION) -> str:
    return f"{SITE}/schemas/project/v{version}.json"


def catalog_url() -> str:
    return f"{SITE}/schemas/project/index.json"


def examples_url(version: int = CURRENT_VERSION) -> str:
    return f"{SITE}/schemas/project/v{version}/examples/"


def spec_url(version: int = CURRENT_VERSION) -> str:
    return f"{SITE}/developers/project-format/v{version}/"
