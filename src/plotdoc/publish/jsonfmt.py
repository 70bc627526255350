"""Readable JSON for people: two-space indentation, short arrays and objects on one line.

Used for the documents shown in the spec page and the prompt (the hand-written examples
were laid out the same way). Rows of cells stay on one line each; long runs of scalars or of
one-cell rows are wrapped at about 80 characters.
"""

from __future__ import annotations

import json
from typing import Any

_WIDTH = 80


def _inline(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _packable(value: Any) -> bool:
    return _scalar(value) or (isinstance(value, list) and len(value) == 1 and _scalar(value[0]))


def pretty(value: Any, level: int = 0) -> str:
    """``value`` as JSON text laid out for reading (no final newline)."""
    pad = "  " * level
    if isinstance(value, dict):
        one = _inline(value)
        if not value or (len(one) + len(pad) < 70 and all(_scalar(v) for v in value.values())):
            return one
        items = [f"{pad}  {json.dumps(k)}: {pretty(v, level + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        one = _inline(value)
        if len(one) + len(pad) < 90 and all(_scalar(v) or isinstance(v, list) for v in value):
            return one
        if all(_packable(v) for v in value):
            lines: list[str] = []
            current: list[str] = []
            for item in value:
                current.append(_inline(item))
                if len(", ".join(current)) > _WIDTH:
                    lines.append(", ".join(current))
                    current = []
            if current:
                lines.append(", ".join(current))
            return "[\n" + ",\n".join(pad + "  " + ln for ln in lines) + "\n" + pad + "]"
        inner = ",\n".join(pad + "  " + pretty(v, level + 1) for v in value)
        return "[\n" + inner + "\n" + pad + "]"
    return _inline(value)
