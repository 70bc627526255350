"""The one number rule (style/numbers.py)."""

from __future__ import annotations

import pytest

from plotdoc.render.style.numbers import number_text, power_text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (3.0, "3"),
        (-1.5, "\u22121.5"),
        (0.1, "0.1"),
        (1234567.0, "1234567"),
        (33.333333, "33.3333"),
        (1e-9, "10\u207b\u2079"),
        (2.5e-7, "2.5\u00d710\u207b\u2077"),
        (0.0, "0"),
        (float("nan"), ""),
    ],
)
def test_number_text(value: float, text: str) -> None:
    assert number_text(value) == text


def test_significant_digits_and_powers() -> None:
    assert number_text(33.333333, 4) == "33.33"
    assert power_text(1000.0) == "10\u00b3"
    assert power_text(0.01) == "10\u207b\u00b2"
    assert power_text(8.0, 2) == "2\u00b3"
    assert power_text(3.0) == "3"
