"""Safe parsing of Prism XML (``.pzfx``) and small helpers over its elements.

The XML is parsed with :mod:`defusedxml.ElementTree`: a document type declaration, an entity
declaration or an external reference is refused (``import-unsafe-xml``), never expanded or
fetched. Malformed XML is ``import-syntax`` with the line and column expat reports. Prism
writes its elements with or without the ``xmlns`` of its schema, so elements are matched
by local name.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

import defusedxml
import defusedxml.ElementTree as SafeET

from ..contract import limits as L
from ..problems import PlotdocError, error

#: Prism files nest their elements about ten levels deep; deeper is refused while parsing, so
#: no later step (text gathering, table conversion) walks an unbounded depth.
MAX_XML_DEPTH = 256
#: A Prism file holds about one element per cell; a file of more elements than twice the
#: cells a project may hold is refused while parsing, before its tree fills the memory.
MAX_XML_ELEMENTS = 2 * L.MAX_TOTAL_CELLS


class _TooDeep(Exception):
    def __init__(self, line: int, column: int) -> None:
        super().__init__(line, column)
        self.line = line
        self.column = column


class _TooMany(_TooDeep):
    pass


class _DepthLimitedBuilder(TreeBuilder):
    """The standard tree builder, counting open elements and stopping past the limit."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.count = 0
        self.parser: Any = None

    def start(self, tag: Any, attrs: Any) -> Element:
        self.depth += 1
        self.count += 1
        if self.depth > MAX_XML_DEPTH or self.count > MAX_XML_ELEMENTS:
            expat = self.parser.parser if self.parser is not None else None
            line = expat.CurrentLineNumber if expat is not None else 0
            column = expat.CurrentColumnNumber + 1 if expat is not None else 0
            raise (_TooDeep if self.depth > MAX_XML_DEPTH else _TooMany)(line, column)
        return super().start(tag, attrs)

    def end(self, tag: Any) -> Element:
        self.depth -= 1
        return super().end(tag)


def _parse(data: bytes) -> Element:
    builder = _DepthLimitedBuilder()
    parser = SafeET.DefusedXMLParser(
        target=builder, forbid_dtd=True, forbid_entities=True, forbid_external=True
    )
    builder.parser = parser
    parser.feed(data)
    root: Element = parser.close()
    return root


def parse_xml(data: bytes) -> Element:
    """The root element of ``data``; :class:`PlotdocError` when it is unsafe or malformed, or
    nests elements deeper than :data:`MAX_XML_DEPTH` levels (found while parsing)."""
    try:
        root = _parse(data)
    except _TooMany as exc:
        raise PlotdocError(
            [
                error(
                    "import-syntax",
                    (),
                    f"expected at most {MAX_XML_ELEMENTS:,} XML elements (a Prism file holds "
                    "about one per cell); found more (reading stopped)",
                    line=exc.line,
                    column=exc.column,
                )
            ]
        ) from None
    except _TooDeep as exc:
        raise PlotdocError(
            [
                error(
                    "import-syntax",
                    (),
                    f"expected elements nested at most {MAX_XML_DEPTH} levels deep (Prism "
                    f"writes about ten); found deeper nesting",
                    line=exc.line,
                    column=exc.column,
                )
            ]
        ) from None
    except defusedxml.DTDForbidden:
        raise PlotdocError(
            [error("import-unsafe-xml", (), "the XML declares a document type (DTD); refused")]
        ) from None
    except defusedxml.EntitiesForbidden as exc:
        raise PlotdocError(
            [
                error(
                    "import-unsafe-xml",
                    (),
                    f"the XML declares the entity {exc.name!r}; entities are never expanded",
                )
            ]
        ) from None
    except defusedxml.ExternalReferenceForbidden:
        raise PlotdocError(
            [error("import-unsafe-xml", (), "the XML refers to an external resource; refused")]
        ) from None
    except defusedxml.DefusedXmlException as exc:
        raise PlotdocError([error("import-unsafe-xml", (), f"unsafe XML: {exc}")]) from None
    except ParseError as exc:
        line, column = exc.position
        reason = str(exc).split(":", 1)[0]
        raise PlotdocError(
            [
                error(
                    "import-syntax",
                    (),
                    f"the file is not well-formed XML: {reason}",
                    line=line,
                    column=column + 1,
                )
            ]
        ) from None
    return root


def local(element: Element) -> str:
    """The tag without its namespace: ``{http://...}Table`` -> ``Table``."""
    tag = element.tag
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def children(element: Element, *names: str) -> Iterator[Element]:
    """Direct children whose local name is one of ``names`` (all children when none given)."""
    for child in element:
        if not names or local(child) in names:
            yield child


def child(element: Element, name: str) -> Element | None:
    """The first direct child named ``name``, or None."""
    return next(children(element, name), None)


def text_of(element: Element | None) -> str:
    """All the text inside ``element`` (formatting elements such as ``<TextAlign>`` dropped).

    ``<BR>`` elements become line breaks; surrounding whitespace is stripped.
    """
    if element is None:
        return ""
    parts: list[str] = []
    _collect(element, parts)
    return "".join(parts).strip()


def _collect(element: Element, parts: list[str]) -> None:
    if local(element) == "BR":
        parts.append("\n")
    if element.text:
        parts.append(element.text)
    for sub in element:
        _collect(sub, parts)
        if sub.tail:
            parts.append(sub.tail)


def cell_texts(subcolumn: Element) -> list[tuple[str, bool]]:
    """The ``<d>`` cells of a ``<Subcolumn>``: (text, excluded) in row order."""
    return [(text_of(d), d.get("Excluded") == "1") for d in subcolumn if local(d) == "d"]
