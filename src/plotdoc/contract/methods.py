"""The five analysis methods (contract 2.9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TTEST_DESIGNS = ("unpaired", "paired")
TTEST_VARIANCES = ("welch", "equal")
CONFIDENCE_LEVELS = (90, 95, 99)
FOURPL_MODELS = ("logX", "linearX")
FREQUENCY_OUTPUTS = ("count", "fraction", "percent")
CORRELATION_METHODS = ("pearson", "spearman")


@dataclass(frozen=True, slots=True)
class Method:
    """One analysis method (`analyses[].method`)."""

    id: str
    families: tuple[str, ...]
    defaults: dict[str, Any]
    #: family of the results table the method produces (`derivedFrom`), or None
    results_family: str | None
    description: str


METHODS: dict[str, Method] = {
    m.id: m
    for m in (
        Method(
            "ttest",
            ("column", "xy"),
            {"groupA": None, "groupB": None, "design": "unpaired", "variance": "welch"},
            None,
            "Two-sample t test (Welch or equal variance) or paired t test.",
        ),
        Method(
            "linearRegression",
            ("xy",),
            {"confidenceLevel": 95},
            None,
            "Least-squares straight line with confidence and prediction bands.",
        ),
        Method(
            "nonlinearRegression",
            ("xy",),
            {"model": "logX"},
            None,
            "Four-parameter logistic (dose-response) fit.",
        ),
        Method(
            "frequencyDistribution",
            ("column",),
            {"binWidth": None, "binStart": None, "output": "count", "cumulative": False},
            "grouped",
            "Histogram counts, fractions or percents per bin.",
        ),
        Method(
            "correlationMatrix",
            ("multipleVariables",),
            {"method": "pearson"},
            "grouped",
            "Pearson or Spearman correlation of every pair of continuous variables.",
        ),
    )
}

METHOD_IDS: tuple[str, ...] = tuple(METHODS)
