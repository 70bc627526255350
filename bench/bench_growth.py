"""How validating hostile documents grows with their size: CPU time at n and 2n.

Run on demand (not a test)::

    python bench/bench_growth.py                 # every case, n = 20,000
    python bench/bench_growth.py "text cells"    # the cases named
    python bench/bench_growth.py --n 50000

The documents are those of tests/hostile (``SCALED``); the test there counts the operations
each runs, which no load on the machine changes, and this bench gives the times. A ratio near
2 is linear growth, near 4 quadratic. Each size is validated several times, interleaved, and
the best CPU time of each is kept; on a busy machine the ratio is noisier, so say so when
quoting it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.hostile.test_hostile_documents import SCALED

from plotdoc.api import validate


def cpu_time(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def growth(make: Callable[[int], bytes], n: int, repeat: int) -> tuple[float, float]:
    small, large = make(n), make(2 * n)
    t1 = t2 = float("inf")
    for _ in range(repeat):
        t1 = min(t1, cpu_time(lambda: validate(small, build=True)))
        t2 = min(t2, cpu_time(lambda: validate(large, build=True)))
    return t1, t2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", help="case names (default: every case)")
    parser.add_argument("--n", type=int, default=20_000, help="the smaller size (default 20000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per size (default 5)")
    args = parser.parse_args()
    names = args.cases or sorted(SCALED)
    unknown = [name for name in names if name not in SCALED]
    if unknown:
        parser.error(f"unknown case(s): {', '.join(unknown)}; known: {', '.join(sorted(SCALED))}")
    print(f"{'case':34} {'n (s)':>9} {'2n (s)':>9} {'ratio':>6}")
    for name in names:
        t1, t2 = growth(SCALED[name], args.n, args.repeat)
        print(f"{name:34} {t1:9.4f} {t2:9.4f} {t2 / max(t1, 1e-6):6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
