"""Problems raised by an edit, told in the editor's words: the table, data set, cell or setting.

An edit is checked as open would check the file (:mod:`plotdoc.editing.check`), so its
problems carry a JSON path and a line and column of a document the user never sees. The
editor names the thing instead: ``table “Growth”, style of data set “Control”``, never
``line 1, column 1541``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..model import Project
from ..problems import PathPart, Problem

#: The problems panel's titles for an edit's problems (told with :func:`edit_lines`).
EDIT_REFUSED = "The edit was refused"
EDIT_WARNINGS = "The edit was made, with warnings"
EDIT_TITLES = (EDIT_REFUSED, EDIT_WARNINGS)

#: Graph settings as the Format panel names them (JSON key: words).
_GRAPH_WORDS = {
    "styleOverrides": "style",
    "axes": "axes",
    "legend": "legend",
    "graphSettingsOverride": "graph settings",
    "plotGeometry": "plot size",
    "elementActivation": "shown elements",
    "plotOptions": "plot options",
    "titles": "titles",
    "annotations": "annotations",
    "variant": "graph type",
}


def _name(items: Any, index: PathPart, noun: str) -> str:
    if isinstance(index, int) and isinstance(items, list) and 0 <= index < len(items):
        name = getattr(items[index], "name", None)
        if name:
            return f"{noun} “{name}”"
    return f"{noun} {index + 1 if isinstance(index, int) else index}"


def _words(parts: Sequence[PathPart]) -> str:
    out = []
    for part in parts:
        if isinstance(part, int):
            out.append(f"#{part + 1}")
        else:
            out.append(str(part))
    return " › ".join(out)


def _graph_words(parts: Sequence[PathPart]) -> str:
    """``styleOverrides.perDataSet["A"].line`` as ``style of data set “A” › line``."""
    if not parts:
        return "graph"
    head = str(parts[0])
    rest = list(parts[1:])
    words = _GRAPH_WORDS.get(head, head)
    if head == "styleOverrides" and rest:
        scope = rest.pop(0)
        if scope in ("perDataSet", "perPoint") and rest:
            words = f"style of data set “{rest.pop(0)}”"
            if scope == "perPoint" and rest:
                point = rest.pop(0)
                words += f", point {int(point) + 1 if str(point).isdigit() else point}"
        elif scope == "global":
            words = "style of every data set"
    return f"graph {words}" + (f" › {_words(rest)}" if rest else "")


def where(project: Project, problem: Problem) -> str:
    """The thing ``problem`` is about, in words (the project itself when its path is empty)."""
    path = list(problem.path)
    if len(path) < 2 or path[0] != "tables":
        return "project" if not path else f"project › {_words(path)}"
    tables = project.tables
    index = path[1]
    table = tables[index] if isinstance(index, int) and 0 <= index < len(tables) else None
    words = [_name(tables, index, "table")]
    rest = path[2:]
    if not rest:
        return words[0]
    key, tail = rest[0], rest[1:]
    if key == "dataSets" and tail:
        words.append(_name(getattr(table, "data_sets", None), tail[0], "data set"))
        if len(tail) > 2 and tail[1] in ("values", "text") and isinstance(tail[2], int):
            words.append(f"row {tail[2] + 1}")
        elif len(tail) > 1 and tail[1] != "values":
            words.append(_words(tail[1:]))
    elif key == "x" and tail and isinstance(tail[0], int):
        words.append(f"X column, row {tail[0] + 1}")
    elif key == "rowLabels" and tail and isinstance(tail[0], int):
        words.append(f"row label, row {tail[0] + 1}")
    elif key == "graph":
        words.append(_graph_words(tail))
    elif key == "analyses" and tail:
        analyses = getattr(table, "analyses", None)
        kind = None
        if isinstance(tail[0], int) and analyses and 0 <= tail[0] < len(analyses):
            kind = getattr(analyses[tail[0]], "kind", None)
        n = tail[0] + 1 if isinstance(tail[0], int) else tail[0]
        words.append(f"analysis {n}" + (f" ({kind})" if kind else ""))
        if len(tail) > 1:
            words.append(_words(tail[1:]))
    else:
        words.append(_words(rest))
    return ", ".join(words)


def edit_lines(project: Project, problems: Sequence[Problem], omitted: int = 0) -> list[str]:
    """One line per problem: ``warning — table “T”, data set “A”: message [code]``."""
    lines = [f"{p.severity} — {where(project, p)}: {p.message} [{p.code}]" for p in problems]
    if omitted:
        lines.append(f"… {omitted} more problem(s) not listed")
    return lines
