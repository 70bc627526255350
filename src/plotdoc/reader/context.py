"""What the open pipeline carries from stage to stage."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..contract.limits import MAX_LISTED_PROBLEMS, MAX_LISTED_WARNINGS
from ..problems import Path, Problem

if TYPE_CHECKING:
    from ..model import Project
    from .cells import CellBlock, FlatRows

#: warnings whose keys the import stage drops (it applies the repair they announce)
DROPPED_CODES = frozenset({"unmatched-data-set-key", "variable-type-unknown-name"})


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
    #: errors found past the first MAX_LISTED_PROBLEMS, counted but not listed
    omitted: int = 0
    #: errors listed so far (at most MAX_LISTED_PROBLEMS)
    listed_errors: int = 0
    #: warnings found past the first MAX_LISTED_WARNINGS, counted but not listed
    omitted_warnings: int = 0
    #: warnings listed so far (at most MAX_LISTED_WARNINGS)
    listed_warnings: int = 0
    #: keys the import stage drops (named by warnings): parent path -> keys
    drops: dict[tuple[str | int, ...], list[str | int]] = field(default_factory=dict)
    #: whether the text may hold an integer literal beyond 64 bits (orjson reads it as a
    #: double, so the semantic stage reads the cells again from the text to find it)
    wide_integers: bool = False
    #: the document read again with every integer whole (only when ``wide_integers``)
    exact_tree: Any = None
    #: whether a migration changed the tree
    migrated: bool = False
    #: after a migration: a path of the migrated tree as the path of the user's file
    original: Callable[[Path], Path] | None = None
    #: whether the cells become arrays (an open): the semantic stage converts them once for
    #: the import; a check that builds nothing reads small data sets without numpy
    arrays: bool = True
    #: whether the semantic stage asks the analyses' methods for their notices (warnings
    #: about the data an analysis would run on); a save's check, which reports only errors,
    #: does not
    notices: bool = True
    #: tables a save checked before, unchanged since (:mod:`plotdoc.save_memo`): the stand-in
    #: dict put in their place, by ``id``, to the table's cell count. The structure and
    #: semantic stages pass a stand-in by; the checks across tables read its id (and its
    #: analyses' ids and methods)
    known: dict[int, int] = field(default_factory=dict)
    #: the cell count of each table the semantic stage checked, by the table's index
    cells: dict[int, int] = field(default_factory=dict)
    project: Project | None = None

    @property
    def warnings_full(self) -> bool:
        """Whether the list of warnings is full: a further warning is only counted.

        A stage that may warn millions of times asks this before it builds a warning, and
        calls :meth:`omit_warning` instead, so a warning past the cap costs no message.
        """
        return self.listed_warnings >= MAX_LISTED_WARNINGS

    def omit_warning(self, code: str, path: Path) -> None:
        """Count a warning past the cap without building it (its dropped key is still noted)."""
        self.omit_warnings(code, path[:-1], [path[-1]])

    def omit_warnings(self, code: str, parent: Path, keys: Sequence[str | int]) -> None:
        """Count warnings of ``code`` for each of ``keys`` of ``parent`` without building them."""
        self.omitted_warnings += len(keys)
        if code in DROPPED_CODES:
            self.drops.setdefault(parent, []).extend(keys)

    @property
    def errors_full(self) -> bool:
        """Whether the list of errors is full: a further error is only counted.

        A stage that may find millions of errors (a text cell in every cell of a column
        table) asks this before it builds one, and counts the rest in :attr:`omitted`
        instead, so an error past the cap costs no message and no path.
        """
        return self.listed_errors >= MAX_LISTED_PROBLEMS

    @property
    def has_errors(self) -> bool:
        return any(p.severity == "error" for p in self.problems)
