"""Typed plot options: ``DrawContext.options`` (``graph.plot.options`` over the variant's
defaults) is a :class:`PlotOptions`, so mypy checks every look-up (``opts.get("flipXY")``)
against the contract's option names. The fields are the union of every family's options in
:data:`plotdoc.contract.document.PLOT`, field for field (a test compares them); each family
fills only its own, so every field may be absent.
"""

from __future__ import annotations

from typing import TypedDict


class HeatMapOptions(TypedDict, total=False):
    aggregation: str
    colormap: str
    reverse: bool
    domainMin: float | None
    domainMax: float | None


class RoleMapping(TypedDict, total=False):
    x: int
    y: int | None
    size: int | None
    color: int | None
    shape: int | None
    label: int | None
    lower: int | None
    upper: int | None


class VolcanoOptions(TypedDict, total=False):
    log2FcCutoff: float
    pCutoff: float
    yIsNegLog10: bool
    maxLabels: int


class ForestOptions(TypedDict, total=False):
    referenceValue: float


class PlotOptions(TypedDict, total=False):
    center: str
    error: str
    connectCenter: str
    seriesStackOrder: str
    mode: str
    flipXY: bool
    showTruncatedViolin: bool
    pointLayout: str
    seriesAlign: str
    heatMap: HeatMapOptions
    hideOuterFrame: bool
    outcome: str
    showAs: str
    plotSymbolsAt: str
    errorBars: str
    showNumberAtRisk: bool
    showCumulativeCensored: bool
    dataSetIndex: int
    orientation: str
    reverseOrder: bool
    donutHoleRatio: float
    graphicSizePt: float
    showTotal: bool
    totalPrefix: str | None
    totalSuffix: str
    totalFontSize: float
    kind: str
    mapping: RoleMapping
    maxBubbleSize: float
    volcano: VolcanoOptions
    forest: ForestOptions
