"""The record of one graph variant, and the kinds of fact it holds.

A variant's record is the one home of everything plotdoc knows about it: its family, the marks
it draws, how it places the data, the options and modes it offers, the picker group the
editor lists it in, what it needs of the table and the sample the gallery draws. The renderer,
the editor, the samples and the docs read these fields; none of them looks at the words of a
variant id.
"""

from __future__ import annotations

import copy
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from .. import plots as P

#: each variant's default options as JSON, written when first asked for
_DEFAULT_OPTIONS: dict[str, bytes] = {}


class Mark(enum.Enum):
    """What a variant draws; the family drawers dispatch on these."""

    #: a symbol at each center (the summary of a cell or a row)
    SYMBOL = "symbol"
    #: every value (each replicate) as its own symbol
    EVERY_VALUE = "everyValue"
    #: a line joining the centers
    LINE = "line"
    #: one line per subject (a replicate sub-column or a row) joining its values
    SUBJECT_LINES = "subjectLines"
    #: an error bar at each center
    ERROR_BAR = "errorBar"
    #: the error as a shaded band around the line
    ERROR_BAND = "errorBand"
    #: a vertical spike from the baseline to each point
    SPIKE = "spike"
    #: the area between the line and the baseline, filled
    AREA = "area"
    #: a bar from the baseline to the center (or the count)
    BAR = "bar"
    #: a line across the slot at the mean or median (with the mode's error bar)
    SUMMARY_LINE = "summaryLine"
    #: a floating bar from the lowest to the highest value
    FLOATING_BAR = "floatingBar"
    #: box and whiskers
    BOX = "box"
    #: a kernel density violin
    VIOLIN = "violin"
    #: a cell of a grid coloured by its value
    HEAT_CELL = "heatCell"
    #: a survival curve drawn as a staircase
    STAIRCASE = "staircase"
    #: a tick at each censored time
    CENSOR_TICK = "censorTick"
    #: pie slices
    WEDGE = "wedge"
    #: pie slices around a hole (a donut)
    RING = "ring"
    #: one bar divided into the parts
    SEGMENT = "segment"
    #: a circle whose area is a value
    BUBBLE = "bubble"
    #: a reference or cut-off line at a value the options give
    REFERENCE_LINE = "referenceLine"


class Arrangement(enum.Enum):
    """How a variant places the data on the plot (the values are the layout names of
    :mod:`plotdoc.render.positions`)."""

    #: X and Y both continuous
    XY = "xy"
    #: one slot per data set
    SINGLE = "single"
    #: for each row, the data sets side by side
    INTERLEAVED = "interleaved"
    #: each data set's rows together, data sets apart (nested: its subgroups side by side)
    SEPARATED = "separated"
    #: the data sets piled on one another
    STACKED = "stacked"
    #: the data sets of a row at one X
    SUPERIMPOSED = "superimposed"
    #: a grid of rows by data sets that draws its own labels
    GRID = "grid"
    #: the parts of one whole
    WHOLE = "whole"


class Swatch(enum.Enum):
    """The legend swatch that stands for a data set (drawn by
    :mod:`plotdoc.render.marks.swatches`)."""

    SYMBOL = "symbol"
    SYMBOL_ERROR = "symbol-error"
    SYMBOL_LINE = "symbol-line"
    BAR = "bar"
    BAR_ERROR = "bar-error"
    VIOLIN = "violin"
    SCATTER_BAR = "scatter-bar"


class PickerGroup(enum.Enum):
    """The editor picker's groups, in the order it shows them; the value is the title."""

    SYMBOLS_ERROR = "Symbols and error bars"
    EVERY_VALUE = "Every value"
    LINES = "Lines and areas"
    BARS = "Bars"
    DISTRIBUTIONS = "Distributions"
    REPEATED = "Repeated measures"
    HEAT_MAP = "Heat map"
    SURVIVAL = "Survival curves"
    PARTS = "Pies and parts"


