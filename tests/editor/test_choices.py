"""One construction for every select of the editor: a value the choices lack is shown as
missing, never refused (NiceGUI raises on a value outside a select's options, which broke the
whole page of a file that opens with a warning)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("nicegui", reason="the editor extra is not installed")

from plotdoc.editor.choices import Missing, missing_label, offered

EDITOR = Path(__file__).resolve().parents[2] / "src" / "plotdoc" / "editor"


def test_a_value_among_the_choices_is_selected_as_it_is() -> None:
    assert offered({"a": "A", "b": "B"}, "b") == ({"a": "A", "b": "B"}, "b", False)
    assert offered({None: "(none)", 0: "X"}, None) == ({None: "(none)", 0: "X"}, None, False)


def test_a_value_the_choices_lack_is_added_as_missing() -> None:
    shown, value, missing = offered({"Control": "Control"}, "Old name")
    assert missing and value == "Old name"
    assert shown == {"Control": "Control", "Old name": "“Old name” (missing)"}
    assert next(iter(shown)) == "Control"  # the valid choices first


def test_a_value_no_choice_can_hold_is_shown_missing_too() -> None:
    shown, value, missing = offered({0: "A"}, [1, 2])
    assert missing and isinstance(value, Missing) and value.value == [1, 2]
    assert shown[value] == "“[1, 2]” (missing)"


def test_a_long_value_is_shortened_in_its_label() -> None:
    assert missing_label("x" * 100) == "“" + "x" * 60 + "…” (missing)"


def test_no_select_or_radio_of_the_editor_is_built_past_the_shared_construction() -> None:
    direct = re.compile(r"\bui\.(select|radio|toggle)\(")
    offenders = [
        f"{path.name}:{n}"
        for path in sorted(EDITOR.glob("*.py"))
        if path.name != "choices.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if direct.search(line)
    ]
    assert offenders == []
