"""A stateful property test of the editing session: random edits, undo, redo, save, reopen.

Hypothesis draws sequences of every edit function (with arguments that are mostly sensible and
sometimes not), undo, redo and save, on the complete example. After every step:

* the project saves (the writer's own check passes) and the saved bytes open with no error;
* the saved bytes are canonical: `plotdoc fmt` leaves them as they are, and opening them and
  saving again gives the same bytes (so the reopened project is the session's, empty rows
  below the last one apart, which are not stored);
* a refused edit raised :class:`PlotdocError` (never another exception) and left the project
  byte-identical;

and at the end, undoing everything gives back the original bytes.

The run is bounded for CI (15 sequences of up to 25 steps, about 20-30 s of CPU time). For a longer run set
``PLOTDOC_STATEFUL_EXAMPLES`` (sequences) and ``PLOTDOC_STATEFUL_STEPS`` (steps per sequence),
for example ``PLOTDOC_STATEFUL_EXAMPLES=500 PLOTDOC_STATEFUL_STEPS=60``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from plotdoc import PlotdocError, loads, open_project
from plotdoc.cli import main
from plotdoc.contract import plots as P
from plotdoc.contract import styles as S
from plotdoc.contract.families import FAMILIES
from plotdoc.contract.methods import METHODS
from plotdoc.contract.variants import VARIANTS
from plotdoc.editing import (
    Edit,
    Session,
    add_analysis,
    add_annotation,
    add_data_set,
    add_table,
    clear_cells,
    delete_rows,
    delete_rows_at,
    delete_table,
    duplicate_table,
    insert_rows,
    move_annotation,
    move_table,
    paste_block,
    remove_analysis,
    remove_annotation,
    remove_data_set,
    rename_data_set,
    rename_table,
    set_analysis_params,
    set_axis,
    set_cell,
    set_cells,
    set_field,
    set_graph_field,
    set_legend,
    set_plot_option,
    set_preset,
    set_replicates,
    set_title,
    set_variant,
    set_visibility,
    settable_fields,
    unset_field,
)
from plotdoc.publish.examples import example_bytes
from plotdoc.writer import dumps

from .helpers import STAMP, formatted_form

EXAMPLES = int(os.environ.get("PLOTDOC_STATEFUL_EXAMPLES", "15"))
STEPS = int(os.environ.get("PLOTDOC_STATEFUL_STEPS", "25"))
ORIGINAL = example_bytes("complete")
#: How many edits were accepted and refused (a run that accepts none tests little).
STATS = {"accepted": 0, "refused": 0}

CELLS = st.one_of(
    st.floats(-1e6, 1e6, allow_nan=False),
    st.integers(-3, 3),
    st.sampled_from(["", "1", "0", "2.5", "1,5", "abc", "NaN", "1e400", "x" * 1001, " 7 "]),
    st.none(),
    st.text(max_size=4),
)
NAMES = st.one_of(
    st.sampled_from(["Control", "Treated", "", " ", "Group A", "x" * 201]), st.text(max_size=6)
)
#: Fields set_field is tried on, as patterns (``*`` is filled with a data set name or index).
FIELDS = [f for f in settable_fields("graph") if ".plot." not in f.path] + settable_fields("titles")
WORDS = st.sampled_from(
    ["auto", "theme", "none", "top", "solid", "dashed", "circle", "mean", "x", "automatic"]
)
VALUES = st.one_of(
    WORDS,
    st.booleans(),
    st.integers(-2, 12),
    st.floats(-100, 100, allow_nan=False),
    st.just({"hex": "#1B6CA8"}),
    st.just({"hex": "#12", "alpha": 2}),
    st.none(),
    st.sampled_from([float("nan"), float("inf"), 2**70]),  # what a file cannot hold
)


def _registries() -> bytes:
    """The defaults every new table, graph and analysis is built from."""
    return orjson.dumps(
        [
            P.FAMILY_OPTION_DEFAULTS,
            {v.id: [v.own_defaults, v.default_options] for v in VARIANTS.values()},
            {m.id: m.defaults for m in METHODS.values()},
        ],
        option=orjson.OPT_SORT_KEYS,
    )


REGISTRIES = _registries()


def _containers(value: Any) -> set[int]:
    """The identities of every object and array inside ``value``."""
    out: set[int] = set()
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            out.add(id(node))
            stack.extend(node.values())
        elif isinstance(node, list):
            out.add(id(node))
            stack.extend(node)
    return out


def _bytes(session: Session) -> bytes:
    return dumps(session.project, now=STAMP)


class EditingSession(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.session = Session()
        self.session.open_project(loads(ORIGINAL), "complete.plotdoc")
        self.original = _bytes(self.session)
        for family in sorted(FAMILIES):  # a new table of every family, as undoable edits
            self.session.apply(add_table, family)
        self.folder = tempfile.TemporaryDirectory()

    def teardown(self) -> None:
        while self.session.undo():
            pass
        assert _bytes(self.session) == self.original, "undoing everything changed the project"
        self.folder.cleanup()

    # -- helpers --------------------------------------------------------------------------

    def _table_id(self, data: st.DataObject) -> str:
        ids = [t.id for t in self.session.project.tables]
        if not ids or data.draw(st.integers(0, 20)) == 0:
            return "no-such-table"
        if data.draw(st.booleans()):
            return ids[-1]  # often the table made last (new tables meet the most edits)
        return data.draw(st.sampled_from(ids))

    def _index(self, data: st.DataObject, n: int) -> int:
        return data.draw(st.one_of(st.integers(0, max(n - 1, 0)), st.integers(-2, n + 2)))

    def _table(self, table_id: str) -> Any:
        try:
            return self.session.project.table(table_id)
        except KeyError:
            return None

    def _do(self, op: Callable[..., Edit], *args: Any, **kwargs: Any) -> None:
        before = _bytes(self.session)
        try:
            self.session.apply(op, *args, **kwargs)
        except PlotdocError as exc:
            refusal = exc
        else:
            STATS["accepted"] += 1
            return
        STATS["refused"] += 1
        assert refusal.problems, "a refusal names its problems"
        for problem in refusal.problems:
            assert problem.line is None and problem.column is None, problem
        assert _bytes(self.session) == before, f"refused {op.__name__} changed the project"

    def _must(self, op: Callable[..., Edit], *args: Any, **kwargs: Any) -> None:
        """An edit every project must accept (a refusal here is a bug, not bad input)."""
        try:
            self.session.apply(op, *args, **kwargs)
        except PlotdocError as exc:
            raise AssertionError(f"{op.__name__}{args} was refused: {exc}") from exc
        STATS["accepted"] += 1

    # -- edits that must be accepted --------------------------------------------------------

    @rule(family=st.sampled_from(sorted(FAMILIES)))
    def add_a_table(self, family: str) -> None:
        self._must(add_table, family)

    @precondition(lambda self: len(self.session.project.tables) > 1)
    @rule(data=st.data())
    def delete_a_table(self, data: st.DataObject) -> None:
        self._must(
            delete_table, data.draw(st.sampled_from([t.id for t in self.session.project.tables]))
        )

    @rule(data=st.data())
    def rename_things(self, data: st.DataObject) -> None:
        table = data.draw(st.sampled_from(self.session.project.tables))
        self._must(rename_table, table.id, f"Table {data.draw(st.integers(0, 99))}")
        if table.derived_from is None:
            taken = {ds.name for ds in table.data_sets}
            name = next(f"Renamed {n}" for n in range(999) if f"Renamed {n}" not in taken)
            self._must(
                rename_data_set, table.id, data.draw(st.integers(0, len(table.data_sets) - 1)), name
            )
            self._must(insert_rows, table.id, table.n_rows, 1)
        self._must(
            set_field, f"tables[{self.session.project.tables.index(table)}].titles.x.text", "X"
        )

    # -- the edits ------------------------------------------------------------------------

    @rule(
        family=st.sampled_from(sorted(FAMILIES)),
        replicates=st.one_of(st.none(), st.integers(-1, 4)),
        name=st.one_of(st.none(), NAMES),
    )
    def add_table(self, family: str, replicates: int | None, name: str | None) -> None:
        self._do(add_table, family, name, replicates=replicates)

    @rule(data=st.data(), name=NAMES)
    def rename_table(self, data: st.DataObject, name: str) -> None:
        self._do(rename_table, self._table_id(data), name)

    @rule(data=st.data())
    def duplicate_table(self, data: st.DataObject) -> None:
        self._do(duplicate_table, self._table_id(data))

    @precondition(lambda self: len(self.session.project.tables) > 3)
    @rule(data=st.data())
    def delete_table(self, data: st.DataObject) -> None:
        self._do(delete_table, self._table_id(data))

    @rule(data=st.data())
    def move_table(self, data: st.DataObject) -> None:
        n = len(self.session.project.tables)
        self._do(move_table, self._table_id(data), self._index(data, n))

    @rule(data=st.data(), name=st.one_of(st.none(), NAMES))
    def add_data_set(self, data: st.DataObject, name: str | None) -> None:
        self._do(add_data_set, self._table_id(data), name)

    @rule(data=st.data())
    def remove_data_set(self, data: st.DataObject) -> None:
        tid = self._table_id(data)
        table = self._table(tid)
        n = len(table.data_sets) if table is not None and table.derived_from is None else 2
        self._do(remove_data_set, tid, self._index(data, n))

    @rule(data=st.data(), name=NAMES)
    def rename_data_set(self, data: st.DataObject, name: str) -> None:
        tid = self._table_id(data)
        table = self._table(tid)
        n = len(table.data_sets) if table is not None and table.derived_from is None else 2
        self._do(rename_data_set, tid, self._index(data, n), name)

    def _rows(self, tid: str) -> int:
        table = self._table(tid)
        return table.n_rows if table is not None and table.derived_from is None else 3

    @rule(data=st.data(), count=st.integers(0, 3))
    def insert_rows(self, data: st.DataObject, count: int) -> None:
        tid = self._table_id(data)
        self._do(insert_rows, tid, self._index(data, self._rows(tid) + 1), count)

    @rule(data=st.data(), count=st.integers(0, 3))
    def delete_rows(self, data: st.DataObject, count: int) -> None:
        tid = self._table_id(data)
        self._do(delete_rows, tid, self._index(data, self._rows(tid)), count)

    @rule(data=st.data())
    def delete_rows_at(self, data: st.DataObject) -> None:
        tid = self._table_id(data)
        rows = data.draw(st.lists(st.integers(-1, self._rows(tid) + 1), max_size=4))
        self._do(delete_rows_at, tid, rows)

    @rule(data=st.data(), replicates=st.integers(-1, 4))
    def set_replicates(self, data: st.DataObject, replicates: int) -> None:
        self._do(set_replicates, self._table_id(data), replicates)

    def _columns(self, tid: str) -> int:
        table = self._table(tid)
        if table is None or table.derived_from is not None:
            return 3
        return 1 + len(table.data_sets) * table.replicates

    @rule(data=st.data(), value=CELLS)
    def set_cell(self, data: st.DataObject, value: Any) -> None:
        tid = self._table_id(data)
        row = self._index(data, self._rows(tid) + 2)
        self._do(set_cell, tid, row, self._index(data, self._columns(tid) + 1), value)

    @rule(data=st.data(), block=st.lists(st.lists(CELLS, min_size=1, max_size=3), max_size=3))
    def set_cells(self, data: st.DataObject, block: list[list[Any]]) -> None:
        tid = self._table_id(data)
        row = self._index(data, self._rows(tid) + 1)
        self._do(set_cells, tid, row, self._index(data, self._columns(tid) + 1), block)

    @rule(data=st.data(), height=st.integers(-1, 3), width=st.integers(0, 3))
    def clear_cells(self, data: st.DataObject, height: int, width: int) -> None:
        tid = self._table_id(data)
        row = self._index(data, self._rows(tid))
        self._do(clear_cells, tid, row, self._index(data, self._columns(tid)), height, width)

    @rule(data=st.data(), text=st.sampled_from(["1\t2\n3\t4", "a\tb", "5", "", "1,5\t2", "\n\n"]))
    def paste_block(self, data: st.DataObject, text: str) -> None:
        tid = self._table_id(data)
        row = self._index(data, self._rows(tid) + 1)
        self._do(paste_block, tid, row, self._index(data, self._columns(tid)), text)

    @rule(data=st.data(), variant=st.sampled_from(sorted(VARIANTS)))
    def set_variant(self, data: st.DataObject, variant: str) -> None:
        tid = self._table_id(data)
        table = self._table(tid)
        if table is not None and data.draw(st.booleans()):  # mostly one of its own family
            variant = data.draw(
                st.sampled_from([v.id for v in VARIANTS.values() if v.family == table.format])
            )
        self._do(set_variant, tid, variant)

    @rule(
        data=st.data(),
        path=st.sampled_from(
            [
                ("mode",),
                ("flipXY",),
                ("heatMap", "aggregation"),
                ("heatMap", "colormap"),
                ("volcano", "pCutoff"),
                ("forest", "referenceValue"),
                ("dataSetIndex",),
                ("showNumberAtRisk",),
                ("center",),
                ("kind",),
                ("mapping", "y"),
            ]
        ),
        value=st.one_of(VALUES, st.sampled_from(["median", "diverging", "meanWithSem", "tukey"])),
    )
    def set_plot_option(self, data: st.DataObject, path: tuple[str, ...], value: Any) -> None:
        tid = self._table_id(data)
        table = self._table(tid)
        if table is not None and table.graph is not None and data.draw(st.booleans()):
            # mostly an option the graph has, nested ones included
            options = table.graph.plot.options
            own = [(k,) for k in options] + [
                (k, sub) for k, v in options.items() if isinstance(v, dict) for sub in v
            ]
            path = data.draw(st.sampled_from(own))
        self._do(set_plot_option, tid, path, value)

    @rule(data=st.data(), value=st.one_of(VALUES, st.sampled_from(["median", "diverging"])))
    def set_nested_option(self, data: st.DataObject, value: Any) -> None:
        """An option inside an object of options (heatMap, volcano, forest) of any table."""
        nested = [
            (t.id, key, sub)
            for t in self.session.project.tables
            if t.graph is not None
            for key, v in t.graph.plot.options.items()
            if isinstance(v, dict) and key != "mapping"
            for sub in v
        ]
        if nested:
            tid, key, sub = data.draw(st.sampled_from(nested))
            self._do(set_plot_option, tid, (key, sub), value)

    @rule(
        data=st.data(),
        field=st.sampled_from(["axes", "legend", "style_overrides", "graph_settings", "nope"]),
        path=st.sampled_from(
            [("leftY", "show"), ("show",), ("global", "symbol", "size"), ("barWidthRatio",)]
        ),
        value=VALUES,
    )
    def set_graph_field(
        self, data: st.DataObject, field: str, path: tuple[str, ...], value: Any
    ) -> None:
        self._do(set_graph_field, self._table_id(data), field, path, value)

    @rule(data=st.data(), preset=st.sampled_from([*S.PRESET_IDS, "nope"]))
    def set_preset(self, data: st.DataObject, preset: str) -> None:
        self._do(set_preset, self._table_id(data), preset)

    @rule(
        data=st.data(),
        which=st.sampled_from(["graph", "x", "y", "z"]),
        text=st.one_of(st.none(), NAMES),
        show=st.one_of(st.none(), st.booleans()),
    )
    def set_title(
        self, data: st.DataObject, which: str, text: str | None, show: bool | None
    ) -> None:
        self._do(set_title, self._table_id(data), which, text, show)

    @rule(data=st.data(), visible=st.booleans())
    def set_visibility(self, data: st.DataObject, visible: bool) -> None:
        self._do(set_visibility, self._table_id(data), self._index(data, 3), visible)

    @rule(
        data=st.data(),
        axis=st.sampled_from(["xContinuous", "leftY", "rightY", "z"]),
        low=st.one_of(
            st.none(), st.just("auto"), st.floats(-10, 10, allow_nan=False), st.just("low")
        ),
        scale=st.one_of(st.none(), st.sampled_from(["linear", "log10", "log2", "ln"])),
    )
    def set_axis(self, data: st.DataObject, axis: str, low: Any, scale: str | None) -> None:
        self._do(set_axis, self._table_id(data), axis, minimum=low, scale=scale)

    @rule(
        data=st.data(),
        key=st.sampled_from(["show", "position", "title", "columns", "nope"]),
        value=VALUES,
    )
    def set_legend(self, data: st.DataObject, key: str, value: Any) -> None:
        self._do(set_legend, self._table_id(data), **{key: value})

    @rule(data=st.data(), method=st.sampled_from([*METHODS, "anova"]))
    def add_analysis(self, data: st.DataObject, method: str) -> None:
        self._do(add_analysis, self._table_id(data), method)

    def _analysis_id(self, data: st.DataObject, tid: str) -> str:
        table = self._table(tid)
        ids = [a.id for a in table.analyses] if table is not None else []
        return data.draw(st.sampled_from([*ids, "no-such-analysis"]))

    @rule(
        data=st.data(),
        params=st.sampled_from(
            [
                {"design": "paired"},
                {"variance": "equal"},
                {"groupA": "Control"},
                {"design": 1},
                {"binWidth": 5},
                {"output": "count"},
                {"method": "spearman"},
                {"nope": 1},
            ]
        ),
    )
    def set_analysis_params(self, data: st.DataObject, params: dict[str, Any]) -> None:
        tid = self._table_id(data)
        self._do(set_analysis_params, tid, self._analysis_id(data, tid), params)

    @rule(data=st.data())
    def remove_analysis(self, data: st.DataObject) -> None:
        tid = self._table_id(data)
        self._do(remove_analysis, tid, self._analysis_id(data, tid))

    @rule(data=st.data(), value=VALUES)
    def set_field(self, data: st.DataObject, value: Any) -> None:
        tid = self._table_id(data)
        table = self._table(tid)
        index = self.session.project.tables.index(table) if table is not None else 99
        spec = data.draw(st.sampled_from(FIELDS))
        keys = [
            "0",
            *(
                ds.name
                for ds in (
                    table.data_sets if table is not None and table.derived_from is None else []
                )
            ),
        ]
        path = spec.path
        while ".*" in path:
            path = path.replace(".*", f'["{data.draw(st.sampled_from(keys))}"]', 1)
        if spec.kind == "enum" and data.draw(st.booleans()):
            value = data.draw(st.sampled_from(spec.values))
        full = f"tables[{index}].{path}"
        if data.draw(st.integers(0, 4)) == 0:
            self._do(unset_field, full)
        else:
            self._do(set_field, full, value)

    @rule(
        data=st.data(),
        annotation=st.sampled_from(
            [
                {"type": "text", "x": 10, "y": 20, "text": "n.s."},
                {"type": "shape", "shape": "arrow"},
                {
                    "type": "bracket",
                    "left": {"kind": "group", "groupIndex": 0},
                    "right": {"kind": "group", "groupIndex": 1},
                    "y": 3,
                    "text": "*",
                },
                {"type": "text", "x": 1},
                {"type": "circle"},
            ]
        ),
    )
    def add_annotation(self, data: st.DataObject, annotation: dict[str, Any]) -> None:
        self._do(add_annotation, self._table_id(data), annotation)

    def _annotation_id(self, data: st.DataObject, tid: str) -> str:
        table = self._table(tid)
        ids = [a.id for a in table.annotations] if table is not None else []
        return data.draw(st.sampled_from([*ids, "no-such-annotation"]))

    @rule(data=st.data())
    def remove_annotation(self, data: st.DataObject) -> None:
        tid = self._table_id(data)
        self._do(remove_annotation, tid, self._annotation_id(data, tid))

    @rule(
        data=st.data(),
        dx=st.floats(-50, 50, allow_nan=False),
        dy=st.floats(-50, 50, allow_nan=False),
        to=st.one_of(st.none(), st.integers(-1, 5)),
    )
    def move_annotation(self, data: st.DataObject, dx: float, dy: float, to: int | None) -> None:
        tid = self._table_id(data)
        self._do(move_annotation, tid, self._annotation_id(data, tid), dx, dy, to=to)

    # -- history and saving ---------------------------------------------------------------

    @rule()
    def undo(self) -> None:
        self.session.undo()

    @rule()
    def redo(self) -> None:
        self.session.redo()

    @rule()
    def save_and_reopen_from_disk(self) -> None:
        path = Path(self.folder.name) / "project.plotdoc"
        self.session.save(path)
        assert not self.session.dirty
        assert main(["fmt", "--check", "--quiet", str(path)]) == 0, "fmt --check refused a save"
        reopened = open_project(path)
        assert dumps(reopened, now=STAMP) == _bytes(self.session)

    @invariant()
    def the_registries_are_untouched(self) -> None:
        assert _registries() == REGISTRIES, "an edit changed the contract's defaults"

    @invariant()
    def no_table_holds_the_registries_own_objects(self) -> None:
        roots = [P.FAMILY_OPTION_DEFAULTS, *(v.own_defaults for v in VARIANTS.values())]
        roots += [m.defaults for m in METHODS.values()]
        shared = set().union(*(_containers(r) for r in roots))
        for table in self.session.project.tables:
            held = [a.params for a in table.analyses] + [table.titles]
            if table.graph is not None:
                held.append(table.graph.plot.options)
            found = set().union(*(_containers(h) for h in held))
            assert not (found & shared), f"{table.id} shares a registry's defaults"

    @invariant()
    def saves_canonical_bytes(self) -> None:
        saved = _bytes(self.session)  # raises when the project cannot be saved
        assert formatted_form(saved) == saved, "fmt would change what save wrote"
        reopened = loads(saved)  # raises when the saved bytes do not open
        assert dumps(reopened, now=STAMP) == saved, "open then save changed the bytes"


EditingSession.TestCase.settings = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
test_editing_session = EditingSession.TestCase


def test_the_sequences_make_edits_that_are_accepted() -> None:
    """Run after the machine (file order): most kinds of edit were accepted at least once."""
    if STATS["accepted"] + STATS["refused"] == 0:
        import pytest

        pytest.skip("the state machine did not run in this session")
    print(STATS)
    assert STATS["accepted"] > STATS["refused"] / 4, STATS
