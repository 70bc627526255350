"""The AI-assistant prompt: every registry identifier, the rules, a minimal example that opens."""

from __future__ import annotations

import json
import re

import pytest

from plotdoc.api import loads
from plotdoc.contract import plots as P
from plotdoc.contract import styles as S
from plotdoc.contract.families import FAMILIES
from plotdoc.contract.methods import METHODS
from plotdoc.contract.presets import PRESETS
from plotdoc.contract.variants import VARIANTS
from plotdoc.publish.prompt import DRAFT_NOTE, build_prompt

from .validators import py_errors, rs_valid

PROMPT = build_prompt()


def _words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9_:-]+", text))


WORDS = _words(PROMPT)

IDENTIFIERS = sorted(
    {
        *FAMILIES,
        *VARIANTS,
        *METHODS,
        *PRESETS,
        *P.COLUMN_MODES,
        *P.GROUPED_MODES,
        *P.MV_KINDS,
        *P.MV_ROLES,
        *S.SYMBOL_SHAPES,
        *S.PATTERN_REFS,
        *S.DASH_STYLES,
        *S.CAP_STYLES,
        *S.ANNOTATION_TYPES,
        *S.ANNOTATION_SHAPES,
        *S.BRACKET_LABELS,
    }
)


@pytest.mark.parametrize("identifier", IDENTIFIERS)
def test_identifier_in_prompt(identifier: str) -> None:
    assert identifier in WORDS


def test_each_variant_line_gives_family_and_min_replicates() -> None:
    for v in VARIANTS.values():
        line = f"- `{v.id}`: family {v.family}, min replicates {v.min_replicates}"
        assert line in PROMPT, v.id
        if v.modes:
            assert f"modes [{v.default_mode}] {', '.join(v.modes)}" in PROMPT


def test_each_method_with_families_and_param_defaults() -> None:
    for m in METHODS.values():
        line = next(ln for ln in PROMPT.split("\n") if ln.startswith(f"- `{m.id}`:"))
        for family in m.families:
            assert family in line
        for key, value in m.defaults.items():
            assert f"{key} = {json.dumps(value)}" in line


def test_main_rules_are_stated() -> None:
    for phrase in (
        "Unknown keys are rejected",
        "Replicates:",
        "`values[row][replicate]`",
        "only in multipleVariables tables, text",
        "`table-1`",
        "derivedFrom",
        "Limits:",
        "required x, y, size",
        "required x, lower, upper",
        "give the bracket `analysisId`",
        "`text` is ignored",
    ):
        assert phrase in PROMPT, phrase


def _example() -> bytes:
    blocks = re.findall(r"```json\n(.*?)\n```", PROMPT, re.S)
    assert len(blocks) == 1
    return str(blocks[0]).encode("utf-8")


def test_example_is_the_minimal_document_shape() -> None:
    doc = json.loads(_example())
    assert set(doc) == {"format", "schemaVersion", "tables"}
    (table,) = doc["tables"]
    assert table["format"] == "column"
    assert len(table["dataSets"]) == 2
    assert all(len(row) == 1 for ds in table["dataSets"] for row in ds["values"])
    assert table["graph"] == {
        "variantId": "scatter-bar",
        "plot": {"family": "column", "options": {"mode": "meanWithSd"}},
    }


def test_example_opens_and_validates() -> None:
    data = _example()
    assert loads(data).warnings == ()
    assert py_errors(json.loads(data)) == []
    assert rs_valid(json.loads(data))


def test_ends_with_the_draft_note() -> None:
    assert PROMPT.rstrip().endswith(DRAFT_NOTE)
    assert "drafts" in DRAFT_NOTE and "person" in DRAFT_NOTE


def test_prompt_is_stable() -> None:
    assert build_prompt() == PROMPT


def test_main(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    from plotdoc.publish.prompt import main

    assert main([]) == 0
    assert capsysbinary.readouterr().out.decode("utf-8") == PROMPT
    assert main(["x"]) == 2
