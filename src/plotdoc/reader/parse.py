"""Stage 3: JSON, RFC 8259 and nothing more.

orjson parses. It refuses NaN and Infinity, numbers that overflow a double, lone surrogate
escapes and nesting deeper than 1,024 levels. It keeps the last of duplicate keys silently,
so duplicates are found by counting: every key of the text is followed by a colon outside any
string, so the colons of the raw bytes equal the keys of the parsed tree plus the colons
inside its strings exactly when no key was dropped. The count walks the tree once (arrays of
rows are flattened in C, and arrays nested deeper with no object below are read a level at a
time by C iterators) and only a mismatch pays for a slow, exact second parse that names the
duplicate's path. The walk also notes forbidden keys for stage 6.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from functools import partial
from itertools import chain, compress
from operator import is_
from typing import Any

import orjson

from ..contract.limits import FORBIDDEN_KEYS
from ..problems import Path, Problem, error
from .cells import FlatRows
from .context import Context


def parse_json(ctx: Context) -> Iterator[Problem]:
    try:
        tree = orjson.loads(ctx.data)
    except orjson.JSONDecodeError as exc:
        yield _syntax_problem(exc)
        return
    ctx.tree = tree
    data = ctx.data
    raw = data.count(b":")
    written = _written(tree) if _few_containers(data) else None
    ctx.wide_integers = _has_wide_integer(data, written)
    # (a one-byte search runs at memory speed; a longer pattern is many times slower, so the
    # backslash an escape needs is looked for first)
    plain = b"\\" not in data
    # (orjson writes every key and string of the tree with no escape but those of quotes,
    # backslashes and control characters, so a forbidden name is looked for in its text,
    # which is also shorter than an indented file)
    if written is not None and (plain or b"\\u" not in data) and not names_forbidden(written):
        # orjson writes back every key the tree kept, each with its colon, and every colon
        # inside a string as it is (no escape in the text could have spelled one), in C
        parsed = written.count(b":")
        escaped = False
    else:
        keys, colons = _scan(tree, ctx)
        parsed = keys + colons
        escaped = not plain and (b"\\u003a" in data or b"\\u003A" in data)
    if raw != parsed or escaped:
        for path, key in _find_duplicates(ctx.data):
            yield error(
                "json-duplicate-key",
                path,
                f"expected each key once in an object; found {key!r} twice",
            )


#: An integer literal orjson reads as the nearest double: beyond 64 bits (20 digits or more),
#: or below the smallest 64-bit integer (a minus and 19 digits). orjson reads the others
#: whole; only the text tells these from a float such as 1e20. A string holding such digits,
#: or an integer of 19 digits orjson reads whole, matches too: it costs a second look at the
#: cells, nothing more.
_WIDE_INTEGER = re.compile(rb"(?<![0-9.eE])-?[0-9]{19}(?![.eE])")

#: Documents up to this size count their keys by writing the tree back (one C call) instead
#: of walking it, whatever they hold. (orjson's writer reserves about 220 bytes per
#: container while it runs: at most about 20 MB for a document of this size made only of
#: empty containers.)
_SMALL_DOCUMENT = 256 << 10

#: Larger documents are written back too when they have at most one container (an object
#: or an array, counted as the brackets of the text, an upper bound) per this many bytes:
#: settings, analyses and annotations (about 70 bytes each), whose walk costs a Python step
#: per key; the writer's reserve is then at most about 220 / 64 of the text, a fraction of
#: the tree's own memory. Rows of cells (a one-cell row is about 10 bytes) are walked, which
#: flattens them once for the later stages.
_BYTES_PER_CONTAINER = 64


def _few_containers(data: bytes) -> bool:
    if len(data) <= _SMALL_DOCUMENT:
        return True
    return (data.count(b"[") + data.count(b"{")) * _BYTES_PER_CONTAINER <= len(data)


#: Digits read as one byte, so that a run of 19 digits is a plain search.
_DIGITS_AS_ZERO = bytes.maketrans(b"0123456789", b"0" * 10)
_WIDE_DIGITS = b"0" * 19
_WIDE_CHUNK = 1 << 20


def _has_wide_integer(data: bytes, written: bytes | None = None) -> bool:
    """Whether the text may have an integer literal orjson read as a double (see
    _WIDE_INTEGER).

    Such a literal is at least 9.2e18 in magnitude, and orjson writes every double of that
    size with an exponent (``1e+20``): when the tree as orjson wrote it (``written``) has no
    ``e+``, the text has none. Otherwise the expression, which alone runs at about 90 MB/s,
    reads only a text that has a run of 19 digits, looked for a chunk at a time (each chunk's
    digits turned into one byte, then a plain search).
    """
    if written is not None and b"e+" not in written:
        return False
    step = _WIDE_CHUNK
    for start in range(0, len(data), step):
        chunk = data[start : start + step + len(_WIDE_DIGITS) - 1]
        if _WIDE_DIGITS in chunk.translate(_DIGITS_AS_ZERO):
            return _WIDE_INTEGER.search(data) is not None
    return False


_FORBIDDEN_QUOTED = tuple(b'"' + key.encode() + b'"' for key in sorted(FORBIDDEN_KEYS))


def _written(tree: Any) -> bytes | None:
    """The tree as orjson writes it; None past its nesting limit (255, reading allows 1,024)."""
    try:
        return orjson.dumps(tree)
    except TypeError:
        return None


def names_forbidden(data: bytes) -> bool:
    """Whether the text spells a forbidden key's name as a string (a key, or any value)."""
    return any(quoted in data for quoted in _FORBIDDEN_QUOTED)


