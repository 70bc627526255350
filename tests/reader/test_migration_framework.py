"""The migration framework with a chain made for the test: steps chain, each raises the
version by one, and every problem is reported at the path (and line and column) of the file
the user has, never at a path that exists only after migration."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

import orjson
import pytest

from plotdoc.migrations import Log, MigrationError, migrate
from plotdoc.problems import Problem, warning
from plotdoc.reader.context import Context
from plotdoc.reader.migrate import run_migrations
from plotdoc.reader.pipeline import STAGES, Stage, run_pipeline


def _rename(d: dict[str, Any], log: Log) -> dict[str, Any]:
    out = {"schemaVersion": 2, "renamed": d["old"]}
    log.moved(("renamed",), ("old",))
    return out


def _three(d: dict[str, Any], log: Log) -> dict[str, Any]:
    return {**d, "schemaVersion": 3, "three": True}


def test_steps_chain_in_memory_and_raise_the_version_by_one() -> None:
    original = {"schemaVersion": 1, "old": "x"}
    done = migrate(original, 1, 3, {1: _rename, 2: _three})
    assert done.doc == {"schemaVersion": 3, "renamed": "x", "three": True}
    assert original == {"schemaVersion": 1, "old": "x"}  # never rewritten


def test_paths_are_carried_back_through_every_step() -> None:
    def nest(d: dict[str, Any], log: Log) -> dict[str, Any]:
        log.moved(("box", "inner"), ("renamed",))
        return {"schemaVersion": 3, "box": {"inner": d["renamed"]}}

    done = migrate({"schemaVersion": 1, "old": [1, 2]}, 1, 3, {1: _rename, 2: nest})
    assert done.original(("box", "inner", 1)) == ("old", 1)
    assert done.original(("box",)) == ("box",)
    assert done.original(("other", 0)) == ("other", 0)


def test_a_step_s_problems_are_at_the_paths_of_the_original_file() -> None:
    def drop(d: dict[str, Any], log: Log) -> dict[str, Any]:
        log.problem(warning("unmatched-data-set-key", ("renamed", "k"), "dropped"))
        return {**d, "schemaVersion": 3}

    done = migrate({"schemaVersion": 1, "old": {"k": 1}}, 1, 3, {1: _rename, 2: drop})
    assert [p.path for p in done.problems] == [("old", "k")]


def test_a_step_that_does_not_raise_the_version_is_refused() -> None:
    with pytest.raises(MigrationError):
        migrate({"schemaVersion": 1}, 1, 2, {1: lambda d, log: d})
    with pytest.raises(MigrationError):
        migrate({"schemaVersion": 1}, 1, 3, {1: lambda d, log: {**d, "schemaVersion": 2}})


def test_a_failing_step_becomes_a_problem() -> None:
    def boom(d: dict[str, Any], log: Log) -> dict[str, Any]:
        raise KeyError("tables")

    with pytest.raises(MigrationError, match="failed"):
        migrate({"schemaVersion": 1}, 1, 2, {1: boom})


# -- through the open pipeline: a version 0 whose tables were called "sheets" -----------


def _sheets(d: dict[str, Any], log: Log) -> dict[str, Any]:
    d["tables"] = d.pop("sheets")
    d["schemaVersion"] = 1
    log.moved(("tables",), ("sheets",))
    return d


def _envelope(ctx: Context) -> Iterator[Problem]:
    """The test's envelope: it knows version 0."""
    ctx.version = ctx.tree["schemaVersion"]
    yield from ()


def _pipeline(data: bytes) -> list[tuple[str, str, int | None, int | None]]:
    replaced = {
        "envelope": _envelope,
        "migration": partial(run_migrations, steps={0: _sheets}, target=1),
    }
    stages = tuple(Stage(s.name, replaced.get(s.name, s.run), s.stops) for s in STAGES)
    _, report = run_pipeline(data, build=False, stages=stages)
    return [(p.code, p.where, p.line, p.column) for p in report.problems]


def test_problems_after_a_migration_are_at_the_user_s_paths_and_positions() -> None:
    text = (
        b'{"format": "plotdoc-project", "schemaVersion": 0,\n'
        b' "sheets": [{"format": "column",\n'
        b'   "dataSets": [{"name": "A", "values": [[1]], "colour": 3}]}]}'
    )
    problems = _pipeline(text)
    assert ("unknown-key", "sheets[0].dataSets[0].colour", 3, 48) in problems, problems


def test_the_migrated_document_opens_as_the_current_version() -> None:
    doc = {"format": "plotdoc-project", "schemaVersion": 0, "sheets": []}
    assert _pipeline(orjson.dumps(doc)) == []
