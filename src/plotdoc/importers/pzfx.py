"""Import GraphPad Prism XML project files (``.pzfx``) as plotdoc documents.

Every ``<Table>``, ``<HugeTable>`` and ``<Table1024>`` becomes a plotdoc table of the
matching family, in file order; the rules for table kinds, Y formats, dates, row titles,
excluded values and X errors are documented in :mod:`._pzfx_formats` and
:mod:`._pzfx_table`. What has no plotdoc equivalent is listed as ``import-unsupported``
warnings: Prism's graphs, analyses and layouts (the binary ``<Template>``), and the info
sheets, whose fields are kept: the first info sheet's ``Project`` constant becomes
``meta.title``, its notes ``meta.description`` and its ``Experimenter`` ``meta.authors``;
every info sheet (title, notes, constants) is kept in ``usermeta.pzfx.info``. The Prism
version that created the file is kept in ``usermeta.pzfx.created`` (never the login name).
"""

from __future__ import annotations

from collections import Counter
from typing import Any
from xml.etree.ElementTree import Element

from ..contract import limits as L
from ..problems import PlotdocError, Problem, error, warning
from ._common import ImportResult, Source, clip, finish, fit_usermeta, new_document, read_source
from ._pzfx_table import Excluded, convert_table
from ._pzfx_xml import child, children, local, parse_xml, text_of

__all__ = ["read_pzfx"]

_TABLES = ("Table", "HugeTable", "Table1024")
_SILENT = {"Created", "InfoSequence", "TableSequence", "Info"}


def read_pzfx(source: Source, *, excluded: Excluded = "drop") -> ImportResult:
    """Import a Prism ``.pzfx`` file: ``bytes`` are its content, a ``str`` or path names it.

    ``excluded="drop"`` (the default) turns values Prism marks as excluded into null;
    ``"keep"`` keeps them. Raises :class:`PlotdocError` on unsafe or malformed XML
    (``import-unsafe-xml``, ``import-syntax``), on a file that is not a Prism file and on
    cells that should hold numbers but do not (``import-bad-number``).
    """
    if excluded not in ("drop", "keep"):
        raise ValueError(f"excluded must be 'drop' or 'keep', not {excluded!r}")
    root = parse_xml(read_source(source))
    if local(root) != "GraphPadPrismFile":
        raise PlotdocError(
            [
                error(
                    "import-syntax",
                    (),
                    f"expected a Prism file (<GraphPadPrismFile>), found <{local(root)}>",
                )
            ]
        )
    problems: list[Problem] = []
    tables: list[dict[str, Any]] = []
    unsupported: Counter[str] = Counter()
    for el in root:
        name = local(el)
        if name in _TABLES:
            table = convert_table(el, len(tables), excluded, problems)
            if table is not None:
                tables.append(table)
        elif name == "Template":
            problems.append(
                warning(
                    "import-unsupported",
                    (),
                    "Prism's graphs, analyses and layouts (the binary <Template>) are not "
                    "imported; plotdoc draws a default graph for each table",
                )
            )
        elif name not in _SILENT and name:
            unsupported[name] += 1
    # one warning per kind of element, not per element (a file may hold millions)
    for i, (name, n) in enumerate(unsupported.items()):
        if i == L.MAX_LISTED_WARNINGS:
            problems.append(
                warning(
                    "import-unsupported",
                    (),
                    f"… and {len(unsupported) - i:,} more kinds of element are not imported",
                )
            )
            break
        many = f" ({n:,} elements)" if n > 1 else ""
        problems.append(warning("import-unsupported", (), f"<{name}> is not imported{many}"))
    document = new_document(tables)
    _project_info(root, document, problems)
    return finish(document, problems)


def _project_info(root: Element, document: dict[str, Any], problems: list[Problem]) -> None:
    """Info sheets and the creating Prism version into ``meta`` and ``usermeta``."""
    infos: list[dict[str, Any]] = []
    for info in children(root, "Info"):
        constants: dict[str, str] = {
            text_of(child(c, "Name")): text_of(child(c, "Value"))
            for c in children(info, "Constant")
        }
        entry: dict[str, Any] = {
            "title": text_of(child(info, "Title")),
            "notes": text_of(child(info, "Notes")),
            "constants": constants,
        }
        infos.append(entry)
        problems.append(
            warning(
                "import-unsupported",
                (),
                f"info sheet {entry['title']!r} has no plotdoc equivalent; its notes and "
                "constants are kept in meta and usermeta.pzfx.info",
            )
        )
    pzfx: dict[str, Any] = {}
    created = child(root, "Created")
    if created is not None:
        versions = {}
        for key in ("OriginalVersion", "MostRecentVersion"):
            v = child(created, key)
            if v is not None:
                versions[key[0].lower() + key[1:]] = {
                    k: v.get(k, "") for k in ("CreatedByProgram", "CreatedByVersion", "DateTime")
                }
        pzfx["created"] = versions
    if root.get("PrismXMLVersion"):
        pzfx["prismXMLVersion"] = root.get("PrismXMLVersion")
    if infos:
        pzfx["info"] = infos
        first = infos[0]
        meta: dict[str, Any] = {"title": clip(first["constants"].get("Project", ""))}
        if first["notes"]:
            meta["description"] = clip(str(first["notes"]), L.META_LONG_MAX)
        author = first["constants"].get("Experimenter", "")
        if author:
            meta["authors"] = [clip(author)]
        document["meta"] = meta
    if pzfx:
        document["usermeta"] = fit_usermeta({"pzfx": pzfx}, ("info",), (), problems)
