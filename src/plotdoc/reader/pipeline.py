"""The open pipeline: the contract's ten stages, run in order from one tuple.

A structural stage stops the pipeline at its first error; the semantic stage reports every
problem it finds; the import stage runs only on a document without errors.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..problems import Problem, Report
from .build import build_project
from .context import Context
from .encoding import check_encoding
from .envelope import check_envelope
from .forbidden import check_forbidden
from .migrate import run_migrations
from .parse import parse_json
from .positions import with_positions
from .semantics import check_semantics
from .size import check_size
from .structure import check_structure
from .version import check_version


@dataclass(frozen=True)
class Stage:
    name: str
    run: Callable[[Context], Iterable[Problem]]
    #: a structural stage stops the pipeline when it reports an error
    stops: bool = True


STAGES: tuple[Stage, ...] = (
    Stage("size", check_size),
    Stage("encoding", check_encoding),
    Stage("json", parse_json),
    Stage("envelope", check_envelope),
    Stage("version", check_version),
    Stage("forbidden-keys", check_forbidden),
    Stage("migration", run_migrations),
    Stage("structure", check_structure),
    Stage("semantics", check_semantics, stops=False),
    Stage("import", build_project),
)


def run_pipeline(
    data: bytes, *, build: bool = True, stages: tuple[Stage, ...] = STAGES
) -> tuple[Context, Report]:
    """Run every stage over ``data``; the context holds the project when there was no error."""
    ctx = Context(data=data)
    report = Report()
    # Parsing a large document allocates millions of small objects; the cyclic collector
    # would scan them again and again without finding garbage, so it pauses meanwhile.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for stage in stages:
            if stage.name == "import" and (not build or ctx.has_errors):
                break
            if not stage.stops and ctx.has_errors:
                break
            found = list(stage.run(ctx))
            ctx.problems.extend(found)
            if stage.stops and any(p.severity == "error" for p in found):
                break
    finally:
        if was_enabled:
            gc.enable()
    # Only a document with problems pays for finding where they are in its text.
    report.extend(with_positions(ctx.data, ctx.problems) if ctx.problems else ())
    report.omitted = ctx.omitted
    return ctx, report
