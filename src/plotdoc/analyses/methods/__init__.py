"""The analysis methods, one module each; :data:`METHODS` holds their specs in contract order.

Each module declares one :class:`~plotdoc.analyses.methods.spec.MethodSpec`; everything else
about a method (the schema of its parameters, the reader's defaults, the editor's controls and
result rows, the reports, the prompt) is read from it. Adding a method: docs/architecture.md.
"""

from __future__ import annotations

from . import (
    column_statistics,
    contingency,
    correlation_matrix,
    frequency_distribution,
    linear_regression,
    nonlinear_regression,
    normality,
    one_sample,
    one_way_anova,
    survival_comparison,
    ttest,
    two_way_anova,
)
from .spec import MethodSpec

METHODS: dict[str, MethodSpec] = {
    m.SPEC.id: m.SPEC
    for m in (
        ttest,
        linear_regression,
        nonlinear_regression,
        frequency_distribution,
        correlation_matrix,
        one_sample,
        normality,
        column_statistics,
        contingency,
        survival_comparison,
        one_way_anova,
        two_way_anova,
    )
}

METHOD_IDS: tuple[str, ...] = tuple(METHODS)
