"""What an analysis method declares: the record every module of this package fills.

A method's :class:`MethodSpec` is its one home: the table families it runs on, its parameters
(type, choices, default, label), what it costs, how it computes (calling :mod:`plotdoc.stats`),
the fields of its result and how each is shown, and the results table it fills, if any. The
schema, the reader's defaults, the editor's parameter controls and result rows, `plotdoc
analyze` (text and ``--json``), the notebook and the prompt all read these records.

This module and the method modules import only the contract's vocabulary at load time: the
statistics and the model are imported by the functions that need them, so the schema can be
built from the specs without loading numpy's statistics.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...contract import limits as L
from ...contract.nodes import Arr, Bool, Const, Enum, Node, Num, OneOf, Str, nullable
from ...pvalues import DEFAULT_STYLE, STYLES

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from ...model import DataSet, Table
    from ...stats._results import FloatArray


class Kind(enum.Enum):
    """The type of a parameter (`analyses[].params`), and so its editor control."""

    #: one of ``choices`` (strings: an enumeration; numbers: a list of constants)
    CHOICE = "choice"
    #: a number, or null when ``nullable``
    NUMBER = "number"
    #: true or false
    BOOL = "bool"
    #: the name of one of the table's data sets, or null: then the method takes the data sets
    #: that hold a value in order (the first for its first such parameter, and so on)
    DATA_SET = "dataSet"
    #: a list of pairs of data sets (each a list of two data set names, ids in the file)
    DATA_SET_PAIRS = "dataSetPairs"


#: at most this many pairs in a parameter of kind ``DATA_SET_PAIRS``
MAX_PAIRS = 1000


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a method."""

    name: str
    #: its name as a user reads it (the editor's control label)
    label: str
    kind: Kind
    default: Any
    choices: tuple[Any, ...] = ()
    nullable: bool = False
    #: numbers only: the value must be above this (exclusive)
    above: float | None = None
    #: how a choice reads where the editor's generic wording would get it wrong
    #: (``logX`` -> "X is log10 of the dose", ``95`` -> "95%")
    choice_labels: tuple[tuple[Any, str], ...] = ()
    #: the schema version that added the parameter: writing an older version leaves it out
    #: when it holds its default and refuses the save otherwise (:mod:`plotdoc.downwrite`)
    since: int = 1

    def choice_label(self, value: Any) -> str | None:
        """The label this spec gives ``value``, or None (then the generic wording applies)."""
        return next((label for v, label in self.choice_labels if v == value), None)

    def node(self) -> Node:
        """The schema node of the parameter (its default is filled by the reader, not shown)."""
        node: Node
        if self.kind is Kind.CHOICE:
            if all(isinstance(c, str) for c in self.choices):
                node = Enum(values=self.choices)
            else:
                node = OneOf(options=tuple(Const(value=c) for c in self.choices))
        elif self.kind is Kind.NUMBER:
            node = Num() if self.above is None else Num(exclusive_minimum=self.above)
        elif self.kind is Kind.BOOL:
            node = Bool()
        elif self.kind is Kind.DATA_SET_PAIRS:
            node = pairs_node(Str(max_len=L.NAME_MAX))
        else:
            node = Str(max_len=L.NAME_MAX)
        return nullable(node) if self.nullable else node


def pairs_node(reference: Node) -> Arr:
    """The schema of a list of pairs, each two data set references (``reference``)."""
    return Arr(
        items=Arr(items=reference, min_items=2, max_items=2),
        max_items=MAX_PAIRS,
        doc="Pairs of data sets, each a list of two.",
    )


class Show(enum.Enum):
    """How a result field is shown in every output."""

    #: a number to four significant places or so (``0.1234``, ``1.234e-05``)
    NUMBER = "number"
    #: a whole number
    INTEGER = "integer"
    #: a P value with :func:`plotdoc.pvalues.format_p`, and its summary (``ns``, ``*``...)
    P_VALUE = "p"
    #: two fields (lower, upper) shown as ``lower to upper``
    INTERVAL = "interval"
    #: a list of numbers
    NUMBERS = "numbers"
    #: a word the result holds as it is (which test ran, which method gave an interval)
    TEXT = "text"


