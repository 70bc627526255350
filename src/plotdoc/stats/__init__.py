"""plotdoc.stats: the analyses and the descriptive statistics behind plotted marks.

Pure computation on numpy arrays. Missing values are NaN and are left out. Every function
returns a frozen result dataclass with a ``status`` and a ``message``; a computation that
cannot run for a reason in the data returns NaN numbers and a non-``ok`` status instead of
raising. ``to_dict()`` gives JSON-friendly values. scipy is imported only when a function
needs it, so importing this package stays cheap.
"""

from __future__ import annotations

from ._results import STATUSES, Status
from .anova import OneWayAnovaResult, one_way_anova, one_way_anova_from_summary
from .column_statistics import ColumnStatisticsResult, column_statistics
from .comparisons import (
    Comparison,
    MultipleComparisonsResult,
    multiple_comparisons,
    multiple_comparisons_from_summary,
    p_adjust,
)
from .contingency import ContingencyResult, contingency_test
from .correlation import CorrelationMatrix, CorrelationResult, correlation, correlation_matrix
from .density import Density, bandwidth, kernel_density
from .descriptive import (
    BoxStats,
    CenterError,
    Geometric,
    MedianCI,
    Summary,
    box_stats,
    center_and_error,
    geometric,
    median_ci,
    percentile,
    percentiles,
    summarize,
)
from .fourpl import FourPLResult, four_parameter_logistic, fourpl_curve
from .fourpl_compare import EC50ComparisonResult, compare_ec50
from .frequency import FrequencyResult, frequency_distribution
from .nonparametric import RankTestResult, rank_test
from .normality import NormalityResult, normality_test
from .one_sample import OneSampleResult, one_sample_test
from .regression import LinearRegressionResult, linear_regression
from .survival import KaplanMeierResult, kaplan_meier, number_at_risk
from .survival_comparison import SurvivalComparisonResult, survival_comparison
from .ttest import TTestResult, ttest
from .twoway import (
    Effect,
    TwoWayAnovaResult,
    TwoWayComparisonsResult,
    two_way_anova,
    two_way_comparisons,
)

__all__ = [
    "STATUSES",
    "BoxStats",
    "CenterError",
    "ColumnStatisticsResult",
    "Comparison",
    "ContingencyResult",
    "CorrelationMatrix",
    "CorrelationResult",
    "Density",
    "EC50ComparisonResult",
    "Effect",
    "FourPLResult",
    "FrequencyResult",
    "Geometric",
    "KaplanMeierResult",
    "LinearRegressionResult",
    "MedianCI",
    "MultipleComparisonsResult",
    "NormalityResult",
    "OneSampleResult",
    "OneWayAnovaResult",
    "RankTestResult",
    "Status",
    "Summary",
    "SurvivalComparisonResult",
    "TTestResult",
    "TwoWayAnovaResult",
    "TwoWayComparisonsResult",
    "bandwidth",
    "box_stats",
    "center_and_error",
    "column_statistics",
    "compare_ec50",
    "contingency_test",
    "correlation",
    "correlation_matrix",
    "four_parameter_logistic",
    "fourpl_curve",
    "frequency_distribution",
    "geometric",
    "kaplan_meier",
    "kernel_density",
    "linear_regression",
    "median_ci",
    "multiple_comparisons",
    "multiple_comparisons_from_summary",
    "normality_test",
    "number_at_risk",
    "one_sample_test",
    "one_way_anova",
    "one_way_anova_from_summary",
    "p_adjust",
    "percentile",
    "percentiles",
    "rank_test",
    "summarize",
    "survival_comparison",
    "ttest",
    "two_way_anova",
    "two_way_comparisons",
]
