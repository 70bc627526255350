"""Typed element styles: one TypedDict per ElementOverrideSet key of the contract.

``DrawContext.style("bar", i)`` returns a :class:`BarStyle`, so mypy checks every look-up
(``st["fill"]``) against the contract's fields: a misspelt key is a type error. The fields are
those of :data:`plotdoc.contract.document.ELEMENTS`, field for field (a test compares them);
the values are resolved ones: colours are RGBA tuples, numbers floats, ``automatic`` stays a
string where the contract allows it.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol, TypedDict, overload

from .theme import RGBA


class ValueSlotStyle(TypedDict):
    """One slot of ``valueAnnotation`` (above the bar, within its top, within its bottom)."""

    show: str
    direction: str
    format: str
    decimals: float | str
    thousands: str
    fontFamily: str
    fontSize: float
    color: RGBA


class BarStyle(TypedDict):
    fill: RGBA
    borderColor: RGBA
    borderWidth: float
    fillPattern: str
    patternColor: RGBA
    showMeanAsPlus: bool
    meanSymbolShape: str
    whiskerCapStyle: str


class ViolinStyle(TypedDict):
    fill: RGBA
    borderColor: RGBA
    borderWidth: float
    fillPattern: str
    patternColor: RGBA
    smoothing: str


class SymbolStyle(TypedDict):
    color: RGBA
    shape: str
    size: float
    borderColor: RGBA
    borderThickness: float
    symbolVisibility: str


class ErrorBarStyle(TypedDict):
    color: RGBA
    capStyle: str
    direction: str
    thickness: float


class SummaryLineStyle(TypedDict):
    color: RGBA
    thickness: float
    dashStyle: str


class LineStyle(TypedDict):
    color: RGBA
    thickness: float
    dashStyle: str
    drawOrder: str
    connect: str
    startAtOrigin: bool
    leaveGapAtSymbols: bool
    gapAtAxisBreaks: bool


class QuartileStyle(TypedDict):
    color: RGBA
    thickness: float
    dashStyle: str


class MedianStyle(TypedDict):
    color: RGBA
    thickness: float
    dashStyle: str
    drawOrder: str


class BarsSpikesDroplinesStyle(TypedDict):
    color: RGBA
    widthRatio: float
    borderColor: RGBA
    borderThickness: float
    fillPattern: str
    patternColor: RGBA
    beginAtY: float | None


class AreaFillStyle(TypedDict):
    fillColor: RGBA
    position: str
    fillPattern: str
    patternColor: RGBA


class ValueAnnotationStyle(TypedDict):
    aboveBarAndErrorBar: ValueSlotStyle
    withinBarTop: ValueSlotStyle
    withinBarBottom: ValueSlotStyle


class HeatCellStyle(TypedDict):
    borderColor: RGBA
    borderWidth: float
    missingMark: str


class ColorScaleBarStyle(TypedDict):
    widthPt: float
    lengthRatio: float
    tickCount: float
    fontSize: float
    color: RGBA


class CellValueLabelStyle(TypedDict):
    fontSize: float
    color: RGBA
    decimals: float | str
    autoContrast: bool


class CurveStyle(TypedDict):
    color: RGBA
    thickness: float
    dashStyle: str


class ConfidenceBandStyle(TypedDict):
    display: str
    color: RGBA
    fillOpacity: float
    thickness: float
    dashStyle: str


class PointLabelStyle(TypedDict):
    fontSize: float
    color: RGBA
    placement: str
    offset: float


class ReferenceLineStyle(TypedDict):
    color: RGBA
    thickness: float
    dashStyle: str


#: element key -> its TypedDict
STYLE_TYPES: dict[str, type] = {
    "bar": BarStyle,
    "violin": ViolinStyle,
    "symbol": SymbolStyle,
    "errorBar": ErrorBarStyle,
    "summaryLine": SummaryLineStyle,
    "line": LineStyle,
    "quartile": QuartileStyle,
    "median": MedianStyle,
    "barsSpikesDroplines": BarsSpikesDroplinesStyle,
    "areaFill": AreaFillStyle,
    "valueAnnotation": ValueAnnotationStyle,
    "heatCell": HeatCellStyle,
    "colorScaleBar": ColorScaleBarStyle,
    "cellValueLabel": CellValueLabelStyle,
    "curve": CurveStyle,
    "confidenceBand": ConfidenceBandStyle,
    "pointLabel": PointLabelStyle,
    "referenceLine": ReferenceLineStyle,
}


class StyleLookup(Protocol):
    """``DrawContext.style``: the merged style of an element, typed by the element's key."""

    @overload
    def __call__(
        self,
        element: Literal["bar"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> BarStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["violin"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> ViolinStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["symbol"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> SymbolStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["errorBar"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> ErrorBarStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["summaryLine"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> SummaryLineStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["line"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> LineStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["quartile"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> QuartileStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["median"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> MedianStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["barsSpikesDroplines"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> BarsSpikesDroplinesStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["areaFill"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> AreaFillStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["valueAnnotation"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> ValueAnnotationStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["heatCell"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> HeatCellStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["colorScaleBar"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> ColorScaleBarStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["cellValueLabel"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> CellValueLabelStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["curve"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> CurveStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["confidenceBand"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> ConfidenceBandStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["pointLabel"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> PointLabelStyle: ...

    @overload
    def __call__(
        self,
        element: Literal["referenceLine"],
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> ReferenceLineStyle: ...

    @overload
    def __call__(
        self,
        element: str,
        ds_index: int | None = None,
        point: int | None = None,
        key: str | None = None,
    ) -> Any: ...
