"""Line and column of a JSON path in the document's text, for problems past the JSON stage.

Runs only when a document has problems (never on a valid open): the text is scanned from the
root along each problem's path, skipping the values in between with one regular expression
(strings and brackets only), so a path deep in a large file costs one pass over the text
before it. A path that leads to a missing key is placed at the deepest part that exists.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Sequence

from ..problems import Path, Problem

_WS = re.compile(r"[ \t\r\n]*")
_STR = re.compile(r'"(?:[^"\\]|\\.)*"')
_SKIP = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]]')
_ATOM = re.compile(r"[^,\]}\s]*")
#: How many problems get a position: all that are listed in a file of ordinary size, the
#: first few in a large one (each costs up to one pass over the text).
LOCATE_ALL_BELOW = 8 * 1024 * 1024
LOCATE_FEW = 10


def with_positions(data: bytes, problems: Sequence[Problem]) -> list[Problem]:
    """``problems`` with ``line`` and ``column`` filled where a path leads into the text."""
    wanted = [i for i, p in enumerate(problems) if p.line is None and p.offset is None]
    if not wanted:
        return list(problems)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return list(problems)
    text = text.removeprefix("\ufeff")
    if len(data) > LOCATE_ALL_BELOW:
        wanted = wanted[:LOCATE_FEW]
    out = list(problems)
    for i in wanted:
        try:
            offset = locate(text, out[i].path)
        except (IndexError, ValueError):
            continue
        if offset is None:
            continue
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        out[i] = dataclasses.replace(out[i], line=line, column=column)
    return out


def locate(text: str, path: Path) -> int | None:
    """The offset of the value at ``path`` (of its key when the path ends in a key), or of
    the deepest part of the path that exists; None when the text has no value at all."""
    i = _ws(text, 0)
    if i >= len(text):
        return None
    best = i
    for part in path:
        found = _member(text, i, part) if isinstance(part, str) else _item(text, i, part)
        if found is None:
            return best
        best, i = found
    return best


def _ws(text: str, i: int) -> int:
    m = _WS.match(text, i)
    return m.end() if m else i


def _member(text: str, i: int, key: str) -> tuple[int, int] | None:
    """(key offset, value offset) of ``key`` in the object starting at ``i``."""
    if text[i] != "{":
        return None
    found = None
    i = _ws(text, i + 1)
    while i < len(text) and text[i] == '"':
        m = _STR.match(text, i)
        if m is None:
            return found
        name = json.loads(m.group())
        value = _ws(text, _ws(text, m.end()) + 1)
        if name == key:
            found = (i, value)  # the last of duplicate keys wins, as when parsing
        i = _ws(text, _skip(text, value))
        if i >= len(text) or text[i] != ",":
            break
        i = _ws(text, i + 1)
    return found


def _item(text: str, i: int, index: int) -> tuple[int, int] | None:
    if text[i] != "[":
        return None
    i = _ws(text, i + 1)
    n = 0
    while i < len(text) and text[i] != "]":
        if n == index:
            return i, i
        i = _ws(text, _skip(text, i))
        if i >= len(text) or text[i] != ",":
            return None
        i = _ws(text, i + 1)
        n += 1
    return None


def _skip(text: str, i: int) -> int:
    """The offset just past the value starting at ``i``."""
    c = text[i]
    if c == '"':
        m = _STR.match(text, i)
        return m.end() if m else len(text)
    if c in "{[":
        depth = 0
        for m in _SKIP.finditer(text, i):
            t = m.group()
            if t == "{" or t == "[":
                depth += 1
            elif t == "}" or t == "]":
                depth -= 1
                if depth == 0:
                    return m.end()
        return len(text)
    m = _ATOM.match(text, i)
    return m.end() if m else i + 1