@dataclass(frozen=True, slots=True)
class ResultField:
    """One field of a method's result and how it is shown."""

    #: what a reader sees (``{level}`` stands for the confidence level, such as ``95%``)
    label: str
    #: the attribute of the result; an interval names its lower and upper attributes
    key: str | tuple[str, str]
    show: Show = Show.NUMBER

    @property
    def keys(self) -> tuple[str, ...]:
        return self.key if isinstance(self.key, tuple) else (self.key,)


@dataclass(frozen=True, slots=True)
class Computed:
    """What a method's computation gives: a status and message, and its result(s)."""

    status: str
    message: str
    #: the result of a method with one result
    result: Any = None
    #: data set name -> result, for a method with one result per data set
    per_data_set: dict[str, Any] = field(default_factory=dict)
    #: the data sets compared (a t test's two groups), when the method reads named ones
    data_sets: tuple[str, ...] = ()
    #: a result over all the data sets of a per-data-set run (nonlinearRegression's EC50
    #: comparison), shown after the data sets' entries; None when the run has none
    overall: Any = None


#: The name the entry of a run's ``overall`` result is shown under.
OVERALL = "All data sets"


@dataclass(frozen=True, slots=True)
class Comparison:
    """One pair of data sets a method compared: a row of its table of comparisons, and what
    a bracket that follows the analysis (`annotations[].props.analysisId`) shows over the pair.

    ``a`` and ``b`` are data set names (the model's references; the file holds ids). ``p`` is
    the P value a reader quotes for the pair (adjusted for multiple comparisons where the
    method corrects), or None when the pair has no result; then ``status`` and ``message`` say
    why.
    """

    a: str
    b: str
    p: float | None
    #: mean of a minus mean of b (or the method's own difference), and its confidence interval
    difference: float | None = None
    ci_lower: float | None = None
    ci_upper: float | None = None
    status: str = "ok"
    message: str = "ok"
    #: a grouped table's rows (row labels) of the two cells compared, when a comparison is of
    #: cells (a two-way ANOVA's): within a row both name that row; within a data set ``a`` and
    #: ``b`` both name that data set and the rows differ
    row_a: str | None = None
    row_b: str | None = None

    @property
    def label(self) -> str:
        """The pair as a reader reads it: ``A vs B``, ``Row 1: A vs B`` (within a row),
        ``A: Row 1 vs Row 2`` (within a data set), ``Row 1 / A vs Row 2 / B``."""
        if self.row_a is None or self.row_b is None:
            return f"{self.a} vs {self.b}"
        if self.row_a == self.row_b:
            return f"{self.row_a}: {self.a} vs {self.b}"
        if self.a == self.b:
            return f"{self.a}: {self.row_a} vs {self.row_b}"
        return f"{self.row_a} / {self.a} vs {self.row_b} / {self.b}"


#: `pValueStyle` (v2-design section 3): how every output of the analysis prints its P values
#: and their summaries (:mod:`plotdoc.pvalues`). Every method takes it, last: one definition
#: here, appended by :class:`MethodSpec`, never declared by a method's module.
P_VALUE_STYLE = Param(
    "pValueStyle",
    "P value style",
    Kind.CHOICE,
    DEFAULT_STYLE,
    STYLES,
    choice_labels=(
        ("graphpad", "GraphPad (0.0123, < 0.0001, ****)"),
        ("apa", "APA (.012, < .001)"),
        ("nejm", "NEJM (0.012, < 0.001)"),
        ("exact", "Exact (4 significant digits)"),
    ),
    since=2,
)
#: the parameters every method takes, after its own
SHARED_PARAMS: tuple[Param, ...] = (P_VALUE_STYLE,)


