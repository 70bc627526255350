"""The one P value formatter against GraphPad Prism's published styles.

Sources (GraphPad's own pages, not written here):
- FAQ 978, "What is the meaning of * or ** or *** in reports of statistical significance from
  Prism or InStat?": GraphPad style 4 digits after the point (0.1234), below 0.0001 shown as
  "< 0.0001"; APA 3 digits without the leading zero (.123), "< .001"; NEJM 3 digits with it
  (0.123); ns P > 0.05, * P <= 0.05, ** P <= 0.01, *** P <= 0.001, **** P <= 0.0001 (GraphPad
  style only: APA and NEJM show at most three asterisks).
- "How to report P values in journals": P = 0.04, 0.009, 0.0009, 0.00009 are *, **, ***, *** in
  APA and NEJM and *, **, ***, **** in Prism's style.
- Prism guide, "Extremely significant results": the summary is decided on the stored P value, so
  P = 0.05000001 displays as 0.0500 and is ns.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plotdoc.pvalues import DEFAULT_STYLE, STYLES, format_p, summary

JOURNALS = [(0.04, "*", "*"), (0.009, "**", "**"), (0.0009, "***", "***"), (0.00009, "***", "****")]


@pytest.mark.parametrize(("p", "three_star", "graphpad"), JOURNALS)
def test_summary_as_the_journal_page_tabulates(p: float, three_star: str, graphpad: str) -> None:
    assert summary(p, "apa") == three_star
    assert summary(p, "nejm") == three_star
    assert summary(p, "graphpad") == graphpad
    assert summary(p, "exact") == graphpad


@pytest.mark.parametrize(
    ("p", "stars"),
    [(0.05, "*"), (0.0500001, "ns"), (0.01, "**"), (0.001, "***"), (0.0001, "****"), (1.0, "ns")],
)
def test_graphpad_thresholds_are_inclusive(p: float, stars: str) -> None:
    assert summary(p) == stars


def test_the_summary_is_decided_on_the_value_not_the_digits() -> None:
    assert format_p(0.05000001) == "0.0500"
    assert summary(0.05000001) == "ns"


@pytest.mark.parametrize(
    ("p", "style", "text"),
    [
        (0.1234, "graphpad", "0.1234"),
        (0.00005, "graphpad", "< 0.0001"),
        (0.0001, "graphpad", "0.0001"),
        (0.123, "apa", ".123"),
        (0.0005, "apa", "< .001"),
        (0.123, "nejm", "0.123"),
        (0.0005, "nejm", "< 0.001"),
        (3e-05, "exact", "3.000e-05"),
        (0.012345, "exact", "0.01235"),
        (0.0, "graphpad", "< 0.0001"),
        (0.000049, "graphpad", "< 0.0001"),
    ],
)
def test_printed_form(p: float, style: str, text: str) -> None:
    assert format_p(p, style) == text


def test_label_form() -> None:
    assert format_p(0.0123, label=True) == "P = 0.0123"
    assert format_p(3e-5, label=True) == "P < 0.0001"
    assert format_p(3e-5, "apa", label=True) == "P < .001"


@pytest.mark.parametrize("bad", [math.nan, math.inf, -0.1, 1.5, None])
def test_not_a_p_value_says_so(bad: float | None) -> None:
    assert format_p(bad) == "—"
    assert summary(bad) == ""


def test_unknown_style_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="graphpad, apa, nejm, exact"):
        format_p(0.5, "prism")


def test_styles_listed_with_the_default_first() -> None:
    assert STYLES == ("graphpad", "apa", "nejm", "exact")
    assert STYLES[0] == DEFAULT_STYLE


@given(st.floats(0, 1), st.sampled_from(STYLES))
def test_every_p_prints_and_agrees_with_its_summary(p: float, style: str) -> None:
    text = format_p(p, style)
    assert text != "—"
    if not text.startswith("<"):
        shown = float(text)
        assert abs(shown - p) <= (5e-5 if style == "graphpad" else 5e-4) + p * 1e-3
    stars = summary(p, style)
    assert stars == "ns" or p <= 0.05
    assert (stars == "ns") == (p > 0.05)
