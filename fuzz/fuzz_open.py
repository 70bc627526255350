"""Atheris (libFuzzer) entry point: bytes in, a report or a PlotdocError out, nothing else.

Run through ``fuzz/run.py --engine atheris --seconds N``, which gives it a seed corpus of valid
documents and a dictionary of the format's keys and hostile tokens; or directly::

    python fuzz/fuzz_open.py CORPUS_DIR -max_total_time=60 -timeout=10 -rss_limit_mb=2048

Any exception other than :class:`plotdoc.problems.PlotdocError` (and any broken promise of the
oracle in ``tests/hostile/mutations.py``: validate and loads agree, a document that opens saves
and reopens to the same bytes) is a crash; libFuzzer writes the input as ``crash-*``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris  # type: ignore[import-untyped]

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

with atheris.instrument_imports(include=["plotdoc"]):
    import plotdoc.api  # noqa: F401  (instrumented for coverage feedback)
    from hostile.mutations import check


def test_one_input(data: bytes) -> None:
    check(data)


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