def _no_comparisons(computed: Computed) -> list[Comparison]:
    return []


#: Row labels and (name, values) columns of a results table.
TableColumns = tuple[list[str], list[tuple[str, "NDArray[np.float64]"]]]


def _no_table(result: Any) -> TableColumns:
    raise ValueError("this method produces no results table")


def _one(result: Any) -> dict[str, Any]:
    return {"": result}


@dataclass(frozen=True, slots=True)
class FitCurve:
    """The curve an analysis draws over its table's XY graph."""

    #: the graph's element switch that shows or hides it (``elementActivation``)
    switch: str
    #: what the renderer draws: ``regression`` (a straight line with its confidence band) or
    #: ``fit`` (the model's curve)
    kind: str
    #: the confidence level of its band, in percent
    confidence: float
    #: the model of a ``fit`` (``logX``...), None for a regression
    model: str | None = None


#: One number of a result as a row of a results table: (what it is about: a data set or
#: "A vs B", the statistic's name, its value).
StatisticRow = tuple[str, str, float]


#: What a method says about an analysis of a document before anything runs: (parameter
#: named, problem code, message). Read by the reader's semantic stage, so pure Python.
Notice = tuple[str, str, str]


def _no_notices(
    table: Mapping[str, Any], params: Mapping[str, Any], memo: dict[str, Any]
) -> list[Notice]:
    return []


def _no_cost(table: Table, params: Mapping[str, Any]) -> str | None:
    return None


def _no_shape(
    table: Table, params: Mapping[str, Any], pooled: dict[str, FloatArray]
) -> tuple[int, int] | None:
    return None