#: The non-finite literals some writers emit (JavaScript, Python's json), refused by name.
_NON_FINITE = re.compile(r"-?(?:NaN|Infinity|inf|nan)\b")


def _syntax_problem(exc: orjson.JSONDecodeError) -> Problem:
    msg = str(exc.msg)
    low = msg.lower()
    where = {"line": exc.lineno, "column": exc.colno}
    if "infinity" in low or "out of range" in low:
        return error(
            "json-number-out-of-range", (), f"expected a number a double can hold; {msg}", **where
        )
    if "surrogate" in low:
        return error(
            "json-lone-surrogate", (), f"expected a complete surrogate pair; {msg}", **where
        )
    if "depth" in low or "recursion" in low:
        return error(
            "json-too-deep",
            (),
            "expected at most 1,024 levels of nested arrays and objects; found deeper nesting",
            **where,
        )
    if not exc.doc:
        return error("json-syntax", (), "expected a JSON value; the file is empty", **where)
    if exc.doc.startswith("\ufeff") or "bom" in low or "byte order mark" in low:
        return error(
            "json-syntax",
            (),
            "expected a JSON value after the byte-order mark; found a second byte-order mark "
            "(one at the start of the file is allowed)",
            **where,
        )
    literal = _NON_FINITE.match(exc.doc, max(0, exc.pos - 1)) or _NON_FINITE.match(exc.doc, exc.pos)
    if literal is not None:
        return error(
            "json-syntax",
            (),
            f"expected a number; found the literal {literal.group()}, which JSON does not allow "
            "(write null for a missing value)",
            **where,
        )
    return error("json-syntax", (), f"expected valid JSON; {msg}", **where)


def _scan(tree: Any, ctx: Context) -> tuple[int, int]:
    """Count keys and the colons inside strings; note forbidden keys and flattened rows."""
    if type(tree) is not dict and type(tree) is not list:
        # a lone scalar: no keys; a string may still hold colons
        return 0, tree.count(":") if type(tree) is str else 0
    keys = 0
    colons = 0
    forbidden = ctx.forbidden
    # Depth first with one iterator per open container, so memory follows the depth and not
    # the number of containers; paths are linked (parent link, key) pairs, spelled out only
    # for a forbidden key.
    stack: list[tuple[Iterator[tuple[Any, Any]], _Link, bool]] = []
    node: Any = tree
    link: _Link = None
    # Arrays nested three deep or more are read a level at a time (see _lists_only: a list
    # of pointers per level, 8 bytes an item against the tree's 56 or more). Arrays found to
    # hold an object are read again item by item, and nothing below them in bulk again: each
    # item is read in bulk once at most. (Each stack entry says whether its items may be.)
    bulk = True
    while True:
        if type(node) is dict:
            keys += len(node)
            values = set(map(type, node.values()))
            if len(node) < _BULK_KEYS or dict in values or list in values:
                stack.append((iter(node.items()), link, bulk))
            else:  # a large object of scalars (a map of millions of keys): C-level passes
                colons += "".join(node).count(":")
                if str in values:
                    colons += "".join(v for v in node.values() if type(v) is str).count(":")
                if not FORBIDDEN_KEYS.isdisjoint(node):
                    forbidden.extend(_unlink((link, k)) for k in node if k in FORBIDDEN_KEYS)
        else:
            # a long list of rows is flattened first: its items' kinds follow from the cells'
            rows = FlatRows.of_items(node) if len(node) >= _CACHED_ROWS else None
            types = {list} if rows is not None else set(map(type, node))
            if str in types:
                colons += sum(s.count(":") for s in node if type(s) is str)
            if dict in types or list in types:
                if rows is not None:
                    cells, cell_types = rows.cells, rows.types
                elif types == {list}:
                    # a few rows (or a hostile file of many tiny lists of lists): flattened
                    # for the count but not cached, so memory stays that of the tree
                    cells = list(chain.from_iterable(node))
                    cell_types = frozenset(map(type, cells))
                else:
                    cells, cell_types = [], frozenset({dict})
                if dict not in cell_types and list not in cell_types:
                    if rows is not None:
                        ctx.flat[id(node)] = rows
                    if str in cell_types:
                        colons += sum(s.count(":") for s in cells if type(s) is str)
                elif dict not in cell_types and bulk and (inside := _lists_only(cells)) is not None:
                    colons += inside  # arrays of arrays, no object below: no key, no path
                else:  # (bulk reading stops below an object found deeper)
                    stack.append((enumerate(node), link, bulk and dict in cell_types))
        node = None
        while stack and node is None:
            items, parent, bulk = stack[-1]
            for k, v in items:
                t = type(v)
                if type(k) is str:  # a key of an object (list items are counted above)
                    if ":" in k:
                        colons += k.count(":")
                    if k in FORBIDDEN_KEYS:
                        forbidden.append(_unlink((parent, k)))
                    if t is str:
                        if ":" in v:
                            colons += v.count(":")
                        continue
                if t is dict or t is list:
                    node, link = v, (parent, k)
                    break
            else:
                stack.pop()
        if node is None:
            return keys, colons


