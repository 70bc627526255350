"""Where notebook display plugs into the model, so that the model never imports drawing.

A :class:`~plotdoc.model.Project` or :class:`~plotdoc.model.Table` shown in Jupyter asks this
module for its picture; :mod:`plotdoc.notebook`, a module above both the model and the
renderer, registers the functions that draw it when ``import plotdoc`` runs. The data path
stays one direction: render imports the model, the model imports only this leaf.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: "table" and "project" -> a function giving the object's extra representations (a mapping
#: of MIME type to data, such as ``{"image/svg+xml": ...}``); filled by plotdoc.notebook
HOOKS: dict[str, Callable[[Any], dict[str, str]]] = {}


def representations(kind: str, obj: object) -> dict[str, str]:
    """What the hook registered for ``kind`` gives ``obj`` (none registered: nothing)."""
    hook = HOOKS.get(kind)
    return hook(obj) if hook is not None else {}