@dataclass(frozen=True, slots=True)
class MethodSpec:
    """One analysis method (`analyses[].method`, contract 2.9)."""

    id: str
    families: tuple[str, ...]
    description: str
    params: tuple[Param, ...]
    #: the computation: (table, params filled with their defaults) -> result
    compute: Callable[[Table, Mapping[str, Any]], Computed]
    #: the fields shown for each entry of a result, in order
    fields: tuple[ResultField, ...]
    #: True when the run holds one result per data set (``per_data_set``)
    per_data_set: bool = False
    #: the entries of a single result that are shown one line each: name -> an object with
    #: the ``fields`` as attributes (a frequency distribution's data sets, a matrix's pairs)
    entries: Callable[[Any], dict[str, Any]] = _one
    #: family of the results table the method fills (`derivedFrom`), or None
    results_family: str | None = None
    #: the results table of a result: row labels and columns
    table: Callable[[Any], TableColumns] = _no_table
    #: the numbers of a result as rows of a table of statistics (``run.to_pandas()``, CSV),
    #: when its fields do not hold them one by one (a matrix, bins); None: its scalar fields,
    #: per entry (see :mod:`plotdoc.analyses.tables`)
    statistics: Callable[[Any], list[StatisticRow]] | None = None
    #: the graph a results table it fills gets (a graph object of the document; a copy is
    #: given to each table)
    results_graph: Mapping[str, Any] | None = None
    #: axis titles (``x``, ``y``) of a graph of the results table it fills, from the
    #: analysis's params; None: the graph's own
    results_titles: Callable[[Mapping[str, Any]], dict[str, str]] | None = None
    #: the curve it draws over its table's XY graph, from its params; None: none
    fit_curve: Callable[[Mapping[str, Any]], FitCurve] | None = None
    #: refuses work that cannot fit the budget (raises), or says why the result is too large
    cost: Callable[[Table, Mapping[str, Any]], str | None] = _no_cost
    #: (rows, columns) of the matrix its result holds, for the limits on all results together
    result_shape: Callable[
        [Table, Mapping[str, Any], dict[str, FloatArray]], tuple[int, int] | None
    ] = _no_shape
    #: the pairs of data sets a run compared (empty for a method that compares none): the
    #: table of comparisons every output shows and the brackets that follow the analysis read
    comparisons: Callable[[Computed], list[Comparison]] = _no_comparisons
    #: whether it computes from a table of summary data (`entry` mean, SD or SEM, and N);
    #: a method that does not gives the status :data:`NEEDS_RAW_VALUES` on such a table
    from_summary: bool = False
    #: the schema version that added the method: an older version cannot hold it
    since: int = 1
    #: warnings about an analysis as the file has it: (the table as read, its params with
    #: their defaults, a dict the method may keep facts about the table in for the table's
    #: next analysis) -> notices; pure Python (``plotdoc validate`` loads no numpy)
    notices: Callable[[Mapping[str, Any], Mapping[str, Any], dict[str, Any]], list[Notice]] = (
        _no_notices
    )
    #: the fields of one entry when they depend on the result (which test ran), else None:
    #: then ``fields`` serves every result
    fields_for: Callable[[Any], tuple[ResultField, ...]] | None = None

    @property
    def has_notices(self) -> bool:
        """Whether the method warns about analyses as a file has them (see ``notices``)."""
        return self.notices is not _no_notices

    #: the parameters naming the only data sets a run can compare (a t test's ``groupA`` and
    #: ``groupB``): when every one is set, a bracket that follows the analysis joins two of
    #: them (the reader checks it). Empty: the run decides which pairs it compares.
    compared_params: tuple[str, ...] = ()
    #: worked out once from ``params`` (read for each of a project's analyses on every open
    #: and save): the defaults, and the parameters naming data sets and pairs of them
    _default_map: Mapping[str, Any] = field(init=False, repr=False, compare=False)
    _set_params: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _pair_params: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the shared parameters (`pValueStyle`) close every method's list, declared once
        own = tuple(p for p in self.params if p not in SHARED_PARAMS)
        clash = {p.name for p in own} & {p.name for p in SHARED_PARAMS}
        if clash:
            raise ValueError(f"{self.id}: {sorted(clash)} is a parameter every method shares")
        params = (*own, *SHARED_PARAMS)
        object.__setattr__(self, "params", params)
        defaults = MappingProxyType({p.name: p.default for p in params})
        object.__setattr__(self, "_default_map", defaults)
        sets = tuple(p.name for p in params if p.kind is Kind.DATA_SET)
        object.__setattr__(self, "_set_params", sets)
        pairs = tuple(p.name for p in params if p.kind is Kind.DATA_SET_PAIRS)
        object.__setattr__(self, "_pair_params", pairs)

    @property
    def own_params(self) -> tuple[Param, ...]:
        """The method's own parameters, without those every method shares."""
        return tuple(p for p in self.params if p not in SHARED_PARAMS)

    @property
    def defaults(self) -> dict[str, Any]:
        """Each parameter's default, in the order of the contract."""
        return dict(self._default_map)

    @property
    def default_map(self) -> Mapping[str, Any]:
        """Each parameter's default, read-only and shared: for reading, as a fresh
        :attr:`defaults` is for changing."""
        return self._default_map

    def fields_of(self, result: Any) -> tuple[ResultField, ...]:
        """The fields every output shows for one entry ``result`` of this method."""
        return self.fields if self.fields_for is None else self.fields_for(result)

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)

    @property
    def compares_pairs(self) -> bool:
        """Whether a run compares pairs of data sets (so a bracket can follow the analysis)."""
        return self.comparisons is not _no_comparisons

    @property
    def data_set_params(self) -> tuple[str, ...]:
        """The parameters naming a data set (a t test's groups), in order."""
        return self._set_params

    @property
    def data_set_pair_params(self) -> tuple[str, ...]:
        """The parameters listing pairs of data sets (a one-way ANOVA's selected pairs)."""
        return self._pair_params

    @property
    def names_data_sets(self) -> bool:
        """Whether a parameter names data sets (alone or in pairs): its analyses refer to
        them, by name in the model and by id in a version 2 file."""
        return bool(self._set_params or self._pair_params)

    def param_nodes(self) -> dict[str, Node]:
        """The schema of `params`, one node per parameter."""
        return {p.name: p.node() for p in self.params}


