"""Presets for every reader: neighbouring data sets keep apart under deuteranopia,
protanopia and tritanopia (colorspacious' simulation at full severity) and in normal vision,
by at least MIN_DELTA_E in CAM02-UCS (colorspacious' perceptual distance, on the scale of
CIEDE2000); in greyscale, where colour cannot carry the difference, their symbols (and in
the one-colour preset their dashes and bar fills) do."""

from __future__ import annotations

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE

from plotdoc.contract.presets import PRESETS
from plotdoc.render.style.theme import make_theme

MIN_DELTA_E = 10.0
VISIONS = ("normal", "deuteranomaly", "protanomaly", "tritanomaly")


def _rgb(hex_str: str) -> np.ndarray:
    h = hex_str.lstrip("#")
    return np.array([int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)])


def _seen(color: np.ndarray, vision: str) -> np.ndarray:
    if vision == "normal":
        return color
    cvd = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
    return np.clip(cspace_convert(color, cvd, "sRGB1"), 0.0, 1.0)


def _grey(color: np.ndarray) -> np.ndarray:
    jch = cspace_convert(color, "sRGB1", "JCh")
    return np.clip(cspace_convert(np.array([jch[0], 0.0, 0.0]), "JCh", "sRGB1"), 0.0, 1.0)


def _neighbours(colors: tuple[str, ...]) -> list[tuple[int, int]]:
    n = len(colors)
    return [(i, (i + 1) % n) for i in range(n)] if n > 1 else []


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("kind", ["palette", "fills"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_neighbouring_colours_stay_apart(preset: str, kind: str, vision: str) -> None:
    colors = getattr(PRESETS[preset].colors, kind)
    for i, j in _neighbours(colors):
        a, b = _seen(_rgb(colors[i]), vision), _seen(_rgb(colors[j]), vision)
        d = float(deltaE(a, b, input_space="sRGB1"))
        assert d >= MIN_DELTA_E, (preset, kind, vision, colors[i], colors[j], round(d, 1))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_in_greyscale_symbols_tell_neighbours_apart(preset: str) -> None:
    theme = make_theme(preset, True)
    for i in range(16):
        a, b = theme.palette(i), theme.palette(i + 1)
        grey = float(deltaE(_grey(np.array(a[:3])), _grey(np.array(b[:3])), input_space="sRGB1"))
        if grey < MIN_DELTA_E:
            assert theme.symbol_shape(i) != theme.symbol_shape(i + 1), (preset, i)


def test_the_one_colour_preset_tells_lines_and_bars_apart_without_colour() -> None:
    theme = make_theme("classic", True)
    for i in range(8):
        assert theme.dash(i) != theme.dash(i + 1) or theme.symbol_shape(i) != (
            theme.symbol_shape(i + 1)
        )
    fills = PRESETS["classic"].colors.fills
    for i, j in _neighbours(fills):
        grey_a, grey_b = _grey(_rgb(fills[i])), _grey(_rgb(fills[j]))
        assert float(deltaE(grey_a, grey_b, input_space="sRGB1")) >= MIN_DELTA_E
