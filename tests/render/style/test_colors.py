"""Luminance and contrast have one home (style/colors.py), checked against WCAG 2's own figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from plotdoc.render.style.colors import (
    BLACK,
    MIN_CONTRAST,
    WHITE,
    contrast,
    contrast_text,
    hex_to_rgba,
    luminance,
    readable_on,
    recede,
)

RENDER = Path(__file__).resolve().parents[3] / "src" / "plotdoc" / "render"


def test_wcag_reference_ratios() -> None:
    # WCAG 2: black on white is 21:1; #767676 is the lightest grey with 4.5:1 on white,
    # #777777 just misses it (4.48:1)
    assert contrast(BLACK, WHITE) == pytest.approx(21.0)
    assert contrast(hex_to_rgba("#767676"), WHITE) == pytest.approx(4.54, abs=0.01)
    assert contrast(hex_to_rgba("#777777"), WHITE) == pytest.approx(4.48, abs=0.01)
    assert luminance(hex_to_rgba("#FF0000")) == pytest.approx(0.2126)


def test_translucent_colours_are_judged_over_what_lies_behind() -> None:
    half_black = (0.0, 0.0, 0.0, 0.5)
    assert luminance(half_black, WHITE) == pytest.approx(luminance(hex_to_rgba("#808080")), 1e-2)
    assert luminance(half_black, BLACK) == 0.0


def test_contrast_text_and_readable_on() -> None:
    assert contrast_text(hex_to_rgba("#00001a")) == WHITE
    assert contrast_text(hex_to_rgba("#ffffcc")) == BLACK
    assert readable_on(BLACK, BLACK) == WHITE
    blue = hex_to_rgba("#0072B2")
    assert readable_on(blue, WHITE) == blue


@pytest.mark.parametrize(
    ("fill", "mark", "background"),
    [("#000000", "#000000", "#FFFFFF"), ("#0072B2", "#0072B2", "#FFFFFF"),
     ("#FFD166", "#FFD166", "#0B1026")],
)  # fmt: skip
def test_recede_reaches_the_rule_towards_the_background(
    fill: str, mark: str, background: str
) -> None:
    f, m, bg = hex_to_rgba(fill), hex_to_rgba(mark), hex_to_rgba(background)
    out = recede(f, [m], bg)
    assert contrast(m, out, bg) >= MIN_CONTRAST
    # it moved towards the background, not past it
    assert contrast(out, bg) < contrast(f, bg)


def test_one_home_for_luminance_and_contrast() -> None:
    pattern = re.compile(r"def (luminance|contrast\w*|_?relative_luminance)\b|0\.2126|0\.299")
    homes = [
        p.relative_to(RENDER).as_posix()
        for p in RENDER.rglob("*.py")
        if pattern.search(p.read_text(encoding="utf-8"))
    ]
    assert homes == ["style/colors.py"]