def levels(top: list[Any]) -> Iterator[tuple[list[Any], list[type], set[type]]]:
    """``top``, then the values of its arrays and objects, then theirs..., each level with
    its items' types, in order and as a set; read by C iterators, tens of nanoseconds an
    item, where a walk takes a Python step (about 1 µs) per array or object. Ends after the
    first level that holds no array or object."""
    level = top
    while level:
        kinds = list(map(type, level))
        found = set(kinds)
        yield level, kinds, found
        if found == _LISTS:  # (a level of arrays alone needs no sorting)
            level = list(chain.from_iterable(level))
            continue
        parts = []
        if dict in found:
            parts.append(
                chain.from_iterable(map(dict.values, compress(level, map(_IS_DICT, kinds))))
            )
        if list in found:
            parts.append(chain.from_iterable(compress(level, map(_IS_LIST, kinds))))
        level = list(chain.from_iterable(parts))


def _lists_only(top: list[Any]) -> int | None:
    """The colons inside the strings of ``top`` and of every array below it, when no object
    is found there; None when one is (its keys need their paths, which only the walk item
    by item keeps). A hostile file of millions of tiny nested arrays took a Python step per
    array."""
    colons = 0
    for level, kinds, found in levels(top):
        if dict in found:
            return None
        if str in found:
            colons += "".join(compress(level, map(_IS_STR, kinds))).count(":")
    return colons


_IS_STR = partial(is_, str)
_IS_LIST = partial(is_, list)
_IS_DICT = partial(is_, dict)
_LISTS = {list}


#: Rows of cells are flattened once and kept for the later stages only from this many rows on;
#: shorter lists of rows are cheap to flatten again, and caching each of millions of tiny
#: ones cost over a hundred bytes of memory per byte of input.
_CACHED_ROWS = 32

#: Objects of scalars are scanned by whole-object passes from this many keys on.
_BULK_KEYS = 64

#: A path as a chain of (parent link, key) pairs; None is the root.
_Link = tuple[Any, str | int] | None


def _unlink(link: _Link) -> Path:
    parts: list[str | int] = []
    while link is not None:
        link, key = link
        parts.append(key)
    return tuple(reversed(parts))


class _Dup(dict[str, Any]):
    duplicate: str | None = None


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = _Dup()
    for k, v in pairs:
        if k in out and out.duplicate is None:
            out.duplicate = k
        out[k] = v
    return out


def _find_duplicates(data: bytes) -> list[tuple[Path, str]]:
    """The paths of duplicate keys in document order, by a slow second parse."""
    import json

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4_000))
    try:
        tree = json.loads(data, object_pairs_hook=_pairs)
    except (ValueError, RecursionError):  # pragma: no cover - orjson accepted it already
        return []
    finally:
        sys.setrecursionlimit(limit)
    found: list[tuple[Path, str]] = []
    stack: list[tuple[Iterator[tuple[Any, Any]], _Link]] = []
    node: Any = tree
    link: _Link = None
    while True:
        if isinstance(node, _Dup) and node.duplicate is not None:
            found.append((_unlink((link, node.duplicate)), node.duplicate))
        if isinstance(node, dict):
            stack.append((iter(node.items()), link))
        elif isinstance(node, list):
            stack.append((enumerate(node), link))
        node = None
        while stack and node is None:
            items, parent = stack[-1]
            for k, v in items:
                if isinstance(v, (dict, list)):
                    node, link = v, (parent, k)
                    break
            else:
                stack.pop()
        if node is None:
            return found
