"""The save check's quick paths refuse exactly what the full walk refuses.

A document that orjson writes and reads back equal to itself skips the walk for values JSON
cannot hold; anything else (NaN, an infinity, a tuple, a numpy value, an object of another
type, a forbidden key's name anywhere) is walked as before. Every edit of
``test_save_checks.EDITS`` and the hand-made ones below give the same problems (codes, paths
and messages) and the same bytes both ways.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from plotdoc import save_check
from plotdoc.api import loads
from plotdoc.model import Project
from plotdoc.problems import PlotdocError
from plotdoc.publish.examples import example_bytes
from plotdoc.writer import dumps

from .test_save_checks import EDITS

Edit = Callable[[Project], None]


class Colour(enum.Enum):
    RED = "red"


@dataclasses.dataclass
class Point:
    x: float


def _param(t: int, a: int, key: str, value: Any) -> Edit:
    def edit(p: Project) -> None:
        p.tables[t].analyses[a].params[key] = value

    return edit


def _usermeta(key: Any, value: Any) -> Edit:
    def edit(p: Project) -> None:
        p.usermeta[key] = value

    return edit


#: models made invalid by hand, and the (code, path) each refusal names
BY_HAND: dict[str, tuple[Edit, tuple[str, str]]] = {
    "nan-in-an-analysis-param": (
        _param(0, 0, "confidenceLevel", math.nan),
        ("non-finite-number", "tables[0].analyses[0].params.confidenceLevel"),
    ),
    "infinity-in-a-nested-tuple": (
        _usermeta("pair", (1.0, (2.0, -math.inf))),
        ("non-finite-number", "usermeta.pair[1][1]"),
    ),
    "numpy-array-with-nan-in-usermeta": (
        _usermeta("arr", np.array([1.0, np.nan])),
        ("non-finite-number", "usermeta.arr[1]"),
    ),
    "numpy-array-of-text-in-usermeta": (
        _usermeta("arr", np.array(["a", "b"])),
        ("not-json-value", "usermeta.arr"),
    ),
    "a-date-in-usermeta": (
        _usermeta("when", dt.datetime(2024, 1, 1)),
        ("not-json-value", "usermeta.when"),
    ),
    "an-enum-of-a-value-not-offered": (  # written as its value, which is checked
        _param(1, 1, "output", Colour.RED),
        ("not-in-enum", "tables[1].analyses[1].params.output"),
    ),
    "a-dataclass-in-usermeta": (
        _usermeta("p", Point(1.0)),
        ("not-json-value", "usermeta.p"),
    ),
    "forbidden-key-in-an-analysis-param": (
        _param(1, 1, "constructor", 1),
        ("forbidden-key", "tables[1].analyses[1].params.constructor"),
    ),
    "a-wrong-type-in-an-analysis-param": (
        _param(0, 0, "confidenceLevel", "ninety-nine"),
        ("wrong-type", "tables[0].analyses[0].params.confidenceLevel"),
    ),
    "an-unknown-param": (
        _param(1, 0, "tails", 3),
        ("unknown-key", "tables[1].analyses[0].params.tails"),
    ),
    "2^64-in-an-analysis-param": (
        _param(1, 1, "binWidth", 2**64),
        ("number-not-exact", "tables[1].analyses[1].params.binWidth"),
    ),
    "a-bytes-key-in-usermeta": (
        _usermeta(b"k", 1),
        ("not-json-value", "usermeta"),
    ),
}

ALL: dict[str, tuple[Edit, Any]] = {**EDITS, **BY_HAND}


def _outcome(project: Project) -> Any:
    try:
        return dumps(project, now="2024-06-01T12:00:00Z")
    except PlotdocError as exc:
        return [(p.code, p.where, p.message) for p in exc.problems], exc.omitted


def test_the_hand_made_edits_are_refused_where_expected() -> None:
    for name, (edit, expected) in BY_HAND.items():
        project = loads(example_bytes("complete"))
        edit(project)
        with pytest.raises(PlotdocError) as info:
            dumps(project)
        found = [(p.code, p.where) for p in info.value.errors]
        assert expected in found, (name, found)


@pytest.mark.parametrize("name", list(ALL))
def test_the_quick_path_and_the_walk_agree(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    edit = ALL[name][0]
    project = loads(example_bytes("complete"))
    edit(project)
    quick = _outcome(project)
    monkeypatch.setattr(save_check, "_read_back", lambda doc: None)
    assert _outcome(project) == quick
