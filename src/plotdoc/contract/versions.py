"""Every schema version the reader opens, as data (contract section 9).

Each version has one document description (the nodes its schema and structural check come
from), one immutable schema file, one spec page and one set of examples. A published version
is frozen: its description lives in its own package (``contract/v1/``) and is never edited,
and its spec page and examples are shipped files, pinned by a test. The current version
(:data:`plotdoc.contract.site.CURRENT_VERSION`) is described by :mod:`plotdoc.contract.document`
and its page is generated from it.

To add a version N: copy the current description to ``contract/v<N-1>/`` (frozen), record it
below, raise ``CURRENT_VERSION``, write ``migrations/v<N-1>_to_v<N>.py`` and register it in
:data:`plotdoc.migrations.MIGRATIONS`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import ModuleType

from .nodes import Node, Obj
from .site import CURRENT_VERSION


@dataclass(frozen=True)
class SchemaVersion:
    number: int
    #: the module holding ``ROOT`` and ``DEFINITIONS`` (imported when first needed)
    module: str
    #: the schema file's name in ``plotdoc/contract/schemas``
    schema_file: str
    #: the published spec page (Markdown) in the package, or ``None`` when it is generated
    #: from the description (the current version's)
    spec_file: str | None
    #: the package folder of its examples, relative to the ``plotdoc`` package
    examples: str
    #: published and immutable: schema, page and examples are pinned byte for byte
    frozen: bool


VERSIONS: Mapping[int, SchemaVersion] = {
    1: SchemaVersion(
        number=1,
        module="plotdoc.contract.v1.document",
        schema_file="v1.json",
        spec_file="v1/spec.md",
        examples="examples",
        frozen=True,
    ),
    2: SchemaVersion(
        number=2,
        module="plotdoc.contract.v2.document",
        schema_file="v2.json",
        spec_file=None,
        examples="examples/v2",
        frozen=False,
    ),
}


def version(number: int = CURRENT_VERSION) -> SchemaVersion:
    """The record of schema version ``number``; ``KeyError`` for one plotdoc does not know."""
    return VERSIONS[number]


@cache
def _module(number: int) -> ModuleType:
    return importlib.import_module(VERSIONS[number].module)


def description(number: int = CURRENT_VERSION) -> tuple[Obj, Mapping[str, Node]]:
    """The root node and the named definitions of version ``number``."""
    module = _module(number)
    root: Obj = module.ROOT
    definitions: Mapping[str, Node] = module.DEFINITIONS
    return root, definitions
