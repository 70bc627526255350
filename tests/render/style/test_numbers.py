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


# -- NumberFormat: one rule for axes, value labels, heat-map cells, colour bars -----------------


def test_automatic_ticks_read_as_values_without_an_offset() -> None:
    from plotdoc.render.style.numbers import NumberFormat

    auto = NumberFormat()
    assert auto.texts([9995000.0, 10000000.0, 10005000.0]) == [
        "9\u2009995\u2009000",
        "10\u2009000\u2009000",
        "10\u2009005\u2009000",
    ]
    assert auto.texts([0.0, 0.25, 0.5]) == ["0.00", "0.25", "0.50"]
    assert auto.texts([0.0, 20.0, 40.0]) == ["0", "20", "40"]
    assert auto.texts([1000.1, 1000.2]) == ["1000.1", "1000.2"]
    # a scientific form on every label, never an offset
    assert auto.texts([0.0, 1e-7, 2e-7]) == [
        "0",
        "1\u00d710\u207b\u2077",
        "2\u00d710\u207b\u2077",
    ]


def test_the_file_s_number_format_is_one_rule_everywhere() -> None:
    from plotdoc.render.style.numbers import NumberFormat

    nf = NumberFormat.of({"thousands": "comma", "prefix": "$", "suffix": " k", "decimals": 1})
    assert nf.text(12345.678) == "$12,345.7 k"
    assert nf.text(-0.04) == "$0.0 k"
    assert NumberFormat.of({"format": "percent", "decimals": 0}).text(45.0) == "45%"
    assert NumberFormat.of({"format": "scientific", "decimals": 1}).text(12345.0) == (
        "1.2\u00d710\u2074"
    )
    assert NumberFormat.of({"format": "powerOf10"}).text(1000.0) == "10\u00b3"
