"""Open and save pause the cyclic garbage collector while they build and read back trees of
small objects, and turn it back on afterwards, also when they refuse a document."""

from __future__ import annotations

import gc
import math

import pytest

from plotdoc import writer
from plotdoc.api import loads, validate
from plotdoc.problems import PlotdocError
from plotdoc.publish.examples import example_bytes


def test_save_pauses_the_collector_and_resumes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    project = loads(example_bytes("complete"))
    during: list[bool] = []
    check = writer.check_document

    def spy(doc: dict[str, object], known: dict[int, int] | None = None) -> object:
        during.append(gc.isenabled())
        return check(doc, known)  # type: ignore[arg-type]

    monkeypatch.setattr(writer, "check_document", spy)
    assert gc.isenabled()
    writer.dumps(project)
    assert during == [False]
    assert gc.isenabled()
    project.usermeta["bad"] = math.nan
    with pytest.raises(PlotdocError):
        writer.dumps(project)
    assert gc.isenabled()


def test_a_save_inside_a_pause_leaves_the_collector_paused() -> None:
    project = loads(example_bytes("complete"))
    gc.disable()
    try:
        writer.dumps(project)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_open_resumes_the_collector_after_a_refusal() -> None:
    assert not validate(b'{"format": "plotdoc-project", "schemaVersion": 1}').ok
    assert gc.isenabled()
    assert not validate(b"{").ok
    assert gc.isenabled()
