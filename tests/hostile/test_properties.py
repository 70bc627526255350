"""Property tests: drawn valid documents open; their mutants never crash the reader.

Also the bounded mutation-fuzz pass CI runs on every submission (:data:`CI_ITERATIONS`).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from plotdoc.api import loads, validate
from plotdoc.problems import PlotdocError

from .documents import encode
from .mutations import check, run
from .strategies import Mutant, documents, mutants

#: Mutation iterations of the in-process fuzzer run by the test suite (a few seconds).
CI_ITERATIONS = 2_000

_SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@_SETTINGS
@given(documents())
def test_drawn_valid_documents_open_save_and_reopen(doc: dict[str, object]) -> None:
    data = encode(doc)
    report = validate(data, build=True)
    assert report.ok, [str(p) for p in report.errors]
    assert check(data) == "opened"


@_SETTINGS
@given(mutants())
def test_mutants_get_a_verdict_and_never_crash(mutant: Mutant) -> None:
    outcome = check(mutant.data)
    report = validate(mutant.data)
    codes = {(p.code, p.path) for p in report.errors}
    if mutant.how == "forbidden-key":
        assert outcome == "refused"
        assert ("forbidden-key", mutant.path) in codes
    elif mutant.how == "truncate":
        assert outcome == "refused"
        assert {c for c, _ in codes} <= {"json-syntax", "invalid-utf8"}
        assert len(codes) == 1
    if outcome == "refused":
        with pytest.raises(PlotdocError) as info:
            loads(mutant.data)
        assert info.value.errors


def test_bounded_mutation_fuzz_pass() -> None:
    stats = run(seed=20_240_501, iterations=CI_ITERATIONS)
    assert stats.executions == CI_ITERATIONS
    assert stats.failures == [], stats.failures[:3]
    # the mutants must exercise both verdicts, or the engine has gone blind
    assert stats.opened > CI_ITERATIONS // 20
    assert stats.refused > CI_ITERATIONS // 2
