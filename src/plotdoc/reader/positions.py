"""Line and column of a JSON path in the document's text, for problems past the JSON stage.

Runs only when a document has problems (never on a valid open): one walk from the root reads
the containers on the problems' paths member by member and skips every other value with one
regular expression (strings and brackets only), so the cost is one pass over the text however
many problems there are. A path that leads to a missing key is placed at the deepest part
that exists.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
from collections.abc import Sequence

from ..problems import Path, PathPart, Problem

_WS = re.compile(r"[ \t\r\n]*")
_STR = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_SKIP = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[{}\[\]]')
_ATOM = re.compile(r"[^,\]}\s]*")
#: A flat array of numbers and nulls, or an array of such rows (the cells of a data set),
#: skipped in one C-level match; possessive, so a failed match never backtracks.
_FLAT = re.compile(r'\[[^\[\]{}"]*\]|\[(?>\s*\[[^\[\]{}"]*\]\s*,?)*+\s*\]')


def with_positions(data: bytes, problems: Sequence[Problem]) -> list[Problem]:
    """``problems`` with ``line`` and ``column`` filled where a path leads into the text."""
    out = list(problems)
    for i, p in enumerate(out):
        if p.line is None and p.offset is not None and p.offset < len(data):
            # a byte offset (bad encoding): its line, and its column counted in bytes
            line = data.count(b"\n", 0, p.offset) + 1
            column = p.offset - (data.rfind(b"\n", 0, p.offset) + 1) + 1
            out[i] = dataclasses.replace(p, line=line, column=column)
    wanted = [i for i, p in enumerate(out) if p.line is None and p.offset is None]
    if not wanted:
        return out
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return out
    text = text.removeprefix("\ufeff")
    # without duplicate keys the walk can stop once every path is found (with them, the last
    # of the duplicates is the one to find)
    complete = not any(p.code == "json-duplicate-key" for p in out)
    try:
        offsets = locate(text, [out[i].path for i in wanted], stop_when_found=complete)
    except (IndexError, ValueError):  # text the parser refused has no positions to give
        return out
    found = sorted((offsets[out[i].path], i) for i in wanted if out[i].path in offsets)
    line, line_start, counted = 1, 0, 0
    for offset, i in found:  # in text order, so the lines are counted once over the text
        newlines = text.count("\n", counted, offset)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", counted, offset) + 1
        counted = offset
        out[i] = dataclasses.replace(out[i], line=line, column=offset - line_start + 1)
    return out


_Trie = dict[PathPart, "_Trie"]
#: Paths are followed this deep at most (the walk recurses once per part); a problem deeper
#: still is placed at this depth.
MAX_DEPTH = 200


def locate(text: str, paths: Sequence[Path], *, stop_when_found: bool = False) -> dict[Path, int]:
    """The offset of the value at each of ``paths`` (of its key when a path ends in a key), or
    of the deepest part of the path that exists. One walk serves every path: the containers
    on some path are read member by member, every other value is skipped. With
    ``stop_when_found`` (a text without duplicate keys) the walk ends as soon as every part of
    every path is found, so problems near the start of a large file cost only that start."""
    trie: _Trie = {}
    parts = 0
    for path in paths:
        node = trie
        for part in path[:MAX_DEPTH]:
            if part not in node:
                parts += 1
            node = node.setdefault(part, {})
    seen: dict[Path, int] = {}
    start = _ws(text, 0)
    if start >= len(text):
        return {}
    seen[()] = start
    with contextlib.suppress(_AllFound):
        _walk(text, start, trie, (), seen, parts + 1 if stop_when_found else -1)
    out: dict[Path, int] = {}
    for path in paths:
        for k in range(len(path), -1, -1):
            if path[:k] in seen:
                out[path] = seen[path[:k]]
                break
    return out


class _AllFound(Exception):
    """Every part of every path is found: the walk may end."""


def _walk(text: str, i: int, trie: _Trie, path: Path, seen: dict[Path, int], goal: int) -> int:
    """Record the parts of ``trie`` found in the value at ``i``; return the offset past it.
    Raise :class:`_AllFound` when ``seen`` reaches ``goal`` entries (never when it is -1)."""
    if not trie or text[i] not in "{[":
        return _skip(text, i)
    is_object = text[i] == "{"
    close = "}" if is_object else "]"
    i = _ws(text, i + 1)
    n = 0
    while i < len(text) and text[i] != close:
        if is_object:
            m = _STR.match(text, i)
            if m is None:
                break
            part: PathPart = json.loads(m.group())
            at = i
            i = _ws(text, _ws(text, m.end()) + 1)
        else:
            part, at = n, i
        sub = trie.get(part)
        if sub is not None:
            seen[(*path, part)] = at  # the last of duplicate keys wins, as when parsing
            if len(seen) == goal and not sub:
                raise _AllFound
            i = _walk(text, i, sub, (*path, part), seen, goal)
        else:
            i = _skip(text, i)
        i = _ws(text, i)
        n += 1
        if i < len(text) and text[i] == ",":
            i = _ws(text, i + 1)
    return i + 1


def _ws(text: str, i: int) -> int:
    m = _WS.match(text, i)
    return m.end() if m else i


def _skip(text: str, i: int) -> int:
    """The offset just past the value starting at ``i``."""
    c = text[i]
    if c == '"':
        m = _STR.match(text, i)
        return m.end() if m else len(text)
    if c not in "{[":
        m = _ATOM.match(text, i)
        return m.end() if m else i + 1
    depth = 0
    pos = i
    while True:
        m = _SKIP.search(text, pos)
        if m is None:
            return len(text)
        t = m.group()
        pos = m.end()
        if t == "[":
            flat = _FLAT.match(text, m.start())  # rows of cells: one match, not one per row
            if flat is not None:
                pos = flat.end()
                if depth == 0:
                    return pos
                continue
        if t == "{" or t == "[":
            depth += 1
        elif t == "}" or t == "]":
            depth -= 1
            if depth == 0:
                return pos
