"""Importers: Prism ``.pzfx`` files, CSV files and pandas data frames to plotdoc documents.

Each importer returns an :class:`ImportResult`: a document dict of the current schema version
(``{"format": "plotdoc-project", "schemaVersion": CURRENT_VERSION, "tables": [...]}``, each
data set with its id) and the warnings found on the way;
errors raise :class:`plotdoc.problems.PlotdocError`. The document keeps the contract's rules
and is meant to be opened (validated) by the reader. ``from_dataframe`` (wide frames) lives in
:mod:`plotdoc.importers.pandas`, ``from_long`` (long, tidy frames) in
:mod:`plotdoc.importers.tidy`; both need pandas. Tables back to frames: :mod:`plotdoc.frames`.
"""

from ._common import DEFAULT_VARIANTS, ImportResult, default_graph
from .csv import read_csv
from .pzfx import read_pzfx

__all__ = ["DEFAULT_VARIANTS", "ImportResult", "default_graph", "read_csv", "read_pzfx"]
