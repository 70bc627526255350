"""The open pipeline: the contract's ten stages, run in order from one tuple.

A structural stage stops the pipeline at its first error; the semantic stage reports every
problem it finds; the import stage runs only on a document without errors. Errors are listed
up to :data:`~plotdoc.contract.limits.MAX_LISTED_PROBLEMS` and warnings up to
:data:`~plotdoc.contract.limits.MAX_LISTED_WARNINGS`; past them they are counted, and one
``too-many-problems`` error at the end says how many errors were not listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from ..contract.limits import MAX_LISTED_PROBLEMS, MAX_LISTED_WARNINGS
from ..gcpause import collector_paused
from ..problems import Problem, Report, error
from .context import DROPPED_CODES, Context
from .encoding import check_encoding
from .envelope import check_envelope
from .forbidden import check_forbidden
from .migrate import run_migrations
from .parse import parse_json
from .semantics import check_semantics
from .size import check_size
from .structure import check_structure
from .version import check_version


def build_project(ctx: Context) -> Iterable[Problem]:
    """Stage 10, imported when a document is built (the model needs numpy; validating not)."""
    from .build import build_project as build

    return build(ctx)


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
    ctx = Context(data=data, arrays=build)
    report = Report()
    # Parsing a large document allocates millions of small objects; the cyclic collector
    # would scan them again and again without finding garbage, so it pauses meanwhile.
    with collector_paused():
        migrated_from = _run_stages(ctx, stages, build)
    if ctx.omitted:
        ctx.problems.append(
            error(
                "too-many-problems",
                (),
                f"expected a document with fewer problems; {ctx.omitted:,} more problem(s) "
                "were found and not listed",
            )
        )
    # Only a document with problems pays for finding where they are in its text (and for
    # loading the module that finds them).
    if ctx.original is not None:
        back = ctx.original
        ctx.problems[migrated_from:] = [
            replace(p, path=back(p.path)) for p in ctx.problems[migrated_from:]
        ]
    if ctx.problems:
        from .positions import with_positions

        report.extend(with_positions(ctx.data, ctx.problems))
    report.omitted = ctx.omitted
    report.omitted_warnings = ctx.omitted_warnings
    return ctx, report


def _run_stages(ctx: Context, stages: tuple[Stage, ...], build: bool) -> int:
    """Run ``stages`` over ``ctx``; the index of the first problem found after migration
    (problems before it are at the paths of the user's file)."""
    migrated_from = 0
    try:
        for stage in stages:
            if stage.name == "import" and (not build or ctx.has_errors):
                break
            if not stage.stops and ctx.has_errors:
                break
            # a migration drops the keys it warns about itself
            if collect(ctx, stage.run(ctx), drops=stage.name != "migration") and stage.stops:
                break
            if stage.name == "migration":
                migrated_from = len(ctx.problems)
    finally:
        # The parsed tree and the rows flattened from it are not needed past the pipeline
        # (the project holds arrays and copies). Freed while the collector still pauses,
        # their millions of lists leave the youngest generation by reference counting;
        # kept until the caller returns, the first collection after this one would scan them
        # all (about 150 ms on a 2,000,000-cell document) and free nothing.
        ctx.tree = None
        ctx.flat.clear()
        ctx.blocks.clear()
    return migrated_from


def collect(ctx: Context, found: Iterable[Problem], *, drops: bool = True) -> bool:
    """Add a stage's problems to ``ctx``; whether any is an error.

    Errors past the first :data:`MAX_LISTED_PROBLEMS` and warnings past the first
    :data:`MAX_LISTED_WARNINGS` are counted, not kept, so a file of
    millions of ignored keys costs no memory per key beyond the key itself; the keys those
    warnings drop are noted for the import stage all the same. A stage that may warn (or
    refuse) millions of times asks :attr:`Context.warnings_full` (:attr:`Context.errors_full`)
    first and then builds no warning (error) at all.
    """
    errors = False
    problems = ctx.problems
    for problem in found:
        if problem.severity == "error":
            errors = True
            if ctx.listed_errors < MAX_LISTED_PROBLEMS:
                problems.append(problem)
                ctx.listed_errors += 1
            else:
                ctx.omitted += 1
        elif ctx.listed_warnings < MAX_LISTED_WARNINGS:
            if drops and problem.code in DROPPED_CODES:
                ctx.drops.setdefault(problem.path[:-1], []).append(problem.path[-1])
            problems.append(problem)
            ctx.listed_warnings += 1
        elif drops:
            ctx.omit_warning(problem.code, problem.path)
        else:
            ctx.omitted_warnings += 1
    return errors
