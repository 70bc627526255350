"""What the open pipeline carries from stage to stage."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..problems import Problem

if TYPE_CHECKING:
    from ..model import Project
    from .cells import CellBlock, FlatRows


@dataclass
class Context:
    """One run of the open pipeline over one document."""

    #: the file's bytes (at most one byte past the size limit)
    data: bytes
    #: the parsed JSON tree, from stage 3 on
    tree: Any = None
    #: the document's schemaVersion, from stage 4 on
    version: int = 0
    #: paths of forbidden keys found while parsing (reported by stage 6)
    forbidden: list[tuple[str | int, ...]] = field(default_factory=list)
    #: rows of cells flattened while parsing, by ``id`` of the rows list
    flat: dict[int, FlatRows] = field(default_factory=dict)
    #: converted cell blocks, by ``id`` of the rows list (semantic stage -> import)
    blocks: dict[int, CellBlock] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    #: structural problems found but not listed
    omitted: int = 0
    #: warnings found past the first MAX_LISTED_WARNINGS, counted but not listed
    omitted_warnings: int = 0
    #: keys the import stage drops (named by warnings): parent path -> keys
    drops: dict[tuple[str | int, ...], list[str | int]] = field(default_factory=dict)
    #: whether a migration changed the tree (caches keyed by id are then dropped)
    migrated: bool = False
    project: Project | None = None

    @property
    def has_errors(self) -> bool:
        return any(p.severity == "error" for p in self.problems)