# -- helpers the methods share ---------------------------------------------------------------


#: The status of a method run on a table of summary data when it needs raw values.
NEEDS_RAW_VALUES = "needs-raw-values"


def summary_row(data_set: DataSet | None) -> tuple[list[float], int]:
    """The ``[mean, sd-or-sem, n]`` a method of a table of summary data reads from
    ``data_set``: its one row holding a mean (all NaN when it has none, or no data set), and
    0; or, when it has more than one such row, an empty list and how many it has (a method
    comparing data sets reads one summary each, and says so rather than pick one)."""
    import numpy as np

    from ...contract.entries import MEAN, SUMMARY_REPLICATES

    missing = [float("nan")] * SUMMARY_REPLICATES
    if data_set is None or data_set.values.ndim != 2:
        return missing, 0
    values = data_set.values
    filled = [r for r in range(values.shape[0]) if np.isfinite(values[r, MEAN])]
    if len(filled) > 1:
        return [], len(filled)
    if not filled:
        return missing, 0
    row = [float(v) for v in values[filled[0], :SUMMARY_REPLICATES]]
    return row + missing[len(row) :], 0


def summary_rows(
    data_sets: Sequence[DataSet | None], entry: str, method: str, compared: tuple[str, ...] = ()
) -> list[list[float]] | Computed:
    """Each data set's one ``[mean, sd-or-sem, n]`` row (:func:`summary_row`), or, when one
    holds more than one such row, the status :data:`NEEDS_RAW_VALUES` naming it (``method``
    names the method in the message: ``the t test``; ``compared``: the run's data sets)."""
    from ...contract.entries import spread_name

    rows: list[list[float]] = []
    for ds in data_sets:
        row, many = summary_row(ds)
        if many and ds is not None:  # a missing data set has no rows
            return Computed(
                NEEDS_RAW_VALUES,
                f"{method} compares one mean, {spread_name(entry)} and N per data set; "
                f"{ds.name!r} has {many} rows of them",
                data_sets=compared,
            )
        rows.append(row)
    return rows


def number_or_none(value: float) -> float | None:
    """A result's number, or None where it is NaN (not computed): a comparison's P or CI."""
    return None if value != value else float(value)


def populated(data_sets: Sequence[DataSet]) -> list[DataSet]:
    """The data sets holding a value: a t test without groups compares the first two."""
    import numpy as np

    return [ds for ds in data_sets if np.isfinite(ds.values).any()]


def first_bad(results: Mapping[str, Any]) -> tuple[str, str]:
    """The status and message of a per-data-set run: the first non-ok one leads, its message
    naming its data set (and how many others are not ok either)."""
    bad = [(name, r) for name, r in results.items() if r.status != "ok"]
    if not bad:
        return "ok", "ok"
    name, first = bad[0]
    more = f" ({len(bad) - 1} more data set(s) not ok)" if len(bad) > 1 else ""
    return first.status, f"{name}: {first.message}{more}"


def results_table_limit(rows: int, data_sets: int) -> str | None:
    """Why a results table of this size would break a limit of the contract, or None."""
    if rows > L.MAX_ROWS:
        return f"its results table would have {rows:,} rows; a table holds at most {L.MAX_ROWS:,}"
    if data_sets > L.MAX_DATA_SETS:
        return (
            f"its results table would have {data_sets:,} data sets; "
            f"a table holds at most {L.MAX_DATA_SETS:,}"
        )
    if rows * data_sets > L.MAX_TOTAL_CELLS:
        return (
            f"its results table would have {rows * data_sets:,} cells "
            f"({rows:,} rows x {data_sets:,} data sets); the limit is {L.MAX_TOTAL_CELLS:,}"
        )
    return None
