"""The five analysis methods (contract 2.9), as the contract's code reads them.

Each method's one home is its spec in :mod:`plotdoc.analyses.methods`; this module gives the
contract's names for them (the choices of each parameter are read from the specs).
"""

from __future__ import annotations

from ..analyses.methods import METHOD_IDS as METHOD_IDS
from ..analyses.methods import METHODS as METHODS
from ..analyses.methods.spec import MethodSpec as Method

__all__ = [
    "CONFIDENCE_LEVELS",
    "CORRELATION_METHODS",
    "FOURPL_MODELS",
    "FREQUENCY_OUTPUTS",
    "METHODS",
    "METHOD_IDS",
    "TTEST_DESIGNS",
    "TTEST_VARIANCES",
    "Method",
]

TTEST_DESIGNS = METHODS["ttest"].param("design").choices
TTEST_VARIANCES = METHODS["ttest"].param("variance").choices
CONFIDENCE_LEVELS = METHODS["linearRegression"].param("confidenceLevel").choices
FOURPL_MODELS = METHODS["nonlinearRegression"].param("model").choices
FREQUENCY_OUTPUTS = METHODS["frequencyDistribution"].param("output").choices
CORRELATION_METHODS = METHODS["correlationMatrix"].param("method").choices
