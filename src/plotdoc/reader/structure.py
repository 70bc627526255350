"""Stage 8: strict structural validation, equivalent to the published JSON Schema.

The checks are read from the same node description the schema is built from
(:mod:`plotdoc.contract.document`), so the two cannot drift; a test runs a corpus through both
this stage and python-jsonschema and requires the same verdict on every document. Every problem
is listed up to :data:`MAX_LISTED_PROBLEMS`; the rest are counted (and the pipeline's
``too-many-problems`` error says how many).

Why not run a JSON Schema library here: a full document holds up to two million cells, and a
general validator spends microseconds on each; the rows of cells are checked here in C-level
passes (type sets and lengths) instead, and messages say what was expected and what was found.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from ..contract.document import DEFINITIONS
from ..contract.limits import FORBIDDEN_KEYS, MAX_LISTED_PROBLEMS
from ..contract.nodes import (
    AnyValue,
    Arr,
    Bool,
    Cells,
    Const,
    Enum,
    Map,
    Node,
    Null,
    Num,
    Obj,
    OneOf,
    Ref,
    Str,
    accepted_types,
    json_type_name,
    tagged_options,
)
from ..contract.versions import description
from ..problems import Path, Problem, did_you_mean, error, excerpt, found, one_of
from .accept import acceptor, accepts
from .cells import FlatRows
from .context import Context

_CELL_TYPES = frozenset({float, int, str, type(None)})


class Checker:
    """Walks a value against a node and collects problems."""

    def __init__(
        self,
        defs: Mapping[str, Node],
        flat: dict[int, FlatRows] | None = None,
        limit: int = MAX_LISTED_PROBLEMS,
        known: Mapping[int, int] | None = None,
    ) -> None:
        self.defs = defs
        self.flat = flat if flat is not None else {}
        self.limit = limit
        #: values checked before (a save's unchanged tables), by ``id``: passed by
        self.known = known or {}
        self.problems: list[Problem] = []
        self.omitted = 0
        # a node's options by JSON type, and a tagged node's options by tag (the schema's
        # nodes live as long as the module, so their ids are stable keys)
        self._fits: dict[tuple[int, str], list[Node]] = {}
        self._tags: dict[int, dict[Any, Node]] = {}

    def add(self, code: str, path: Path, message: str) -> None:
        if len(self.problems) < self.limit:
            self.problems.append(error(code, path, message))
        else:
            self.omitted += 1

    # -- dispatch -----------------------------------------------------------------------

    def check(self, node: Node, value: Any, path: Path) -> None:
        if self.known and id(value) in self.known:
            return
        if isinstance(node, Ref):
            node = self.defs[node.name]
        # a valid value is accepted by a closure compiled once, without paths or messages
        accept = acceptor(node, self.defs)
        if accept is not None and accepts(node, accept, value):
            return
        method = _METHODS[type(node)]
        method(self, node, value, path)

    def _wrong_type(self, expected: str, value: Any, path: Path) -> None:
        self.add("wrong-type", path, f"expected {expected}; found {found(value)}")

    def _any(self, node: AnyValue, value: Any, path: Path) -> None:
        # Forbidden keys were refused by stage 6 already; any other JSON value is accepted.
        return

    def _str(self, node: Str, value: Any, path: Path) -> None:
        if type(value) is not str:
            self._wrong_type("a string", value, path)
            return
        n = len(value)
        if node.max_len is not None and n > node.max_len:
            self.add(
                "string-too-long", path, f"expected at most {node.max_len} characters; found {n}"
            )
        elif n < node.min_len:
            self.add(
                "string-too-short",
                path,
                f"expected at least {node.min_len} character(s); found {n}",
            )
        if node.pattern is not None and not _pattern(node.pattern).fullmatch(value):
            what = node.pattern_doc or f"a string matching {node.pattern}"
            self.add("string-pattern", path, f"expected {what}; found {excerpt(value)}")

    def _const(self, node: Const, value: Any, path: Path) -> None:
        if not _same(value, node.value):
            self.add(
                "wrong-constant", path, f"expected {excerpt(node.value)}; found {excerpt(value)}"
            )

    def _enum(self, node: Enum, value: Any, path: Path) -> None:
        if type(value) is not str:
            self._wrong_type(one_of(node.values), value, path)
        elif value not in _values(node.values):
            self.add(node.code, path, _not_listed(node.values, value))

    def _num(self, node: Num, value: Any, path: Path) -> None:
        t = type(value)
        if t is not int and t is not float:
            self._wrong_type("an integer" if node.integer else "a number", value, path)
            return
        if node.integer and t is float and not value.is_integer():
            self.add("wrong-type", path, f"expected an integer; found {found(value)}")
            return
        if node.minimum is not None and value < node.minimum:
            self.add(
                "out-of-range",
                path,
                f"expected a number >= {_num_text(node.minimum)}; found {excerpt(value)}",
            )
        elif node.exclusive_minimum is not None and value <= node.exclusive_minimum:
            self.add(
                "out-of-range",
                path,
                f"expected a number > {_num_text(node.exclusive_minimum)}; found {excerpt(value)}",
            )
        elif node.maximum is not None and value > node.maximum:
            self.add(
                "out-of-range",
                path,
                f"expected a number <= {_num_text(node.maximum)}; found {excerpt(value)}",
            )

    def _bool(self, node: Bool, value: Any, path: Path) -> None:
        if type(value) is not bool:
            self._wrong_type("true or false", value, path)

    def _null(self, node: Null, value: Any, path: Path) -> None:
        if value is not None:
            self._wrong_type("null", value, path)

    def _arr(self, node: Arr, value: Any, path: Path) -> None:
        if type(value) is not list:
            self._wrong_type("an array", value, path)
            return
        n = len(value)
        if node.max_items is not None and n > node.max_items:
            self.add(
                "too-many-items", path, f"expected at most {node.max_items:,} items; found {n:,}"
            )
            return
        if n < node.min_items:
            self.add(
                "too-few-items", path, f"expected at least {node.min_items} item(s); found {n}"
            )
        items = node.items
        if (
            isinstance(items, OneOf)
            and len(items.options) == 2
            and isinstance(items.options[1], Null)
            and isinstance(items.options[0], Num)
            and _plain_num(items.options[0])
            and set(map(type, value)) <= {float, int, type(None)}
        ):
            return  # a nullable number array (the x column) checked in one C-level pass
        for i, item in enumerate(value):
            self.check(items, item, (*path, i))

    def _cells(self, node: Cells, rows: Any, path: Path) -> None:
        if type(rows) is not list:
            self._wrong_type("an array of rows", rows, path)
            return
        if len(rows) > node.max_rows:
            self.add(
                "too-many-items",
                path,
                f"expected at most {node.max_rows:,} rows; found {len(rows):,}",
            )
            return
        flat = self.flat.get(id(rows))
        if flat is None:
            flat = FlatRows.of_items(rows)  # None unless every item is a row (a list)
            if flat is not None:
                self.flat[id(rows)] = flat
        if (
            flat is not None
            and flat.max_width() <= node.max_width
            and flat.types <= _CELL_TYPES
            and (
                str not in flat.types
                or max((len(c) for c in flat.cells if type(c) is str), default=0) <= node.max_text
            )
        ):
            return
        self._cells_slow(node, rows, path)

    def _cells_slow(self, node: Cells, rows: list[Any], path: Path) -> None:
        for r, row in enumerate(rows):
            if type(row) is not list:
                self._wrong_type("a row (an array of cells)", row, (*path, r))
                continue
            if len(row) > node.max_width:
                self.add(
                    "too-many-items",
                    (*path, r),
                    f"expected at most {node.max_width} cells in a row; found {len(row)}",
                )
                continue
            for c, cell in enumerate(row):
                t = type(cell)
                if t is float or t is int or cell is None:
                    continue
                if t is str:
                    if len(cell) > node.max_text:
                        self.add(
                            "string-too-long",
                            (*path, r, c),
                            f"expected a text cell of at most {node.max_text} characters; found {len(cell)}",
                        )
                    continue
                self._wrong_type("a number, null or a string", cell, (*path, r, c))

    def _obj(self, node: Obj, value: Any, path: Path) -> None:
        if type(value) is not dict:
            self._wrong_type("an object", value, path)
            return
        props = node.props
        for key in node.required:
            if key not in value:
                self.add(
                    "missing-key", (*path, key), f"expected the required key {key!r}; it is missing"
                )
        for key, other in node.required_unless.items():
            if key not in value and other not in value:
                self.add(
                    "missing-key",
                    (*path, key),
                    f"expected the key {key!r} (required unless {other!r} is present); it is missing",
                )
        for key, item in value.items():
            sub = props.get(key)
            if sub is None:
                self.add(
                    "unknown-key",
                    (*path, key),
                    f"expected only the keys {', '.join(props)}; found the unknown key "
                    f"{excerpt(key)}{did_you_mean(key, tuple(props))}",
                )
            else:
                self.check(sub, item, (*path, key))

    def _map(self, node: Map, value: Any, path: Path) -> None:
        if type(value) is not dict:
            self._wrong_type("an object", value, path)
            return
        if self._keys_ok(node, value):
            values = node.values
            if isinstance(values, Ref):
                values = self.defs[values.name]
            if type(values) is Bool:
                if all(type(item) is bool for item in value.values()):
                    return
            else:
                method = _METHODS[type(values)]
                for key, item in value.items():
                    method(self, values, item, (*path, key))
                return
        for key, item in value.items():
            kpath = (*path, key)
            if key in FORBIDDEN_KEYS:
                self.add("forbidden-key", kpath, f"expected no key named {key!r}; found one")
                continue
            if node.key_max_len is not None and len(key) > node.key_max_len:
                self.add(
                    "string-too-long",
                    kpath,
                    f"expected a key of at most {node.key_max_len} characters; found {len(key)}",
                )
            elif node.key_pattern is not None and not _pattern(node.key_pattern).fullmatch(key):
                what = node.key_doc or f"a key matching {node.key_pattern}"
                self.add(
                    "string-pattern",
                    kpath,
                    f"expected {what} (a decimal number without leading zeros); found the key {excerpt(key)}",
                )
            else:
                self.check(node.values, item, kpath)

    @staticmethod
    def _keys_ok(node: Map, value: dict[str, Any]) -> bool:
        """Whether every key of the map is allowed, decided in bulk (a map may hold millions
        of keys); when one is not, the item-by-item walk of :meth:`_map` reports it."""
        if not FORBIDDEN_KEYS.isdisjoint(value):
            return False
        if node.key_max_len is not None and max(map(len, value), default=0) > node.key_max_len:
            return False
        if node.key_pattern is not None:
            return all(map(_pattern(node.key_pattern).fullmatch, value))
        return True

    def _one_of(self, node: OneOf, value: Any, path: Path) -> None:
        jtype = json_type_name(value)
        fits = self._fits.get((id(node), jtype))
        if fits is None:
            fits = [o for o in node.options if jtype in accepted_types(o, self.defs)]
            self._fits[(id(node), jtype)] = fits
        if not fits:
            self._wrong_type(_describe_options(node, self.defs), value, path)
            return
        if jtype == "object" and node.discriminator is not None:
            self._tagged(node, node.discriminator, value, path)
            return
        if len(fits) == 1:
            if len(node.options) > 1 and isinstance(_deref(fits[0], self.defs), (Const, Enum)):
                # "auto" or a number: a wrong string names every form, not only "auto"
                only = _deref(fits[0], self.defs)
                trial = Checker(self.defs, self.flat, self.limit)
                trial.check(only, value, path)
                if trial.problems:
                    words = only.values if isinstance(only, Enum) else ()
                    self.add(
                        trial.problems[0].code,
                        path,
                        f"expected {_describe_options(node, self.defs)}; found {found(value)}"
                        + did_you_mean(value, words),
                    )
                return
            self.check(fits[0], value, path)
            return
        # several alternatives of one JSON type: valid if any accepts it
        for option in fits:
            trial = Checker(self.defs, self.flat, self.limit)
            trial._fits, trial._tags = self._fits, self._tags
            trial.check(option, value, path)
            if not trial.problems:
                return
        texts = [_describe(o, self.defs) for o in fits]
        self.add("no-match", path, f"expected {' or '.join(texts)}; found {excerpt(value)}")

    def _tagged(self, node: OneOf, key: str, value: dict[str, Any], path: Path) -> None:
        tags = self._tags.get(id(node))
        if tags is None:
            tags = self._tags[id(node)] = tagged_options(node, self.defs)
        if key not in value:
            self.add(
                "missing-key",
                (*path, key),
                f"expected the key {key!r} ({one_of(tuple(tags))}); it is missing",
            )
            return
        tag = value[key]
        chosen = tags.get(tag) if isinstance(tag, str) else None
        if chosen is None:
            self.add(
                "no-match",
                (*path, key),
                _not_listed(tuple(tags), tag),
            )
            return
        self.check(chosen, value, path)


_METHODS: dict[type, Any] = {
    AnyValue: Checker._any,
    Str: Checker._str,
    Const: Checker._const,
    Enum: Checker._enum,
    Num: Checker._num,
    Bool: Checker._bool,
    Null: Checker._null,
    Arr: Checker._arr,
    Cells: Checker._cells,
    Obj: Checker._obj,
    Map: Checker._map,
    OneOf: Checker._one_of,
}


def _plain_num(node: Num) -> bool:
    return (
        node.minimum is None
        and node.maximum is None
        and node.exclusive_minimum is None
        and not node.integer
    )


@cache
def _pattern(pattern: str) -> re.Pattern[str]:
    # Schema patterns are anchored with ^...$; matched here against the whole string (\Z),
    # so a trailing newline never slips through as it would with Python's `$`.
    inner = pattern[1:] if pattern.startswith("^") else pattern
    inner = inner[:-1] if inner.endswith("$") else inner
    return re.compile(inner)


@cache
def _values(values: tuple[str, ...]) -> frozenset[str]:
    return frozenset(values)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return (type(a) is type(b) and a == b) or (
        isinstance(a, (int, float)) and isinstance(b, (int, float)) and a == b
    )


def _num_text(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _not_listed(values: tuple[str, ...], value: Any) -> str:
    return f"expected {one_of(values, value)}; found {excerpt(value)}{did_you_mean(value, values)}"


def _deref(node: Node, defs: Mapping[str, Node]) -> Node:
    while isinstance(node, Ref):
        node = defs[node.name]
    return node


def _describe(node: Node, defs: Mapping[str, Node]) -> str:
    if isinstance(node, Ref):
        return _describe(defs[node.name], defs)
    if isinstance(node, Const):
        return excerpt(node.value)
    if isinstance(node, Enum):
        return one_of(node.values)
    if isinstance(node, Num):
        return "an integer" if node.integer else "a number"
    if isinstance(node, Null):
        return "null"
    if isinstance(node, Bool):
        return "true or false"
    if isinstance(node, Str):
        return "a string"
    if isinstance(node, (Arr, Cells)):
        return "an array"
    if isinstance(node, OneOf):
        return _describe_options(node, defs)
    if isinstance(node, Obj):
        return "an object " + _sketch(node, defs)
    return "an object"


def _describe_options(node: OneOf, defs: Mapping[str, Node]) -> str:
    texts = [_describe(o, defs) for o in node.options]
    if node.discriminator is not None or sum(t.startswith("an object ") for t in texts) > 1:
        texts = [t.removeprefix("an object ") for t in texts]
    return " or ".join(texts)


def _sketch(node: Node, defs: Mapping[str, Node], depth: int = 0) -> str:
    """The form of a value as a message shows it: ``{"hex": "#rrggbb", "alpha": 0..1}``."""
    node = _deref(node, defs)
    if isinstance(node, Const):
        return excerpt(node.value)
    if isinstance(node, Str):
        return excerpt(node.pattern_doc.split(" or ")[-1] if node.pattern_doc else "text")
    if isinstance(node, Num):
        if node.minimum is not None and node.maximum is not None:
            return f"{_num_text(node.minimum)}..{_num_text(node.maximum)}"
        return "n" if node.integer else "number"
    if isinstance(node, Bool):
        return "true or false"
    if isinstance(node, Enum):
        return excerpt(node.values[0]) + " ..."
    if isinstance(node, (Arr, Cells)):
        return "[...]"
    if isinstance(node, Obj) and depth < 2:
        keys = [*node.required, *(k for k in node.props if k not in node.required)]
        shown = keys if len(keys) <= 3 else list(node.required) or keys[:2]
        items = [f"{excerpt(k)}: {_sketch(node.props[k], defs, depth + 1)}" for k in shown]
        more = ", ..." if len(shown) < len(keys) else ""
        return "{" + ", ".join(items) + more + "}"
    return "{...}" if isinstance(node, (Obj, Map)) else "a value"


def check_structure(ctx: Context) -> Iterator[Problem]:
    """The document against its version's description (the current one after a migration)."""
    root, defs = description(ctx.version)
    checker = Checker(defs, ctx.flat, known=ctx.known)
    checker.check(root, ctx.tree, ())
    ctx.omitted += checker.omitted  # the pipeline's too-many-problems error says how many
    yield from checker.problems


def validate_node(node: Node, value: Any, path: Path = ()) -> list[Problem]:
    """Check one value against one node (used by the builder to check a call at once)."""
    checker = Checker(DEFINITIONS)
    checker.check(node, value, path)
    return checker.problems
