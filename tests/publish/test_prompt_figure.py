"""An assistant asked for a figure with axis titles, a significance bracket and a colour
override finds every shape it needs in the prompt: built from the prompt's own lines, the
document opens without a problem and carries what was asked for."""

from __future__ import annotations

import json
import re
from typing import Any

from plotdoc.api import loads
from plotdoc.publish.prompt import build_prompt

from .validators import py_errors, rs_valid

PROMPT = build_prompt()


def _snippet(where: str) -> Any:
    """The JSON example the prompt gives for ``where`` (the line after "Example (where):")."""
    match = re.search(rf"^Example \({re.escape(where)}\):\n`(.*)`$", PROMPT, re.M)
    assert match, f"the prompt shows no example for {where}"
    return json.loads(match.group(1))


def _minimal() -> dict[str, Any]:
    blocks = re.findall(r"```json\n(.*?)\n```", PROMPT, re.S)
    doc: dict[str, Any] = json.loads(blocks[0])
    return doc


def test_a_figure_built_only_from_the_prompt_opens_without_problems() -> None:
    doc = _minimal()
    table = doc["tables"][0]
    table["titles"] = _snippet("table.titles")
    table["annotations"] = [a for a in _snippet("table.annotations") if a["type"] == "bracket"]
    table["graph"]["styleOverrides"] = _snippet("graph.styleOverrides")
    table["graph"]["axesOverrides"] = _snippet("graph.axesOverrides")
    data = json.dumps(doc).encode()
    project = loads(data)
    assert project.warnings == ()
    assert py_errors(json.loads(data)) == [] and rs_valid(json.loads(data))
    opened = project.tables[0]
    assert opened.titles["x"]["text"] and opened.titles["y"]["text"]
    (bracket,) = opened.annotations
    assert bracket.type == "bracket"
    assert bracket.props["left"] == {"kind": "group", "groupIndex": 0}
    names = [ds.name for ds in opened.data_sets]
    (name,) = opened.graph.style_overrides["perDataSet"]  # type: ignore[union-attr]
    assert name in names  # the override names a data set of the example


def test_every_example_of_the_prompt_opens() -> None:
    doc = _minimal()
    table = doc["tables"][0]
    table["titles"] = _snippet("table.titles")
    table["annotations"] = _snippet("table.annotations")
    table["graph"]["styleOverrides"] = _snippet("graph.styleOverrides")
    table["graph"]["axesOverrides"] = _snippet("graph.axesOverrides")
    assert loads(json.dumps(doc).encode()).warnings == ()


def test_the_prompt_names_the_forms_a_figure_needs() -> None:
    for phrase in (
        '`{"kind": "dataSet", "dataSetId": id}`',
        '`{"kind": "free", "x": number}`',
        '`{"hex": "#rrggbb", "alpha": 0..1}`',
        "Titles (`table.titles`)",
        "`rangeMin`, `rangeMax`",
        "- `bar`: `fill`, `borderColor`",
    ):
        assert phrase in PROMPT, phrase
