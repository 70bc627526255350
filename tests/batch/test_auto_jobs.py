"""The default of ``--jobs``: in this process for few, small files or a busy machine; a pool
once the work proves long enough; ``--jobs N`` still forces N."""

from __future__ import annotations

import argparse
from typing import Any, ClassVar

import pytest

from plotdoc import pool
from plotdoc.cli.common import add_jobs


class Spy(pool._Pool[Any, Any]):
    started: ClassVar[list[int]] = []

    def __init__(self, func: Any, jobs: int, on_crash: Any) -> None:
        Spy.started.append(jobs)
        super().__init__(func, jobs, on_crash)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    Spy.started = []
    monkeypatch.setattr(pool, "_Pool", Spy)
    monkeypatch.setattr(pool, "default_jobs", lambda: 4)
    return Spy.started


def test_few_or_quick_items_stay_in_this_process(spy: list[int]) -> None:
    items = list(range(500))
    assert list(pool.run_all(str, iter(items), None, show=False)) == list(map(str, items))
    assert spy == []


def test_long_work_moves_to_a_pool_of_the_idle_cores(
    spy: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pool, "AUTO_AFTER", 0.0)
    monkeypatch.setattr(pool, "AUTO_PER_FILE", 0.0)
    monkeypatch.setattr(pool, "idle_workers", lambda cores: 3)
    items = list(range(40))
    assert list(pool.run_all(str, iter(items), None, show=False)) == list(map(str, items))
    assert spy == [3]


def test_a_busy_machine_keeps_the_work_in_this_process(
    spy: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pool, "AUTO_AFTER", 0.0)
    monkeypatch.setattr(pool, "AUTO_PER_FILE", 0.0)
    monkeypatch.setattr(pool, "idle_workers", lambda cores: 1)
    assert list(pool.run_all(str, iter(range(40)), None, show=False)) == list(map(str, range(40)))
    assert spy == []


def test_quick_items_stay_here_however_long_the_batch(
    spy: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pool, "AUTO_AFTER", 0.0)
    monkeypatch.setattr(pool, "AUTO_PER_FILE", 10.0)  # no item takes 10 s
    monkeypatch.setattr(pool, "idle_workers", lambda cores: 4)
    assert len(list(pool.run_all(str, iter(range(40)), None, show=False))) == 40
    assert spy == []


def test_jobs_n_forces_n(spy: list[int]) -> None:
    assert list(pool.run_all(str, [1, 2, 3], 2, show=False)) == ["1", "2", "3"]
    assert spy == [2]


@pytest.mark.parametrize(
    ("load", "cores", "workers"),
    [(0.0, 2, 2), (1.0, 2, 2), (1.5, 2, 1), (2.5, 2, 1), (9.0, 2, 1), (3.0, 8, 6), (0.2, 8, 8)],
)
def test_idle_workers_follow_the_load_of_other_programs(
    monkeypatch: pytest.MonkeyPatch, load: float, cores: int, workers: int
) -> None:
    monkeypatch.setattr(pool.os, "getloadavg", lambda: (load, load, load))
    assert pool.idle_workers(cores) == workers


def test_the_command_line_default_is_the_automatic_choice() -> None:
    p = argparse.ArgumentParser()
    add_jobs(p)
    assert p.parse_args([]).jobs is None
    assert p.parse_args(["-j", "2"]).jobs == 2
