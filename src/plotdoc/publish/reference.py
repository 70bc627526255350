"""The field reference of the spec page, walked from the document description.

Every object of :data:`plotdoc.contract.document.ROOT` and :data:`DEFINITIONS` becomes a
section with one row per field: its type (with limits), whether it is required, the default
the reader fills, and its description. Anonymous nested objects get their own section, named
by their path (``GraphDocument.legend``); alternatives told apart by a key get one section
each (``Annotation (type = text)``). Named enumerations are listed once, in
:func:`enumerations`, and linked from every field that uses them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..contract.document import DEFINITIONS, ROOT
from ..contract.nodes import (
    MISSING,
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
    walk,
)
from .markdown import slug

ROOT_TITLE = "Project document (root)"


@dataclass(frozen=True)
class Section:
    title: str
    node: Node


def code(value: object) -> str:
    """A JSON value as inline Markdown code."""
    text = json.dumps(value, ensure_ascii=False)
    return f"`{text}`"


def cell(text: str) -> str:
    """Text made safe for a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def link(title: str) -> str:
    return f"[{title}](#{slug(title)})"


def number(value: float) -> str:
    if float(value).is_integer():
        return f"{int(value):,}"
    return repr(value)


class Reference:
    """Sections of the field reference, in reading order, and the type text of each node."""

    def __init__(self, root: Obj = ROOT, defs: Mapping[str, Node] = DEFINITIONS) -> None:
        self.defs = defs
        self.root = root
        #: id(node) -> title of the section describing an anonymous object
        self._titles: dict[int, str] = {}
        self.sections: list[Section] = []
        self._plan(ROOT_TITLE, root)
        for name, node in defs.items():
            if isinstance(node, Enum):
                continue
            self._plan(name, node)

    # -- planning sections ------------------------------------------------------------

    def _plan(self, title: str, node: Node) -> None:
        if isinstance(node, Obj):
            self._titles[id(node)] = title
            self.sections.append(Section(title, node))
            base = "" if title == ROOT_TITLE else title + "."
            for key, sub in node.props.items():
                self._nested(base + key, sub)
        elif isinstance(node, OneOf):
            self.sections.append(Section(title, node))
            self._options(title, node)

    def _options(self, title: str, node: OneOf) -> None:
        for option in node.options:
            if isinstance(option, Obj) and id(option) not in self._titles:
                self._plan(self._option_title(title, node, option), option)
            elif isinstance(option, (Arr, Map, OneOf)):
                self._nested(title, option)

    def _option_title(self, title: str, node: OneOf, option: Obj) -> str:
        if node.discriminator is not None:
            tag = option.props.get(node.discriminator)
            if isinstance(tag, Const):
                return f"{title} ({node.discriminator} = {tag.value})"
        return f"{title} object"

    def _nested(self, title: str, node: Node) -> None:
        if isinstance(node, Obj):
            if id(node) not in self._titles:
                self._plan(title, node)
        elif isinstance(node, Arr):
            self._nested(title + " item", node.items)
        elif isinstance(node, Map):
            self._nested(title + " entry", node.values)
        elif isinstance(node, OneOf):
            if node.discriminator is not None:
                self._options(title, node)
            else:
                for option in node.options:
                    self._nested(title, option)

    # -- type text --------------------------------------------------------------------

    def type_text(self, node: Node) -> str:
        """The Markdown type description of ``node`` (links to sections and enumerations)."""
        if isinstance(node, Ref):
            return link(node.name)
        if isinstance(node, AnyValue):
            return "any JSON value"
        if isinstance(node, Str):
            return "string" + self._str_limits(node)
        if isinstance(node, Const):
            return "constant " + code(node.value)
        if isinstance(node, Enum):
            if node.name:
                return link(node.name)
            return "one of " + ", ".join(f"`{v}`" for v in node.values)
        if isinstance(node, Num):
            return ("integer" if node.integer else "number") + self._num_limits(node)
        if isinstance(node, Bool):
            return "boolean"
        if isinstance(node, Null):
            return "null"
        if isinstance(node, Cells):
            return (
                f"array (max {node.max_rows:,} rows) of rows; each row an array (max "
                f"{node.max_width}) of cells: a finite number, null (missing) or a string (max "
                f"{node.max_text:,} characters)"
            )
        if isinstance(node, Arr):
            bounds = self._count(node.min_items, node.max_items, "items")
            return f"array{bounds} of {self.type_text(node.items)}"
        if isinstance(node, Map):
            return self._map_text(node)
        if isinstance(node, Obj):
            title = self._titles.get(id(node))
            return f"object, see {link(title)}" if title else "object"
        if isinstance(node, OneOf):
            if node.discriminator is not None:
                names = [
                    link(self._titles[id(o)]) if id(o) in self._titles else self.type_text(o)
                    for o in node.options
                ]
                return f"one of the objects told apart by `{node.discriminator}`: " + ", ".join(
                    names
                )
            return " or ".join(self.type_text(o) for o in node.options)
        raise TypeError(f"unknown node {node!r}")

    @staticmethod
    def _count(lo: int, hi: int | None, what: str) -> str:
        if hi is None:
            return f" (at least {lo:,} {what})" if lo else ""
        if lo:
            return f" ({lo:,} to {hi:,} {what})"
        return f" (max {hi:,} {what})"

    def _str_limits(self, node: Str) -> str:
        parts = []
        count = self._count(node.min_len, node.max_len, "characters").strip(" ()")
        if count:
            parts.append(count)
        if node.pattern is not None:
            parts.append(node.pattern_doc or f"matching `{node.pattern}`")
        return f" ({'; '.join(parts)})" if parts else ""

    @staticmethod
    def _num_limits(node: Num) -> str:
        lo = node.minimum
        hi = node.maximum
        if node.exclusive_minimum is not None:
            low = f"> {number(node.exclusive_minimum)}"
            return f" {low}" + (f" and <= {number(hi)}" if hi is not None else "")
        if lo is not None and hi is not None:
            return f" {number(lo)} to {number(hi)}"
        if lo is not None:
            return f" >= {number(lo)}"
        if hi is not None:
            return f" <= {number(hi)}"
        return ""

    def _map_text(self, node: Map) -> str:
        if node.key_doc:
            key = node.key_doc
        elif node.key_pattern is not None:
            key = f"key matching `{node.key_pattern}`"
        else:
            key = "key"
        if node.key_max_len is not None:
            key += f" (max {node.key_max_len} characters)"
        out = f"object: {key} -> {self.type_text(node.values)}"
        return out

    # -- rendering --------------------------------------------------------------------

    def rows(self, node: Obj) -> Iterator[tuple[str, str, str, str, str]]:
        """(field, type, required, default, description) for each field of ``node``."""
        for key, sub in node.props.items():
            if key in node.required:
                required = "yes"
            elif key in node.required_unless:
                required = f"unless `{node.required_unless[key]}`"
            else:
                required = ""
            yield (
                f"`{key}`",
                self.type_text(sub),
                required,
                self.default_text(sub),
                self.doc_text(sub),
            )

    def doc_text(self, node: Node) -> str:
        doc = node.doc
        if not doc and isinstance(node, Ref):
            doc = self.defs[node.name].doc
        return doc

    @staticmethod
    def default_text(node: Node) -> str:
        default: Any = node.default
        if default is MISSING:
            return ""
        if default == {} and isinstance(node, (Obj, Ref)):
            return "`{}` (written in full)"
        return code(default)

    def markdown(self, level: int = 3) -> str:
        """Every section as Markdown, headings at ``level``."""
        out: list[str] = []
        hashes = "#" * level
        for section in self.sections:
            out.append(f"{hashes} {section.title}\n")
            node = section.node
            if node.doc:
                out.append(node.doc + "\n")
            if isinstance(node, Obj):
                if not node.props:
                    out.append("An empty object.\n")
                    continue
                out.append("| Field | Type | Required | Default | Description |")
                out.append("|---|---|---|---|---|")
                for row in self.rows(node):
                    out.append("| " + " | ".join(cell(c) for c in row) + " |")
                out.append("")
            elif isinstance(node, OneOf):
                out.append("One of:\n")
                for option in node.options:
                    out.append(f"- {self.type_text(option)}")
                out.append("")
        return "\n".join(out)


def enumerations(defs: Mapping[str, Node] = DEFINITIONS, level: int = 3) -> str:
    """Every named enumeration (``GraphVariantId``, ``SymbolShape``...) with all its values."""
    named: dict[str, Enum] = {}
    for node in walk(ROOT, defs):
        if isinstance(node, Enum) and node.name:
            named.setdefault(node.name, node)
    for name, node in defs.items():
        if isinstance(node, Enum):
            named[name] = node
    out: list[str] = []
    for name in sorted(named):
        node = named[name]
        out.append(f"{'#' * level} {name}\n")
        if node.doc:
            out.append(node.doc + "\n")
        out.append(f"{len(node.values)} values, in the contract's order:\n")
        out.append(", ".join(f"`{v}`" for v in node.values) + "\n")
    return "\n".join(out)
