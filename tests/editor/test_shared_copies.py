"""The editor's copies of the project (to compute the analyses, to draw the graph on screen,
for the recovery copy) share every table unchanged since the last copy. That is right only if
nothing changes a copy: drawing every graph variant, and every example, must leave its copy
as it was; an edit in the session must reach the next copy and never an earlier one."""

from __future__ import annotations

import numpy as np
import orjson
import pytest

from plotdoc.api import loads
from plotdoc.editing import rename_table, set_cell
from plotdoc.editor import redraw
from plotdoc.editor.server import Server
from plotdoc.editor.work import LastCopies, project_copy
from plotdoc.model import Project
from plotdoc.publish.examples import example_bytes, example_names
from plotdoc.publish.samples import sample_document, sample_variants
from plotdoc.save_memo import fingerprint


def _prints(project: Project) -> list[bytes | None]:
    return [fingerprint(t) for t in project.tables]


def _drawn_twice_unchanged(project: Project) -> None:
    copy = project_copy(project, LastCopies().of(project.tables))
    before = _prints(copy)
    assert any(p is not None for p in before)  # the check can fail: the tables are taken
    for table in copy.tables:
        if table.graph is not None:
            redraw.screen(copy, table.id)
            redraw.screen(copy, table.id)  # the kept figure's path, where the graph has one
    assert _prints(copy) == before


@pytest.mark.parametrize("variant", sample_variants())
def test_drawing_a_variant_leaves_its_copy_unchanged(variant: str) -> None:
    _drawn_twice_unchanged(loads(orjson.dumps(sample_document(variant))))


@pytest.mark.parametrize("name", example_names())
def test_drawing_an_example_leaves_its_copy_unchanged(name: str) -> None:
    _drawn_twice_unchanged(loads(example_bytes(name)))


def test_the_servers_copies_share_the_unchanged_tables_and_see_every_edit() -> None:
    server = Server()
    session = server.session
    session.project = loads(example_bytes("complete"))
    weights = session.project.table("weights")
    first = server.project_copy()
    assert all(c is not t for c, t in zip(first.tables, session.project.tables, strict=True))
    # an edit of one table: a copy of it alone, the others shared (a results table, which
    # fills its cells when first read, is copied every time)
    session.apply(rename_table, "weights", "Weights again")
    second = server.project_copy()
    shared = [a is b for a, b in zip(first.tables, second.tables, strict=True)]
    expected = [t is not weights and t.derived_from is None for t in session.project.tables]
    assert shared == expected and sum(shared) >= 4
    assert second.table("weights").name == "Weights again"
    assert first.table("weights").name != "Weights again"  # a copy is never changed
    # a cell written in place in the session's array reaches the next copy only
    old = float(weights.data_sets[0].values[0, 0])
    session.apply(set_cell, "weights", 0, 0, 123.5)
    assert weights.data_sets[0].values[0, 0] == 123.5
    third = server.project_copy()
    assert third.table("weights").data_sets[0].values[0, 0] == 123.5
    assert second.table("weights").data_sets[0].values[0, 0] == old
    assert not np.shares_memory(
        third.table("weights").data_sets[0].values, weights.data_sets[0].values
    )
    # the recovery copy takes the same copies
    assert server.safety.keeper.copies.of(session.project.tables)[1] is third.tables[1]
