"""Exporters: a project's data to the files of other programs (GraphPad Prism ``.pzfx``)."""

from __future__ import annotations

from .pzfx import export_pzfx, to_pzfx

__all__ = ["export_pzfx", "to_pzfx"]
