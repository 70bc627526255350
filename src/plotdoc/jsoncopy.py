"""Deep copies of JSON-shaped values, made in C where that gives the same value.

``copy.deepcopy`` costs a Python call per object: a few microseconds for each of a
project's 40,000 analyses. orjson writes and reads back a value of dicts, lists, strings,
numbers, booleans and nulls in one C pass each way; :func:`json_copy` uses that when the
copy compares equal to the value and falls back to ``copy.deepcopy`` otherwise.
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar

import orjson

T = TypeVar("T")


def json_exact(value: Any) -> bool:
    """Whether orjson reads ``value`` back with the same types (dicts, lists, scalars)."""
    if type(value) is dict:
        return all(type(k) is str and json_exact(v) for k, v in value.items())
    if type(value) is list:
        return all(json_exact(v) for v in value)
    return value is None or type(value) in (str, int, float, bool)


def json_copy(value: T) -> T:
    """A deep copy of ``value`` that shares no dict or list with it.

    Read back by orjson when the copy equals ``value``: a NaN (written as null), a tuple (read
    back as a list), an object of another type (a date, an enum, a dataclass, written as
    text or an object) or a numpy value (not written) makes the copy unequal or the writing
    fail, and ``copy.deepcopy`` copies it as it is. What may change type in the copy compares
    equal and is written the same (a subclass of str or int, an OrderedDict).
    """
    try:
        out: T = orjson.loads(orjson.dumps(value))
        if out == value:
            return out
    except (TypeError, ValueError):  # not JSON, or a numpy array compared
        pass
    return copy.deepcopy(value)
