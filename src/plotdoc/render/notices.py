"""Warnings of a drawing: what a graph could not show, or showed only in part.

Each warning is a sentence for the user that also carries its problem code (from
:data:`plotdoc.problems.CATALOGUE`) and where in the table it belongs (a JSON path relative
to the table, such as ``("graph",)`` or ``("annotations", 3)``). It is a ``str``, so code that
reads :attr:`plotdoc.render.Rendered.warnings` as sentences keeps working.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .context import DrawContext

#: values a log axis cannot place, and other values the graph leaves out
HIDDEN = "render-value-hidden"
#: category labels that do not fit, of which every k-th is shown
THINNED = "render-labels-thinned"
#: a drawing bound of docs/reliability.md that was reached (labels, text, canvas, sizes)
CAPPED = "render-capped"

#: an analysis whose line or curve the graph should draw and cannot (it failed, is over its
#: budget, has too few values)
ANALYSIS_NOT_DRAWN = "render-analysis-not-drawn"
#: drawn as asked, but a reader may misread it (data sets drawn alike, a colour that nearly
#: vanishes on the background, proportions a log axis distorts)
AMBIGUOUS = "render-ambiguous"
#: a reference line the graph cannot show (no such axis, a log axis, outside the range)
REFERENCE_NOT_DRAWN = "render-reference-not-drawn"

#: text or lines too small to print at the width a figure is scaled to
TOO_SMALL = "render-too-small"

#: the codes a drawing warns with
CODES = (HIDDEN, THINNED, CAPPED, ANALYSIS_NOT_DRAWN, AMBIGUOUS, TOO_SMALL)

PathPart = str | int


class RenderWarning(str):
    """A warning of a drawing: its sentence, with ``code`` and ``path`` (relative to the table)."""

    code: str
    path: tuple[PathPart, ...]

    def __new__(
        cls, message: str, code: str = HIDDEN, path: tuple[PathPart, ...] = ("graph",)
    ) -> RenderWarning:
        self = super().__new__(cls, message)
        self.code = code
        self.path = path
        return self


def warning_code(message: str) -> str:
    """The code of a warning of a drawing (a plain sentence is a hidden value)."""
    return message.code if isinstance(message, RenderWarning) else HIDDEN


def warning_path(message: str) -> tuple[PathPart, ...]:
    """Where a warning of a drawing belongs, relative to its table."""
    return message.path if isinstance(message, RenderWarning) else ("graph",)


def add_warning(
    ctx: DrawContext, code: str, message: str, path: tuple[PathPart, ...] = ("graph",)
) -> None:
    """Record a warning of the drawing ``ctx`` is making."""
    ctx.warnings.append(RenderWarning(message, code, path))
