"""Safe parsing of Prism XML (``.pzfx``) and small helpers over its elements.

The XML is parsed with :mod:`defusedxml.ElementTree`: a document type declaration, an entity
declaration or an external reference is refused (``import-unsafe-xml``), never expanded or
fetched. Malformed XML is ``import-syntax`` with the line and column expat reports. Prism
writes its elements with or without the ``xmlns`` of its schema, so elements are matched
by local name.
"""

from __future__ import annotations

from collections.abc import Iterator
from xml.etree.ElementTree import Element, ParseError

import defusedxml
import defusedxml.ElementTree as SafeET

from ..problems import PlotdocError, error


def parse_xml(data: bytes) -> Element:
    """The root element of ``data``; :class:`PlotdocError` when it is unsafe or malformed."""
    try:
        root: Element = SafeET.fromstring(
            data, forbid_dtd=True, forbid_entities=True, forbid_external=True
        )
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