class SampleData(enum.Enum):
    """The sample table a variant's gallery document is built from
    (:mod:`plotdoc.publish.samples` has one builder for each)."""

    XY = "xy"
    COLUMN = "column"
    #: column data with one far outlier (for the Tukey rule)
    COLUMN_OUTLIER = "columnOutlier"
    #: two paired columns (before and after)
    COLUMN_PAIRED = "columnPaired"
    NESTED = "nested"
    SURVIVAL = "survival"
    GROUPED = "grouped"
    #: grouped data whose replicate sub-columns are subjects measured in every row
    GROUPED_SUBJECTS = "groupedSubjects"
    HEAT_MAP = "heatMap"
    CONTINGENCY = "contingency"
    PARTS = "parts"
    MV_BUBBLE = "mvBubble"
    MV_SCATTER = "mvScatter"
    MV_VOLCANO = "mvVolcano"
    MV_FOREST = "mvForest"


@dataclass(frozen=True, slots=True)
class Sample:
    """The gallery's sample document of a variant."""

    data: SampleData
    #: replicates of the sample table, where its builder takes a count (None: the builder's)
    replicates: int | None = None
    #: how many data sets it has, where its builder takes a count (None: the builder's)
    data_sets: int | None = None
    #: plot options the sample sets
    options: Mapping[str, Any] = field(default_factory=dict)
    #: analysis methods the sample runs on its table
    analyses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Variant:
    """One graph variant (`graph.variantId`)."""

    id: str
    family: str
    #: the name the editor shows
    label: str
    description: str
    #: what it draws
    marks: tuple[Mark, ...]
    #: how it places the data
    arrangement: Arrangement
    #: the editor picker's group
    group: PickerGroup
    #: the plot options it offers (keys of its family's `plot.options`)
    options: tuple[str, ...]
    sample: Sample
    #: fewest replicates the variant can draw (1, or 2 when it needs replicates)
    min_replicates: int = 1
    #: values of `plot.options.mode` the variant offers; empty when it has no mode
    modes: tuple[str, ...] = ()
    #: the variant's own option defaults, merged over the family's
    own_defaults: Mapping[str, Any] = field(default_factory=dict)
    #: the legend swatch of each data set (None: the marks make their own entries)
    legend: Swatch | None = None
    #: semantic keys of `perPoint` style overrides it understands (a volcano's groups)
    semantic_keys: tuple[str, ...] = ()

    @property
    def default_mode(self) -> str | None:
        mode = self.default_options.get("mode")
        return mode if isinstance(mode, str) else None

    @property
    def default_options(self) -> dict[str, Any]:
        """The variant's options with every default: a fresh object each time (read back
        from their JSON, written once per variant: a table's options cost one C call)."""
        blob = _DEFAULT_OPTIONS.get(self.id)
        if blob is None:
            merged = merge(P.FAMILY_OPTION_DEFAULTS[self.family], dict(self.own_defaults))
            blob = _DEFAULT_OPTIONS.setdefault(self.id, orjson.dumps(merged))
        result: dict[str, Any] = orjson.loads(blob)
        return result

    def available_for(self, replicates: int) -> bool:
        return replicates >= self.min_replicates

    def draws(self, mark: Mark) -> bool:
        return mark in self.marks

    def offers(self, option: str) -> bool:
        """Whether the plot option ``option`` changes what this variant draws."""
        return option in self.options

    def offers_switch(self, name: str, options: Mapping[str, Any] | None = None) -> bool:
        """Whether the per-data-set switch ``name`` of ``elementActivation`` changes what
        this variant draws (with the plot ``options`` it has); see :mod:`.offers`."""
        from .offers import offers_switch

        return offers_switch(self, name, options)

    def offers_graph_switch(self, name: str) -> bool:
        """Whether the graph switch ``name`` of ``elementActivation.graph`` applies."""
        from .offers import offers_graph_switch

        return offers_graph_switch(self, name)

    def offers_setting(self, key: str) -> bool:
        """Whether ``graphSettingsOverride.<key>`` (or ``partsOfWholeBorders.<key>``)
        changes what this variant draws."""
        from .offers import offers_setting

        return offers_setting(self, key)


def merge(base: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
    """Deep-merge ``patch`` over ``base`` (objects merge key by key; anything else replaces).

    The result shares no object or list with ``base`` or ``patch``: a table's options built
    from the registry's defaults can be edited without changing the registry or any other
    table built from it.
    """
    return merged_into(copy.deepcopy(dict(base)), patch)


def merged_into(out: dict[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`merge` over ``out`` itself, which must be the caller's own (a fresh copy such as
    :attr:`Variant.default_options`); ``patch`` is copied, never shared."""
    for key, value in patch.items():
        old = out.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            out[key] = merged_into(old, value)
        else:
            out[key] = copy.deepcopy(value)
    return out
